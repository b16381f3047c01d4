import { z } from 'zod';

/**
 * One limit per concept, the same at every entry point: HTTP, MCP, the agents' tools, the CLI
 * and the web app. Input over a limit is refused with the limit named, never cut silently.
 */
export const LIMITS = {
  /** Search words, a question, a file-name filter. */
  queryChars: 2_000,
  /** Hits of one search, or names of one lookup (a count of them is one search away for a check). */
  results: 500,
  /** Entries of one page of a list: activity, history, a note's versions. */
  page: 100,
  /** A path in the vault, or a wikilink target. */
  pathChars: 4_096,
  /** An update, question or inbox item id (an inbox item's is its folder name). */
  idChars: 128,
  /** Wikilinks resolved in one request. */
  links: 500,
  /** Neighbouring passages a search hit may bring on each side of its best one. */
  contextPassages: 5,
} as const;

/** `names`: files one name lookup lists (GET /vault/find, the agents' and MCP's find). */
export const DEFAULTS = { results: 10, page: 20, names: 30 } as const;

export const queryText = z.string().min(1, 'is empty').max(LIMITS.queryChars, `is longer than ${LIMITS.queryChars} characters`);

export const searchMode = z.enum(['fast', 'deep']);

const SCOPE = /^project:([^/\\.][^/\\]*)$/;

/**
 * The one way to narrow a search or a question to a project: `project:<folder name under
 * projects/>`.
 */
export const projectScope = z
  .string()
  .max(200, 'scope is longer than 200 characters')
  .regex(SCOPE, 'scope must look like "project:<name>", the name of a folder under projects/')
  .describe('Restrict to one project: "project:<folder name under projects/>", e.g. "project:acme".');

/** The folder a valid scope narrows to: `project:acme` → `projects/acme/`. */
export const scopeFolder = (scope: string): string => `projects/${SCOPE.exec(scope)?.[1] ?? ''}/`;

const count = (max: number) => z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(max, `must be ${max} or less`);

/** How many hits or names to return. */
export const resultLimit = count(LIMITS.results);
/** How many entries one page holds. */
export const pageLimit = count(LIMITS.page);
/** A search's `context`: each hit brings its best passage's text and this many neighbouring passages on each side. */
export const searchContext = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(LIMITS.contextPassages, `must be ${LIMITS.contextPassages} or less`);

/** A query string carries text: a number field is read from it, and refused when it is not one. */
export const fromQuery = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value !== '' ? Number(value) : value), schema);

export const vaultPath = z.string().max(LIMITS.pathChars, `is longer than ${LIMITS.pathChars} characters`);
export const recordId = z.string().min(1, 'is empty').max(LIMITS.idChars, `is longer than ${LIMITS.idChars} characters`);
export const commitId = z.string().regex(/^[0-9a-f]{7,40}$/, 'must be a commit id (7 to 40 hexadecimal digits)');

export const idParams = z.object({ id: recordId });
export const commitParams = z.object({ commit: commitId });
