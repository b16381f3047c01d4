import type { Page } from 'playwright-core';

// Watches the sidebar tree every animation frame while live changes land, and records any
// moment at which what it draws could not be true: the same path twice, two rows drawn over
// each other, a placeholder row, or a path drawn as a file that is a folder.

declare global {
  interface Window {
    __treeSampler?: { frames: number; problems: string[]; stop: boolean };
  }
}

/** Starts sampling; `folders` are paths that must never be drawn as a file. */
export async function startTreeSampler(page: Page, folders: readonly string[]): Promise<void> {
  await page.evaluate((folders) => {
    const state = { frames: 0, problems: [] as string[], stop: false };
    window.__treeSampler = state;
    const note = (problem: string) => {
      if (state.problems.length < 50 && !state.problems.includes(problem)) state.problems.push(problem);
    };
    const sample = () => {
      if (state.stop) return;
      state.frames++;
      const rows = [...document.querySelectorAll('[role="tree"][aria-label="Vault files"] [role="treeitem"]')].map((el) => {
        const box = el.getBoundingClientRect();
        return { path: (el.getAttribute('title') ?? '').split('\n')[0] ?? '', folder: el.hasAttribute('aria-expanded'), top: box.top, bottom: box.bottom, text: el.textContent ?? '' };
      });
      const seen = new Set<string>();
      for (const row of rows) {
        if (!row.path) note(`a row with no path: "${row.text}"`);
        if (/Loading…/.test(row.text)) note(`a placeholder row "${row.text}"`);
        if (seen.has(row.path)) note(`${row.path} drawn twice`);
        seen.add(row.path);
        if (!row.folder && folders.includes(row.path)) note(`folder ${row.path} drawn as a file`);
        if (!row.folder && rows.some((other) => other.path.startsWith(`${row.path}/`))) note(`${row.path} drawn as a file with rows inside it`);
      }
      const sorted = [...rows].sort((a, b) => a.top - b.top);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.top < sorted[i - 1]!.bottom - 0.5) note(`${sorted[i]!.path} drawn over ${sorted[i - 1]!.path}`);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, folders);
}

/** Stops sampling; returns how many frames were looked at and what was wrong in any of them. */
export async function stopTreeSampler(page: Page): Promise<{ frames: number; problems: string[] }> {
  return page.evaluate(() => {
    const state = window.__treeSampler!;
    state.stop = true;
    return { frames: state.frames, problems: state.problems };
  });
}

/** The rows drawn now, top to bottom. */
async function drawnRows(page: Page): Promise<Array<{ path: string; depth: number; folder: boolean; open: boolean }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="tree"][aria-label="Vault files"] [role="treeitem"]')]
      .map((el) => ({ el, top: el.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map(({ el }) => ({
        path: (el.getAttribute('title') ?? '').split('\n')[0] ?? '',
        depth: Number(el.getAttribute('aria-level')) - 1,
        folder: el.hasAttribute('aria-expanded'),
        open: el.getAttribute('aria-expanded') === 'true',
      })),
  );
}

type Listing = { folders: Array<{ path: string }>; files: Array<{ path: string }> };

/**
 * The rows a freshly loaded page would draw with the same folders open: the service's listing of
 * the root and of each open folder, walked in the app's order (folders first, natural order).
 */
async function freshListingRows(coreURL: string, open: ReadonlySet<string>): Promise<string[]> {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const name = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const byName = (a: string, b: string) => collator.compare(name(a), name(b)) || (a < b ? -1 : 1);
  const rows: string[] = [];
  const walk = async (folder: string, depth: number) => {
    const res = await fetch(`${coreURL}/vault/tree?path=${encodeURIComponent(folder)}`);
    if (!res.ok) return;
    const listing = (await res.json()) as Listing;
    for (const f of listing.folders.map((x) => x.path).sort(byName)) {
      rows.push(`${depth}:${f}`);
      if (open.has(f)) await walk(f, depth + 1);
    }
    for (const p of listing.files.map((x) => x.path).sort(byName)) rows.push(`${depth}:${p}`);
  };
  await walk('', 0);
  return rows;
}

/**
 * Waits (up to 20 s) until the drawn rows equal a fresh listing of the folders open in them;
 * returns both, equal or as they last differed.
 */
export async function settledRows(page: Page, coreURL: string): Promise<{ drawn: string[]; fresh: string[] }> {
  let last = { drawn: [] as string[], fresh: [] as string[] };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const rows = await drawnRows(page);
    const open = new Set(rows.filter((r) => r.open).map((r) => r.path));
    last = { drawn: rows.map((r) => `${r.depth}:${r.path}`), fresh: await freshListingRows(coreURL, open) };
    if (last.drawn.join('\n') === last.fresh.join('\n')) return last;
    await page.waitForTimeout(100);
  }
  return last;
}
