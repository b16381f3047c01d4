/** A page or file fetched from a link, within the fetch's bounds. */
export interface FetchedLink {
  /** Where the bytes came from, after redirects. */
  url: string;
  status: number;
  /** The Content-Type the server sent ('' when none); the bytes decide what it is. */
  contentType: string;
  bytes: Buffer;
  /** A file name from Content-Disposition or the URL's last segment, for a file at the link. */
  name: string;
}

export type LinkRefusal =
  /** Not http(s), no host, credentials in the URL. */
  | 'bad_url'
  /** Resolves to a loopback, private, link-local or metadata address, on any hop. */
  | 'private_address'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  /** The server answered with an error status (404, 403 of a paywall, 5xx). */
  | 'http_error'
  /** DNS, connection refused, reset, TLS. */
  | 'network';

export type LinkFetch = { ok: true; link: FetchedLink } | { ok: false; code: LinkRefusal; message: string };

/** Fetches a link for capture: http(s) only, every hop's address checked, bounded in time and size. */
export interface LinkFetcher {
  fetch(url: string, signal?: AbortSignal): Promise<LinkFetch>;
}

/** An article extracted from a page: its text as markdown and what the page says of itself. */
export interface Article {
  title?: string;
  author?: string;
  site?: string;
  /** As the page gives it (ISO-8601 when it does). */
  published?: string;
  description?: string;
  markdown: string;
  words: number;
}

export interface PdfText {
  /** Text of each page read, in order ('' for a page without a text layer). */
  pages: string[];
  /** Pages in the document (more than `pages.length` when only the first were read). */
  totalPages: number;
  /** Only part of it was read: the page, character or time budget ran out. */
  truncated: boolean;
  title?: string;
}

/** `stopped`: the reader's thread died on it (out of memory, or crashed), not merely refused it. */
export type Extraction<T> = { ok: true; value: T } | { ok: false; code: 'encrypted' | 'unreadable' | 'timeout' | 'too_large'; message: string; stopped?: true };

/** Reads text out of what a person sends, off the service's event loop and bounded in time and memory. */
export interface Extractor {
  article(html: Buffer, url: string, contentType: string): Promise<Extraction<Article>>;
  pdf(bytes: Buffer): Promise<Extraction<PdfText>>;
  close(): Promise<void>;
}

export type Transcription = { ok: true; text: string } | { ok: false; code: 'not_configured' | 'timeout' | 'refused' | 'network'; message: string };

/** An OpenAI-compatible transcription endpoint (whisper.cpp's server, faster-whisper-server, a hosted API). */
export interface Transcriber {
  /** Set up (KNOWER_TRANSCRIBE_URL): without one, audio waits until `knower transcribe`. */
  readonly configured: boolean;
  transcribe(audio: { bytes: Buffer; name: string; mediaType: string }, signal?: AbortSignal): Promise<Transcription>;
}

/** What the update runner uses to take in what a person meets. */
export interface Capture {
  links: LinkFetcher;
  extract: Extractor;
  transcriber: Transcriber;
}
