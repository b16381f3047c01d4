import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeTranscriber } from '../../../core/test/fakes/fake-transcriber.js';
import { activity, composer, fileView, waitForApp } from './harness/app.js';
import { waitForStatus } from './harness/activity.js';
import { FAKE_MICROPHONE, SIZES, launchChromium, openApp } from './harness/browser.js';
import { useKnower } from './harness/knower-e2e.js';
import { GARDEN } from './harness/seed-vault.js';

// A voice note recorded in the app (MediaRecorder, Chromium's fake microphone) is sent as an
// audio attachment. Without a transcriber it waits in its note, and the Activity names the
// setting; once one is set up, Transcribe puts the transcript into that note, and new voice
// notes are transcribed as they come. The service runs offline (no model).

const transcriber = await startFakeTranscriber();
afterAll(() => transcriber.close());
let transcribing = false;
const e2e = useKnower(
  'voice-note',
  GARDEN,
  // Asked at each start: the restart below sets the transcriber up.
  { coreEnv: () => ({ ANTHROPIC_API_KEY: '', ...(transcribing ? { KNOWER_TRANSCRIBE_URL: transcriber.baseURL } : {}) }), browserArgs: FAKE_MICROPHONE },
);

type UpdateRecord = { id: string; text?: string; captures?: Array<{ kind: string; path?: string; note?: string; chars?: number }> };
const updates = async () => ((await (await fetch(`${e2e.core.url}/updates`)).json()) as { updates: UpdateRecord[] }).updates;

/** Records about two seconds from the fake microphone and stops: the recording becomes an attachment. */
async function recordVoiceNote(page: Page, screenshot?: string): Promise<string> {
  await page.getByRole('button', { name: 'Record a voice note' }).click();
  const timer = page.getByRole('timer', { name: 'Recorded so far' });
  await timer.waitFor();
  await page.getByText('0:02').waitFor();
  if (screenshot) await e2e.checkView(page, screenshot);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await timer.waitFor({ state: 'detached' });
  const chip = page.getByRole('list', { name: 'Attached files' }).getByText(/^voice-note-\d{4}-\d{2}-\d{2}-\d{6}\.webm$/);
  await chip.waitFor();
  await page
    .getByRole('list', { name: 'Attached files' })
    .getByText(/^audio file · /)
    .waitFor();
  return (await chip.textContent()) ?? '';
}

describe.each(SIZES)('a voice note on a $name ($width×$height)', (size) => {
  it('is recorded, sent as audio, and waits in its note for a transcriber, whose setting the Activity names', async () => {
    const page = await e2e.open({ viewport: size });
    await page.goto('/');
    await waitForApp(page);
    const name = await recordVoiceNote(page, 'voice-recording');
    await page.getByRole('button', { name: `Play ${name}` }).waitFor();
    await composer.update(page).fill(`Voice memo about the beds (${size.name})`);
    await e2e.checkView(page, 'voice-attached');
    await composer.update(page).press('Enter');

    const update = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: `Voice memo about the beds (${size.name})` });
    await update.getByRole('list', { name: 'Sent with it' }).getByText(name).waitFor();
    await waitForStatus(update, 'Done');
    const captured = update.getByRole('list', { name: 'Captured' });
    await captured.getByText('none is set up', { exact: false }).waitFor();
    await captured.getByText('KNOWER_TRANSCRIBE_URL').waitFor();
    expect(await captured.getByRole('button', { name: 'Transcribe' }).count()).toBe(0);
    await update.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'voice-waiting');

    const [record] = await updates();
    const audio = record?.captures?.[0];
    expect(audio).toMatchObject({ kind: 'audio', awaiting: 'transcriber' });
    const bytes = Buffer.from(await (await fetch(`${e2e.core.url}/vault/raw?path=${encodeURIComponent(audio?.path ?? '')}`)).arrayBuffer());
    expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3); // WebM, as MediaRecorder wrote it

    // Its note plays the audio from the vault, and says it waits.
    await captured.getByRole('link', { name: audio?.note ?? '' }).click();
    const view = fileView(page, audio?.note ?? '');
    const player = view.locator('audio');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe(`/vault/raw?path=${encodeURIComponent(audio?.path ?? '')}`);
    await view.getByText(`Awaiting transcription of`, { exact: false }).waitFor();
  });
});

describe('voice notes once a transcriber is set up', () => {
  it('Transcribe puts the transcript into the waiting note; a new voice note is transcribed as it comes', async () => {
    const noteOf = async (text: string) => (await updates()).find((u) => u.text === text)?.captures?.find((c) => c.kind === 'audio')?.note ?? '';
    const desktopNote = await noteOf('Voice memo about the beds (desktop)');
    const phoneNote = await noteOf('Voice memo about the beds (phone)');
    expect(desktopNote && phoneNote).toBeTruthy();
    transcribing = true;
    await e2e.restartCore();
    transcriber.mode = { kind: 'text', text: 'Mulch the garlic bed before the frost, says the pelisbury note.' };

    const page = await e2e.open();
    await page.goto('/');
    await waitForApp(page);
    const update = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'Voice memo about the beds (desktop)' });
    const button = update.getByRole('list', { name: 'Captured' }).getByRole('button', { name: 'Transcribe' });
    await button.waitFor();
    await update.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'voice-transcribe');
    await button.click();

    // The transcription is an update of its own; its end tells the first one it was transcribed.
    const run = activity(page)
      .getByRole('article', { name: 'Update' })
      .filter({ hasText: /Transcribe bucket\/.*\.webm/ });
    await waitForStatus(run, 'Done');
    await update.getByText('Transcribed since', { exact: false }).waitFor();
    expect(await e2e.readFile(desktopNote)).toContain('pelisbury note');
    expect(await e2e.readFile(desktopNote)).not.toContain('Awaiting transcription');
    // The other voice note still waits, with its button.
    expect(await e2e.readFile(phoneNote)).toContain('Awaiting transcription');
    const phone = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'Voice memo about the beds (phone)' });
    await phone.getByRole('button', { name: 'Transcribe' }).waitFor();

    // A new one, with the transcriber there: its note holds the transcript at once.
    await recordVoiceNote(page);
    await composer.update(page).fill('Second memo');
    await composer.update(page).press('Enter');
    const second = activity(page).getByRole('article', { name: 'Update' }).filter({ hasText: 'Second memo' });
    await waitForStatus(second, 'Done');
    await second
      .getByRole('list', { name: 'Captured' })
      .getByText(/transcript, \d+ characters/)
      .waitFor();
    expect(await e2e.readFile(await noteOf('Second memo'))).toContain('pelisbury note');
    await second.scrollIntoViewIfNeeded();
    await e2e.checkView(page, 'voice-transcribed');
  });

  it('says in words when the microphone is refused', async () => {
    // A browser whose person said no: no fake permission prompt that accepts.
    const browser = await launchChromium(['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
    try {
      for (const size of SIZES) {
        const { page, context } = await openApp(browser, e2e.core.url, { viewport: size });
        await page.goto('/');
        await waitForApp(page);
        await page.getByRole('button', { name: 'Record a voice note' }).click();
        await page.getByRole('alert').filter({ hasText: 'Knower may not use the microphone: allow it for this site' }).waitFor();
        await e2e.screenshot(page, `voice-refused-${size.width}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
