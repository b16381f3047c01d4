import { parseJson } from '../http-client.js';

/** One line of at most n characters: whitespace runs collapsed, an ellipsis where cut. */
export function oneLine(value: unknown, n: number): string {
  const t = (value === null || value === undefined ? '' : String(value)).replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** A degraded or error field: a string, or an object with a reason or message. */
export function reasonOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const o = value as { reason?: unknown; message?: unknown };
    const text = o.reason || o.message;
    if (text) return String(text);
  }
  return JSON.stringify(value);
}

/** "HTTP 400: message" for a failed request, from an `{error, message}` body or the raw text. */
export function errorLine(status: number, body: Buffer): string {
  const parsed = parseJson(body);
  let message: string;
  if (parsed !== undefined) {
    const o = (parsed && typeof parsed === 'object' ? parsed : {}) as { message?: unknown; error?: unknown };
    message = String(o.message || o.error || '');
  } else {
    message = oneLine(body.toString('utf8'), 300);
  }
  return `HTTP ${String(status)}${message ? `: ${message}` : ''}`;
}

export const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
