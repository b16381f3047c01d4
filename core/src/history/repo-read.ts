import type { Git } from './git.js';

const ZERO = /^0{40}$/;

/** One path a commit changed: its blob before and after (null: absent). */
export interface RawChange {
  path: string;
  before: string | null;
  after: string | null;
}

const COMMIT_ID = /^[0-9a-f]{40}$/;

/**
 * The commits and their changes in the output of `diff-tree -z --stdin` or `log -z --format=%H
 * --raw`: for each commit `<id>\0`, then `:oldmode newmode old new status\0path\0` per changed
 * path (log puts a newline before the first). Read by position: a path is always the field
 * after its status, whatever it holds, so a file name can never pass for a commit.
 */
function parseRawLog(stdout: string): Array<{ commit: string; changes: RawChange[] }> {
  const fields = stdout.split('\0');
  const at = (k: number) => fields[k]?.replace(/^\n/, '') ?? '';
  const blob = (id: string | undefined) => (!id || ZERO.test(id) ? null : id);
  const out: Array<{ commit: string; changes: RawChange[] }> = [];
  // The output ends with a NUL: its last field is empty.
  for (let i = 0; i < fields.length - 1;) {
    const commit = at(i++);
    if (!COMMIT_ID.test(commit)) throw new Error(`git gave ${JSON.stringify(commit.slice(0, 60))} where a commit id belongs`);
    const changes: RawChange[] = [];
    for (; at(i).startsWith(':') && i + 1 < fields.length; i += 2) {
      const [, , before, after] = at(i).slice(1).split(' ');
      changes.push({ path: fields[i + 1] as string, before: blob(before), after: blob(after) });
    }
    out.push({ commit, changes });
  }
  return out;
}

/** What each commit changed against its parent (everything, for the first commit): one process for all. */
export async function changesOf(git: Git, commits: string[]): Promise<Map<string, RawChange[]>> {
  const result = new Map<string, RawChange[]>(commits.map((c) => [c, []]));
  if (commits.length === 0) return result;
  const out = await git.run(['diff-tree', '--stdin', '-r', '-z', '--no-renames', '--root'], { input: `${commits.join('\n')}\n` });
  for (const { commit, changes } of parseRawLog(out.stdout.toString('utf8'))) result.get(commit)?.push(...changes);
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
  const args = ['log', '-z', '--format=%H', '--raw', '--no-abbrev', '--no-renames', `--max-count=${opts.limit}`, start, '--', rel];
  const { stdout, code } = await git.run(args, { okCodes: [128] }); // 128: `before` is the first commit
  if (code !== 0) return [];
  return parseRawLog(stdout.toString('utf8')).flatMap(({ commit, changes }) => {
    const change = changes.find((c) => c.path === rel);
    return change ? [{ commit, change }] : [];
  });
}
