import type { Locator, Page } from 'playwright-core';
import { activity, composer } from './app.js';

// Activity as a user drives it: send from the chat input, find an entry by what was sent.

/** The Activity entry (an update or a question) whose message contains `words`. */
export const entry = (page: Page, kind: 'Update' | 'Question', words: string): Locator => activity(page).getByRole('article', { name: kind }).filter({ hasText: words });

/** Sends an update from the chat input (Update mode). */
export async function sendUpdate(page: Page, words: string): Promise<Locator> {
  await composer.mode(page, 'Update').click();
  const input = composer.update(page);
  await input.fill(words);
  await input.press('Enter');
  return entry(page, 'Update', words);
}

/** Asks a question from the chat input (Search mode). */
export async function ask(page: Page, words: string): Promise<Locator> {
  await composer.mode(page, 'Search').click();
  const input = composer.search(page);
  await input.fill(words);
  await input.press('Enter');
  return entry(page, 'Question', words);
}

/** Waits until the update's status chip says `state` (Done, Failed, Sent to inbox…). */
export const waitForStatus = (update: Locator, state: string) => update.getByText(state, { exact: true }).first().waitFor();

/** The "Changes" toggle of one file in an update's list of changed files. */
export const changesOf = (update: Locator, path: string) => update.getByRole('button', { name: `Changes in ${path}` });
