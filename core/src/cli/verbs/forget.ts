import { readFileSync } from 'node:fs';
import { FORGET_LIMITS } from '../../api/index.js';
import { flag, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { forgetReport, forgetStatus } from '../format/forget.js';
import { asRecord, oneLine } from '../format/text.js';
import { EXIT, isFailure, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

const ACTIONS = ['status', 'confirm', 'restore'] as const;

export const forget: Verb = {
  name: 'forget',
  help: `Usage: knower forget --text TEXT [--yes] [--json]
       knower forget --text - [--yes]     (read the text from standard input)
       knower forget PATH… [--yes] [--json]
       knower forget --status | --confirm | --restore [--json]

Removes a text, or files of the vault, from the vault and from its history (POST /forget):
the text is replaced by [forgotten] in every note and in every version of every file the
history keeps, commit messages included, and in Knower's records (updates, questions); a
file is deleted from the vault and from every commit. Without --yes it is a dry run that
lists what would change. Give a secret with --text - and type or pipe it in: it then stays
out of your shell's history.
A backup (the old history and the old files) is kept until you confirm:
  --yes       forget (otherwise: a dry run)
  --status    whether a backup waits (GET /forget)
  --confirm   drop the backup: git forgets the old versions for good
  --restore   put the backup back (the history, the vault's files, the records)
  --json      print the response as is

Exit: 0 done (or a dry run), 4 done but some files kept changing and were left (forget
again), 1 refused or failed, 2 usage, 3 not running.
`,
  options: { text: { type: 'string' }, yes: { type: 'boolean' }, status: { type: 'boolean' }, confirm: { type: 'boolean' }, restore: { type: 'boolean' }, json: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const actions = ACTIONS.filter((a) => flag(args, a));
    const given = stringValue(args, 'text');
    const paths = args.positionals;
    if (actions.length > 1) return usageError(`choose one of --${actions.join(', --')}`);
    if (actions.length && (given !== undefined || paths.length || flag(args, 'yes'))) return usageError(`--${actions[0] ?? ''} takes nothing else`);
    if (args.dash) return usageError("to read the text from standard input, write --text - (a lone '-' names no file)");
    if (!actions.length && (given === undefined) === (paths.length === 0)) return usageError('what to forget? (knower forget --text TEXT, or knower forget PATH…)');
    const text = given === '-' ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : given;
    if (text !== undefined && text.trim().length < FORGET_LIMITS.minTextChars)
      return usageError(`the text must hold at least ${String(FORGET_LIMITS.minTextChars)} characters (a shorter one would match everywhere)`);

    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const json = { 'content-type': 'application/json' };
    const action = actions[0];
    const answer =
      action === 'status'
        ? await callApi(ctx, connection.client, 'GET', '/forget', { timeoutS: 30 })
        : action
          ? await callApi(ctx, connection.client, 'POST', `/forget/${action}`, { timeoutS: 1800 })
          : await callApi(ctx, connection.client, 'POST', '/forget', {
              timeoutS: 1800,
              headers: json,
              body: JSON.stringify({ ...(text !== undefined ? { text } : { paths }), dry_run: !flag(args, 'yes') }),
            });
    if (isFailure(answer)) return answer;
    if (flag(args, 'json')) {
      ctx.out.write(`${answer.body.toString('utf8')}\n`);
    } else {
      const r = asRecord(answer.json);
      const lines = action === 'status' ? forgetStatus(r) : action ? [oneLine(r.message, 2000)] : forgetReport(r, text !== undefined ? 'text' : 'files');
      for (const line of lines) ctx.out.say(line);
    }
    return !action && Array.isArray(asRecord(asRecord(answer.json).vault).busy) && (asRecord(asRecord(answer.json).vault).busy as unknown[]).length ? EXIT.partial : EXIT.ok;
  },
};
