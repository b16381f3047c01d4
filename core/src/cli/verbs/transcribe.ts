import { flag } from '../args.js';
import { callApi, connect } from '../api.js';
import { asRecord } from '../format/text.js';
import { EXIT, failed, isFailure } from '../outcome.js';
import type { Verb } from './verb.js';

export const transcribe: Verb = {
  name: 'transcribe',
  help: `Usage: knower transcribe [PATH…] [--list]

Transcribes audio that waits for a transcriber (POST /transcribe): every voice note or audio
file an update kept while no transcriber was set up, or the audio files of the vault you name
(PATH relative to the vault). Each becomes an update of its own: its transcript goes into the
note that waits for it, then the agent files what it says. Prints the ids. Needs
KNOWER_TRANSCRIBE_URL (an OpenAI-compatible endpoint, e.g. whisper.cpp's server).
  --list    only list what waits (GET /transcribe)

Exit: 0 queued (or listed), 1 refused (no transcriber set up, nothing waiting, a path that is
not audio in the vault).
`,
  options: { list: { type: 'boolean' } },
  takesWords: true,
  async run(args, ctx) {
    const connection = connect(ctx);
    if (isFailure(connection)) return connection;
    const { client } = connection;
    if (flag(args, 'list')) {
      const status = await callApi(ctx, client, 'GET', '/transcribe', { timeoutS: 30 });
      if (isFailure(status)) return status;
      const body = asRecord(status.json);
      const waiting = Array.isArray(body.waiting) ? body.waiting.map(asRecord) : [];
      ctx.out.say(body.configured ? 'A transcriber is set up.' : 'No transcriber is set up (KNOWER_TRANSCRIBE_URL).');
      if (waiting.length === 0) ctx.out.say('No audio waits for a transcriber.');
      for (const w of waiting) ctx.out.say(`  ${String(w.audio)}${w.present ? '' : ' (no longer there)'}${w.note ? `  note ${String(w.note)}` : ''}`);
      return EXIT.ok;
    }
    const body = JSON.stringify(args.positionals.length ? { paths: args.positionals } : {});
    const sent = await callApi(ctx, client, 'POST', '/transcribe', { timeoutS: 60, headers: { 'content-type': 'application/json' }, body });
    if (isFailure(sent)) return sent;
    const result = asRecord(sent.json);
    const queued = Array.isArray(result.queued) ? result.queued.map(asRecord) : [];
    const skipped = Array.isArray(result.skipped) ? result.skipped.map(asRecord) : [];
    for (const q of queued) ctx.out.say(`${String(q.id)}  ${String(q.audio)}`);
    for (const s of skipped) ctx.out.warn(`skipped ${String(s.audio)}: ${String(s.reason)}`);
    if (queued.length === 0) return failed('nothing was queued');
    return EXIT.ok;
  },
};
