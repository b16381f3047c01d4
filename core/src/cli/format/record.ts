import { humanError } from '../../api/human-error.js';
import { changeLines } from './history.js';
import { stepLine } from './steps.js';
import { asRecord, oneLine } from './text.js';

const when = (iso: unknown) => (typeof iso === 'string' ? iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '');

/** A failure in words, with the raw text below when it says more. */
function failureLines(error: unknown): string[] {
  const { headline, detail } = humanError(typeof error === 'string' ? error : '', 'It failed without saying why.');
  return [`  failed: ${headline}`, ...(detail ? [`    ${oneLine(detail, 400)}`] : [])];
}

/** One update, as `knower show ID` prints it: status, text, summary, files, steps, what to do next. */
export function updateLines(record: unknown): string[] {
  const u = asRecord(record);
  const id = String(u.id);
  const lines = [`update ${id}  ${String(u.status)}  ${when(u.created)}${u.finished ? ` → ${when(u.finished)}` : ''}`];
  if (u.text) lines.push(`  text: ${oneLine(u.text, 300)}`);
  if (u.inbox_ref) lines.push(`  answers inbox item ${String(u.inbox_ref)}`);
  if (u.url) lines.push(`  link: ${String(u.url)}`);
  if (Array.isArray(u.attachments) && u.attachments.length) {
    lines.push(`  files: ${u.attachments.map((a) => `${String(asRecord(a).name)} (${String(asRecord(a).kind)})`).join(', ')}`);
  }
  if (Array.isArray(u.captures)) lines.push(...u.captures.flatMap(captureLine));
  if (u.summary) lines.push(`  summary: ${oneLine(u.summary, 400)}`);
  const changes = changeLines(u.changes, '    ');
  if (changes.length) lines.push('  files:', ...changes);
  if (Array.isArray(u.steps) && u.steps.length) {
    const count = typeof u.step_count === 'number' ? u.step_count : u.steps.length;
    lines.push(`  steps (${String(count)}${count > u.steps.length ? `, the last ${String(u.steps.length)} shown` : ''}):`, ...u.steps.map((s) => `  ${stepLine(s)}`));
  }
  if (u.status === 'inbox') lines.push(`  waiting for your answer in inbox item ${String(u.inbox_id ?? '?')}: ./knower add --inbox-ref ${String(u.inbox_id ?? 'ID')} "your answer"`);
  if (u.status === 'failed') lines.push(...failureLines(u.error), `  its input is kept in the inbox; ./knower retry ${id} runs it again`);
  if (u.retry_of) lines.push(`  a retry of ${String(u.retry_of)}`);
  if (u.retried_by) lines.push(`  retried as ${String(u.retried_by)} (./knower show ${String(u.retried_by)})`);
  if (u.status === 'done' && changes.length) lines.push(`  ./knower undo ${id} reverses it`);
  return lines;
}

/** What became of a link or a file: where it is kept, its text, or why it could not be read. */
function captureLine(capture: unknown): string[] {
  const c = asRecord(capture);
  const where = c.note ?? c.path;
  const what = [
    where ? `kept in ${String(where)}` : '',
    typeof c.pages === 'number' ? `${c.pages} pages` : '',
    typeof c.chars === 'number' ? `${c.chars} characters of text${c.truncated ? ' (the first part)' : ''}` : '',
    c.awaiting === 'transcriber' ? 'waiting for a transcriber: ./knower transcribe' : '',
  ].filter(Boolean);
  const lines = [`  ${String(c.kind)} ${oneLine(c.source, 120)}: ${what.join(', ') || 'kept'}`];
  if (c.problem) lines.push(`    ${oneLine(c.problem, 300)}`);
  return lines;
}

/** One question: what was asked, and its answer or why there is none. */
export function questionLines(record: unknown): string[] {
  const q = asRecord(record);
  const id = String(q.id);
  const scope = q.scope ? `, ${String(q.scope)}` : '';
  const lines = [`question ${id}  ${String(q.status)}  ${when(q.created)}${q.finished ? ` → ${when(q.finished)}` : ''}`, `  asked (${String(q.mode ?? 'fast')}${scope}): ${oneLine(q.query, 300)}`];
  const answer = asRecord(q.answer);
  const markdown = answer.markdown;
  if (typeof markdown === 'string') {
    lines.push('', ...markdown.replace(/\s+$/, '').split('\n'));
    const sources = Array.isArray(answer.sources) ? answer.sources.map(String).filter((s) => !markdown.includes(s)) : [];
    if (sources.length) lines.push('', 'Sources:', ...sources.map((s) => `  - ${s}`));
  }
  if (q.status === 'failed') lines.push(...failureLines(q.error), `  ./knower retry ${id} asks it again`);
  if (q.retry_of) lines.push(`  asked again from ${String(q.retry_of)}`);
  if (q.retried_by) lines.push(`  asked again as ${String(q.retried_by)} (./knower show ${String(q.retried_by)})`);
  return lines;
}
