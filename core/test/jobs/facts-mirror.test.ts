import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FactsMirror } from '../../src/jobs/facts-mirror.js';
import type { FileFacts } from '../../src/search/index.js';
import { TREE_FILE, VaultIndex } from '../../src/vault/index.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';

const AT = Date.parse('2025-03-01T09:00:00Z');

/** A note's facts as the index worker reports them; `stampedAs` is the frontmatter the job wrote, if any. */
function note(rel: string, bodyHash: string, stampedAs?: { tokens: number }): FileFacts {
  return {
    path: rel,
    kind: 'note',
    size: 40,
    mtimeMs: AT,
    birthtimeMs: AT,
    tokens: 10,
    bodyHash,
    ...(stampedAs && { frontmatter: { created: '2025-03-01T09:00:00Z', updated: '2025-03-01T09:00:00Z', tokens: String(stampedAs.tokens) } }),
  };
}

describe("the job's mirror of what the index worker found", () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  function mirror(root = '/nowhere', mode: 'all' | 'knower' = 'all') {
    const index = new VaultIndex();
    const dropped: string[] = [];
    let listingChanges = 0;
    const facts = new FactsMirror({
      root,
      index,
      policy: { mode },
      knowerNotes: { drop: (...rels: string[]) => void dropped.push(...rels) },
      onListingChange: () => listingChanges++,
    });
    return { facts, index, dropped, listingChanges: () => listingChanges };
  }

  it('lists what was found, asks a stamp for a note missing its fields, and none for one already stamped', () => {
    const { facts, index } = mirror();
    const tasks = facts.apply({ upserts: [note('new.md', 'h1'), note('done.md', 'h2', { tokens: 10 }), note(TREE_FILE, 'h3')], removed: [] }, false);
    expect(tasks).toEqual([{ rel: 'new.md', born: new Date(AT), previousBody: undefined }]);
    expect(index.get('new.md')?.kind).toBe('note');
    expect(index.get('done.md')?.updated).toBe('2025-03-01T09:00:00Z');
    expect(index.get(TREE_FILE)).toBeUndefined();
    expect(facts.processed).toBe(3);
  });

  it("asks a stamp for a stamped note whose body changed on a save, carrying the body it last saw; not for the job's own write", () => {
    const { facts } = mirror();
    facts.apply({ upserts: [note('plan.md', 'before', { tokens: 10 })], removed: [] }, false);
    expect(facts.apply({ upserts: [note('plan.md', 'after', { tokens: 10 })], removed: [] }, false)).toEqual([]);
    expect(facts.apply({ upserts: [note('plan.md', 'edited', { tokens: 10 })], removed: [] }, true)).toEqual([{ rel: 'plan.md', born: new Date(AT), previousBody: 'after' }]);
  });

  it('forgets what is gone: the listing, the body it saw, and Knower’s record of it', () => {
    const { facts, index, dropped } = mirror();
    facts.apply({ upserts: [note('plan.md', 'before', { tokens: 10 })], removed: [] }, false);
    facts.apply({ upserts: [], removed: ['plan.md'] }, true);
    expect(index.get('plan.md')).toBeUndefined();
    expect(dropped).toEqual(['plan.md']);
    // Back with another body: nothing to compare with, so only a missing field would ask a stamp.
    expect(facts.apply({ upserts: [note('plan.md', 'other', { tokens: 10 })], removed: [] }, true)).toEqual([]);
  });

  it('lists a symlink that stays inside the vault as what it points at, and not one pointing outside', async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    const outside = await makeTempDir();
    const cleanupVault = cleanup;
    cleanup = async () => {
      await cleanupVault();
      await outside.cleanup();
    };
    await mkdir(path.join(temp.dir, 'notes'));
    await writeFile(path.join(temp.dir, 'notes', 'real.md'), '# Real\n');
    await writeFile(path.join(outside.dir, 'secret.md'), '# Secret\n');
    await symlink(path.join(temp.dir, 'notes', 'real.md'), path.join(temp.dir, 'inside.md'));
    await symlink(path.join(outside.dir, 'secret.md'), path.join(temp.dir, 'outside.md'));
    const { facts, index, listingChanges } = mirror(temp.dir);
    const link = (rel: string): FileFacts => ({ path: rel, kind: 'link', size: 0, mtimeMs: AT, birthtimeMs: AT });

    expect(facts.apply({ upserts: [link('inside.md'), link('outside.md')], removed: [] }, true)).toEqual([]);
    await waitFor(() => index.get('inside.md'), 5000, 'the link inside the vault to be listed');
    expect(index.get('inside.md')).toEqual({ path: 'inside.md', kind: 'note', size: 7 });
    expect(index.get('outside.md')).toBeUndefined();
    expect(listingChanges()).toBeGreaterThan(0);
  });
});
