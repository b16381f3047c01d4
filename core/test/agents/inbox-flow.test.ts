import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getInboxItem, listInboxItems } from '../../src/inbox/index.js';
import { parseNote } from '../../src/vault/index.js';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeVault, PNG, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const REVIEW = `---
title: Which project is "the launch" about?
summary: A launch date with no project named; acme and garden both could fit.
---
# Which project is "the launch" about?
## What I received
"The launch moves to October" plus a photo of a whiteboard.
## Where it could go
- projects/acme/state.md: acme has a launch planned for Q3, but the photo shows garden beds.
- projects/garden/state.md: the photo fits, but garden has no launch.
## What I need from you
Is this about acme or garden?
`;

describe('inbox loop', () => {
  it('an ambiguous update becomes inbox/<id>/review.md with the reasoning, the raw input and the image beside it', async () => {
    vault = await makeVault({ ...project('acme', 'Launch planned for Q3.'), ...project('garden', 'Beds ready.') });
    server = await startFakeAnthropicServer([
      turn(toolUse('search', { query: 'launch' })),
      turn(toolUse('write', { path: 'inbox/u-amb-1/review.md', content: REVIEW })),
      turn(text('Asked the user which project the launch belongs to.')),
    ]);
    const stored = path.join(vault.stateDir, 'img');
    await writeFile(stored, PNG);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate({
      id: 'u-amb-1',
      text: 'The launch moves to October',
      attachments: [{ name: 'whiteboard.png', kind: 'image' as const, mediaType: 'image/png', path: stored }],
      receivedAt: '2025-03-14T09:25:00Z',
    });

    expect(outcome).toMatchObject({ status: 'inbox', inboxId: 'u-amb-1' });
    expect(outcome.files).toEqual(expect.arrayContaining(['inbox/u-amb-1/review.md', 'inbox/u-amb-1/input.md', 'inbox/u-amb-1/whiteboard.png']));
    const review = parseNote(await vault.read('inbox/u-amb-1/review.md'));
    expect(review.ok && review.data).toMatchObject({ title: 'Which project is "the launch" about?', update_id: 'u-amb-1' });
    expect(review.ok && typeof review.data.summary).toBe('string');
    expect(review.body).toContain('## Where it could go');
    expect(review.body).toContain('projects/garden/state.md: the photo fits');
    const raw = await vault.read('inbox/u-amb-1/input.md');
    expect(raw).toContain('The launch moves to October');
    expect(raw).toContain('![whiteboard.png](whiteboard.png)');
    expect(await vault.exists('bucket/2025-03-14-whiteboard-u-amb-1.png')).toBe(false);
    // Nothing else was touched: the update waits for the user.
    expect(await vault.read('projects/acme/state.md')).toContain('Launch planned for Q3.');
    expect(await listInboxItems(vault.root)).toEqual([expect.objectContaining({ id: 'u-amb-1', title: 'Which project is "the launch" about?' })]);
  });

  it('a reply with inbox_ref is carried out: files routed, the item folder deleted, the change logged', async () => {
    vault = await makeVault({
      ...project('acme', 'Launch planned for Q3.'),
      'inbox/u-amb-2/review.md': REVIEW.replace('---\n#', 'update_id: u-amb-2\n---\n#'),
      'inbox/u-amb-2/input.md': '# Input of update u-amb-2\n\nThe launch moves to October\n\n![whiteboard.png](whiteboard.png)\n',
      'inbox/u-amb-2/whiteboard.png': PNG,
    });
    server = await startFakeAnthropicServer([
      // The item was read up front: the agent can route and delete without reading it again.
      turn(toolUse('read', { path: 'projects/acme/state.md' }), toolUse('read', { path: 'changelog.md' }), toolUse('delete', { path: 'inbox/u-amb-2' })),
      turn(
        toolUse('edit', { path: 'projects/acme/state.md', old_content: 'Launch planned for Q3.', new_content: 'Launch moved to October.\n\n![whiteboard](whiteboard.png)' }),
        toolUse('move', { from: 'inbox/u-amb-2/whiteboard.png', to: 'projects/acme/whiteboard.png' }),
        toolUse('delete', { path: 'inbox/u-amb-2' }),
        toolUse('append', { path: 'changelog.md', content: '## 2025-03-14 09:26 UTC · update u-reply-1\n- Resolved inbox item u-amb-2: acme launch moved to October', position: 'top' }),
      ),
      turn(text('Moved the acme launch to October and resolved the inbox item.')),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate({ id: 'u-reply-1', text: 'It is acme.', inboxRef: 'u-amb-2', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });

    const first = JSON.stringify(server.requests[0]!.body.messages[0]);
    expect(first).toContain('Is this about acme or garden?'); // review.md shown
    expect(first).toContain('"type":"image"'); // the item's image shown
    // Deleting before the attachment was moved out is refused, with the reason.
    expect(lastToolResults(server.requests[1]!.body)[2]).toMatchObject({ is_error: true, content: expect.stringContaining('whiteboard.png') });
    expect(lastToolResults(server.requests[2]!.body).filter((r) => r.is_error)).toEqual([]);

    expect(outcome.status).toBe('done');
    expect(outcome.files).toEqual(
      expect.arrayContaining(['changelog.md', 'inbox/u-amb-2/input.md', 'inbox/u-amb-2/review.md', 'inbox/u-amb-2/whiteboard.png', 'projects/acme/state.md', 'projects/acme/whiteboard.png']),
    );
    expect(await vault.exists('inbox/u-amb-2')).toBe(false);
    expect(await getInboxItem(vault.root, 'u-amb-2')).toBeUndefined();
    expect(await vault.exists('projects/acme/whiteboard.png')).toBe(true);
    expect(await vault.read('changelog.md')).toContain('update u-reply-1');
  });

  it('writeFailedItem parks an update whose retries ran out, with the error, the raw text and the images', async () => {
    vault = await makeVault();
    const stored = path.join(vault.stateDir, 'img');
    await writeFile(stored, PNG);
    const agents = vault.agents({ baseURL: 'http://127.0.0.1:9' });
    const id = await agents.writeFailedItem(
      {
        id: 'u-fail-1',
        text: 'Remember: the dentist is on Friday',
        attachments: [{ name: 'scan.png', kind: 'image' as const, mediaType: 'image/png', path: stored }],
        receivedAt: '2025-03-14T09:25:00Z',
      },
      'model error 500 fake api_error',
    );
    expect(id).toBe('u-fail-1');
    const item = await getInboxItem(vault.root, id);
    expect(item).toMatchObject({ failed: true, review: { frontmatter: { status: 'failed', update_id: 'u-fail-1' } } });
    expect(item!.review.body).toContain('model error 500 fake api_error');
    expect(item!.review.body).toContain('> Remember: the dentist is on Friday');
    expect(item!.files.sort()).toEqual(['inbox/u-fail-1/input.md', 'inbox/u-fail-1/review.md', 'inbox/u-fail-1/scan.png']);
    expect(await vault.read('inbox/u-fail-1/input.md')).toContain('Remember: the dentist is on Friday');
  });

  it('completes a review.md written without frontmatter: title, summary and update_id filled in', async () => {
    vault = await makeVault();
    server = await startFakeAnthropicServer([
      turn(toolUse('write', { path: 'inbox/u-amb-3/review.md', content: '# Who is "Sam: the builder"?\n\n## What I received\n\nSam will call on Monday.\n' })),
      turn(text('Asked who Sam is.')),
    ]);
    const outcome = await vault.agents({ baseURL: server.baseURL }).runUpdate({ id: 'u-amb-3', text: 'Sam will call on Monday', attachments: [], receivedAt: '2025-03-14T09:25:00Z' });
    expect(outcome).toMatchObject({ status: 'inbox', inboxId: 'u-amb-3', files: ['inbox/u-amb-3/input.md', 'inbox/u-amb-3/review.md'] });
    const item = await getInboxItem(vault.root, 'u-amb-3');
    expect(item).toMatchObject({ title: 'Who is "Sam: the builder"?', summary: 'Sam will call on Monday.', review: { frontmatter: { update_id: 'u-amb-3' } } });
    // No changelog entry: nothing was filed yet.
    expect(await vault.read('changelog.md')).not.toContain('u-amb-3');
  });
});
