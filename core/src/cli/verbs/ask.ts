import { flag, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { answer as formatAnswer } from '../format/answers.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import { searchInputProblem } from './search-input.js';
import type { Verb } from './verb.js';

export const ask: Verb = {
  name: 'ask',
  help: `Usage: knower ask "question" [--deep] [--scope project:NAME] [--json]

Asks the search agent (POST /search) and prints its markdown answer and the vault files it
used. Without a model (no ANTHROPIC_API_KEY or OpenAI-compatible server configured) the answer is the best-matching passages, labeled offline.
  --deep            let it use deep (hybrid) search
  --scope SCOPE     only look inside a project, e.g. project:garden
  --json            print the response as is
`,
  options: { deep: { type: 'boolean' }, json: { type: 'boolean' }, scope: { type: 'string' } },
  takesWords: true,
  async run(args, ctx) {
    const question = args.positionals.join(' ');
    if (!question.trim()) return usageError('what is the question? (knower ask "question")');
    const body: Record<string, string> = { query: question };
    if (flag(args, 'deep')) body.mode = 'deep';
    const scope = stringValue(args, 'scope');
    const problem = searchInputProblem(question, scope);
    if (problem) return problem;
    if (scope) body.scope = scope;
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'POST', '/search', {
      timeoutS: 300,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) {
      ctx.out.write(`${answer.body.toString('utf8')}\n`);
      return EXIT.ok;
    }
    const printed = formatAnswer(answer.json);
    for (const line of printed.err) ctx.out.writeErr(`${line}\n`);
    for (const line of printed.out) ctx.out.say(line);
    return EXIT.ok;
  },
};
