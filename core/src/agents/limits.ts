/**
 * How far one piece of agent work may go. Together these bound what a failing or looping model
 * can cost: one update makes at most MAX_MODEL_CALLS_PER_UPDATE requests to the model, whatever
 * fails (transport retries and the queue's re-runs included), and one question at most
 * MAX_MODEL_CALLS_PER_QUESTION.
 */

/** Model turns in one update run; a run still calling tools then stops and parks in the inbox. */
export const UPDATE_MAX_STEPS = 25;
/** Model turns in one question. */
export const SEARCH_MAX_STEPS = 12;
/** Retries of one model call after a retryable fault (429, 5xx, timeout, network): 3 requests at most. */
export const MODEL_CALL_RETRIES = 2;
/**
 * Requests to the model for one update, across its transport retries and the queue's re-runs
 * (3 attempts): a full run (25 steps) and 15 more for faults. Past it the update fails into the
 * inbox with its input intact. Without this cap the product was 3 × 25 × 3 = 225.
 */
export const MAX_MODEL_CALLS_PER_UPDATE = 40;
/** Requests for one question (12 steps and room for a few retries). */
export const MAX_MODEL_CALLS_PER_QUESTION = 20;
/**
 * One tool call's time limit. Tools read and write local files and the index (milliseconds);
 * past this something hangs (a dead network mount, a stuck index): the call fails as a tool
 * error and the run goes on, instead of holding the queue forever.
 */
export const TOOL_TIME_LIMIT_MS = 60_000;
/** The same tool calls this many turns in a row: the run goes nowhere and stops. */
export const REPEATED_TURNS_LIMIT = 3;
