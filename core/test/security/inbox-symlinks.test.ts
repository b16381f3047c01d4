import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getInboxItem, listInboxItems } from '../../src/inbox/index.js';
import { startFakeAnthropicServer, text, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeVault, type VaultFixture } from '../agents/helpers/vault-fixture.js';
import { snapshot } from './hostile-fixture.js';

const CANARY = 'CANARY-3b7d-inbox-symlink-outside';
const REVIEW = '---\ntitle: Where does the receipt go?\n---\n# Where does the receipt go?\n\nacme or garden?\n';

/**
 * Inbox items are read for the web app, and for the model when the person replies: a symlink
 * planted inside an item (a sync tool, a hand-made folder) must not carry a file from outside
 * the vault into either.
 */
let vault: VaultFixture;
let outside: string;
let server: FakeAnthropicServer | undefined;
let outsideBefore: Record<string, string>;

beforeEach(async () => {
  vault = await makeVault({
    'inbox/item-1/review.md': REVIEW,
    'inbox/item-1/input.md': '# Input\n\nThe receipt from Tuesday.\n',
  });
  outside = path.join(vault.root, '..', 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'canary.md'), `# Secret\n\n${CANARY}\n`);
  await writeFile(path.join(outside, 'review.md'), `---\ntitle: ${CANARY}\n---\n# ${CANARY}\n`);
  // An attachment of a real item that is a symlink to outside, and an item whose review.md is one.
  await symlink(path.join(outside, 'canary.md'), path.join(vault.root, 'inbox', 'item-1', 'notes.md'));
  await mkdir(path.join(vault.root, 'inbox', 'item-2'), { recursive: true });
  await symlink(path.join(outside, 'review.md'), path.join(vault.root, 'inbox', 'item-2', 'review.md'));
  // A FIFO would hang a reader that opens it: it is not a regular file, so it is not read.
  execFileSync('mkfifo', [path.join(vault.root, 'inbox', 'item-1', 'pipe.md')]);
  outsideBefore = await snapshot(outside);
});

afterEach(async () => {
  expect(await snapshot(outside), 'files outside the vault changed').toEqual(outsideBefore);
  await server?.close();
  server = undefined;
  await vault.cleanup();
});

describe('inbox items are read through the vault path check', () => {
  it('the listing and the item leave out files that lead outside the vault', async () => {
    const items = await listInboxItems(vault.root);
    expect(items.map((i) => i.id)).toEqual(['item-1']);
    expect(JSON.stringify(items)).not.toContain(CANARY);
    expect(await getInboxItem(vault.root, 'item-2')).toBeUndefined();
    const item = await getInboxItem(vault.root, 'item-1');
    expect(item?.files).toEqual(['inbox/item-1/input.md', 'inbox/item-1/review.md']);
    expect(JSON.stringify(item)).not.toContain(CANARY);
  });

  it('a reply shows the model the item, and nothing from outside', async () => {
    server = await startFakeAnthropicServer([turn(text('Filed the receipt under acme.'))]);
    await vault.agents({ baseURL: server.baseURL }).runUpdate({ id: 'u-reply-1', text: 'acme', attachments: [], inboxRef: 'item-1', receivedAt: '2025-03-14T09:25:00Z' });
    expect(server.requests.length).toBeGreaterThan(0);
    const sent = JSON.stringify(server.requests.map((r) => r.body));
    expect(sent).toContain('The receipt from Tuesday.');
    expect(sent).not.toContain(CANARY);
    // The model could not ask for it either: reading the symlink is refused.
    expect(sent).not.toContain('inbox/item-1/notes.md');
  });

  it("a reply carried out offline files nothing from outside and leaves the symlink's target alone", async () => {
    const outcome = await vault.agents().runUpdate({ id: 'u-reply-2', text: 'acme', attachments: [], inboxRef: 'item-1', receivedAt: '2025-03-14T09:25:00Z' });
    expect(outcome.status).toBe('done');
    for (const name of await readdir(path.join(vault.root, 'bucket'))) {
      expect(await readFile(path.join(vault.root, 'bucket', name), 'utf8'), name).not.toContain(CANARY);
    }
  });
});
