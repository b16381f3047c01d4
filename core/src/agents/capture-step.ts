import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaptureOutcome } from '../api/index.js';
import { isUtf8Text, sniffAttachment, type Article, type Capture, type FetchedLink } from '../capture/index.js';
import { saveToBucket, type FileToSave, type SavedFile } from './attachments.js';
import { markChanged, markSeen, type Session } from './session.js';
import type { UpdateInput } from './types.js';
import { writeClipNote, writeTranscriptNote } from './capture-notes.js';

/** One thing the update carried, as the runner took it in. */
export interface CapturedItem {
  outcome: CaptureOutcome;
  /** The original, saved in the vault. */
  file?: SavedFile;
  /** Its text: the extracted PDF, the transcript, the text file (bounded by the extractor). */
  text?: string;
  /** A PDF's text page by page. */
  pages?: string[];
  /** A clipped page: the article and the note holding it. */
  clip?: { article: Article; url: string; note?: string };
  /** The note the runner wrote for it (a clip, a transcript, a voice note awaiting its transcriber). */
  note?: string;
}

export interface Captured {
  items: CapturedItem[];
  /** Originals the runner saved into the vault. */
  saved: SavedFile[];
  /** Notes the runner wrote (clips, transcripts, voice notes waiting). */
  notes: string[];
}

const isHtml = (link: FetchedLink) =>
  /^(text\/html|application\/xhtml\+xml)\b/i.test(link.contentType) || (!link.contentType && /^\s*(<!doctype html|<html)/i.test(link.bytes.subarray(0, 512).toString('latin1')));

/**
 * Takes in what the update carried before any model runs: the link is fetched (its page read as
 * an article, or the file it leads to kept like a sent one), every file is saved into bucket/,
 * and its text is read where it has one (PDF text, a transcript, a text file). Nothing here may
 * lose the update: a link that cannot be fetched, a PDF that cannot be read or a transcriber that
 * fails leaves an outcome saying why, and the rest is filed.
 *
 * `writeNotes`: the runner writes a clip note for a page and a note beside each audio file (its
 * transcript, or that it waits for one). Offline, the update's own note holds all of it instead,
 * and the files are named after it (`prefix`).
 */
export async function captureInput(session: Session, input: UpdateInput, capture: Capture, opts: { writeNotes: boolean; prefix?: string }): Promise<Captured> {
  const items: CapturedItem[] = [];
  const files: Array<FileToSave & { source: string }> = [];
  for (const a of input.attachments) {
    files.push({ name: a.name, kind: a.kind, mediaType: a.mediaType, bytes: await readFile(a.path), source: a.name });
  }
  if (input.url) {
    const page = await captureLink(input.url, capture, input.signal);
    if ('file' in page) files.unshift({ ...page.file, source: input.url });
    else items.push(page.item);
  }
  const saved = await saveToBucket(session, files, opts.prefix ? { prefix: opts.prefix } : { updateId: input.id, receivedAt: input.receivedAt });
  for (const file of saved) {
    markSeen(session, file.rel, file.bytes);
    session.created.add(file.rel);
    markChanged(session, file.rel);
  }
  for (const [i, file] of saved.entries()) items.push(await readSaved(file, files[i]?.source ?? file.name, capture, input.signal));

  const notes: string[] = [];
  if (opts.writeNotes) {
    for (const item of items) {
      if (item.clip && !item.outcome.problem) {
        item.note = item.clip.note = await writeClipNote(session, item.clip.article, item.clip.url, input, []);
        item.outcome.path = item.note;
      } else if (item.file?.kind === 'audio') {
        item.note = await writeTranscriptNote(session, input, item.file, item.text);
      }
      if (item.note) {
        item.outcome.note = item.note;
        notes.push(item.note);
        // The agent may move or amend the note it is told about without reading it first.
        markSeen(session, item.note, await readFile(path.join(session.root, item.note)));
      }
    }
  }
  return { items, saved, notes };
}

/** The link's page as an article, or the file it leads to; a link that cannot be read says why. */
async function captureLink(url: string, capture: Capture, signal?: AbortSignal): Promise<{ item: CapturedItem } | { file: FileToSave }> {
  const fetched = await capture.links.fetch(url, signal);
  if (!fetched.ok) return { item: { outcome: { source: url, kind: 'page', problem: fetched.message } } };
  const link = fetched.link;
  if (!isHtml(link)) {
    const sniffed = sniffAttachment(link.bytes.subarray(0, 64 * 1024), link.name, isUtf8Text(link.bytes));
    return { file: { name: link.name, kind: sniffed.kind, mediaType: sniffed.mediaType, bytes: link.bytes } };
  }
  const article = await capture.extract.article(link.bytes, link.url, link.contentType);
  if (!article.ok) return { item: { outcome: { source: url, kind: 'page', problem: `the page was fetched but could not be read: ${article.message}` } } };
  const outcome: CaptureOutcome = { source: url, kind: 'page', chars: article.value.markdown.length, ...(article.value.title ? { title: article.value.title } : {}) };
  return { item: { outcome, clip: { article: article.value, url: link.url } } };
}

/** A saved file's text, by its kind: a PDF's pages, a transcript, a text file as it is. */
async function readSaved(file: SavedFile, source: string, capture: Capture, signal?: AbortSignal): Promise<CapturedItem> {
  const outcome: CaptureOutcome = { source, kind: file.kind, path: file.rel };
  switch (file.kind) {
    case 'pdf': {
      const pdf = await capture.extract.pdf(file.bytes);
      if (!pdf.ok) return { file, outcome: { ...outcome, problem: pdfProblem(pdf.code, pdf.message) } };
      const { pages, totalPages, truncated, title } = pdf.value;
      const text = pages.join('\n\n');
      const noText = text.trim() === '';
      return {
        file,
        text,
        pages,
        outcome: {
          ...outcome,
          pages: totalPages,
          chars: text.length,
          ...(truncated ? { truncated } : {}),
          ...(title ? { title } : {}),
          ...(noText ? { problem: 'the PDF has no text layer (a scan?): it is kept, but its words cannot be searched' } : {}),
        },
      };
    }
    case 'audio': {
      if (!capture.transcriber.configured) return { file, outcome: { ...outcome, awaiting: 'transcriber' } };
      const heard = await capture.transcriber.transcribe({ bytes: file.bytes, name: path.basename(file.rel), mediaType: file.mediaType }, signal);
      if (!heard.ok) return { file, outcome: { ...outcome, awaiting: 'transcriber', problem: `transcription failed: ${heard.message}` } };
      return { file, text: heard.text, outcome: { ...outcome, chars: heard.text.length } };
    }
    case 'text': {
      const text = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
      return { file, text, outcome: { ...outcome, chars: text.length } };
    }
    default:
      return { file, outcome };
  }
}

function pdfProblem(code: string, message: string): string {
  if (code === 'encrypted') return 'the PDF is encrypted (password-protected): it is kept, but its text cannot be read';
  return `the PDF's text could not be read (${message}): it is kept as it is`;
}
