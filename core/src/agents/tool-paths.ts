import { filesystemOf, resolveVaultPath, ROOT_FILES, ROOT_FOLDERS, TREE_FILE } from '../vault/index.js';
import type { Session } from './session.js';
import { INBOX_DIR, itemFolder, reviewPath } from '../inbox/index.js';

/** What a tool wants to do with a path; the rules differ for reading and changing. */
export type PathAction = 'list' | 'read' | 'create' | 'change' | 'delete' | 'move-from' | 'move-to';

export type ToolPath = { ok: true; rel: string; abs: string } | { ok: false; error: string };

/** The vault's structure: deleting or moving these would break every agent and the web app. */
const PROTECTED = new Set<string>([...ROOT_FILES.filter((name) => name !== TREE_FILE), ...ROOT_FOLDERS]);

const MUTATING: ReadonlySet<PathAction> = new Set(['create', 'change', 'delete', 'move-from', 'move-to']);

/**
 * The tool-level rules on top of the vault sandbox (resolveVaultPath): never tree.md, the
 * structure stays, the search agent changes nothing, and the update agent touches inbox/ only
 * for its own new item or the item it was asked to resolve.
 */
export async function resolveToolPath(session: Session, input: string, action: PathAction): Promise<ToolPath> {
  const resolved = await resolveVaultPath(session.root, input, { allowRoot: action === 'list' });
  if (!resolved.ok) return { ok: false, error: `${resolved.message}. Use a path relative to the vault root, like projects/<name>/state.md.` };
  const { rel, abs } = resolved;
  // On a filesystem that folds case (macOS's and Windows' default) `OVERVIEW.md` is overview.md
  // and `Inbox/x` is inbox/x: the rules compare names as the filesystem does.
  const fold = filesystemOf(session.root).caseInsensitive ? (s: string) => s.toLowerCase() : (s: string) => s;
  const key = fold(rel);
  if (key === TREE_FILE) {
    return { ok: false, error: 'tree.md is generated from the files on disk and cannot be read or changed by tools: use the tree tool instead.' };
  }
  if (!MUTATING.has(action)) return { ok: true, rel, abs };
  if (session.agent !== 'update') return { ok: false, error: 'this agent is read-only: it cannot change the vault.' };
  if (session.names?.isPersons(rel)) {
    return { ok: false, error: `${rel.split('/')[0]} at the vault root is the person's own file, not Knower's: it is never changed, moved or deleted. Put this elsewhere.` };
  }
  if ((action === 'delete' || action === 'move-from') && PROTECTED.has(key)) {
    return { ok: false, error: `${rel} is part of the vault's structure and cannot be deleted or moved.` };
  }
  if (key === INBOX_DIR || key.startsWith(`${INBOX_DIR}/`)) {
    const problem = inboxRule(session, key, action, fold);
    if (problem) return { ok: false, error: problem };
  }
  return { ok: true, rel, abs };
}

function inboxRule(session: Session, key: string, action: PathAction, fold: (s: string) => string): string | undefined {
  const ownReview = session.updateId ? reviewPath(session.updateId) : undefined;
  if ((action === 'create' || action === 'change') && ownReview && key === fold(ownReview)) return undefined;
  const resolving = session.inboxRef ? itemFolder(session.inboxRef) : undefined;
  if (resolving && (action === 'delete' || action === 'move-from') && (key === fold(resolving) || key.startsWith(`${fold(resolving)}/`))) {
    return undefined;
  }
  const own = ownReview ? ` create your own item as ${ownReview}` : '';
  const ref = resolving ? `${own ? ' or' : ''} move files out of and delete ${resolving}/ (the item you are resolving)` : '';
  return `${INBOX_DIR}/ is for items waiting for the user: you may only${own}${ref}${own || ref ? '' : ' read it'}.`;
}
