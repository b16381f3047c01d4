import { flag, stringValue } from '../args.js';
import { printAnswer } from '../answer-output.js';
import { connect } from '../api.js';
import { isFailure, usageError } from '../outcome.js';
import { projectProblem } from '../project-check.js';
import { followQuestion } from '../question-follow.js';
import { watchEvents } from '../watch.js';
import { searchInputProblem } from './search-input.js';
import type { Verb } from './verb.js';

export const ask: Verb = {
  name: 'ask',
  help: `Usage: knower ask "question" [--deep] [--scope project:NAME] [--json]

Asks the search agent (POST /search) and prints its markdown answer and the vault files it
used. While it works, each file it reads and each search it runs is shown on stderr. Without a
model (no ANTHROPIC_API_KEY or OpenAI-compatible server configured) the answer is the
best-matching passages, labeled offline. Every question is kept: one the model could not
answer can be asked again with ./knower retry ID.
  --deep            let it use deep (hybrid) search
  --scope SCOPE     only look inside a project, e.g. project:garden
  --json            print the response as is

Exit: 0 answered, 1 not answered (the model failed: the question's id is printed).
`,
  options: { deep: { type: 'boolean' }, json: { type: 'boolean' }, scope: { type: 'string' } },
  takesWords: true,
  async run(args, ctx) {
    const question = args.positionals.join(' ');
    if (!question.trim()) return usageError('what is the question? (knower ask "question")');
    const mode = flag(args, 'deep') ? 'deep' : 'fast';
    const scope = stringValue(args, 'scope') || undefined;
    const problem = searchInputProblem(question, scope, 'question');
    if (problem) return problem;
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const { client, target } = connection;
    const noProject = await projectProblem(ctx, client, scope);
    if (noProject) return noProject;
    const body = { query: question, ...(mode === 'deep' ? { mode } : {}), ...(scope ? { scope } : {}) };
    const watch = await watchEvents(target.url, ctx.settings.token);
    try {
      const asking = client.request('POST', '/search', { timeoutS: 300, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const isOurs = (q: Record<string, unknown>) => q.query === question && q.mode === mode && (q.scope ?? undefined) === scope && !q.retry_of;
      const result = await followQuestion(ctx, watch, isOurs, asking);
      return printAnswer(ctx, client.baseUrl, result, flag(args, 'json'));
    } finally {
      watch.close();
    }
  },
};
