import { humanError } from '../../api/human-error.js';
import { asRecord, oneLine, reasonOf } from './text.js';

export interface Printed {
  out: string[];
  err: string[];
}

/** A hit's best passage: "§ Setup > Install · lines 40-62" (headings are the note's text: made one line). */
function passageLine(value: unknown): string | undefined {
  const p = asRecord(value);
  if (typeof p.from !== 'number' || typeof p.to !== 'number') return undefined;
  const headings = Array.isArray(p.headings) ? oneLine(p.headings.map(String).join(' > '), 160) : '';
  return `§ ${headings ? `${headings} · ` : ''}lines ${p.from}-${p.to}`;
}

/** Raw search hits: "path — title" ("papers/x.pdf p. 37 — title" on a PDF's page), the passage's heading path and lines, and an indented snippet, best first. */
export function searchHits(response: unknown, askedDeep = false): Printed {
  const r = asRecord(response);
  const err: string[] = [];
  if (r.degraded) {
    const reason = reasonOf(r.degraded);
    // The service's reason says what happened ("deep search unavailable: …; ran fast search
    // instead"); a deep search that fell back for another reason gets that said once.
    const fellBack = askedDeep && r.mode === 'fast' && !/deep search/i.test(reason);
    err.push(`note: ${fellBack ? 'deep search unavailable, showing fast results: ' : ''}${reason}`);
  }
  if (r.partial === true) err.push('note: the vault is still being indexed for the first time; these results may be incomplete');
  const hits = Array.isArray(r.results) ? r.results.map(asRecord) : [];
  if (hits.length === 0) err.push('No results.');
  const out: string[] = [];
  for (const h of hits) {
    const page = typeof h.page === 'number' ? ` p. ${h.page}` : '';
    out.push(`${String(h.path)}${page}${h.title ? ` — ${String(h.title)}` : ''}`);
    const passage = passageLine(h.passage);
    if (passage) out.push(`  ${passage}`);
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
  const markdown = (r.markdown === null || r.markdown === undefined ? '' : String(r.markdown)).replace(/\s+$/, '');
  const out = [markdown];
  const sources = (Array.isArray(r.sources) ? r.sources : []).map((s) => {
    if (typeof s === 'string') return s;
    const o = asRecord(s);
    return String(o.path || o.file || JSON.stringify(s));
  });
  // The agent usually ends its answer with its sources: list only those it did not name.
  const unnamed = sources.filter((s) => !markdown.includes(s));
  if (unnamed.length) out.push('', unnamed.length === sources.length ? 'Sources:' : 'Also used:', ...unnamed.map((s) => `  - ${s}`));
  return { out, err };
}

/** A question the model could not answer (503 with its id): what happened in words, and how to ask it again. */
export function questionFailure(body: unknown): string[] {
  const b = asRecord(body);
  const { headline, detail } = humanError(typeof b.message === 'string' ? b.message : '', 'The model could not answer.');
  const lines = [headline];
  if (detail) lines.push(`  (${oneLine(detail, 300)})`);
  if (typeof b.question_id === 'string') lines.push(`The question is kept as ${b.question_id}: ./knower retry ${b.question_id} asks it again.`);
  return lines;
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

/** What an update did to each file: "created a.md, edited b.md, deleted c.md" (from `changes`, else `files`). */
function changedFiles(u: Record<string, unknown>): string[] {
  if (Array.isArray(u.changes)) {
    return u.changes.map(asRecord).map((c) => `${String(c.kind)} ${String(c.path)}${c.from ? ` (from ${String(c.from)})` : ''}`);
  }
  return Array.isArray(u.files) ? u.files.map((f) => (typeof f === 'string' ? f : String(asRecord(f).path || JSON.stringify(f)))) : [];
}

/** One line for an update's outcome: its status, then what it did to which files, or why it stopped. */
export function updateStatus(record: unknown): string {
  const u = asRecord(record);
  let line = String(u.status);
  if (u.status === 'done') {
    const files = changedFiles(u);
    line += files.length ? `: ${files.join(', ')}` : ': no files changed';
  }
  if (u.status === 'inbox') line += `: the agent needs your answer${u.inbox_id ? ` — inbox item ${String(u.inbox_id)}` : ''} (./knower inbox)`;
  if (u.status === 'failed') {
    const { headline } = humanError(u.error ? reasonOf(u.error) : '', 'no reason given');
    line += `: ${headline} Its input is kept in the inbox; ./knower retry ${String(u.id)} runs it again (./knower show ${String(u.id)} has the details).`;
  }
  return line;
}
