import { commitId, LIMITS, vaultPath } from '../../api/index.js';
import { flag, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { restoreLines, versionLines } from '../format/versions.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

export const restore: Verb = {
  name: 'restore',
  help: `Usage: knower restore PATH [--to COMMIT] [--json]

Puts one note back as it was in an earlier version (POST /vault/restore). Without --to it
lists the note's versions (GET /vault/history), newest first, with the commit of each and
who made it (an update, a hand edit, an undo, a restore). PATH is relative to the vault.
The restore is itself a commit: ./knower undo COMMIT takes it back.
  --to COMMIT   the version to restore (a commit from the list, 7 to 40 hex digits)
  --cursor C    (the list) older versions, from the hint the list printed
  --json        print the response as is

Exit: 0 restored (or listed), 1 refused (no such note or version).
`,
  options: { to: { type: 'string' }, cursor: { type: 'string' }, json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [path, ...extra] = args.positionals;
    if (!path) return usageError('which note? (knower restore PATH, e.g. projects/garden/state.md)');
    if (extra.length) return usageError(`unexpected argument '${extra[0] ?? ''}' (a path with spaces needs quotes)`);
    if (!vaultPath.safeParse(path).success) return usageError(`the path is longer than ${String(LIMITS.pathChars)} characters`);
    const to = stringValue(args, 'to');
    if (to !== undefined && !commitId.safeParse(to).success) return usageError(`--to needs a commit: 7 to 40 hex digits from ./knower restore ${path} (got '${to}')`);
    const cursor = stringValue(args, 'cursor');
    if (cursor !== undefined && !commitId.safeParse(cursor).success) return usageError(`--cursor needs the commit a previous list printed (got '${cursor}')`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer =
      to === undefined
        ? await callApi(ctx, connection.client, 'GET', '/vault/history', { timeoutS: 60, query: { path, cursor } })
        : await callApi(ctx, connection.client, 'POST', '/vault/restore', { timeoutS: 120, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, commit: to }) });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of to === undefined ? versionLines(answer.json, path) : restoreLines(answer.json)) ctx.out.say(line);
    return EXIT.ok;
  },
};
