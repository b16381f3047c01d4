import path from 'node:path';
import type { Article } from '../capture/index.js';
import { timestamp } from '../vault/index.js';
import type { SavedFile } from './attachments.js';
import { slugify } from './slug.js';
import { createBucketNote } from './offline/bucket-note.js';
import { markChanged, type Session } from './session.js';
import type { UpdateInput } from './types.js';

/** A YAML value from any text: JSON's quoting is YAML's double-quoted style, escapes included. */
const quoted = (text: string) => JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 500));

const quoteLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd());

/** The first line of a waiting voice note's callout: the transcription run finds it by this. */
export const awaitingLine = (audioName: string) => `> [!info] Awaiting transcription of ${audioName}`;

/** The callout a voice note holds until a transcriber is set up. */
export function awaitingCallout(audioName: string): string[] {
  return [awaitingLine(audioName), '> No transcriber is set up (`KNOWER_TRANSCRIBE_URL`). Once one is, `knower transcribe` (or *Transcribe* in the app) puts the transcript here.'];
}

/** `![[file]]` for a file beside the note: Obsidian and the app show it (a player for audio, the PDF, the image). */
export const embed = (rel: string) => `![[${path.basename(rel)}]]`;

/**
 * A clipped page as a note in bucket/: what the page says of itself in the frontmatter (title,
 * author, site, date, the link), the person's words on top, then the article. `sections` are
 * added below (offline: the update's files). A re-run of the same update reuses its note.
 */
export async function writeClipNote(session: Session, article: Article, url: string, input: UpdateInput, sections: string[]): Promise<string> {
  const title = article.title?.trim() || new URL(url).hostname;
  const fields: Record<string, string> = { title: quoted(title) };
  if (article.author) fields.author = quoted(article.author);
  if (article.site) fields.site = quoted(article.site);
  if (article.published) fields.published = quoted(article.published);
  fields.source = quoted(url);
  fields.clipped = timestamp(new Date(input.receivedAt));
  const body = [`# ${title}`, '', ...(input.text.trim() ? [...quoteLines(input.text), ''] : []), article.markdown.trim(), ...sections, ''].join('\n');
  const rel = await createBucketNote(session, `${input.receivedAt.slice(0, 10)}-${slugify(title)}`, body, fields, input.id);
  session.created.add(rel);
  markChanged(session, rel);
  return rel;
}

/**
 * The note beside a voice note or any audio: its transcript, or a callout saying it waits for a
 * transcriber. Named like the audio, so the two sit together in bucket/ and move together.
 */
export async function writeTranscriptNote(session: Session, input: UpdateInput, audio: SavedFile, transcript: string | undefined): Promise<string> {
  const name = path.basename(audio.rel);
  const title = `Voice note ${input.receivedAt.slice(0, 10)}`;
  const body = [`# ${title}`, '', embed(audio.rel), '', ...(transcript === undefined ? awaitingCallout(name) : [transcript.trim()]), ''].join('\n');
  const fields = { title: quoted(title), audio: quoted(name), transcript: transcript === undefined ? 'pending' : 'done' };
  const rel = await createBucketNote(session, path.basename(audio.rel, path.extname(audio.rel)), body, fields, input.id);
  session.created.add(rel);
  markChanged(session, rel);
  return rel;
}
