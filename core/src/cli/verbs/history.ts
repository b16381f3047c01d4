import { DEFAULTS, LIMITS } from '../../api/index.js';
import { flag, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { historyList } from '../format/history.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

export const history: Verb = {
  name: 'history',
  help: `Usage: knower history [--limit N] [--cursor C] [--all] [--json]

Lists what changed the vault, newest first (GET /history): each update with its id, status,
the agent's summary and its files marked created, edited, moved or deleted, and the undos and
restores. Undo one with: knower undo ID
  --limit N    how many entries (1-${LIMITS.page}, default ${DEFAULTS.page})
  --cursor C   the page after the one that printed it
  --all        hand edits and the first snapshot too
  --json       print the response as is

Exit: 0 listed, 1 the history is unavailable.
`,
  options: { limit: { type: 'string' }, cursor: { type: 'string' }, all: { type: 'boolean' }, json: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const limit = stringValue(args, 'limit') ?? '20';
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > LIMITS.page) return usageError(`--limit needs a whole number from 1 to ${LIMITS.page} (got '${limit}')`);
    const cursor = stringValue(args, 'cursor');
    if (cursor !== undefined && !/^\d{1,12}$/.test(cursor)) return usageError(`--cursor needs the number a previous page printed (got '${cursor}')`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const query = { limit, cursor, ...(flag(args, 'all') ? {} : { kind: 'update,undo,restore' }) };
    const answer = await callApi(ctx, connection.client, 'GET', '/history', { timeoutS: 30, query });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) ctx.out.write(`${answer.body.toString('utf8')}\n`);
    else for (const line of historyList(answer.json, Number(limit), flag(args, 'all'))) ctx.out.say(line);
    return EXIT.ok;
  },
};
