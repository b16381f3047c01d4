import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, type Route } from '../src/lib/route';

describe('routes in the hash', () => {
  it('round-trips every view, including paths with spaces and non-Latin names', () => {
    const routes: Route[] = [
      { view: 'activity' },
      { view: 'inbox' },
      { view: 'inbox', id: '2024-05-01-trip' },
      { view: 'file', path: 'projects/Berlin trip/état #1.md' },
      { view: 'file', path: 'bucket/日本語.md' },
      { view: 'file', path: 'projects/what?.md', heading: 'Beds & soil?' },
      { view: 'file', path: 'bucket/a&b.md', find: 'seed potatoes & beans' },
      { view: 'file', path: 'x.md', heading: '^blk', find: 'words' },
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('keeps folder separators readable', () => {
    expect(formatRoute({ view: 'file', path: 'projects/a b/c.md' })).toBe('#/file/projects/a%20b/c.md');
  });

  it('falls back to the activity view for anything unknown', () => {
    expect(parseRoute('')).toEqual({ view: 'activity' });
    expect(parseRoute('#/nowhere')).toEqual({ view: 'activity' });
    expect(parseRoute('#/file/')).toEqual({ view: 'activity' });
  });

  it('tolerates malformed escapes', () => {
    expect(parseRoute('#/file/a%E0.md')).toEqual({ view: 'file', path: 'a%E0.md' });
  });
});
