import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activity, composer, inboxBadge, inboxNav, pendingItems, showTree, treeRow, waitForApp } from './harness/app.js';
import { taskText, text, toolUse, turn, turnFrom, updateIdOf } from './harness/fake-model.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { ACME, GARDEN } from './harness/seed-vault.js';
import { settledRows, startTreeSampler, stopTreeSampler } from './harness/tree-sampler.js';

// Moment 3: the agent cannot tell where something goes → an inbox item with its reasoning (the
// badge rises); the user replies; the agent carries the reply out; the item disappears.

const e2e = useKnower('inbox', { ...GARDEN, ...ACME });

const TITLE = 'Which project is “the launch” about?';
const REVIEW = `---
title: ${TITLE}
summary: A launch date with no project named; Acme and the garden could both fit.
---
# ${TITLE}

## What I received
> The launch moves to October.

## Where it could go
- **projects/acme/state.md** — Acme's customer portal has a launch planned for Q3.
- **projects/garden/state.md** — the garden has no launch, but its plans are seasonal.

## What I need from you
Is this about the Acme portal or the garden? Tell me and I'll file it there.
`;

describe.each(SIZES)('moment 3 on a $name ($width×$height): an ambiguous update goes to the inbox and a reply resolves it', (size) => {
  it('raises the badge, renders the review, answers through Reply, then clears the item', async () => {
    let itemId = '';
    e2e.model.script(
      turn(toolUse('read', { path: 'projects/acme/state.md' }), toolUse('read', { path: 'projects/garden/state.md' })),
      turnFrom((req) => {
        itemId = updateIdOf(req);
        return [toolUse('write', { path: `inbox/${itemId}/review.md`, content: REVIEW })];
      }),
      turn(text('Asked the user which project the launch belongs to.')),
    );
    const page = await e2e.open({ viewport: size });
    await page.goto('/#/inbox');
    await waitForApp(page);
    expect(await inboxBadge(page).count()).toBe(0);
    await e2e.checkView(page, 'inbox-empty');

    const input = composer.update(page);
    // Activity is kept by the service: both sizes' updates are listed, each finds its own.
    const sent = `The launch moves to October (${size.name}).`;
    await input.fill(sent);
    await input.press('Enter');

    // inbox_updated over the event stream raises the badge; the activity says where it went.
    await inboxBadge(page).filter({ hasText: /^1$/ }).waitFor();
    const update = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: sent });
    await update.getByText('Sent to inbox', { exact: true }).waitFor();
    expect(e2e.model.toolErrors()).toEqual([]);

    await inboxNav(page).click();
    await pendingItems(page).waitFor();
    await e2e.checkView(page, 'inbox-list');
    await pendingItems(page)
      .getByRole('button', { name: new RegExp(TITLE) })
      .click();
    const review = page.getByRole('article', { name: TITLE });
    await review.getByRole('heading', { name: 'What I need from you' }).waitFor();
    await review.getByText('Is this about the Acme portal or the garden?').waitFor();
    expect(page.url()).toContain(`#/inbox/${itemId}`);
    await e2e.checkView(page, 'inbox-item');

    // The Reply button's advertised shortcut: R, from anywhere outside a text field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('r');
    expect(await composer.mode(page, 'Answering').getAttribute('aria-checked')).toBe('true');
    const reply = composer.answer(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Reply to the inbox item');
    await reply.fill('It is Acme: the customer portal launch moves to October.');
    await e2e.checkView(page, 'answering-mode');

    // Both sizes share one vault: the line to change is whatever the previous run left.
    const launchLine = /^Launch.*$/m.exec(await e2e.readFile('projects/acme/state.md'))![0];
    e2e.model.script(
      // A new run: the item itself was read up front for it, the notes it changes were not.
      turn(toolUse('read', { path: 'projects/acme/state.md' }), toolUse('read', { path: 'projects/acme/changelog.md' })),
      turnFrom((req) => [
        toolUse('edit', { path: 'projects/acme/state.md', old_content: launchLine, new_content: `Launch moved to October (was Q3, ${size.name}).` }),
        toolUse('append', {
          path: 'projects/acme/changelog.md',
          content: `## 2025-03-14 09:30 UTC · update ${updateIdOf(req)}\n- Launch moved to October in projects/acme/state.md (inbox item ${itemId})`,
          position: 'top',
        }),
        toolUse('delete', { path: `inbox/${itemId}` }),
      ]),
      turn(text('Moved the Acme launch to October and resolved the inbox item.')),
    );
    await reply.press('Enter');

    // The reply is carried out: the item leaves the list and the badge drops.
    await pendingItems(page)
      .getByRole('button', { name: new RegExp(TITLE) })
      .waitFor({ state: 'detached' });
    await inboxBadge(page).waitFor({ state: 'detached' });
    expect(await page.title()).toBe('Knower');
    const replyTask = taskText(e2e.model.requests().at(-3)!);
    expect(replyTask).toContain(`reply to inbox item ${itemId}`);
    expect(replyTask).toContain('It is Acme');
    expect(e2e.model.toolErrors()).toEqual([]);
    expect(e2e.model.remaining()).toBe(0);
    expect(existsSync(path.join(e2e.vaultPath, 'inbox', itemId))).toBe(false);
    expect(await e2e.readFile('projects/acme/state.md')).toContain(`Launch moved to October (was Q3, ${size.name}).`);

    // The tree followed: the item's folder is gone from it, and its rows are a fresh listing.
    await showTree(page);
    await startTreeSampler(page, ['inbox', `inbox/${itemId}`]);
    await treeRow(page, `inbox/${itemId}`).waitFor({ state: 'detached' });
    const { drawn, fresh } = await settledRows(page, e2e.core.url);
    const sampled = await stopTreeSampler(page);
    expect(sampled.problems).toEqual([]);
    expect(drawn).toEqual(fresh);
    expect(drawn.some((row) => row.includes(`inbox/${itemId}`))).toBe(false);
  });
});
