import { flag } from '../args.js';
import { healthSummary } from '../format/health-summary.js';
import { errorLine } from '../format/text.js';
import { createHttpClient, parseJson } from '../http-client.js';
import { EXIT, isFailure } from '../outcome.js';
import { findTarget } from '../target.js';
import type { Verb } from './verb.js';

export const status: Verb = {
  name: 'status',
  help: `Usage: knower status [--json]

Says whether the service is running, with a short summary of GET /health.
  --json   print the /health document as is

Exit: 0 running, 3 stopped, 1 running but unhealthy or not answering.
`,
  options: { json: { type: 'boolean' } },
  takesWords: false,
  async run(args, ctx) {
    const { settings, out } = ctx;
    const target = findTarget(settings, [ctx.verb, ...ctx.args]);
    if (isFailure(target)) return target;
    const { url, pid } = target;
    const result = await createHttpClient(url, settings.token).request('GET', '/health', { timeoutS: 5 });
    if (result.kind === 'answer' && result.status >= 200 && result.status < 300) {
      if (flag(args, 'json')) {
        out.write(`${result.body.toString('utf8')}\n`);
        return EXIT.ok;
      }
      out.say(`Knower is running at ${url}${pid !== undefined ? ` (native, pid ${String(pid)})` : ''}`);
      for (const line of healthSummary(parseJson(result.body))) out.say(line);
      for (const r of target.others) out.say(`Also running from this checkout: ${r.url} (vault ${r.vault}, pid ${String(r.pid)})`);
      return EXIT.ok;
    }
    if (result.kind === 'answer') {
      out.say(`Knower answers at ${url} but /health says ${errorLine(result.status, result.body)}`);
      if (result.status === 401) out.say('The service requires a token: set KNOWER_TOKEN (in .env or the environment).');
      return EXIT.fail;
    }
    if (pid !== undefined) {
      out.say(`Knower is starting or not responding (pid ${String(pid)}, nothing answers at ${url}). See ./knower logs`);
      return EXIT.fail;
    }
    out.say(`Knower is not running (nothing answers at ${url}). Start it with ./knower start`);
    return EXIT.down;
  },
};
