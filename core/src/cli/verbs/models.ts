import { modelsSchema, type ModelsStatus } from '../../api/index.js';
import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { EXIT, failed, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function describe(m: ModelsStatus, pulled: boolean): string[] {
  if (m.present) return [`Deep search models are on disk${m.cacheDir ? ` (${m.cacheDir})` : ''}.`];
  const lines = [`Missing for deep search: ${m.missing.join(', ')}${m.cacheDir ? ` (looked in ${m.cacheDir})` : ''}.`];
  if (pulled) return lines;
  lines.push('Download them with: ./knower models pull');
  if (m.pull.last && !m.pull.last.ok) lines.push(`Last download failed (${m.pull.last.at}): ${m.pull.last.error ?? 'unknown error'}`);
  return lines;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const models: Verb = {
  name: 'models',
  help: `Usage: knower models [pull] [--json]

Deep search (knower search --deep, the agents' semantic search) needs qmd's three models
(~2 GB: embedding, query expansion, reranking) in qmd's model cache. Fast search needs none.
  knower models        says which are on disk (GET /models)
  knower models pull   downloads the missing ones through the service (POST /models/pull),
                       showing progress; an interrupted download resumes where it stopped.
                       Stopping this command does not stop the download: the service goes on.
  --json               print the response as is
Exit: 0 all models on disk, 1 the download failed (the reason is printed, and kept in /health).
`,
  options: { json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const [action, ...rest] = args.positionals;
    if (rest.length > 0 || (action !== undefined && action !== 'pull')) return usageError(`unknown models command '${args.positionals.join(' ')}' (try: knower models pull)`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const read = async (method: 'GET' | 'POST', path: string) => {
      const answer = await callApi(ctx, connection.client, method, path, { timeoutS: 30 });
      if (isFailure(answer)) return answer;
      const parsed = modelsSchema.safeParse(answer.json);
      return parsed.success ? parsed.data : failed(`unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
    };
    let state = await read(action === 'pull' ? 'POST' : 'GET', action === 'pull' ? '/models/pull' : '/models');
    if (isFailure(state)) return state;
    if (action === 'pull') {
      let shown = '';
      while (state.pull.running) {
        const c = state.pull.current;
        const line = c ? `downloading the ${c.role} model ${c.file}: ${mb(c.bytes)}${c.total ? ` of ${mb(c.total)}` : ''}` : 'looking at the model cache…';
        if (line !== shown) ctx.out.writeErr(`${line}\n`);
        shown = line;
        await sleep(1000);
        const next = await read('GET', '/models');
        if (isFailure(next)) return next;
        state = next;
      }
    }
    if (flag(args, 'json')) ctx.out.write(`${JSON.stringify(state)}\n`);
    else for (const line of describe(state, action === 'pull')) ctx.out.say(line);
    if (action === 'pull' && !state.present) {
      return failed(
        state.pull.last?.error ?? 'the download did not finish',
        'fast search works without the models. Try again with ./knower models pull (an interrupted download resumes), set HF_ENDPOINT to a mirror, or put the .gguf files in the folder above',
      );
    }
    return action === 'pull' || state.present ? EXIT.ok : EXIT.fail;
  },
};
