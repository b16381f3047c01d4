import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { questionLines, updateLines } from '../format/record.js';
import { updateOrQuestionId } from '../ids.js';
import { EXIT, isFailure } from '../outcome.js';
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
    const named = updateOrQuestionId(args.positionals, 'knower show ID; ./knower history lists updates');
    if (isFailure(named)) return named;
    const { id, kind } = named;
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'GET', `/${kind === 'update' ? 'updates' : 'questions'}/${id}`, { timeoutS: 30 });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of kind === 'update' ? updateLines(answer.json) : questionLines(answer.json)) ctx.out.say(line);
    return EXIT.ok;
  },
};
