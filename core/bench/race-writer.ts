/**
 * One person's editor, as a separate process: saves one note again and again, the way a kind of
 * editor does, at mixed cadences, and checks before each save that its previous save is still
 * there (Knower may add its frontmatter fields, nothing else). Run by race-bench.ts.
 */
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withoutJobFields } from '../src/vault/version-key.js';

export type SaveKind = 'rename' | 'in-place' | 'append';

export interface WriterJob {
  file: string;
  kind: SaveKind;
  saves: number;
  seed: number;
  writer: number;
}

export interface WriterReport {
  file: string;
  kind: SaveKind;
  saves: number;
  /** Saves found replaced by something else before the next save (overwriting kinds). */
  lost: Array<{ save: number; found: string }>;
  /** What the last save wrote (overwriting kinds), or every line appended (append). */
  last: string;
  appended: string[];
  cadenceMs: number[];
}

/** A small deterministic generator: the same seed gives the same run. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * 5–500 ms: bursts of typing (5–30), slower saves (30–150), autosave (150–500), and saves just
 * around the background job's quiet time (190–230 ms), which is when its rewrite lands.
 */
function cadence(rand: () => number): number {
  const r = rand();
  const span = (lo: number, hi: number) => Math.round(lo + rand() * (hi - lo));
  if (r < 0.35) return span(5, 30);
  if (r < 0.55) return span(30, 150);
  if (r < 0.75) return span(150, 500);
  return span(190, 230);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function readNow(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether the file holds `saved` (Knower's frontmatter fields aside), waiting out a repair in progress. */
function holds(file: string, saved: string): { ok: true } | { ok: false; found: string } {
  let found = '';
  for (let waited = 0; waited <= 200; waited += 2) {
    const now = readNow(file);
    if (now !== undefined && withoutJobFields(now) === saved) return { ok: true };
    found = now ?? '(missing)';
    sleep(2);
  }
  return { ok: false, found: found.slice(0, 300) };
}

function save(job: WriterJob, content: string): void {
  if (job.kind === 'rename') {
    const tmp = path.join(path.dirname(job.file), `.${path.basename(job.file)}.editor-${job.writer}`);
    writeFileSync(tmp, content);
    renameSync(tmp, job.file);
  } else if (job.kind === 'in-place') writeFileSync(job.file, content);
  else appendFileSync(job.file, content);
}

export function runWriter(job: WriterJob): WriterReport {
  const rand = random(job.seed);
  const report: WriterReport = { file: job.file, kind: job.kind, saves: 0, lost: [], last: '', appended: [], cadenceMs: [] };
  const title = `# Race note ${job.writer}\n\n`;
  for (let i = 0; i < job.saves; i++) {
    const wait = cadence(rand);
    report.cadenceMs.push(wait);
    sleep(wait);
    if (job.kind === 'append') {
      const line = `- line ${i} of writer ${job.writer}\n`;
      save(job, line);
      report.appended.push(line);
    } else {
      if (i > 0) {
        const check = holds(job.file, report.last);
        if (!check.ok) report.lost.push({ save: i - 1, found: check.found });
      }
      const filler = 'x'.repeat(Math.floor(rand() * 400));
      const content = `${title}save ${i} of writer ${job.writer}\n${filler}\n`;
      save(job, content);
      report.last = content;
    }
    report.saves++;
  }
  return report;
}

// Forked by the bench: the job comes as an argument, the report goes back as one message.
if (process.send && process.argv[2]) {
  const report = runWriter(JSON.parse(process.argv[2]) as WriterJob);
  process.send(report, () => process.exit(0));
}
