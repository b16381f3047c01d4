import path from 'node:path';
import { fileLinks } from '../attachments.js';
import { awaitingCallout, embed } from '../capture-notes.js';
import type { CapturedItem } from '../capture-step.js';

const FENCE_LANG: Record<string, string> = { 'text/markdown': 'markdown', 'text/csv': 'csv', 'application/json': 'json', 'text/html': 'html', 'text/plain': '' };

/** A fence longer than any backtick run in the text, so the text cannot close it. */
function fenced(text: string, lang: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${lang}`, text.replace(/\s+$/, ''), fence];
}

/** A PDF's pages under page headings (one page: its text alone), so a hit says where it is. */
function pdfText(pages: string[]): string[] {
  const read = pages.map((p) => p.trim());
  if (read.length === 1) return [read[0] ?? ''];
  return read.flatMap((page, i) => (page ? [`### Page ${i + 1}`, '', page, ''] : []));
}

/**
 * What the offline runner writes of one captured thing in the update's note: a link to the
 * original kept beside the note, and its text (a PDF's, a transcript, a text file) or why it has
 * none. Nothing is interpreted: the text is as extracted.
 */
export function captureSection(item: CapturedItem): string[] {
  const { outcome, file } = item;
  if (!file) return ['', `Link: <${outcome.source}>`, '', `_Could not capture the page: ${outcome.problem ?? 'unknown reason'}._`];
  const name = path.basename(file.rel);
  const problem = outcome.problem ? ['', `_${outcome.problem[0]?.toUpperCase()}${outcome.problem.slice(1)}._`] : [];
  const from = outcome.source !== file.name ? ['', `From <${outcome.source}>`] : [];
  switch (file.kind) {
    case 'image':
      return ['', ...fileLinks([name]), ...from, ...problem];
    case 'pdf':
      return ['', `## ${outcome.title || file.name}`, '', embed(file.rel), ...from, ...problem, ...(item.pages?.some((p) => p.trim()) ? ['', ...pdfText(item.pages)] : [])];
    case 'audio':
      return ['', `## Voice note (${file.name})`, '', embed(file.rel), ...from, ...problem, '', ...(item.text !== undefined ? [item.text.trim()] : awaitingCallout(name))];
    case 'text':
      return ['', `## ${file.name}`, '', ...fileLinks([name]), ...from, '', ...fenced(item.text ?? '', FENCE_LANG[file.mediaType] ?? '')];
    default:
      return ['', ...fileLinks([name]), ...from, ...problem];
  }
}
