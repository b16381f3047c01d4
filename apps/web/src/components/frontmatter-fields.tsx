import { formatDateTime } from '../lib/format';

// The bookkeeping fields the background job maintains come last; the user's own fields first.
const TRAILING = ['created', 'updated', 'tokens'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Note properties (YAML frontmatter) as a small, quiet key/value list. */
export function FrontmatterFields({ frontmatter }: { frontmatter: Record<string, unknown> }) {
  const keys = Object.keys(frontmatter).sort((a, b) => rank(a) - rank(b));
  if (keys.length === 0) return null;
  return (
    <dl className="mb-8 grid grid-cols-[minmax(88px,max-content)_1fr] gap-x-6 gap-y-1.5 rounded-lg border border-line bg-sunken/60 px-4 py-3 text-[12.5px]">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="truncate text-faint">{key}</dt>
          <dd className="min-w-0 text-muted">
            <Value value={frontmatter[key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const rank = (key: string) => (TRAILING.includes(key) ? 1 + TRAILING.indexOf(key) : 0);

function Value({ value }: { value: unknown }) {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return (
      <span className="flex flex-wrap gap-1">
        {value.map((item, i) => (
          <span key={i} className="rounded border border-line bg-raised px-1.5 text-[11.5px] leading-5 text-fg/80">
            {String(item)}
          </span>
        ))}
      </span>
    );
  }
  return <span className="break-words text-fg/80">{display(value)}</span>;
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return value.toLocaleString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return formatDateTime(value.toISOString());
  return JSON.stringify(value);
}
