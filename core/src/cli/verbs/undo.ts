import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { undoReport } from '../format/history.js';
import { asRecord } from '../format/text.js';
import { COMMIT, UPDATE_ID } from '../ids.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

export const undo: Verb = {
  name: 'undo',
  help: `Usage: knower undo ID [--json]

Reverses exactly what one update did (POST /updates/ID/undo); ID may also be a commit from
./knower history (an undo's commit puts back what it reverted). A file changed since, by hand
or by a later update, is not overwritten: what applies cleanly is reverted, the rest is left
as it is and explained in an inbox item. The undo is itself in the history and can be undone.
  --json   print the response as is

Exit: 0 undone, already undone (by an earlier undo, which it names; nothing is changed) or
nothing left to undo, 4 partly undone (the inbox item explains the rest), 1 refused (unknown
id, update still running, a hand edit) or failed, 2 usage, 3 not running.
`,
  options: { json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [id, ...extra] = args.positionals;
    if (!id) return usageError('which update? (knower undo ID; ./knower history lists them)');
    if (extra.length) return usageError(`unexpected argument '${extra[0] ?? ''}'`);
    const path = UPDATE_ID.test(id) ? `/updates/${id}/undo` : COMMIT.test(id) ? `/history/${id}/undo` : undefined;
    if (!path) return usageError(`'${id}' is neither an update id (20250314-092600-a1b2c3) nor a commit (7 to 40 hex digits)`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'POST', path, { timeoutS: 120 });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of undoReport(answer.json)) ctx.out.say(line);
    return asRecord(answer.json).status === 'partial' ? EXIT.partial : EXIT.ok;
  },
};
