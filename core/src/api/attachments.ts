import { z } from 'zod';

/**
 * What an update may carry besides its text, in one table: the API, the durable update record,
 * the agents, the CLI, MCP, the share target and the web app all read it here. A file's kind
 * comes from its bytes (the service sniffs them), never from its name or declared type.
 *
 * - image: shown to the model as an image block, saved in the vault.
 * - pdf: its text extracted (bounded, off the event loop); the original saved in the vault.
 * - audio: transcribed by the configured transcriber; the original saved in the vault.
 * - text: read as text (UTF-8); the original saved in the vault.
 * - file: anything else (a zip, a spreadsheet): saved in the vault and linked, not read.
 */
export const ATTACHMENT_KINDS = {
  image: {
    label: 'image',
    maxBytes: 10 * 1024 * 1024,
    types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' },
  },
  pdf: {
    label: 'PDF',
    maxBytes: 50 * 1024 * 1024,
    types: { 'application/pdf': 'pdf' },
  },
  audio: {
    label: 'audio file',
    // An hour of speech is 30–60 MB in the formats phones record.
    maxBytes: 100 * 1024 * 1024,
    types: { 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg', 'audio/webm': 'webm', 'audio/wav': 'wav', 'audio/flac': 'flac' },
  },
  text: {
    label: 'text file',
    maxBytes: 10 * 1024 * 1024,
    types: { 'text/plain': 'txt', 'text/markdown': 'md', 'text/csv': 'csv', 'application/json': 'json', 'text/html': 'html' },
  },
  file: {
    label: 'file',
    maxBytes: 50 * 1024 * 1024,
    types: { 'application/octet-stream': '' },
  },
} as const;

export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;
export const attachmentKinds = Object.keys(ATTACHMENT_KINDS) as AttachmentKind[];

/** What one update may carry, whatever door it comes through. */
export const UPDATE_LIMITS = {
  textChars: 100_000,
  /** Files of one update, every kind counted. */
  attachments: 8,
  /** The largest file of any kind: the upload is cut there before its kind is known. */
  attachmentBytes: Math.max(...attachmentKinds.map((kind) => ATTACHMENT_KINDS[kind].maxBytes)),
  /** A link to capture: a URL longer than this is not a link a person shares. */
  urlChars: 4_096,
} as const;

/** "10 MB" */
export const formatMegabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** One file of an update, as the API lists it. */
export const attachmentSchema = z.object({
  name: z.string(),
  kind: z.enum(attachmentKinds as [AttachmentKind, ...AttachmentKind[]]),
  mediaType: z.string(),
  size: z.number(),
});
export type AttachmentInfo = z.infer<typeof attachmentSchema>;

/** A link to capture: http or https only (a `file:` or `javascript:` URL is refused here, at every door). */
export const captureUrl = z
  .string({ message: 'must be a string' })
  .max(UPDATE_LIMITS.urlChars, `is longer than ${UPDATE_LIMITS.urlChars} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// link')
  .describe('A link to a web page, PDF, image or audio file to capture, e.g. "https://example.com/article".');

/** What became of one thing an update carried (a link, a file): its note, its text, or why not. */
export const captureOutcomeSchema = z.object({
  /** The link, or the file's name as sent. */
  source: z.string(),
  kind: z.enum(['page', ...attachmentKinds]),
  /** Where the original (or the clipped page) is kept in the vault. */
  path: z.string().nullish(),
  /** Characters of text extracted or transcribed. */
  chars: z.number().nullish(),
  /** Pages of a PDF (all of them; `truncated` when only the first were read). */
  pages: z.number().nullish(),
  truncated: z.boolean().nullish(),
  /** Title of a clipped page or a PDF. */
  title: z.string().nullish(),
  /** Set when it could not be captured whole: why, in words. The update still files what it has. */
  problem: z.string().nullish(),
  /** The note holding its text (a clip, a transcript) or saying it waits for a transcriber. */
  note: z.string().nullish(),
  /** Audio waiting for a transcriber. */
  awaiting: z.enum(['transcriber']).nullish(),
  /** The update that transcribed it since. */
  transcribed_by: z.string().nullish(),
});
export type CaptureOutcome = z.infer<typeof captureOutcomeSchema>;

/** Audio an update filed that waits for a transcriber. */
export const waitingAudioSchema = z.object({
  audio: z.string(),
  /** The note holding the "awaiting transcription" callout. */
  note: z.string().nullish(),
  /** The update that filed it. */
  of: z.string().nullish(),
  /** The audio is still at `audio` (moved or deleted: transcribe it by its new path). */
  present: z.boolean(),
});
export const transcribeStatusSchema = z.object({ configured: z.boolean(), waiting: z.array(waitingAudioSchema) });

/** POST /transcribe: every audio waiting, or these vault paths. */
export const transcribeBody = z.strictObject({
  paths: z.array(z.string().max(4_096)).max(100, 'at most 100 paths at once').optional(),
});
export const transcribeQueuedSchema = z.object({
  queued: z.array(z.object({ id: z.string(), audio: z.string() })),
  skipped: z.array(z.object({ audio: z.string(), reason: z.string() })),
});
export type WaitingAudio = z.infer<typeof waitingAudioSchema>;
export type TranscribeQueued = z.infer<typeof transcribeQueuedSchema>;
