import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { inboxList } from '../format/answers.js';
import { EXIT, isFailure } from '../outcome.js';
import type { Verb } from './verb.js';

export const inbox: Verb = {
  name: 'inbox',
  help: `Usage: knower inbox [--json]

Lists the inbox: updates the agent could not place without you, with its question.
Answer one with: knower add --inbox-ref ID "your answer"
  --json   print the response as is
`,
  options: { json: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'GET', '/inbox', { timeoutS: 30 });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of inboxList(answer.json)) ctx.out.say(line);
    return EXIT.ok;
  },
};
