/**
 * What a person saving a file sees: how soon the browser hears of it (file_changed on /sse)
 * and how soon search finds it. Files are written with fs.writeFile, as an editor would.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SearchResult } from '../src/search/index.js';
import { getJson } from './service.js';
import { connectSse } from './sse-client.js';
import { sleep, summarize, withTimeout, type Summary } from './stats.js';

/** A running service: its address, a way to wait until it is idle, and its index's last sync. */
export interface WriteTarget {
  base: string;
  settle(): Promise<void>;
  lastSyncMs(): Promise<number | undefined>;
}

export interface SseFigures {
  spacingMs: number;
  newFile: Summary;
  edit: Summary;
  timeouts: number;
  /** The bench's own event loop meanwhile (a stall here would delay every arrival it stamps). */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  /** From the last save to settled (job, tree.md, index all idle); null past the bound. */
  settleAfterMs: number | null;
}

export interface SearchableFigures {
  pollMs: number;
  writeToFound: Summary;
  /** The index worker's sync of the saved file, as the service timed it (read, hash, index). */
  indexSync: Summary;
  timeouts: number;
}

const EVENT_TIMEOUT_MS = 5_000;
const FOUND_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 300_000;

type FileChanged = { path: string; type: string };

/**
 * Samples alternate a new file and an edit of an existing note, spaced out like a person
 * saving now and then; the job and the index syncs triggered by earlier saves run meanwhile.
 */
export async function benchSse(svc: WriteTarget, vault: string, existing: string[], samples: number, spacingMs: number, drainBoundMs: number, tag = 'saved'): Promise<SseFigures> {
  const sse = await connectSse(`${svc.base}/sse`);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const created: number[] = [];
  const edited: number[] = [];
  let timeouts = 0;
  // A stride through the notes: each edit touches a different file (spaces and CJK names included).
  const stride = Math.max(1, Math.floor(existing.length / samples));
  const offset = tag.length; // each pass edits other notes
  try {
    for (let i = 0; i < samples; i++) {
      // New names on every pass: a file written by an earlier pass would be an edit, not an add.
      const fresh = i % 2 === 0 ? `bucket/bench sse ${tag} ${i} заметка.md` : `bucket/bench-sse-${tag}-${i}.md`;
      const ms = await measureEvent(sse, vault, fresh, 'add', `# Saved by hand ${i}\n\nA new note typed in an editor.\n`);
      if (ms === null) timeouts++;
      else created.push(ms);
      await sleep(spacingMs);

      const rel = existing[(i * stride + offset) % existing.length] as string;
      const before = await readFile(path.join(vault, rel), 'utf8');
      const ms2 = await measureEvent(sse, vault, rel, 'change', `${before}\nOne more line, edit ${i}.\n`);
      if (ms2 === null) timeouts++;
      else edited.push(ms2);
      await sleep(spacingMs);
    }
  } finally {
    sse.close();
    loop.disable();
  }
  const lastSave = performance.now();
  const settled = await withTimeout(svc.settle(), drainBoundMs, 'settling').then(
    () => performance.now() - lastSave,
    () => null,
  );
  const toMs = (ns: number) => Math.round(ns / 1e4) / 100;
  return {
    spacingMs,
    newFile: summarize(created),
    edit: summarize(edited),
    timeouts,
    eventLoopDelayMs: { p50: toMs(loop.percentile(50)), p99: toMs(loop.percentile(99)), max: toMs(loop.max) },
    settleAfterMs: settled === null ? null : Math.round(settled),
  };
}

async function measureEvent(sse: Awaited<ReturnType<typeof connectSse>>, vault: string, rel: string, type: string, text: string): Promise<number | null> {
  // Listen before writing: the event can arrive before writeFile's promise settles.
  const arrival = sse.next((e) => {
    const data = e.data as FileChanged;
    return e.event === 'file_changed' && data.path === rel && data.type === type;
  }, EVENT_TIMEOUT_MS);
  const started = performance.now();
  await writeFile(path.join(vault, rel), text);
  try {
    return (await arrival).at - started;
  } catch {
    return null;
  }
}

/**
 * Write a note holding a unique word, then poll fast search until it comes back. `tag` keeps
 * the notes and words of one run apart from another's (a word already indexed would be found at once).
 */
export async function benchSearchable(svc: WriteTarget, vault: string, samples: number, pollMs: number, tag = ''): Promise<SearchableFigures> {
  const found: number[] = [];
  const syncs: number[] = [];
  let timeouts = 0;
  const settle = () => withTimeout(svc.settle(), SETTLE_TIMEOUT_MS, 'settling between samples');
  for (let i = 0; i < samples; i++) {
    // Each sample starts from an idle service, so one sample's update never serves the next.
    await settle();
    const token = `zqmarker${tag}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}vell`;
    const rel = `bucket/bench-searchable${tag ? `-${tag}` : ''}-${i}.md`;
    const started = performance.now();
    await writeFile(path.join(vault, rel), `# Findable ${i}\n\nThe word ${token} appears in this note only.\n`);
    let ms: number | null = null;
    while (performance.now() - started < FOUND_TIMEOUT_MS) {
      const pollStart = performance.now();
      const { body } = await getJson<SearchResult>(svc.base, `/vault/search?q=${token}&mode=fast`);
      if (body.results.some((r) => r.path === rel)) {
        ms = performance.now() - started;
        break;
      }
      await sleep(Math.max(0, pollMs - (performance.now() - pollStart)));
    }
    if (ms === null) timeouts++;
    else found.push(ms);
    await settle();
    const last = await svc.lastSyncMs();
    if (last !== undefined) syncs.push(last);
  }
  return { pollMs, writeToFound: summarize(found), indexSync: summarize(syncs), timeouts };
}
