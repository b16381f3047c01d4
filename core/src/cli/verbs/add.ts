import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { flag, listValue, stringValue } from '../args.js';
import { formatMegabytes, UPDATE_LIMITS } from '../../api/index.js';
import { callApi, connect } from '../api.js';
import { asRecord } from '../format/text.js';
import { encodeMultipart, type FormPart } from '../multipart.js';
import { EXIT, failed, isFailure, usageError } from '../outcome.js';
import { reportWait, waitForUpdate } from '../update-wait.js';
import { watchEvents } from '../watch.js';
import type { Verb } from './verb.js';

export const add: Verb = {
  name: 'add',
  help: `Usage: knower add ["text"] [--url URL] [--file FILE]… [--inbox-ref ID] [--wait [--timeout S]]
       knower add - …            (read the text from standard input)

Sends an update (POST /update); the update agent files it into the vault. Prints the
update's id. Files travel with it and are kept in the vault: images are shown to the
model, PDFs and text files read, audio transcribed (when a transcriber is set up), any
other file kept and linked. A link is fetched by the service and kept as a clipped note
(or as the PDF, image or audio it leads to); the text says why it was saved.
  --url URL         a web page (or a PDF, image, audio file online) to keep
  --file FILE       attach a file (repeatable; --image is the same)
  --inbox-ref ID    answer the inbox item ID with this text
  --wait            wait for the outcome and print it (done, inbox or failed), with
                    each step of the agent as it happens (on stderr)
  --timeout S       give up waiting after S seconds (default 600)

Exit: 0 accepted (with --wait: done or inbox), 1 failed, 5 gave up waiting (--timeout or
Ctrl-C): the update goes on; ./knower show ID says how it ended.
`,
  options: {
    url: { type: 'string' },
    file: { type: 'string', multiple: true },
    image: { type: 'string', multiple: true },
    'inbox-ref': { type: 'string' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  takesWords: true,
  async run(args, ctx) {
    const timeout = stringValue(args, 'timeout') ?? '600';
    if (!/^\d+$/.test(timeout)) return usageError(`--timeout needs a whole number of seconds (got '${timeout}')`);
    if (args.dash && args.positionals.length) return usageError("give the text either as an argument or as '-' (stdin), not both");
    const text = args.dash ? readFileSync(0, 'utf8') : args.positionals.join(' ');
    const files = [...listValue(args, 'file'), ...listValue(args, 'image')];
    const url = stringValue(args, 'url') ?? '';
    if (!/\S/.test(text) && files.length === 0 && !url) return usageError('nothing to send (knower add "text", --url URL or --file FILE)');
    if (url && !/^https?:\/\/\S+$/i.test(url)) return usageError(`--url needs an http:// or https:// link (got '${url}')`);
    if (files.length > UPDATE_LIMITS.attachments) return usageError(`at most ${UPDATE_LIMITS.attachments} files per update (got ${files.length})`);
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) return usageError(problem);
    }
    const inboxRef = stringValue(args, 'inbox-ref') ?? '';

    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const { client, target } = connection;
    // Opened before the update is sent: nothing it does can happen before the watch sees it.
    const watch = flag(args, 'wait') ? await watchEvents(target.url, ctx.settings.token) : undefined;
    try {
      const sent = await callApi(ctx, client, 'POST', '/update', files.length ? multipart(text, url, inboxRef, files) : jsonBody(text, url, inboxRef));
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

/** Why a file cannot be sent, before anything is: unreadable, not a file, over the largest limit. */
function fileProblem(file: string): string | undefined {
  try {
    accessSync(file, constants.R_OK);
    const stats = statSync(file);
    if (!stats.isFile()) return `'${file}' is not a regular file`;
    if (stats.size > UPDATE_LIMITS.attachmentBytes) return `'${file}' has ${Math.ceil(stats.size / (1024 * 1024))} MB; no file may be larger than ${formatMegabytes(UPDATE_LIMITS.attachmentBytes)}`;
    return undefined;
  } catch {
    return `no readable file at '${file}'`;
  }
}

function jsonBody(text: string, url: string, inboxRef: string) {
  const body: Record<string, string> = { text };
  if (url) body.url = url;
  if (inboxRef) body.inbox_ref = inboxRef;
  return { timeoutS: 60, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The service tells each file's kind from its bytes: the type sent is only a hint. */
function multipart(text: string, url: string, inboxRef: string, files: string[]) {
  const parts: FormPart[] = [{ name: 'text', value: text }];
  if (url) parts.push({ name: 'url', value: url });
  if (inboxRef) parts.push({ name: 'inbox_ref', value: inboxRef });
  for (const file of files) parts.push({ name: 'files', filename: path.basename(file), type: '', data: readFileSync(file) });
  const { contentType, body } = encodeMultipart(parts);
  // A large upload on a slow link: a minute for the request, plus a second per megabyte.
  const megabytes = parts.reduce((sum, p) => sum + ('data' in p ? p.data.length : 0), 0) / (1024 * 1024);
  return { timeoutS: 120 + Math.ceil(megabytes), headers: { 'content-type': contentType }, body };
}
