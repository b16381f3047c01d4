/**
 * A commit object as git stores it: header lines (`tree`, `parent`…, `author`, `committer`, and
 * any other, kept as they are), a blank line, then the message. Knower's messages end with a
 * paragraph of its own trailers (`Knower-Kind: update`, …), which a rewrite never hands to
 * anything that changes text: which update a commit belongs to stays what Knower wrote.
 */
export interface CommitObject {
  tree: string;
  parents: string[];
  /** Every other header line, in order (author, committer, …; continuation lines included). */
  headers: string[];
  /** The message before Knower's trailers (the whole message when it has none). */
  text: string;
  /** Knower's trailer paragraph, without the blank line before it ('' when absent). */
  trailers: string;
}

const TRAILER_LINE = /^Knower-[A-Za-z]+: /;

export function parseCommit(raw: Buffer): CommitObject {
  const all = raw.toString('utf8');
  const split = all.indexOf('\n\n');
  const head = split === -1 ? all : all.slice(0, split);
  const message = split === -1 ? '' : all.slice(split + 2);
  let tree = '';
  const parents: string[] = [];
  const headers: string[] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith('tree ') && !tree) tree = line.slice(5);
    else if (line.startsWith('parent ')) parents.push(line.slice(7));
    else headers.push(line);
  }
  if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error('a commit of the history has no tree');
  const body = message.replace(/\n$/, '');
  const cut = body.lastIndexOf('\n\n');
  const last = body.slice(cut + 2);
  const hasTrailers = cut !== -1 && last.split('\n').every((line) => TRAILER_LINE.test(line));
  return { tree, parents, headers, text: hasTrailers ? body.slice(0, cut) : body, trailers: hasTrailers ? last : '' };
}

export function serializeCommit(c: CommitObject): Buffer {
  const head = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), ...c.headers].join('\n');
  const message = c.trailers ? `${c.text}\n\n${c.trailers}` : c.text;
  return Buffer.from(`${head}\n\n${message}\n`, 'utf8');
}

/** The trailers with the commits they name (an undo's, a restore's source) as `map` names them now. */
export function remapTrailers(trailers: string, map: ReadonlyMap<string, string>): string {
  return trailers.replace(/^(Knower-(?:Undoes|From): )([0-9a-f]{40})$/gm, (line, key: string, id: string) => `${key}${map.get(id) ?? id}`);
}
