import { afterEach, describe, expect, it } from 'vitest';
import { activity, composer, waitForApp } from './harness/app.js';
import { SIZES } from './harness/browser.js';
import { slow, text, toolUse, turn } from './harness/fake-model.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// Work that is under way can be stopped from the activity, and the composer stays usable while a
// question is answered: the person keeps typing, the focus stays in the box after Enter.

const e2e = useKnower('stop', GARDEN);
const LONG = 60_000;

// The fake model answers requests in the order its turns were scripted, whoever asks. Work stopped
// before it asked the model leaves its turn to the next test's run (a 60 s "Too late." for the
// next update): the next tests then fail together. Each test stops its work once the model was
// asked, and one that leaves a turn fails itself.
const modelAsked = () => expect.poll(() => e2e.model.remaining(), { timeout: 30_000 }).toBe(0);
afterEach(() => {
  expect(e2e.model.remaining(), 'scripted turns no run asked for').toBe(0);
});

describe.each(SIZES)('stopping work on a $name ($width×$height)', (size) => {
  it('keeps the composer usable while a question is answered, and stops the question', async () => {
    e2e.model.script(slow(turn(text('Too late.')), LONG));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    await composer.mode(page, 'Search').click();
    const asked = `Where are the seed potatoes (${size.name})?`;
    const input = composer.search(page);
    await input.fill(asked);
    await input.press('Enter');

    const question = activity(page).getByRole('article', { name: 'Question' }).filter({ hasText: asked });
    await question.getByText('Searching your vault…').waitFor();
    // Still in the box, still enabled: the next words land there.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('And the gate latch?');
    expect(await input.inputValue()).toBe('And the gate latch?');
    expect(await input.isEnabled()).toBe(true);
    await composer.mode(page, 'Update').click();
    await composer.mode(page, 'Search').click();

    await modelAsked();
    await question.getByRole('button', { name: 'Stop' }).click();
    await question.getByText('You stopped this question before the answer was ready.').waitFor();
    await question.getByRole('button', { name: 'Ask again' }).waitFor();
    await e2e.checkView(page, 'question-stopped');
  });

  it('stops a running update: its changes are undone and it says so', async () => {
    const note = `projects/garden/potatoes-${size.name}.md`;
    e2e.model.script(turn(toolUse('write', { path: note, content: '# Potatoes\n\nOrdered.\n' })), slow(turn(text('Filed.')), LONG));
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const input = composer.update(page);
    await input.fill(`Ordered seed potatoes (${size.name}).`);
    await input.press('Enter');
    // Focus stays in the composer after Enter.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    const update = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `Ordered seed potatoes (${size.name}).` });
    await update.getByText(note).waitFor();
    await expect.poll(() => e2e.readFile(note).catch(() => ''), { timeout: 10_000 }).toContain('Ordered.');
    await modelAsked();
    await update.getByRole('button', { name: 'Stop' }).click();
    await update.getByText('Stopped by you').waitFor();
    await update.getByText(`undid its changes to ${note}`, { exact: false }).waitFor();
    await expect
      .poll(
        () =>
          e2e.readFile(note).then(
            () => 'there',
            () => 'gone',
          ),
        { timeout: 10_000 },
      )
      .toBe('gone');
    await update.getByRole('button', { name: 'Retry' }).waitFor();
    await e2e.checkView(page, 'update-stopped');
  });
});

describe('a model fault on the desktop (1440×900)', () => {
  it('shows the run waiting out the fault, then the answer, and the model chip recovers with the model', async () => {
    e2e.model.script({ kind: 'error', status: 529, type: 'overloaded_error', message: 'fake overloaded_error', retryAfterMs: 3000 }, turn(text('The potatoes are in bed 3.')));
    const page = await e2e.open({ viewport: SIZES[1] });
    await page.goto('/');
    await waitForApp(page);
    await composer.mode(page, 'Search').click();
    await composer.search(page).fill('Where are the potatoes?');
    await composer.search(page).press('Enter');
    const question = activity(page).getByRole('article', { name: 'Question' }).filter({ hasText: 'Where are the potatoes?' });
    await question
      .getByRole('status')
      .filter({ hasText: /overloaded\. Trying again in \d s \(retry 1 of \d\)/ })
      .waitFor();
    const chip = page.getByLabel(/^Model: /);
    await expect.poll(() => chip.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/\(problem\)$/);
    await e2e.checkView(page, 'question-retrying');
    await question.getByText('The potatoes are in bed 3.').waitFor();
    await expect.poll(() => chip.getAttribute('aria-label'), { timeout: 10_000 }).not.toMatch(/problem/);
  });
});
