import { realpathSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { errorLine } from '../format/text.js';
import { parseJson, type HttpClient } from '../http-client.js';

const counts = z.object({ done: z.number(), total: z.number() });

/** The parts of GET /health the CLI reads. Newer fields may be absent: they are optional. */
const healthSchema = z.looseObject({
  status: z.string(),
  vault: z.looseObject({
    path: z.string(),
    frontmatter: z.object({ mode: z.string(), reason: z.string() }).optional().catch(undefined),
  }),
  indexing: z.object({ ready: z.boolean(), files: counts, search: counts }).optional().catch(undefined),
});

export type ProbedHealth = z.infer<typeof healthSchema>;

/** What answers at a service's address. */
export type Probe =
  | { kind: 'down' }
  | { kind: 'knower'; health: ProbedHealth }
  /** It refuses our token (or the lack of one): Knower with KNOWER_TOKEN set, most likely. */
  | { kind: 'token'; detail: string }
  /** An HTTP answer that is not Knower's /health. */
  | { kind: 'other'; detail: string }
  /** Something holds the port but gives no HTTP answer. */
  | { kind: 'silent'; detail: string };

export async function probeHealth(client: HttpClient, timeoutS = 5): Promise<Probe> {
  const result = await client.request('GET', '/health', { timeoutS });
  if (result.kind === 'down') return { kind: 'down' };
  if (result.kind === 'timeout') return { kind: 'silent', detail: `no answer to GET /health within ${String(result.seconds)}s` };
  if (result.kind === 'error') return { kind: 'silent', detail: `GET /health failed: ${result.message}` };
  if (result.status === 401) return { kind: 'token', detail: `GET /health answered ${errorLine(result.status, result.body)}` };
  const health = healthSchema.safeParse(parseJson(result.body));
  if (result.status >= 200 && result.status < 300 && health.success) return { kind: 'knower', health: health.data };
  const answered = result.status >= 200 && result.status < 300 ? `HTTP ${String(result.status)} without Knower's health document` : errorLine(result.status, result.body);
  return { kind: 'other', detail: `GET /health answered ${answered}` };
}

/** True when the service serves this vault folder (compared as real paths: symlinks, `..`). */
export function servesVault(health: ProbedHealth, vaultPath: string): boolean {
  return sameFolder(health.vault.path, vaultPath);
}

export function sameFolder(a: string, b: string): boolean {
  return realOrResolved(a) === realOrResolved(b);
}

function realOrResolved(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Still catching up: search does not yet cover the whole vault. */
export function isIndexing(health: ProbedHealth): boolean {
  return health.status === 'indexing' && health.indexing?.ready !== true;
}
