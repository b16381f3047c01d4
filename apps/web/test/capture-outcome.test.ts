import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CaptureOutcomes } from '../src/components/capture-outcomes';
import type { Transcriber } from '../src/hooks/use-transcriber';
import type { CaptureOutcome, WaitingAudio } from '../src/lib/api';
import { describeCapture } from '../src/lib/capture-outcome';

// What became of what an update carried, as the Activity shows it. Components render to HTML
// here (react-dom/server, no DOM): the text, the links and the buttons a person would meet.

const PDF: CaptureOutcome = { source: 'Field manual.pdf', kind: 'pdf', path: 'bucket/2026-03-02-field-manual.pdf', pages: 50, chars: 48_210, truncated: true };
const PAGE: CaptureOutcome = {
  source: 'https://birding.example/pelicans',
  kind: 'page',
  path: 'bucket/2026-03-02-pelicans-of-lake-ohrid.md',
  note: 'bucket/2026-03-02-pelicans-of-lake-ohrid.md',
  title: 'Pelicans of Lake Ohrid',
  chars: 2_345,
};
const AUDIO: CaptureOutcome = {
  source: 'voice-note-2026-03-02-081530.webm',
  kind: 'audio',
  path: 'bucket/2026-03-02-voice-note-2026-03-02-081530-u1.webm',
  note: 'bucket/2026-03-02-voice-note-2026-03-02-081530-u1.md',
  awaiting: 'transcriber',
};

const transcriber = (configured: boolean, waiting: WaitingAudio[]): Transcriber => ({ configured, waiting, transcribe: async () => null });
const waitingFor = (of: string, audio: string, present = true): WaitingAudio => ({ audio, of, present });
const render = (captures: CaptureOutcome[], t?: Transcriber, updateId = 'u1') => renderToStaticMarkup(createElement(CaptureOutcomes, { updateId, captures, transcriber: t }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('describeCapture', () => {
  it('names a PDF by its file, with its pages (all of them, saying only the first were read) and characters', () => {
    expect(describeCapture(PDF)).toEqual({
      name: 'Field manual.pdf',
      facts: ['50 pages (the first ones read)', '48,210 characters'],
      kept: 'bucket/2026-03-02-field-manual.pdf',
      note: null,
      problem: null,
      waiting: false,
    });
  });

  it('names a clipped page by its title; its note is where it is kept, listed once', () => {
    expect(describeCapture(PAGE)).toMatchObject({ name: 'Pelicans of Lake Ohrid', facts: ['2,345 characters'], kept: PAGE.path, note: null });
  });

  it('says a problem as a sentence, and audio waits until transcribed', () => {
    const failed = describeCapture({ source: 'https://x.example/a', kind: 'page', problem: 'the site answered 404 Not Found' });
    expect(failed).toMatchObject({ name: 'https://x.example/a', kept: null, problem: 'The site answered 404 Not Found.' });
    expect(describeCapture(AUDIO)).toMatchObject({ waiting: true, kept: AUDIO.path, note: AUDIO.note });
    expect(describeCapture({ ...AUDIO, transcribed_by: 'u9' }).waiting).toBe(false);
    expect(describeCapture({ ...AUDIO, awaiting: null, chars: 120 }).facts).toEqual(['transcript, 120 characters']);
  });
});

describe('the capture outcomes of an update', () => {
  it('link each original and note to its place in the vault, with what was read of it', () => {
    const html = render([PDF, PAGE]);
    expect(html).toContain('aria-label="Captured"');
    expect(html).toContain('href="#/file/bucket/2026-03-02-field-manual.pdf"');
    expect(html).toContain('href="#/file/bucket/2026-03-02-pelicans-of-lake-ohrid.md"');
    expect(text(html)).toContain('Field manual.pdf 50 pages (the first ones read) · 48,210 characters');
    expect(text(html)).toContain('Pelicans of Lake Ohrid 2,345 characters');
  });

  it('offer Transcribe for audio that waits once a transcriber is set up', () => {
    const html = render([AUDIO], transcriber(true, [waitingFor('u1', AUDIO.path!)]));
    expect(text(html)).toMatch(/Transcribe/);
    expect(html).toMatch(/<button[^>]*>.*Transcribe<\/button>/);
    expect(html).toContain(`href="#/file/${AUDIO.note}"`);
  });

  it('name the setting to set when no transcriber is, and offer no button', () => {
    const html = render([AUDIO], transcriber(false, [waitingFor('u1', AUDIO.path!)]));
    expect(text(html)).toContain('none is set up. Set KNOWER_TRANSCRIBE_URL to transcribe it.');
    expect(html).not.toMatch(/<button/);
  });

  it('say when the audio was transcribed since (the service no longer lists it), or moved away', () => {
    expect(text(render([AUDIO], transcriber(true, [])))).toContain('Transcribed since');
    const moved = render([AUDIO], transcriber(true, [waitingFor('u1', AUDIO.path!, false)]));
    expect(text(moved)).toContain('Moved or deleted since');
    expect(moved).not.toMatch(/<button/);
    // Another update's audio at the same path is not this one.
    expect(text(render([AUDIO], transcriber(true, [waitingFor('u2', AUDIO.path!)])))).toContain('Transcribed since');
  });

  it('show a problem in words beside what was kept', () => {
    const html = render([{ ...PDF, pages: null, chars: null, truncated: null, problem: 'the PDF is encrypted (password-protected): it is kept, but its text cannot be read' }]);
    expect(text(html)).toContain('The PDF is encrypted (password-protected): it is kept, but its text cannot be read.');
    expect(html).toContain('href="#/file/bucket/2026-03-02-field-manual.pdf"');
  });
});
