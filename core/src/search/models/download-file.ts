import { open, rename, rm, stat } from 'node:fs/promises';

export interface DownloadProgress {
  bytes: number;
  /** Unknown until the server says. */
  total?: number;
}

export interface DownloadOptions {
  url: string;
  /** Final path: written only once the whole file is there and looks right. */
  dest: string;
  /** Past this with no byte received (or no answer), the download stops; what came is kept for a resume. */
  stallMs: number;
  /** Aborts the download (a deadline, a shutdown); what came is kept for a resume. */
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  /** The first bytes a complete file must start with (GGUF models: "GGUF"). */
  magic?: string;
  fetchImpl?: typeof fetch;
}

export type DownloadOutcome = { ok: true; bytes: number; resumedFrom: number } | { ok: false; error: string };

/** A duration for a message: "0.5 s", "90 s", "20 min", "4 h". */
export function duration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 2 * 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

/** Why a request failed, in words a person can act on (fetch's own message is "fetch failed"). */
function reachError(url: string, err: unknown): string {
  const host = new URL(url).host;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (err as Error).message;
  return `could not reach ${host} (${detail})`;
}

/**
 * Downloads one file over HTTP(S), resuming from `<dest>.partial` when an earlier attempt was
 * cut off (a Range request; a server that ignores it starts over). Never throws: a failure
 * comes back as a value, and the partial file stays for the next attempt.
 */
export async function downloadFile(opts: DownloadOptions): Promise<DownloadOutcome> {
  const partial = `${opts.dest}.partial`;
  const have = (await stat(partial).catch(() => undefined))?.size ?? 0;
  const stop = new AbortController();
  let stalled = false;
  let stallTimer: NodeJS.Timeout | undefined;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      stalled = true;
      stop.abort();
    }, opts.stallMs);
  };
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const why = (err: unknown, bytes: number) => {
    const kept = bytes > 0 ? ` (${bytes} bytes kept for a resume)` : '';
    if (stalled) return `no data from ${new URL(opts.url).host} for ${duration(opts.stallMs)}${kept}`;
    if (opts.signal?.aborted) return `stopped: ${String(opts.signal.reason instanceof Error ? opts.signal.reason.message : (opts.signal.reason ?? 'aborted'))}${kept}`;
    if (answered) return `the connection to ${new URL(opts.url).host} broke${kept}`;
    return reachError(opts.url, err);
  };
  let answered = false;
  armStall();
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(opts.url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, signal: stop.signal, redirect: 'follow' });
  } catch (err) {
    clearTimeout(stallTimer);
    opts.signal?.removeEventListener('abort', onAbort);
    return { ok: false, error: why(err, have) };
  }
  answered = true;
  // 416: the range starts at the end, so the partial file is already whole.
  const resumed = res.status === 206 || (res.status === 416 && have > 0);
  if (!res.ok && res.status !== 416) {
    clearTimeout(stallTimer);
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, error: `${new URL(opts.url).host} answered ${res.status} ${res.statusText} for ${new URL(opts.url).pathname}` };
  }
  const start = resumed ? have : 0;
  const length = Number(res.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(length) && res.status !== 416 ? start + length : undefined;
  let bytes = start;
  const file = await open(partial, resumed ? 'a' : 'w');
  try {
    if (res.status !== 416 && res.body) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        armStall();
        await file.write(chunk);
        bytes += chunk.byteLength;
        opts.onProgress?.({ bytes, ...(total !== undefined && { total }) });
      }
    }
  } catch (err) {
    return { ok: false, error: why(err, bytes) };
  } finally {
    clearTimeout(stallTimer);
    opts.signal?.removeEventListener('abort', onAbort);
    await file.close();
  }
  if (total !== undefined && bytes < total) return { ok: false, error: `the download ended early (${bytes} of ${total} bytes, kept for a resume)` };
  if (opts.magic && !(await startsWith(partial, opts.magic))) {
    // A proxy's or portal's HTML page, not the file: nothing worth resuming.
    await rm(partial, { force: true });
    return { ok: false, error: `${new URL(opts.url).host} sent something that is not the file (it does not start with "${opts.magic}"): a proxy or captive portal in the way?` };
  }
  await rename(partial, opts.dest);
  return { ok: true, bytes, resumedFrom: start };
}

async function startsWith(path: string, magic: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(magic.length), 0, magic.length, 0);
    return bytesRead === magic.length && buffer.toString('latin1') === magic;
  } finally {
    await file.close();
  }
}
