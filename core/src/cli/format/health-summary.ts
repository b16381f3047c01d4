import { asRecord, oneLine } from './text.js';

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** key=value pairs of a section; nested objects one level deep ("files.done=3"), deeper ones as {…}. */
function pairs(o: Record<string, unknown>, prefix: string, acc: string[]): string[] {
  for (const [k, v] of Object.entries(o)) {
    if (isObject(v) && prefix === '') pairs(v, `${k}.`, acc);
    else acc.push(`${prefix}${k}=${v && typeof v === 'object' ? (Array.isArray(v) ? `[${String(v.length)}]` : '{…}') : String(v)}`);
  }
  return acc;
}

/** Lists whose every item is a sentence a person must read whole (what is wrong, what Knower did). */
const IN_FULL = new Set(['degraded', 'notices']);

/** The /health document as one short line per section; what is wrong, in full, one reason per line. */
export function healthSummary(health: unknown): string[] {
  return Object.entries(asRecord(health)).flatMap(([k, v]) => {
    if (IN_FULL.has(k) && Array.isArray(v)) return [`  ${k}:`, ...v.map((reason) => `    - ${String(reason)}`)];
    if (isObject(v)) return [`  ${k}: ${oneLine(pairs(v, '', []).join(', '), 110)}`];
    return [`  ${k}: ${oneLine(Array.isArray(v) ? v.join(', ') : v, 110)}`];
  });
}
