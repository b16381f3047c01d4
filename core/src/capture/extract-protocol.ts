import type { Article, Extraction, PdfText } from './types.js';

/** What one PDF may cost: pages read, characters kept. Time and memory are the thread's owner's. */
export interface PdfLimits {
  pages: number;
  chars: number;
}

export type ExtractRequest = { id: number; op: 'article'; bytes: ArrayBuffer; url: string; contentType: string } | { id: number; op: 'pdf'; bytes: ArrayBuffer; limits: PdfLimits };

export type ExtractReply = { id: number } & (Extraction<Article> | Extraction<PdfText>);
