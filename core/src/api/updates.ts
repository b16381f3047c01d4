import { z } from 'zod';
import { attachmentSchema, captureOutcomeSchema, captureUrl } from './attachments.js';
import { recordId } from './fields.js';

/** POST /update as JSON (multipart carries the same fields, and files). Text, a link, or both. */
export const updateBody = z.strictObject({
  text: z.string({ message: 'must be a string' }).optional(),
  url: captureUrl.optional(),
  inbox_ref: recordId.optional(),
});

export const acceptedSchema = z.object({ status: z.literal('accepted'), id: z.string() });
export const retryAcceptedSchema = acceptedSchema.extend({ retry_of: z.string().nullish() });

export const updateStateSchema = z.enum(['queued', 'running', 'done', 'inbox', 'failed', 'cancelled']);

export const fileChangeSchema = z.object({
  path: z.string(),
  kind: z.enum(['created', 'edited', 'moved', 'deleted']),
  from: z.string().nullish(),
});

/** One tool call of a running update's agent (`update_step`, and the record's `steps`). */
export const updateStepSchema = z.object({
  n: z.number(),
  at: z.string(),
  tool: z.string(),
  path: z.string().nullish(),
  to: z.string().nullish(),
  query: z.string().nullish(),
  ok: z.boolean(),
  error: z.string().nullish(),
});

/** A run waiting out a model fault: `call` retries one request, `attempt` starts the run over. */
export const retryingSchema = z.object({ kind: z.enum(['call', 'attempt']), error: z.string(), until: z.string(), retry: z.number(), of: z.number() });

export const updateStatusSchema = z.object({
  id: z.string(),
  status: updateStateSchema,
  text: z.string().nullish(),
  /** The link the update asked to capture. */
  url: z.string().nullish(),
  /** A transcription run: the audio in the vault, the note waiting for its text, the update that filed it. */
  transcribe: z.object({ audio: z.string(), note: z.string().nullish(), of: z.string().nullish() }).nullish(),
  inbox_ref: z.string().nullish(),
  created: z.string(),
  /** When its run began (a queued update waits first): its duration counts from here. */
  started: z.string().nullish(),
  finished: z.string().nullish(),
  files: z.array(z.string()).nullish(),
  /** What a folder delete or move of the run left where it was, because it appeared or changed while it ran. */
  kept: z.array(z.string()).nullish(),
  changes: z.array(fileChangeSchema).nullish(),
  inbox_id: z.string().nullish(),
  /** 'bucket': the model changed nothing and asked nothing, so the text was filed into bucket/ as received. */
  fallback: z.enum(['bucket']).nullish(),
  summary: z.string().nullish(),
  error: z.string().nullish(),
  attachments: z.array(attachmentSchema).nullish(),
  /** What became of the link and each file: where it is kept, its text, or why it could not be read. */
  captures: z.array(captureOutcomeSchema).nullish(),
  attempts: z.number().nullish(),
  steps: z.array(updateStepSchema).nullish(),
  step_count: z.number().nullish(),
  retry_of: z.string().nullish(),
  retried_by: z.string().nullish(),
  retrying: retryingSchema.nullish(),
});
export const updateListSchema = z.object({ updates: z.array(updateStatusSchema) });
export const updateStepEventSchema = z.object({ id: z.string(), step: updateStepSchema });

export type UpdateState = z.infer<typeof updateStateSchema>;
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
export type FileChange = z.infer<typeof fileChangeSchema>;
export type UpdateStep = z.infer<typeof updateStepSchema>;
export type UpdateStepEvent = z.infer<typeof updateStepEventSchema>;
export type Retrying = z.infer<typeof retryingSchema>;
