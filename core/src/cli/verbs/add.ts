import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { flag, listValue, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import type { Context } from '../context.js';
import { updateStatus } from '../format/answers.js';
import { asRecord } from '../format/text.js';
import type { HttpClient } from '../http-client.js';
import { encodeMultipart, type FormPart } from '../multipart.js';
import { EXIT, failed, isFailure, usageError, type Outcome } from '../outcome.js';
import type { Verb } from './verb.js';

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export const add: Verb = {
  name: 'add',
  help: `Usage: knower add "text" [--image FILE]… [--inbox-ref ID] [--wait [--timeout S]]
       knower add - …            (read the text from standard input)

Sends an update (POST /update); the update agent files it into the vault. Prints the
update's id. Images (png, jpeg, gif, webp) travel with it and are kept in the vault.
  --image FILE      attach an image (repeatable)
  --inbox-ref ID    answer the inbox item ID with this text
  --wait            wait for the outcome and print it (done, inbox or failed)
  --timeout S       give up waiting after S seconds (default 600)

Exit: 0 accepted (with --wait: done or inbox), 1 failed.
`,
  options: { image: { type: 'string', multiple: true }, 'inbox-ref': { type: 'string' }, wait: { type: 'boolean' }, timeout: { type: 'string' } },
  takesWords: true,
  async run(args, ctx) {
    const timeout = stringValue(args, 'timeout') ?? '600';
    if (!/^\d+$/.test(timeout)) return usageError(`--timeout needs a whole number of seconds (got '${timeout}')`);
    if (args.dash && args.positionals.length) return usageError("give the text either as an argument or as '-' (stdin), not both");
    const text = args.dash ? readFileSync(0, 'utf8') : args.positionals.join(' ');
    const images = listValue(args, 'image');
    if (!/\S/.test(text) && images.length === 0) return usageError('nothing to send (knower add "text" or --image FILE)');
    for (const image of images) if (!readable(image)) return usageError(`no readable file at '${image}'`);
    const inboxRef = stringValue(args, 'inbox-ref') ?? '';

    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const { client } = connection;
    const sent = await callApi(ctx, client, 'POST', '/update', images.length ? multipart(text, inboxRef, images) : jsonBody(text, inboxRef));
    if (isFailure(sent)) return sent;
    const id = asRecord(sent.json).id;
    if (typeof id !== 'string' || !id) return failed('the service accepted the update but sent no id');
    ctx.out.say(id);
    if (!flag(args, 'wait')) return EXIT.ok;
    return waitForOutcome(ctx, client, id, Number(timeout));
  },
};

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function jsonBody(text: string, inboxRef: string) {
  const body: Record<string, string> = { text };
  if (inboxRef) body.inbox_ref = inboxRef;
  return { timeoutS: 60, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function multipart(text: string, inboxRef: string, images: string[]) {
  const parts: FormPart[] = [{ name: 'text', value: text }];
  if (inboxRef) parts.push({ name: 'inbox_ref', value: inboxRef });
  for (const image of images) {
    const type = IMAGE_TYPES[path.extname(image).slice(1).toLowerCase()] ?? '';
    parts.push({ name: 'images', filename: path.basename(image), type, data: readFileSync(image) });
  }
  const { contentType, body } = encodeMultipart(parts);
  return { timeoutS: 120, headers: { 'content-type': contentType }, body };
}

/** Polls the update until it is done, in the inbox or failed; says each status it passes through. */
async function waitForOutcome(ctx: Context, client: HttpClient, id: string, timeoutS: number): Promise<Outcome> {
  const deadline = Date.now() + timeoutS * 1000;
  let last = '';
  for (;;) {
    const polled = await callApi(ctx, client, 'GET', `/updates/${encodeURIComponent(id)}`, { timeoutS: 30 });
    if (isFailure(polled)) return polled;
    const record = asRecord(polled.json);
    const status = typeof record.status === 'string' ? record.status : '';
    if (status === 'done' || status === 'inbox') {
      ctx.out.say(updateStatus(record));
      return EXIT.ok;
    }
    if (status === 'failed' || status === 'cancelled') {
      ctx.out.say(updateStatus(record));
      return EXIT.fail;
    }
    if (status !== last) ctx.out.warn(`update ${id}: ${status}…`);
    last = status;
    if (Date.now() >= deadline) return failed(`update ${id} is still ${status || 'pending'} after ${String(timeoutS)}s (check later: ./knower inbox, or GET /updates/${id})`);
    await sleep(1000);
  }
}
