import { describe, expect, it } from 'vitest';
import { activity, inboxBadge, markDocument, waitForApp } from './harness/app.js';
import { ask, changesOf, entry, sendUpdate, waitForStatus } from './harness/activity.js';
import { SIZES } from './harness/browser.js';
import { slow, text, toolUse, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Activity comes from the server: it survives a reload, shows the agent's steps live, the
// summary and each file marked created / edited / moved / deleted, and failures with Retry.

const extra = (size: string) => ({
  [`projects/garden/old-plan-${size}.md`]: '# Old plan\n\nDig everything over in autumn.\n',
  [`projects/garden/seeds-${size}.md`]: '# Seeds\n\nTomatoes, beans, lettuce.\n',
});
const e2e = useKnower('activity', { ...GARDEN, ...extra('phone'), ...extra('desktop') });

const apiError400 = { kind: 'error' as const, status: 400, type: 'invalid_request_error', message: 'fake invalid_request_error: prompt is too long' };

describe.each(SIZES)('Activity from the server on a $name ($width×$height)', (size) => {
  const garlic = `projects/garden/garlic-${size.name}.md`;
  const oldPlan = `projects/garden/old-plan-${size.name}.md`;
  const seeds = `projects/garden/seeds-${size.name}.md`;
  const archived = `projects/garden/archive/seeds-${size.name}.md`;

  it('keeps three updates and a question across a reload, with summaries, file kinds and a word diff', async () => {
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);

    e2e.model.script(turn(toolUse('write', { path: garlic, content: '# Garlic\n\nThree rows in bed 4.\n' })), turn(text(`Created ${garlic} for the garlic.`)));
    await waitForStatus(await sendUpdate(page, `Garlic in bed 4 (${size.name})`), 'Done');

    const state = await e2e.readFile('projects/garden/state.md');
    const line = /^Beds.*$/m.exec(state)![0];
    e2e.model.script(
      turn(toolUse('read', { path: 'projects/garden/state.md' })),
      turn(toolUse('edit', { path: 'projects/garden/state.md', old_content: line, new_content: `Beds planted (${size.name}): garlic in bed 4.` })),
      turn(text('Marked the beds as planted in the garden state.')),
    );
    await waitForStatus(await sendUpdate(page, `Beds are planted (${size.name})`), 'Done');

    e2e.model.script(
      turn(toolUse('read', { path: oldPlan }), toolUse('read', { path: seeds })),
      turn(toolUse('delete', { path: oldPlan }), toolUse('move', { from: seeds, to: archived })),
      turn(text('Deleted the old plan and archived the seed list.')),
    );
    await waitForStatus(await sendUpdate(page, `Drop the old plan, archive the seeds (${size.name})`), 'Done');

    e2e.model.script(turn(text('## Garlic\n\nThree rows in **bed 4**.')));
    await (await ask(page, `Where is the garlic? (${size.name})`)).getByRole('heading', { name: 'Garlic' }).waitFor();
    expect(e2e.model.toolErrors()).toEqual([]);
    expect(e2e.model.remaining()).toBe(0);

    await page.reload();
    await waitForApp(page);
    await markDocument(page);
    const created = entry(page, 'Update', `Garlic in bed 4 (${size.name})`);
    const edited = entry(page, 'Update', `Beds are planted (${size.name})`);
    const movedDeleted = entry(page, 'Update', `Drop the old plan, archive the seeds (${size.name})`);
    const question = entry(page, 'Question', `Where is the garlic? (${size.name})`);
    await question.getByRole('heading', { name: 'Garlic' }).waitFor();
    await created.getByText(`Created ${garlic} for the garlic.`).waitFor();
    await edited.getByText('Marked the beds as planted in the garden state.').waitFor();
    await movedDeleted.getByText('Deleted the old plan and archived the seed list.').waitFor();

    const kindOf = (update: typeof created, path: string) => update.getByRole('listitem').filter({ hasText: path }).first().textContent();
    expect(await kindOf(created, garlic)).toMatch(/^created/);
    expect(await kindOf(edited, 'projects/garden/state.md')).toMatch(/^edited/);
    expect(await kindOf(movedDeleted, archived)).toMatch(/^moved.*from projects\/garden\/seeds/);
    expect(await kindOf(movedDeleted, oldPlan)).toMatch(/^deleted/);
    // A deleted file is not a link; the others open the file view.
    expect(await movedDeleted.getByRole('link', { name: oldPlan }).count()).toBe(0);
    expect(await movedDeleted.getByRole('link', { name: archived }).count()).toBe(1);
    expect(await created.getByRole('link', { name: garlic }).count()).toBe(1);
    await e2e.checkView(page, 'activity-history');

    // The word-level diff of the edited note: the words removed and the words added.
    await changesOf(edited, 'projects/garden/state.md').click();
    const diff = edited.getByRole('region', { name: 'Changes in projects/garden/state.md' });
    await diff.locator('ins').filter({ hasText: size.name }).first().waitFor();
    // What the line said before (the seed's words, or the other size's run) is struck through.
    expect((await diff.locator('del').allTextContents()).join('').trim()).not.toBe('');
    await diff.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'activity-diff');
  });

  it("shows the agent's steps while an update runs, then its summary and files", async () => {
    const note = `projects/garden/compost-${size.name}.md`;
    e2e.model.script(
      turn(toolUse('read', { path: 'projects/garden/state.md' }), toolUse('search', { query: 'compost corner' })),
      // A slow model turn: the page must show the steps so far meanwhile.
      slow(turn(toolUse('write', { path: note, content: '# Compost\n\nTurned the heap.\n' })), 2500),
      turn(text(`Logged the compost turning in ${note}.`)),
    );
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const update = await sendUpdate(page, `Turned the compost (${size.name})`);
    const steps = update.getByRole('list', { name: 'Agent steps' });
    await steps.getByText('projects/garden/state.md').waitFor();
    await steps.getByText('“compost corner”').waitFor();
    expect(await update.getByText('Working', { exact: true }).isVisible()).toBe(true);
    expect(await steps.getByText(note).count()).toBe(0);
    await e2e.screenshot(page, `activity-live-steps-${size.width}`);

    await waitForStatus(update, 'Done');
    await update.getByText(`Logged the compost turning in ${note}.`).waitFor();
    expect(await update.getByRole('listitem').filter({ hasText: note }).first().textContent()).toMatch(/^created/);
    await update.getByText('3 steps').waitFor();
    expect(e2e.model.toolErrors()).toEqual([]);
  });

  it('shows a failed update in words, with the detail on demand and a Retry that succeeds; a failed question is asked again', async () => {
    const note = `projects/garden/beans-${size.name}.md`;
    e2e.model.script(apiError400);
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const failed = await sendUpdate(page, `Sowed beans in bed 2 (${size.name})`);
    await waitForStatus(failed, 'Failed');
    await failed.getByText('The model provider rejected the request.').waitFor();
    await inboxBadge(page).waitFor();
    const detail = failed.getByText(/prompt is too long/);
    expect(await detail.isVisible()).toBe(false);
    await failed.getByText('Details').click();
    await detail.waitFor();
    await detail.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'activity-update-failed');

    e2e.model.script(turn(toolUse('write', { path: note, content: '# Beans\n\nBed 2.\n' })), turn(text(`Filed the beans into ${note}.`)));
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.getByText('Sent again (see below).').waitFor();
    const retry = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `Sowed beans in bed 2 (${size.name})` })
      .last();
    await waitForStatus(retry, 'Done');
    await retry.getByText(`Filed the beans into ${note}.`).waitFor();
    // The failed item the failure left in the inbox is gone with the retry.
    await inboxBadge(page).waitFor({ state: 'detached' });
    expect(await e2e.readFile(note)).toContain('Bed 2.');

    e2e.model.script(apiError400);
    const question = await ask(page, `When were the beans sown? (${size.name})`);
    await question.getByText('The model provider rejected the request.').waitFor();
    e2e.model.script(turn(text('On the day you told me: bed 2.')));
    await question.getByRole('button', { name: 'Ask again' }).click();
    await entry(page, 'Question', `When were the beans sown? (${size.name})`).last().getByText('On the day you told me: bed 2.').waitFor();
    await question.first().getByText('Asked again (see below).').waitFor();
    expect(e2e.model.remaining()).toBe(0);
  });
});
