/** 842 → "842", 1234 → "1.2k", 48_900 → "49k", 1_250_000 → "1.3M". */
export function formatTokens(count: number): string {
  if (count < 1000) return String(Math.round(count));
  if (count < 10_000) return `${trim(count / 1000)}k`;
  if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
  return `${trim(count / 1_000_000)}M`;
}

const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", then a short date. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'yesterday';
  const date = new Date(then);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

export const formatDateTime = (iso: string) => {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? iso : new Date(then).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** A search hit's best passage as the palette shows it: its heading path ("Garden › Roses"), '' when it is before the first heading. */
export const formatHeadingPath = (passage: { headings: readonly string[] } | null | undefined): string => (passage?.headings ?? []).join(' › ');
