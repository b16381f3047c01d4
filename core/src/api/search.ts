import { z } from 'zod';
import { DEFAULTS, fromQuery, projectScope, queryText, resultLimit, searchContext, searchMode } from './fields.js';
import { retryingSchema } from './updates.js';

/** GET /vault/search: raw hits. */
export const searchQuery = z.object({
  q: queryText,
  mode: searchMode.default('fast'),
  scope: projectScope.optional(),
  limit: fromQuery(resultLimit).default(DEFAULTS.results),
  // With it, each hit carries `text`: its best passage and this many neighbours on each side.
  context: fromQuery(searchContext).optional(),
});

/** A hit's best passage: its heading path (outermost first) and its lines in the file (1-based, inclusive). */
export const passageSchema = z.object({ headings: z.array(z.string()), from: z.number().int().positive(), to: z.number().int().positive() });
/** What a hit's `text` covers: lines of a note or pages of a PDF, and whether the per-hit bound cut it. */
export const textSpanSchema = z.object({ from: z.number().int().positive(), to: z.number().int().positive(), of: z.enum(['lines', 'pages']), cut: z.boolean() });
/**
 * POST /vault/search: the same fields as a JSON body, for queries a URL cannot carry (2,000
 * Thai or CJK characters are ~18 kB percent-encoded). Unknown fields are refused.
 */
export const searchBody = z.strictObject(searchQuery.shape);

/** POST /search: a question for the search agent. */
export const askBody = z.strictObject({
  query: queryText,
  mode: searchMode.optional(),
  scope: projectScope.optional(),
});

export const searchHitsSchema = z.object({
  results: z.array(
    z.object({
      path: z.string(),
      title: z.string().nullish(),
      score: z.number().nullish(),
      snippet: z.string().nullish(),
      // A note over the per-note budget, a PDF read in part or by its name: which part of it search covers.
      truncated: z.string().nullish(),
      // A PDF: the page of the snippet's passage (1 for the first).
      page: z.number().int().positive().nullish(),
      // A note: the section, conversation turn or window of lines holding the most of the query's words.
      passage: passageSchema.nullish(),
      // Asked with `context`: the passage and its neighbours as the file holds them, at most 4,000 characters.
      text: z.string().nullish(),
      textSpan: textSpanSchema.nullish(),
    }),
  ),
  mode: z.string().nullish(),
  degraded: z.union([z.string(), z.boolean()]).nullish(),
  // True while the vault's first indexing pass runs: notes not reached yet are missing.
  partial: z.boolean().nullish(),
});

export const answerSchema = z.object({
  markdown: z.string(),
  sources: z.array(z.string()),
  mode: z.string(),
  // "degraded" carries the reason deep search fell back to fast; tolerate a bare flag too.
  degraded: z.union([z.string(), z.boolean()]).nullish(),
  offline: z.boolean().nullish(),
  // The id the question is kept under (Activity lists it after a reload).
  question_id: z.string().nullish(),
});

export const questionSchema = z.object({
  id: z.string(),
  query: z.string(),
  mode: searchMode.catch('fast'),
  scope: z.string().nullish(),
  status: z.enum(['pending', 'answered', 'failed']),
  created: z.string(),
  finished: z.string().nullish(),
  answer: answerSchema.omit({ question_id: true }).nullish(),
  error: z.string().nullish(),
  error_code: z.string().nullish(),
  retry_of: z.string().nullish(),
  retried_by: z.string().nullish(),
  retrying: retryingSchema.nullish(),
});

/** GET /models, POST /models/pull: qmd's models for deep search, and their download. */
export const modelsSchema = z.object({
  present: z.boolean(),
  missing: z.array(z.string()),
  cacheDir: z.string().nullish(),
  pull: z.object({
    running: z.boolean(),
    startedAt: z.string().nullish(),
    current: z.object({ role: z.string(), file: z.string(), bytes: z.number(), total: z.number().nullish() }).nullish(),
    last: z.object({ at: z.string(), ok: z.boolean(), fetched: z.array(z.string()), error: z.string().nullish() }).nullish(),
  }),
});

export type SearchParams = z.infer<typeof searchQuery>;
export type AskBody = z.infer<typeof askBody>;
export type SearchMode = z.infer<typeof searchMode>;
export type SearchHits = z.infer<typeof searchHitsSchema>;
export type SearchPassage = z.infer<typeof passageSchema>;
export type TextSpan = z.infer<typeof textSpanSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type Question = z.infer<typeof questionSchema>;
export type ModelsStatus = z.infer<typeof modelsSchema>;
