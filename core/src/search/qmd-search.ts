import type { RawHit } from './clean-hit.js';
import type { McpClient } from './qmd-mcp-client.js';
import { parseCliHits, parseMcpHits } from './qmd-output.js';
import { runQmd, type QmdContext } from './qmd-process.js';
import type { SearchLog } from './types.js';

export type RawSearch =
  | { ok: true; hits: RawHit[]; numbered: boolean }
  /** `rejected`: qmd refused this query; nothing is wrong with qmd itself. */
  | { ok: false; error: string; rejected?: boolean };

// After the MCP child fails to start, searches use the CLI for a while instead of paying a
// failed start-up on every request.
const MCP_BACKOFF_MS = 30_000;
const MIN_CLI_BUDGET_MS = 200;
// qmd 2.8.3's MCP `query` tool takes at most 20 BM25 candidates whatever `limit` says
// (structuredSearch → searchFTS(query, 20)); `qmd search -n N` has no such cap.
const MCP_MAX_HITS = 20;
const CLI_WIDE_LIMIT = 1000;

export interface FastSearch {
  /** Up to `limit` hits; `enough` says whether the child's capped answer already serves the caller. */
  run(query: string, limit: number, enough: (hits: RawHit[]) => boolean, timeoutMs: number): Promise<RawSearch>;
}

/** BM25 through the long-lived MCP child; the CLI (`qmd search --json`) when the child cannot serve. */
export function createFastSearch(ctx: QmdContext, mcp: McpClient, collection: string, log: SearchLog): FastSearch {
  let mcpBackoffUntil = 0;

  async function viaMcp(query: string, limit: number, timeoutMs: number): Promise<RawSearch | 'unusable'> {
    const args = { searches: [{ type: 'lex', query }], limit, rerank: false, collections: [collection] };
    const call = await mcp.call('query', args, timeoutMs);
    if (call.ok) {
      const hits = parseMcpHits(call.value);
      return hits ? { ok: true, hits, numbered: true } : { ok: false, error: 'qmd mcp returned unreadable search results' };
    }
    // A rejected query would be rejected by the CLI too, and a timeout has spent the budget.
    if (call.kind === 'tool') return { ok: false, error: `qmd rejected the query: ${call.error}`, rejected: true };
    if (call.kind === 'timeout') return { ok: false, error: `qmd search timed out: ${call.error}` };
    // A child that died mid-call is simply respawned next time; one that cannot start is left alone a while.
    if (call.kind === 'start') mcpBackoffUntil = Date.now() + MCP_BACKOFF_MS;
    log('warn', 'qmd mcp child unusable, searching through the CLI', { error: call.error, kind: call.kind });
    return 'unusable';
  }

  async function run(query: string, limit: number, enough: (hits: RawHit[]) => boolean, timeoutMs: number): Promise<RawSearch> {
    const deadline = Date.now() + timeoutMs;
    if (Date.now() >= mcpBackoffUntil) {
      const capped = Math.min(limit, MCP_MAX_HITS);
      const res = await viaMcp(query, capped, timeoutMs);
      // Fewer hits than asked for means qmd has no more: the CLI could not find others.
      if (res !== 'unusable' && (!res.ok || res.hits.length < capped || enough(res.hits))) return res;
    }
    const cli = (n: number) => cliSearch(ctx, ['search', '--json', '-n', String(n), '-c', collection, '--', query], deadline - Date.now());
    if (deadline - Date.now() < MIN_CLI_BUDGET_MS) return { ok: false, error: `qmd search timed out after ${timeoutMs} ms` };
    const res = await cli(limit);
    // A scope can sit below the over-fetch in a vault full of the term: look once, wider.
    if (!res.ok || res.hits.length < limit || enough(res.hits) || limit >= CLI_WIDE_LIMIT) return res;
    if (deadline - Date.now() < MIN_CLI_BUDGET_MS) return res;
    const wider = await cli(CLI_WIDE_LIMIT);
    return wider.ok ? wider : res;
  }

  return { run };
}

/** qmd's hybrid query (expansion + vectors + rerank); only call it when the models are present. */
export function deepQuery(ctx: QmdContext, collection: string, query: string, limit: number, timeoutMs: number): Promise<RawSearch> {
  return cliSearch(ctx, ['query', '--json', '-n', String(limit), '-c', collection, '--', query], timeoutMs);
}

async function cliSearch(ctx: QmdContext, args: string[], timeoutMs: number): Promise<RawSearch> {
  const run = await runQmd(ctx, args, timeoutMs);
  if (!run.ok) return { ok: false, error: run.error };
  const hits = parseCliHits(run.stdout);
  if (!hits) return { ok: false, error: `qmd ${args[0]} printed unreadable output` };
  // The MCP child scores fast hits 1/rank; the same here, so a score never depends on the path taken.
  const rescored = args[0] === 'search' ? hits.map((h, i) => ({ ...h, score: 1 / (i + 1) })) : hits;
  return { ok: true, hits: rescored, numbered: false };
}
