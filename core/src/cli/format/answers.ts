import { asRecord, oneLine, reasonOf } from './text.js';

export interface Printed {
  out: string[];
  err: string[];
}

/** Raw search hits: "path — title" and an indented snippet, best first. */
export function searchHits(response: unknown): Printed {
  const r = asRecord(response);
  const err: string[] = [];
  if (r.degraded) err.push(`note: ${r.mode === 'fast' ? 'deep search unavailable, showing fast results: ' : 'degraded: '}${reasonOf(r.degraded)}`);
  if (r.partial === true) err.push('note: the vault is still being indexed for the first time; these results may be incomplete');
  const hits = Array.isArray(r.results) ? r.results.map(asRecord) : [];
  if (hits.length === 0) err.push('No results.');
  const out: string[] = [];
  for (const h of hits) {
    out.push(`${String(h.path)}${h.title ? ` — ${String(h.title)}` : ''}`);
    const snippet = oneLine(h.snippet, 200);
    if (snippet) out.push(`  ${snippet}`);
  }
  return { out, err };
}

/** The search agent's answer as markdown, then the files it used. */
export function answer(response: unknown): Printed {
  const r = asRecord(response);
  const err: string[] = [];
  if (r.degraded) err.push(`note: degraded: ${reasonOf(r.degraded)}`);
  if (r.offline) err.push('note: offline mode (no model configured): the answer is the best-matching passages');
  const out = [(r.markdown === null || r.markdown === undefined ? '' : String(r.markdown)).replace(/\s+$/, '')];
  const sources = (Array.isArray(r.sources) ? r.sources : []).map((s) => {
    if (typeof s === 'string') return s;
    const o = asRecord(s);
    return String(o.path || o.file || JSON.stringify(s));
  });
  if (sources.length) out.push('', 'Sources:', ...sources.map((s) => `  - ${s}`));
  return { out, err };
}

/** The inbox: each item with its id, date, title and summary, then how to answer. */
export function inboxList(response: unknown): string[] {
  const items = (Array.isArray(asRecord(response).items) ? (asRecord(response).items as unknown[]) : []).map(asRecord);
  if (items.length === 0) return ['Inbox is empty.'];
  const out = [`${String(items.length)} item${items.length === 1 ? '' : 's'} waiting for you:`];
  for (const i of items) {
    out.push('', `${String(i.id)}  ${String(i.created || '')}  ${String(i.title || '')}${i.failed ? '  [failed update]' : ''}`);
    if (i.summary) out.push(`  ${oneLine(i.summary, 200)}`);
  }
  out.push('', 'Reply with: ./knower add --inbox-ref <id> "your answer"');
  return out;
}

/** One line for an update's outcome: its status, then its files or why. */
export function updateStatus(record: unknown): string {
  const u = asRecord(record);
  let line = String(u.status);
  if (u.status === 'done' && Array.isArray(u.files)) {
    const files = u.files.map((f) => (typeof f === 'string' ? f : String(asRecord(f).path || JSON.stringify(f))));
    line += files.length ? `: ${files.join(', ')}` : ': no files changed';
  }
  if (u.status === 'inbox') line += `: the agent needs your answer${u.inbox_id ? ` — inbox item ${String(u.inbox_id)}` : ''} (./knower inbox)`;
  if (u.status === 'failed') line += `: ${u.error ? reasonOf(u.error) : 'no reason given'} (its input is kept in the inbox)`;
  return line;
}
