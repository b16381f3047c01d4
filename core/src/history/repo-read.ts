import type { Git } from './git.js';

const ZERO = /^0{40}$/;

/** One path a commit changed: its blob before and after (null: absent). */
export interface RawChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** Parses `:oldmode newmode old new status\0path\0` records starting at tokens[i]; returns the next index. */
function parseRaw(tokens: string[], i: number, out: RawChange[]): number {
  while (i + 1 < tokens.length && tokens[i]?.startsWith(':')) {
    const [, , before, after] = (tokens[i] as string).slice(1).split(' ');
    out.push({ path: tokens[i + 1] as string, before: !before || ZERO.test(before) ? null : before, after: !after || ZERO.test(after) ? null : after });
    i += 2;
  }
  return i;
}

/** What each commit changed against its parent (everything, for the first commit): one process for all. */
export async function changesOf(git: Git, commits: string[]): Promise<Map<string, RawChange[]>> {
  const result = new Map<string, RawChange[]>(commits.map((c) => [c, []]));
  if (commits.length === 0) return result;
  const out = await git.run(['diff-tree', '--stdin', '-r', '-z', '--no-renames', '--root'], { input: `${commits.join('\n')}\n` });
  const tokens = out.stdout.toString('utf8').split('\0');
  let i = 0;
  while (i < tokens.length) {
    const commit = tokens[i++] ?? '';
    const list = result.get(commit);
    const changes: RawChange[] = [];
    i = parseRaw(tokens, i, changes);
    if (list) list.push(...changes);
  }
  return result;
}

/** Blob contents by id (`cat-file --batch`): one process however many. */
export async function readBlobs(git: Git, ids: Iterable<string>): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(ids)];
  const blobs = new Map<string, Buffer>();
  if (wanted.length === 0) return blobs;
  const out = (await git.run(['cat-file', '--batch'], { input: `${wanted.join('\n')}\n` })).stdout;
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    if (eol === -1) break;
    const [id, type, size] = out.subarray(at, eol).toString('latin1').split(' ');
    at = eol + 1;
    if (type === 'missing' || size === undefined || id === undefined) continue;
    const length = Number(size);
    blobs.set(id, out.subarray(at, at + length));
    at += length + 1;
  }
  return blobs;
}

/** The blob a path holds in a commit; null when the commit has no file there. */
export async function blobAt(git: Git, commit: string, rel: string): Promise<string | null> {
  const out = (await git.run(['ls-tree', '-z', commit, '--', rel])).stdout.toString('utf8');
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t');
    const [, type, id] = record.slice(0, tab).split(' ');
    if (tab > 0 && record.slice(tab + 1) === rel && type === 'blob' && id) return id;
  }
  return null;
}

/** The commits that changed one path, newest first, each with that path's change. */
export async function versionsOf(git: Git, rel: string, opts: { before?: string; limit: number }): Promise<Array<{ commit: string; change: RawChange }>> {
  const start = opts.before ? `${opts.before}~1` : 'HEAD';
  const args = ['log', '--format=%x1e%H', '--raw', '-z', '--no-abbrev', '--no-renames', `--max-count=${opts.limit}`, start, '--', rel];
  const { stdout, code } = await git.run(args, { okCodes: [128] }); // 128: `before` is the first commit
  if (code !== 0) return [];
  const versions: Array<{ commit: string; change: RawChange }> = [];
  for (const chunk of stdout.toString('utf8').split('\x1e')) {
    const tokens = chunk.split('\0');
    const commit = tokens[0]?.trim();
    if (!commit) continue;
    const changes: RawChange[] = [];
    parseRaw(
      tokens.map((t) => t.replace(/^\n/, '')),
      1,
      changes,
    );
    const change = changes.find((c) => c.path === rel);
    if (change) versions.push({ commit, change });
  }
  return versions;
}
