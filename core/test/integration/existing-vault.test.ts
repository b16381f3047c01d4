import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateRealWorldVault, PROBE_WORDS } from '../../bench/real-world-vault.js';
import { isHiddenPath, isIndexed, parseNote, timestamp } from '../../src/vault/index.js';
import { waitFor } from '../helpers/temp-dir.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Seen {
  sha: string;
  mtimeMs: number;
  birthtimeMs: number;
}

/** Every file under `root` (dot-folders included: Knower must not touch those either). */
async function snapshot(root: string, rel = ''): Promise<Map<string, Seen>> {
  const out = new Map<string, Seen>();
  for (const d of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) for (const [k, v] of await snapshot(root, child)) out.set(k, v);
    else {
      const abs = path.join(root, child);
      const info = await stat(abs);
      out.set(child, {
        sha: createHash('sha1')
          .update(await readFile(abs))
          .digest('hex'),
        mtimeMs: info.mtimeMs,
        birthtimeMs: info.birthtimeMs,
      });
    }
  }
  return out;
}

/** The notes grep finds a word in, less what search never covers (dot-folders, the inbox, …). */
function grepNotes(vault: string, word: string): string[] {
  let out = '';
  try {
    out = execFileSync('grep', ['-rlF', '--include=*.md', '--', word, '.'], { cwd: vault, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  } catch (err) {
    if ((err as { status?: number }).status !== 1) throw err; // 1: no match
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^\.\//, ''))
    .filter((p) => isIndexed(p) && !isHiddenPath(p))
    .sort();
}

const NOTES = 300;
const KNOWER_ADDS = ['changelog.md', 'overview.md', 'profile.md', 'tasks.md', 'tree.md'];

describe('a vault the person already had', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string> = {}): Promise<{ before: Map<string, Seen> }> {
    let before = new Map<string, Seen>();
    t = await startTestApp({
      search: 'qmd',
      env,
      prepare: async (vault) => {
        await generateRealWorldVault(vault, NOTES);
        before = await snapshot(vault);
      },
    });
    await t.knower.whenSettled();
    return { before };
  }

  it("is indexed whole and left byte for byte as it was, with its files' own times", { timeout: 120_000 }, async () => {
    const { before } = await start();
    const app = t!.app;
    const health = (await app.inject('/health')).json();
    expect(health).toMatchObject({
      status: 'ok',
      indexing: { ready: true },
      vault: { frontmatter: { mode: 'knower', reason: expect.stringContaining('already had notes') } },
    });
    const after = await snapshot(t!.vault);
    const changed = [...before].filter(([rel, was]) => after.get(rel)?.sha !== was.sha || after.get(rel)?.mtimeMs !== was.mtimeMs).map(([rel]) => rel);
    expect(changed).toEqual([]);
    expect([...after.keys()].filter((rel) => !before.has(rel)).sort()).toEqual(KNOWER_ADDS);

    // Every note is searchable: documents = notes less the never-indexed ones Knower added.
    expect(t!.knower.search.status().documents).toBe(NOTES + 2); // + tasks.md and changelog.md
    // Knower still knows each note's metadata, from the file itself.
    const someNote = [...before.keys()].find((rel) => rel.endsWith('.md') && !isHiddenPath(rel))!;
    const entry = t!.knower.index.get(someNote);
    expect(entry).toMatchObject({ kind: 'note', tokens: expect.any(Number), created: expect.any(String), updated: timestamp(new Date(before.get(someNote)!.mtimeMs)) });
  });

  it('finds a word from any note, in five scripts, in exactly the notes grep finds it in', { timeout: 120_000 }, async () => {
    await start();
    const app = t!.app;
    let compared = 0;
    for (const [script, words] of Object.entries(PROBE_WORDS)) {
      let found = 0;
      for (const word of words) {
        const expected = grepNotes(t!.vault, word);
        const res = (await app.inject(`/vault/search?q=${encodeURIComponent(word)}&limit=500`)).json() as { results: { path: string }[]; degraded?: string };
        expect(res.degraded).toBeUndefined();
        expect({ word, paths: res.results.map((r) => r.path).sort() }).toEqual({ word, paths: expected });
        found += expected.length;
        compared++;
      }
      expect({ script, found: found > 0 }).toEqual({ script, found: true });
    }
    expect(compared).toBe(Object.values(PROBE_WORDS).flat().length);
    // Folder names that appear in no note's text find nothing.
    for (const folder of ['Zettelkasten', 'Rezepte', 'Работа', 'Reisen']) {
      expect({ folder, hits: (await app.inject(`/vault/search?q=${encodeURIComponent(folder)}`)).json().results }).toEqual({ folder, hits: [] });
    }
  });

  it('indexes a hand edit of a pre-existing note without rewriting it', { timeout: 120_000 }, async () => {
    const { before } = await start();
    const rel = [...before.keys()].find((p) => p.startsWith('Work/') && p.endsWith('.md'))!;
    const abs = path.join(t!.vault, rel);
    const edited = `${await readFile(abs, 'utf8')}\nThe okapi came by today.\n`;
    await writeFile(abs, edited);
    const hit = await waitFor(
      async () => {
        const res = (await t!.app.inject('/vault/search?q=okapi')).json() as { results: { path: string }[] };
        return res.results.find((r) => r.path === rel);
      },
      20_000,
      'the edit searchable',
    );
    expect(hit.path).toBe(rel);
    await t!.knower.whenSettled();
    expect(await readFile(abs, 'utf8')).toBe(edited);
    // A note the person makes outside Knower's folders is left alone too.
    await writeFile(path.join(t!.vault, 'Ideas', 'new idea.md'), 'An aardvark idea.\n');
    await waitFor(async () => (await t!.app.inject('/vault/search?q=aardvark')).json().results.length === 1, 20_000, 'the new note searchable');
    await t!.knower.whenSettled();
    expect(await readFile(path.join(t!.vault, 'Ideas', 'new idea.md'), 'utf8')).toBe('An aardvark idea.\n');
  });

  it("with KNOWER_FRONTMATTER=all stamps every note, `created` from the file's own time", { timeout: 120_000 }, async () => {
    const { before } = await start({ KNOWER_FRONTMATTER: 'all' });
    const health = (await t!.app.inject('/health')).json();
    expect(health.vault.frontmatter).toMatchObject({ mode: 'all', reason: 'set by KNOWER_FRONTMATTER=all' });
    let checked = 0;
    for (const [rel, was] of before) {
      if (!rel.endsWith('.md') || isHiddenPath(rel)) continue;
      const text = await readFile(path.join(t!.vault, rel), 'utf8');
      const parsed = parseNote(text);
      if (!parsed.ok) continue;
      expect(parsed.data.tokens).toBe(Math.ceil(parsed.body.length / 4));
      // A note that had its own `created` keeps it; the others get the file's own time.
      if (/^created:/m.test(text) && !/^created: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/m.test(text)) continue;
      const born = was.birthtimeMs > 0 && was.birthtimeMs <= was.mtimeMs + 1000 ? was.birthtimeMs : was.mtimeMs;
      expect({ rel, created: /^created: (.*)$/m.exec(text)?.[1] }).toEqual({ rel, created: timestamp(new Date(born)) });
      checked++;
    }
    expect(checked).toBeGreaterThan(NOTES / 2);
    // Dot-folders are never touched, whatever the mode.
    expect(await readFile(path.join(t!.vault, '.obsidian/snippets/note.md'), 'utf8')).toBe('# not a note of the vault\n\nzeppelin quinoa\n');
  });
});
