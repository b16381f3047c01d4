import path from 'node:path';
import type { CaptureOutcome } from '../api/index.js';
import { sniffAttachment, type Capture } from '../capture/index.js';
import { readVaultBytes, setFrontmatterFields } from '../vault/index.js';
import { awaitingLine, embed } from './capture-notes.js';
import { markChanged, markSeen, type Session } from './session.js';
import type { TranscribeRequest } from './types.js';

export interface Transcribed {
  /** The note that now holds the transcript. */
  note: string;
  text: string;
  outcome: CaptureOutcome;
}

/** A transcription that cannot happen: the run fails with this sentence, and the audio stays waiting. */
class TranscriptionFailed extends Error {}

/** The waiting callout (its first line and the quoted lines after it) replaced by the transcript. */
function replaceCallout(text: string, audioName: string, transcript: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === awaitingLine(audioName));
  if (start === -1) return undefined;
  let end = start + 1;
  while (end < lines.length && (lines[end] ?? '').startsWith('>')) end++;
  lines.splice(start, end - start, ...transcript.trim().split('\n'));
  return lines.join('\n');
}

/** A free `<stem>.md` beside the audio (then -2, -3…): where a transcript goes when its note is gone. */
async function noteBeside(session: Session, audio: string, body: string): Promise<string> {
  const dir = path.posix.dirname(audio);
  const stem = path.posix.basename(audio, path.posix.extname(audio));
  for (let n = 1; n < 1000; n++) {
    const rel = `${dir === '.' ? '' : `${dir}/`}${n === 1 ? stem : `${stem}-${n}`}.md`;
    if ((await session.writer.write(path.join(session.root, rel), body, { expect: null })).ok) return rel;
  }
  throw new TranscriptionFailed(`no free name beside ${audio} for its transcript`);
}

/**
 * Transcribes audio already in the vault (`knower transcribe`): the transcript replaces the
 * "awaiting transcription" callout of its note (the note keeps everything else the person or the
 * agent wrote); when that note or its callout is gone, a new note beside the audio holds it. Every
 * write goes through the run's writer: journaled, in the history, undoable.
 */
export async function transcribeInVault(session: Session, request: TranscribeRequest, capture: Capture, signal?: AbortSignal): Promise<Transcribed> {
  const bytes = await readVaultBytes(session.root, request.audio);
  if (!bytes) throw new TranscriptionFailed(`${request.audio} is no longer in the vault (moved or deleted): transcribe it at its new place with ./knower transcribe PATH`);
  const name = path.posix.basename(request.audio);
  const sniffed = sniffAttachment(bytes.subarray(0, 64 * 1024), name, false);
  if (sniffed.kind !== 'audio') throw new TranscriptionFailed(`${request.audio} is not an audio file Knower can send to a transcriber`);
  const heard = await capture.transcriber.transcribe({ bytes, name, mediaType: sniffed.mediaType }, signal);
  if (!heard.ok) throw new TranscriptionFailed(`transcription failed: ${heard.message}`);

  let note: string | undefined;
  const current = request.note ? await readVaultBytes(session.root, request.note) : undefined;
  const replaced = current && replaceCallout(current.toString('utf8'), name, heard.text);
  if (request.note && current && replaced) {
    const text = setFrontmatterFields(replaced, { transcript: 'done' });
    const written = await session.writer.write(path.join(session.root, request.note), text, { expect: current.toString('utf8') });
    if (written.ok) {
      note = request.note;
      markSeen(session, note, text);
    }
  }
  if (!note) {
    const title = `Transcript of ${name}`;
    const body = setFrontmatterFields([`# ${title}`, '', embed(request.audio), '', heard.text.trim(), ''].join('\n'), {
      title: JSON.stringify(title),
      audio: JSON.stringify(name),
      transcript: 'done',
    });
    note = await noteBeside(session, request.audio, body);
    session.created.add(note);
    markSeen(session, note, body);
  }
  markChanged(session, note);
  return { note, text: heard.text, outcome: { source: request.audio, kind: 'audio', path: request.audio, note, chars: heard.text.length } };
}
