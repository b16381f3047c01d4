// Taking in what a person meets: links fetched and read, PDFs and pages turned into text, audio
// transcribed, and what any sent file is. Knows no vault: the update runner files what this reads.
export { isUtf8Text, overLimit, sniffAttachment } from './sniff.js';
export { createCapture, USER_AGENT } from './create-capture.js';
export { createLinkFetcher } from './link-fetcher.js';
export { createExtractor, EXTRACT_LIMITS } from './extractor.js';
export { createTranscriber, transcriptionEndpoint } from './transcriber.js';
export { isPublicAddress } from './address-policy.js';
export type { Article, Capture, Extraction, Extractor, FetchedLink, PdfText, Transcriber } from './types.js';
