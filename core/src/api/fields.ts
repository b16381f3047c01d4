import { z } from 'zod';
import { characterCount, LIMITS } from './limits.js';
import { PROJECT_SCOPE, SCOPE_MAX_CHARS, SCOPE_SHAPE } from './scope.js';

export { DEFAULTS, LIMITS, characterCount } from './limits.js';
export { SCOPE_MAX_CHARS } from './scope.js';
export { scopeFolder } from './scope.js';

const tooLong = `is longer than ${LIMITS.queryChars} characters`;

/**
 * Search words, a question, a file-name filter: at most LIMITS.queryChars characters (code
 * points, see characterCount). The JSON Schema MCP clients read says the same as maxLength.
 */
export const queryText = z
  .string()
  .min(1, 'is empty')
  .refine((text) => characterCount(text) <= LIMITS.queryChars, tooLong)
  .meta({ maxLength: LIMITS.queryChars });

export const searchMode = z.enum(['fast', 'deep']);

/**
 * The one way to narrow a search or a question to a project: `project:<folder name under
 * projects/>` (scope.ts holds the rule, for the CLI too).
 */
export const projectScope = z
  .string()
  .max(SCOPE_MAX_CHARS, `scope is longer than ${SCOPE_MAX_CHARS} characters`)
  .regex(PROJECT_SCOPE, SCOPE_SHAPE)
  .describe('Restrict to one project: "project:<folder name under projects/>", e.g. "project:acme".');

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
