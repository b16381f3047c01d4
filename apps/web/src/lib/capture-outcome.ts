import type { CaptureOutcome } from '@knower/api';
import { basename } from './vault-path';

/** The setting that names a transcriber: said where audio waits for one. */
export const TRANSCRIBER_SETTING = 'KNOWER_TRANSCRIBE_URL';

/** One capture outcome as the Activity shows it. */
export type CaptureView = {
  /** The clipped page's title, a PDF's title, else the link or the file's name. */
  name: string;
  /** Figures: "12 pages", "3,400 characters", "transcript, 250 characters". */
  facts: string[];
  /** The original in the vault (the PDF, the audio, the file): opened from the Activity. */
  kept: string | null;
  /** The note holding its text, or waiting for a transcript, when it is not the original itself. */
  note: string | null;
  problem: string | null;
  /** Audio still waiting for a transcriber (not transcribed since). */
  waiting: boolean;
};

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The problem as a sentence: the service writes it lower-case, to follow a colon. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}`;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

export function describeCapture(outcome: CaptureOutcome): CaptureView {
  const facts: string[] = [];
  if (outcome.pages != null) facts.push(`${count(outcome.pages, 'page')}${outcome.truncated ? ' (the first ones read)' : ''}`);
  if (outcome.chars != null) facts.push(outcome.kind === 'audio' ? `transcript, ${count(outcome.chars, 'character')}` : count(outcome.chars, 'character'));
  const fromLink = outcome.kind === 'page' || /^https?:\/\//i.test(outcome.source);
  const name = outcome.title?.trim() || (fromLink ? outcome.source : basename(outcome.source));
  // A clipped page is kept as its note: one place to open, not two.
  const kept = outcome.path ?? null;
  const note = outcome.note && outcome.note !== kept ? outcome.note : null;
  return {
    name,
    facts,
    kept,
    note,
    problem: outcome.problem ? sentence(outcome.problem) : null,
    waiting: outcome.awaiting === 'transcriber' && !outcome.transcribed_by,
  };
}
