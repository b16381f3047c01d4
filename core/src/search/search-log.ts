/** How the search engine and its parts report: a file of its own, so that the parts types.ts names can use it without a circle. */
export type SearchLog = (level: 'info' | 'warn' | 'error', msg: string, extra?: Record<string, unknown>) => void;
