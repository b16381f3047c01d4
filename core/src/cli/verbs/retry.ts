import { printAnswer } from '../answer-output.js';
import { flag, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { asRecord } from '../format/text.js';
import { updateOrQuestionId } from '../ids.js';
import { EXIT, failed, isFailure, usageError } from '../outcome.js';
import { followQuestion } from '../question-follow.js';
import { reportWait, waitForUpdate } from '../update-wait.js';
import { watchEvents } from '../watch.js';
import type { Verb } from './verb.js';

export const retry: Verb = {
  name: 'retry',
  help: `Usage: knower retry ID [--wait [--timeout S]] [--json]

Runs a failed update again (POST /updates/ID/retry) with its text, images and inbox reply,
as a new update linked to the failed one, and prints the new id; or asks a failed question
again (POST /questions/ID/retry) and prints the answer. Once the retried update has an
outcome, the inbox item the failure left is removed. IDs: ./knower history, or the failure's
own message.
  --wait        (an update) wait for the outcome, as add --wait does
  --timeout S   give up waiting after S seconds (default 600)
  --json        (a question) print the response as is

Exit: 0 retried (with --wait: done or inbox), 1 refused (unknown id, not failed) or failed
again, 5 gave up waiting (the update goes on).
`,
  options: { wait: { type: 'boolean' }, timeout: { type: 'string' }, json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const named = updateOrQuestionId(args.positionals, 'knower retry ID; ./knower show ID says whether it failed');
    if (isFailure(named)) return named;
    const { id, kind } = named;
    const timeout = stringValue(args, 'timeout') ?? '600';
    if (!/^\d+$/.test(timeout)) return usageError(`--timeout needs a whole number of seconds (got '${timeout}')`);
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const { client, target } = connection;
    const waiting = kind === 'question' || flag(args, 'wait');
    const watch = waiting ? await watchEvents(target.url, ctx.settings.token) : undefined;
    try {
      if (kind === 'question') {
        const asking = client.request('POST', `/questions/${id}/retry`, { timeoutS: 300 });
        const result = await followQuestion(ctx, watch, (q) => q.retry_of === id, asking);
        return printAnswer(ctx, client.baseUrl, result, flag(args, 'json'));
      }
      const sent = await callApi(ctx, client, 'POST', `/updates/${id}/retry`, { timeoutS: 60 });
      if (isFailure(sent)) return sent;
      const newId = asRecord(sent.json).id;
      if (typeof newId !== 'string' || !newId) return failed('the service accepted the retry but sent no id');
      ctx.out.say(newId);
      if (!flag(args, 'wait')) return EXIT.ok;
      return reportWait(ctx, newId, await waitForUpdate(ctx, client, watch, newId, Number(timeout)), Number(timeout));
    } finally {
      watch?.close();
    }
  },
};
