import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, forUpdate, lastToolMessages, say, startFakeOpenAIServer, taskText, toolCall, type FakeOpenAIServer } from '../../../core/test/fakes/fake-openai-server.js';
import { activity, composer, fileView, inboxBadge, inboxNav, pendingItems, treeRow, waitForApp } from './harness/app.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// The three moments with the agents on an OpenAI-compatible server (what Ollama, llama.cpp,
// LM Studio and vLLM speak): core runs natively with KNOWER_PROVIDER=openai against a local
// fake that streams its answers, through the real openai client.

let model: FakeOpenAIServer | undefined;
const fake = () => {
  if (!model) throw new Error('the fake OpenAI-compatible server is not started');
  return model;
};
// Registered before useKnower's hooks: the server must answer before core starts and probes it.
beforeAll(async () => {
  model = await startFakeOpenAIServer();
});
afterAll(async () => {
  await model?.close();
});

const e2e = useKnower('openai', GARDEN, {
  coreEnv: () => ({ KNOWER_PROVIDER: 'openai', OPENAI_BASE_URL: fake().baseURL, KNOWER_MODEL: 'llama3.1:8b' }),
});

const toolErrors = () =>
  fake()
    .requests.flatMap((r) => lastToolMessages(r.body))
    .filter((m) => m.content.startsWith('Error:'));

describe('the three moments on a local OpenAI-compatible model', () => {
  it('names the model in the sidebar, and files an update the tree shows live', async () => {
    fake().push(
      calls(toolCall('read', { path: 'projects/garden/tasks.md' })),
      calls(toolCall('append', { path: 'projects/garden/tasks.md', content: '- [ ] Mulch the garlic with straw', position: 'bottom' })),
      forUpdate((id) => calls(toolCall('write', { path: 'projects/garden/garlic.md', content: `# Garlic\n\nThree rows in bed 4 (update ${id}).\n` }))),
      say('Added the garlic note and a mulching task.'),
    );
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    await page.getByLabel('Model: openai · llama3.1:8b', { exact: true }).waitFor();

    const input = composer.update(page);
    await input.fill('Planted three rows of garlic in bed 4; mulch them with straw later.');
    await input.press('Enter');
    await treeRow(page, 'projects/garden/garlic.md').waitFor();
    const update = activity(page).getByRole('article', { name: 'Update' });
    await update.getByText('Done', { exact: true }).waitFor();
    await update.getByRole('list', { name: 'Files changed' }).getByRole('link', { name: 'projects/garden/garlic.md' }).waitFor();
    await e2e.screenshot(page, 'openai-update-done');

    expect(toolErrors()).toEqual([]);
    expect(fake().remaining()).toBe(0);
    // Every turn went through the real client, streamed, to the configured model.
    expect(fake().requests.every((r) => r.body.stream === true && r.body.model === 'llama3.1:8b' && /^OpenAI\/JS/.test(String(r.headers['user-agent'])))).toBe(true);
    expect(await e2e.readFile('projects/garden/tasks.md')).toContain('Mulch the garlic with straw');
    expect(await e2e.readFile('changelog.md')).toMatch(/· update \d{8}-\d{6}-[0-9a-f]{6}/);
  });

  it('sends an ambiguous update to the inbox and carries out the reply', async () => {
    const title = 'Which bed is the trellis for?';
    let itemId = '';
    fake().push(
      forUpdate((id) => {
        itemId = id;
        return calls(toolCall('write', { path: `inbox/${id}/review.md`, content: `# ${title}\n\n## What I need from you\nBed 1 (tomatoes) or bed 2 (beans)?\n` }));
      }),
      say('Asked which bed the trellis is for.'),
    );
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    const input = composer.update(page);
    await input.fill('Ordered a cedar trellis.');
    await input.press('Enter');
    await inboxBadge(page).filter({ hasText: /^1$/ }).waitFor();

    await inboxNav(page).click();
    await pendingItems(page)
      .getByRole('button', { name: new RegExp(title) })
      .click();
    const review = page.getByRole('article', { name: title });
    await review.getByText('Bed 1 (tomatoes) or bed 2 (beans)?').waitFor();
    await review.getByRole('button', { name: 'Reply' }).click();
    const reply = composer.answer(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Reply to the inbox item');
    await reply.fill('Bed 2, for the beans.');

    fake().push(
      calls(toolCall('read', { path: 'projects/garden/state.md' })),
      calls(toolCall('append', { path: 'projects/garden/state.md', content: '- Cedar trellis ordered for bed 2 (beans).', position: 'bottom' }), toolCall('delete', { path: `inbox/${itemId}` })),
      say('Filed the trellis under bed 2 and closed the item.'),
    );
    await reply.press('Enter');
    await pendingItems(page)
      .getByRole('button', { name: new RegExp(title) })
      .waitFor({ state: 'detached' });
    await inboxBadge(page).waitFor({ state: 'detached' });

    expect(taskText(fake().requests.at(-3)!.body)).toContain(`reply to inbox item ${itemId}`);
    expect(toolErrors()).toEqual([]);
    expect(existsSync(path.join(e2e.vaultPath, 'inbox', itemId))).toBe(false);
    expect(await e2e.readFile('projects/garden/state.md')).toContain('Cedar trellis ordered for bed 2');
  });

  it('answers a question citing the note it read', async () => {
    fake().push(calls(toolCall('read', { path: 'projects/garden/state.md' })), say('## Soil\n\nThe soil was tested in February: **pH 6.5**.\n\nSource: projects/garden/state.md'));
    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    await composer.mode(page, 'Search').click();
    const input = composer.search(page);
    await input.fill('What is the pH of the garden soil?');
    await input.press('Enter');

    const question = activity(page).getByRole('article', { name: 'Question' });
    await question.getByRole('heading', { name: 'Soil' }).waitFor();
    const source = question.getByRole('link').and(page.getByTitle('projects/garden/state.md', { exact: true }));
    await source.waitFor();
    await e2e.screenshot(page, 'openai-answer');
    await source.click();
    await fileView(page, 'projects/garden/state.md').getByRole('heading', { name: 'State' }).waitFor();
    expect(toolErrors()).toEqual([]);
    expect(fake().remaining()).toBe(0);
  });
});
