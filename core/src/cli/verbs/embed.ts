import { callApi, connect } from '../api.js';
import { asRecord } from '../format/text.js';
import { EXIT, failed, isFailure } from '../outcome.js';
import type { Verb } from './verb.js';

export const embed: Verb = {
  name: 'embed',
  help: `Usage: knower embed

Refreshes the search embeddings now (POST /embed). They are otherwise refreshed on a timer
when the vault changed. Needs the embedding model (./knower models pull downloads it); without
it the service says why.
`,
  options: {},
  takesWords: false,
  async run(_args, ctx) {
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const answer = await callApi(ctx, connection.client, 'POST', '/embed', { timeoutS: 3600 });
    if (isFailure(answer)) return answer;
    const body = asRecord(answer.json);
    if (body.ok !== true) return failed(`embed failed: ${body.error === undefined || body.error === null ? '' : typeof body.error === 'object' ? JSON.stringify(body.error) : String(body.error)}`);
    ctx.out.say('Embeddings are up to date.');
    return EXIT.ok;
  },
};
