import { z } from 'zod';
import { vaultPath } from './fields.js';
import { UPDATE_LIMITS } from './attachments.js';

/** What one forget may name. */
export const FORGET_LIMITS = {
  /** Shorter would match everywhere (a word, a year): refused, with this named. */
  minTextChars: 4,
  textChars: UPDATE_LIMITS.textChars,
  paths: 100,
} as const;

/**
 * POST /forget: a text (every occurrence, in the vault, its history and Knower's records) or
 * files of the vault (from the vault and every commit). A dry run unless `dry_run` is false.
 */
export const forgetBody = z
  .strictObject({
    text: z
      .string({ message: 'must be a string' })
      .max(FORGET_LIMITS.textChars, `is longer than ${FORGET_LIMITS.textChars} characters`)
      .refine((text) => text.trim().length >= FORGET_LIMITS.minTextChars, `must hold at least ${FORGET_LIMITS.minTextChars} characters (a shorter text would match everywhere)`)
      .optional(),
    paths: z.array(vaultPath.min(1, 'is empty')).min(1, 'is empty').max(FORGET_LIMITS.paths, `names more than ${FORGET_LIMITS.paths} paths`).optional(),
    dry_run: z.boolean().default(true),
  })
  .refine((body) => (body.text === undefined) !== (body.paths === undefined), { message: 'takes either text or paths (one of them)', path: ['text'] });

export type ForgetBody = z.infer<typeof forgetBody>;

/** The backup a forget keeps until the person confirms (or puts it back). */
export const forgetBackupSchema = z.object({
  /** When the first forget since the last confirm was made (null: not known, its record is gone). */
  at: z.string().nullable(),
  /** How many forgets it covers (each one after the first keeps the same backup). */
  forgets: z.number(),
  /** Files and records kept in it, besides the old history. */
  files: z.number(),
});

/** GET /forget: whether a backup waits for the person's confirmation. */
export const forgetStatusSchema = z.object({ backup: forgetBackupSchema.nullable() });

/**
 * What a forget changes (dry run) or changed. Never the text itself: the report is shown,
 * logged and kept in places the text must not reach.
 */
export const forgetReportSchema = z.object({
  status: z.enum(['dry_run', 'forgotten', 'nothing']),
  vault: z.object({
    /** Notes (and other text files) the text is taken out of. */
    changed: z.array(z.string()),
    /** Files renamed because the text was in their path, by their new names (links to them follow). */
    renamed: z.array(z.string()),
    /** Files deleted. */
    deleted: z.array(z.string()),
    /** Files that kept changing while they were being rewritten: left as they are. */
    busy: z.array(z.string()),
  }),
  history: z.object({
    /** Commits whose files or message change (later ones get new ids too). */
    commits: z.number(),
    /** Versions of files (distinct contents) rewritten or dropped. */
    versions: z.number(),
    /** Commit messages rewritten. */
    messages: z.number(),
  }),
  records: z.object({
    updates: z.array(z.string()),
    questions: z.array(z.string()),
    /** Other files of Knower's state: its own versions of root notes, attachments kept with updates. */
    files: z.array(z.string()),
  }),
  /** The forget's own commit (null for a dry run, or when the history is unavailable). */
  commit: z.string().nullable(),
  /** Whether a backup waits now (confirm or restore it). */
  backup: z.boolean(),
  /** What could not be done, in words (the search index not purged, say). */
  notes: z.array(z.string()),
});

export type ForgetReport = z.infer<typeof forgetReportSchema>;
export type ForgetStatus = z.infer<typeof forgetStatusSchema>;
export type ForgetBackup = z.infer<typeof forgetBackupSchema>;

/** POST /forget/confirm: the backup is dropped and git forgets the old objects. */
export const forgetConfirmSchema = z.object({ status: z.literal('confirmed'), message: z.string() });

/** POST /forget/restore: the backup is put back. */
export const forgetRestoreSchema = z.object({
  status: z.literal('restored'),
  /** Files left as they are because they changed after the forget. */
  kept: z.array(z.string()),
  message: z.string(),
});

export type ForgetConfirm = z.infer<typeof forgetConfirmSchema>;
export type ForgetRestore = z.infer<typeof forgetRestoreSchema>;
