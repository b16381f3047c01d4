import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { flag, listValue, stringValue } from '../args.js';
import { callApi, connect } from '../api.js';
import { asRecord } from '../format/text.js';
import { encodeMultipart, type FormPart } from '../multipart.js';
import { EXIT, failed, isFailure, usageError } from '../outcome.js';
import { reportWait, waitForUpdate } from '../update-wait.js';
import { watchEvents } from '../watch.js';
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
  --wait            wait for the outcome and print it (done, inbox or failed), with
                    each step of the agent as it happens (on stderr)
  --timeout S       give up waiting after S seconds (default 600)

Exit: 0 accepted (with --wait: done or inbox), 1 failed, 5 gave up waiting (--timeout or
Ctrl-C): the update goes on; ./knower show ID says how it ended.
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
    const { client, target } = connection;
    // Opened before the update is sent: nothing it does can happen before the watch sees it.
    const watch = flag(args, 'wait') ? await watchEvents(target.url, ctx.settings.token) : undefined;
    try {
      const sent = await callApi(ctx, client, 'POST', '/update', images.length ? multipart(text, inboxRef, images) : jsonBody(text, inboxRef));
      if (isFailure(sent)) return sent;
      const id = asRecord(sent.json).id;
      if (typeof id !== 'string' || !id) return failed('the service accepted the update but sent no id');
      ctx.out.say(id);
      if (!flag(args, 'wait')) return EXIT.ok;
      return reportWait(ctx, id, await waitForUpdate(ctx, client, watch, id, Number(timeout)), Number(timeout));
    } finally {
      watch?.close();
    }
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
