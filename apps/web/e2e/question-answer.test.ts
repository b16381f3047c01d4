import { describe, expect, it } from 'vitest';
import { activity, composer, fileView, waitForApp } from './harness/app.js';
import { taskText, text, toolUse, turn } from './harness/fake-model.js';
import { SIZES } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Moment 2: ask a question → an answer built from the vault, citing the files it used.

const e2e = useKnower('question', GARDEN);

const ANSWER = `## The garden beds

The beds are **ready for spring**. Bed 4 rests this year under a layer of compost.

- Soil tested in February: pH 6.5.
- Both rain barrels are full.

Source: projects/garden/state.md`;

describe.each(SIZES)('moment 2 on a $name ($width×$height): a question gets an answer with sources', (size) => {
  it('answers in Search mode, and a source opens the file view on that note', async () => {
    e2e.model.script(turn(toolUse('read', { path: 'projects/garden/state.md' })), turn(text(ANSWER)));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);

    await composer.mode(page, 'Search').click();
    const input = composer.search(page);
    // Activity is kept by the service: both sizes' questions are listed, each finds its own.
    const asked = `How are the garden beds doing (${size.name})?`;
    await input.fill(asked);
    await input.press('Enter');

    const question = activity(page).getByRole('article', { name: 'Question' }).filter({ hasText: asked });
    await question.getByRole('heading', { name: 'The garden beds' }).waitFor();
    const source = question.getByRole('link').and(page.getByTitle('projects/garden/state.md', { exact: true }));
    await source.waitFor();
    expect(taskText(e2e.model.requests().at(-2)!)).toContain(asked);
    expect(e2e.model.toolErrors()).toEqual([]);
    expect(e2e.model.remaining()).toBe(0);
    await e2e.checkView(page, 'activity-with-answer');

    await source.click();
    const note = fileView(page, 'projects/garden/state.md');
    await note.getByRole('heading', { name: 'State' }).waitFor();
    await note.getByText('Beds ready for spring.', { exact: false }).waitFor();
    expect(page.url()).toMatch(/#\/file\/projects\/garden\/state\.md$/);
  });
});
