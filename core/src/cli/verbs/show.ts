import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { questionLines, updateLines } from '../format/record.js';
import { idKind } from '../ids.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

export const show: Verb = {
  name: 'show',
  help: `Usage: knower show ID [--json]

Shows one update (GET /updates/ID) or one question (GET /questions/ID): for an update its
status, text, the agent's summary, each file it created, edited, moved or deleted, its steps,
and what to do next (answer its inbox item, retry it, undo it); for a question the answer, or
why there is none. IDs are printed by add, ask and history.
  --json   print the record as is

Exit: 0 shown, 1 no such update or question.
`,
  options: { json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [id, ...extra] = args.positionals;
    if (!id) return usageError('which update or question? (knower show ID; ./knower history lists updates)');
    if (extra.length) return usageError(`unexpected argument '${extra[0] ?? ''}'`);
    const kind = idKind(id);
    if (kind !== 'update' && kind !== 'question') return usageError(`'${id}' is neither an update id (20250314-092600-a1b2c3) nor a question id (q-20250314-092600-a1b2c3)`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'GET', `/${kind === 'update' ? 'updates' : 'questions'}/${id}`, { timeoutS: 30 });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of kind === 'update' ? updateLines(answer.json) : questionLines(answer.json)) ctx.out.say(line);
    return EXIT.ok;
  },
};
