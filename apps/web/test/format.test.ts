import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/lib/backoff';
import { formatBytes, formatHeadingPath, formatRelative, formatTokens } from '../src/lib/format';

describe('formatTokens', () => {
  it('abbreviates thousands and millions', () => {
    expect(formatTokens(842)).toBe('842');
    expect(formatTokens(1000)).toBe('1k');
    expect(formatTokens(1234)).toBe('1.2k');
    expect(formatTokens(48_900)).toBe('49k');
    expect(formatTokens(1_250_000)).toBe('1.3M');
  });
});

describe('formatBytes', () => {
  it('picks a unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024 + 100_000)).toBe('5.1 MB');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  it('speaks in minutes, hours, then days', () => {
    expect(formatRelative('2025-06-10T11:59:40Z', now)).toBe('just now');
    expect(formatRelative('2025-06-10T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelative('2025-06-10T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelative('2025-06-09T06:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2025-06-01T06:00:00Z', now)).toMatch(/1/);
  });

  it('returns unparseable input as is', () => {
    expect(formatRelative('sometime', now)).toBe('sometime');
  });
});

describe('backoffDelay', () => {
  it('doubles up to the cap, with jitter between half and all of it', () => {
    expect(backoffDelay(0, {}, () => 0)).toBe(250);
    expect(backoffDelay(0, {}, () => 1)).toBe(500);
    expect(backoffDelay(3, {}, () => 1)).toBe(4000);
    expect(backoffDelay(20, {}, () => 1)).toBe(15_000);
    expect(backoffDelay(20, {}, () => 0)).toBe(7500);
  });
});

describe('formatHeadingPath', () => {
  it("shows a search hit's passage by its heading path, outermost first", () => {
    expect(formatHeadingPath({ headings: ['Garden', 'Roses'] })).toBe('Garden › Roses');
    expect(formatHeadingPath({ headings: [] })).toBe('');
    expect(formatHeadingPath(undefined)).toBe('');
  });
});
