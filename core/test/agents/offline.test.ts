import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_LABEL } from '../../src/agents/offline/index.js';
import { getInboxItem } from '../../src/inbox/index.js';
import { parseNote } from '../../src/vault/index.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
afterEach(async () => {
  await vault?.cleanup();
  vault = undefined;
});

const received = '2025-03-14T09:25:00Z';

describe('offline provider (no API key)', () => {
  it('says so in providerInfo', async () => {
    vault = await makeVault();
    expect(vault.agents().provider).toEqual({ name: 'offline' });
  });

  it('files an update into bucket/ with its images beside it, and logs it once with the update id', async () => {
    vault = await makeVault();
    const stored = path.join(vault.stateDir, 'img');
    await writeFile(stored, PNG);
    const agents = vault.agents();
    const update = {
      id: 'u-off-1',
      text: 'Dentist: Friday 3pm\nBring the insurance card.',
      attachments: [{ name: 'card.png', kind: 'image' as const, mediaType: 'image/png' as const, path: stored }],
      receivedAt: received,
    };
    const outcome = await agents.runUpdate(update);

    const note = 'bucket/2025-03-14-dentist-friday-3pm.md';
    const image = 'bucket/2025-03-14-dentist-friday-3pm-card.png';
    expect(outcome).toMatchObject({ status: 'done', files: [image, note, 'changelog.md'].sort() });
    const parsed = parseNote(await vault.read(note));
    expect(parsed.ok && parsed.data).toMatchObject({ title: 'Dentist: Friday 3pm', update_id: 'u-off-1', source: 'offline' });
    expect(parsed.body).toBe('Dentist: Friday 3pm\nBring the insurance card.\n\n![2025-03-14-dentist-friday-3pm-card.png](2025-03-14-dentist-friday-3pm-card.png)\n');
    expect(await vault.exists(image)).toBe(true);
    const changelog = await vault.read('changelog.md');
    expect(changelog).toContain('## 2025-03-14 09:26 UTC · update u-off-1');
    expect(changelog).toContain(`[${note}](${note})`);

    // Run again (a restart after a crash): same note, no duplicate, no second log entry.
    const again = await agents.runUpdate(update);
    expect(again.files).toEqual([image, note].sort());
    expect((await vault.read('changelog.md')).match(/update u-off-1/g)).toHaveLength(1);
  });

  it("names an update's note and files in the words of their own script: Hindi, Thai, Japanese; Latin loses its accents as before", async () => {
    vault = await makeVault();
    const stored = path.join(vault.stateDir, 'img');
    await writeFile(stored, PNG);
    const agents = vault.agents();
    const filed = async (id: string, text: string, attachments: Array<{ name: string; kind: 'image'; mediaType: 'image/png'; path: string }> = []) =>
      (await agents.runUpdate({ id, text, attachments, receivedAt: received })).files.filter((f) => f.startsWith('bucket/'));

    // NFC, as every name Knower makes: फ़ is फ with its nukta there.
    const hindi = '2025-03-14-फ़ाइल-को-सेव-करना'.normalize('NFC');
    expect(await filed('u-hi', 'फ़ाइल को सेव करना\nCtrl+S दबाएँ।', [{ name: 'रसीद.png', kind: 'image', mediaType: 'image/png', path: stored }])).toEqual(
      [`bucket/${hindi}-रसीद.png`, `bucket/${hindi}.md`].sort(),
    );
    expect(await vault.read(`bucket/${hindi}.md`)).toContain(`![${hindi}-रसीद.png]`);
    expect(await filed('u-th', 'ภาษาไทยง่ายนิดเดียว')).toEqual(['bucket/2025-03-14-ภาษา-ไทย-ง่าย-นิด-เดียว.md']);
    expect(await filed('u-ja', 'データベースの設定を変更する')).toEqual(['bucket/2025-03-14-データベースの設定を変更する.md']);
    expect(await filed('u-fr', 'Réunion d’équipe à Zürich')).toEqual(['bucket/2025-03-14-reunion-d-equipe-a-zurich.md']);
  });

  it('carries out an inbox reply mechanically: reply + original input into bucket/, attachments moved, folder removed, logged', async () => {
    vault = await makeVault({
      'inbox/u-amb/review.md': '---\ntitle: Which project?\nsummary: unclear\n---\n# Which project?\n\nIs this about acme?\n',
      'inbox/u-amb/input.md': '# Input of update u-amb\n\nThe launch moves to October\n',
      'inbox/u-amb/whiteboard.png': PNG,
    });
    const outcome = await vault.agents().runUpdate({ id: 'u-off-reply', text: 'Yes, acme.', inboxRef: 'u-amb', attachments: [], receivedAt: received });

    const note = 'bucket/2025-03-14-which-project.md';
    expect(outcome.status).toBe('done');
    expect(outcome.files).toEqual(
      expect.arrayContaining([note, 'bucket/2025-03-14-which-project-whiteboard.png', 'inbox/u-amb/review.md', 'inbox/u-amb/input.md', 'inbox/u-amb/whiteboard.png', 'changelog.md']),
    );
    const body = await vault.read(note);
    expect(body).toContain('## Your reply\n\nYes, acme.');
    expect(body).toContain('The launch moves to October');
    expect(body).toContain('Is this about acme?');
    expect(body).toContain('![2025-03-14-which-project-whiteboard.png]');
    expect(await vault.exists('inbox/u-amb')).toBe(false);
    expect(await getInboxItem(vault.root, 'u-amb')).toBeUndefined();
    expect(await vault.read('changelog.md')).toContain('Resolved inbox item u-amb');
  });

  it('answers questions with the best-matching passages, labeled offline', async () => {
    vault = await makeVault({
      ...project('acme', 'Launch planned for Q3.\n\nThe budget is 40k.'),
      'bucket/2025-01-02-groceries.md': 'Milk, eggs.\n',
    });
    const answer = await vault.agents().answer({ query: 'acme budget', mode: 'deep' });
    expect(answer.offline).toBe(true);
    expect(answer.mode).toBe('fast');
    expect(answer.degraded).toContain('offline mode');
    expect(answer.markdown.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(answer.markdown).toContain('`projects/acme/state.md`');
    expect(answer.markdown).toContain('> The budget is 40k.');
    expect(answer.sources).toContain('projects/acme/state.md');
    expect(answer.sources).not.toContain('bucket/2025-01-02-groceries.md');

    // A question in plain words: its keywords are searched, one by one when not all match.
    const asked = await vault.agents().answer({ query: 'What is the budget for the acme launch?' });
    expect(asked.sources[0]).toBe('projects/acme/state.md');

    const none = await vault.agents().answer({ query: 'zebra' });
    expect(none).toMatchObject({ offline: true, sources: [], markdown: expect.stringContaining('No passages in the vault match') });
  });
});
