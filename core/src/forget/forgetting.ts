import type { RewritePlan } from '../history/index.js';
import { isHiddenPath, resolveVaultPath, TREE_FILE, type PathProblem } from '../vault/index.js';
import { textForgetter, type TextForgetter } from './forget-text.js';

/** What one forget takes out: a text wherever it is, or files (and folders) of the vault by path. */
export type Forgetting = { kind: 'text'; text: TextForgetter } | { kind: 'paths'; paths: string[] };

export type ForgetError = `path_${PathProblem}` | 'not_forgettable' | 'no_backup';

export type Refusal = { ok: false; error: ForgetError; message: string };

/** A text as given, or paths checked as every path into the vault is (the one resolver). */
export async function forgettingOf(root: string, asked: { text?: string; paths?: string[] }): Promise<{ ok: true; value: Forgetting } | Refusal> {
  if (asked.text !== undefined) return { ok: true, value: { kind: 'text', text: textForgetter(asked.text) } };
  const paths: string[] = [];
  for (const p of asked.paths ?? []) {
    const resolved = await resolveVaultPath(root, p);
    if (!resolved.ok) return { ok: false, error: `path_${resolved.problem}`, message: resolved.message };
    // tree.md is made from the vault again whatever is forgotten; the vault root is not a file of it.
    if (resolved.rel === '' || resolved.rel === TREE_FILE || isHiddenPath(resolved.rel)) {
      return { ok: false, error: 'not_forgettable', message: `${resolved.rel || 'the vault itself'} is not a file Knower keeps a history of: nothing to forget there` };
    }
    paths.push(resolved.rel);
  }
  return { ok: true, value: { kind: 'paths', paths: [...new Set(paths)] } };
}

/** The same forgetting for the history: paths dropped from every commit, the text taken out of every file and message. */
export function rewritePlanOf(what: Forgetting): RewritePlan {
  if (what.kind === 'text') {
    return {
      drops: () => false,
      scrub: (bytes) => what.text.scrubBytes(bytes),
      scrubMessage: (text) => what.text.scrub(text) ?? text,
      rename: (name) => what.text.scrubName(name),
    };
  }
  const names = what.paths.map((p) => textForgetter(p));
  return {
    drops: (rel) => what.paths.some((p) => rel === p || rel.startsWith(`${p}/`)),
    // A hand edit's message lists the paths it changed, a restore's names its note.
    scrubMessage: (text) => names.reduce((out, name) => name.scrub(out) ?? out, text),
  };
}
