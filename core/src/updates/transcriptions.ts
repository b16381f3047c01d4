import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { TranscribeQueued, WaitingAudio } from '../api/index.js';
import { sniffAttachment, type Transcriber } from '../capture/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { UpdateRecord } from '../records/index.js';
import { readVaultBytes, resolveVaultPath } from '../vault/index.js';
import type { Updates } from './submit-update.js';

export type TranscribeOutcome = { ok: true; result: TranscribeQueued } | { ok: false; error: 'no_transcriber' | 'nothing_to_transcribe'; message: string };

/** A transcription run that is filing, or filed, this audio of this update. */
const transcribes = (run: UpdateRecord, record: UpdateRecord, audio: string) =>
  run.transcribe?.of === record.id && run.transcribe.audio === audio && run.status !== 'failed' && run.status !== 'cancelled';

/**
 * Audio that waits for a transcriber, and transcribing it once one is set up: each audio becomes
 * an update of its own through the one door (queued, journaled, undoable like any other), whose
 * run puts the transcript into the note that waits for it. What waits comes from the update
 * records: the audio each update filed without a transcript, less what a later run transcribed.
 */
export function createTranscriptions(deps: { root: string; queue: Pick<UpdateQueue, 'recent'>; updates: Pick<Updates, 'submit'>; transcriber: Pick<Transcriber, 'configured'> }) {
  async function waiting(): Promise<WaitingAudio[]> {
    const records = deps.queue.recent(Number.MAX_SAFE_INTEGER);
    const found: WaitingAudio[] = [];
    for (const record of records) {
      for (const capture of record.captures ?? []) {
        if (capture.awaiting !== 'transcriber' || !capture.path) continue;
        const audio = capture.path;
        if (records.some((run) => transcribes(run, record, audio))) continue;
        const present = await stat(path.join(deps.root, audio)).then(
          (s) => s.isFile(),
          () => false,
        );
        found.push({ audio, ...(capture.note ? { note: capture.note } : {}), of: record.id, present });
      }
    }
    return found;
  }

  /** Why a path given by hand cannot be transcribed, or undefined. */
  async function problemOf(rel: string): Promise<string | undefined> {
    const resolved = await resolveVaultPath(deps.root, rel);
    if (!resolved.ok) return resolved.message;
    const bytes = await readVaultBytes(deps.root, resolved.rel);
    if (!bytes) return 'no such file in the vault';
    if (sniffAttachment(bytes.subarray(0, 64 * 1024), rel, false).kind !== 'audio') return 'not an audio file (mp3, m4a, ogg, opus, webm, wav or flac)';
    return undefined;
  }

  async function transcribe(paths?: string[]): Promise<TranscribeOutcome> {
    if (!deps.transcriber.configured) {
      return { ok: false, error: 'no_transcriber', message: 'no transcriber is set up: set KNOWER_TRANSCRIBE_URL (an OpenAI-compatible endpoint such as whisper.cpp’s server) and restart' };
    }
    const all = await waiting();
    const queued: TranscribeQueued['queued'] = [];
    const skipped: TranscribeQueued['skipped'] = [];
    const targets: Array<{ audio: string; note?: string; of?: string }> = [];
    if (paths?.length) {
      for (const rel of paths) {
        const problem = await problemOf(rel);
        if (problem) skipped.push({ audio: rel, reason: problem });
        else {
          const known = all.find((w) => w.audio === rel && w.present);
          targets.push({ audio: rel, ...(known?.note ? { note: known.note } : {}), ...(known?.of ? { of: known.of } : {}) });
        }
      }
    } else {
      for (const w of all) {
        if (w.present) targets.push({ audio: w.audio, ...(w.note ? { note: w.note } : {}), ...(w.of ? { of: w.of } : {}) });
        else skipped.push({ audio: w.audio, reason: 'no longer at this path (moved or deleted): transcribe it by its new path' });
      }
    }
    if (targets.length === 0 && skipped.length === 0) return { ok: false, error: 'nothing_to_transcribe', message: 'no audio is waiting for a transcriber' };
    for (const target of targets) {
      const outcome = await deps.updates.submit({ text: '', attachments: [], transcribe: target });
      if (outcome.ok) queued.push({ id: outcome.record.id, audio: target.audio });
      else skipped.push({ audio: target.audio, reason: outcome.message });
    }
    return { ok: true, result: { queued, skipped } };
  }

  return {
    status: async () => ({ configured: deps.transcriber.configured, waiting: await waiting() }),
    transcribe,
  };
}

export type Transcriptions = ReturnType<typeof createTranscriptions>;
