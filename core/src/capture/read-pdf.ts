import { getDocumentProxy } from 'unpdf';
import type { PdfLimits } from './extract-protocol.js';
import type { Extraction, PdfText } from './types.js';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

/** A page's text items as lines: PDF.js marks where a line ends. */
function pageText(items: readonly TextItem[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item.str === 'string') text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A PDF's text, page by page, within `limits`: the first pages only of a long one, and no more
 * characters than the budget (`truncated` says so). PDF.js runs none of the PDF's scripts, and
 * no font or file is fetched. An encrypted PDF is told apart from a broken one.
 */
export async function readPdf(data: Uint8Array, limits: PdfLimits): Promise<Extraction<PdfText>> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(data, { disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') return { ok: false, code: 'encrypted', message: 'the PDF is protected by a password' };
    return { ok: false, code: 'unreadable', message: `not a readable PDF (${(err as Error).message?.slice(0, 200) ?? name})` };
  }
  try {
    const totalPages = pdf.numPages;
    const pages: string[] = [];
    let chars = 0;
    let truncated = totalPages > limits.pages;
    for (let n = 1; n <= Math.min(totalPages, limits.pages); n++) {
      const page = await pdf.getPage(n);
      const text = pageText((await page.getTextContent()).items as TextItem[]);
      page.cleanup();
      if (chars + text.length > limits.chars) {
        pages.push(text.slice(0, Math.max(0, limits.chars - chars)));
        truncated = true;
        break;
      }
      chars += text.length;
      pages.push(text);
    }
    const info = (await pdf.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim().slice(0, 300) : undefined;
    return { ok: true, value: { pages, totalPages, truncated, ...(title ? { title } : {}) } };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
