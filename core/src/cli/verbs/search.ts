import { LIMITS } from '../../api/limits.js';
import { flag, stringValue } from '../args.js';
import { connect } from '../api.js';
import { searchHits } from '../format/answers.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import { projectProblem } from '../project-check.js';
import { searchInputProblem, searchRequest } from './search-input.js';
import type { Verb } from './verb.js';

export const search: Verb = {
  name: 'search',
  help: `Usage: knower search "words" [--deep] [--scope project:NAME] [--limit N] [--json]

Raw search hits from the vault (POST /vault/search), best first, as
"path — title", the best passage's heading path and lines
("§ Setup > Install · lines 40-62") and an indented snippet; a hit in a
PDF names its page ("papers/x.pdf p. 37 — title"). No model is involved.
  --deep            hybrid search (vectors + rerank); falls back to fast with a note
  --scope SCOPE     only hits under a project, e.g. project:garden
  --limit N         at most N hits (1-${LIMITS.results})
  --json            print the response as is
`,
  options: { deep: { type: 'boolean' }, fast: { type: 'boolean' }, json: { type: 'boolean' }, scope: { type: 'string' }, limit: { type: 'string' } },
  takesWords: true,
  async run(args, ctx) {
    const query = args.positionals.join(' ');
    if (!query.trim()) return usageError('what should I search for? (knower search "words")');
    const limit = stringValue(args, 'limit');
    if (limit !== undefined && (!/^[1-9]\d*$/.test(limit) || Number(limit) > LIMITS.results)) {
      return usageError(`--limit needs a whole number from 1 to ${LIMITS.results} (got '${limit}')`);
    }
    const scope = stringValue(args, 'scope') || undefined;
    const problem = searchInputProblem(query, scope);
    if (problem) return problem;
    // --fast is the default mode, named for scripts; --deep wins when both are given.
    const mode = flag(args, 'deep') ? 'deep' : flag(args, 'fast') ? 'fast' : undefined;
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const noProject = await projectProblem(ctx, connection.client, scope);
    if (noProject) return noProject;
    const answer = await searchRequest(ctx, connection.client, { q: query, mode, scope, limit: limit === undefined ? undefined : Number(limit) });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) {
      ctx.out.write(`${answer.body.toString('utf8')}\n`);
      return EXIT.ok;
    }
    const printed = searchHits(answer.json, mode === 'deep');
    for (const line of printed.err) ctx.out.writeErr(`${line}\n`);
    for (const line of printed.out) ctx.out.say(line);
    return EXIT.ok;
  },
};
