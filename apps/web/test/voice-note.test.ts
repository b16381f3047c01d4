import { describe, expect, it } from 'vitest';
import { formatElapsed, recordingProblem, recordingType, unsupported, voiceNoteName } from '../src/lib/voice-note';

const named = (name: string) => Object.assign(new Error('browser message'), { name });

describe('a voice note', () => {
  it('is recorded as Opus in WebM where the browser can, else in what it offers', () => {
    expect(recordingType((t) => ['audio/webm;codecs=opus', 'audio/webm'].includes(t))).toBe('audio/webm;codecs=opus');
    expect(recordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(recordingType(() => false)).toBeUndefined();
  });

  it('is named after when it was recorded, with the extension of its type', () => {
    const at = new Date(2026, 2, 2, 8, 15, 30);
    expect(voiceNoteName(at, 'audio/webm;codecs=opus')).toBe('voice-note-2026-03-02-081530.webm');
    expect(voiceNoteName(at, 'audio/mp4')).toBe('voice-note-2026-03-02-081530.m4a');
    expect(voiceNoteName(at, 'audio/x-unknown')).toBe('voice-note-2026-03-02-081530.webm');
  });

  it('shows how long it has recorded', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_400)).toBe('0:07');
    expect(formatElapsed(750_000)).toBe('12:30');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
  });

  it('says in words why it could not start', () => {
    expect(recordingProblem(named('NotAllowedError'), true)).toMatch(/may not use the microphone: allow it/);
    expect(recordingProblem(named('NotFoundError'), true)).toBe('No microphone was found on this device.');
    expect(recordingProblem(named('NotReadableError'), true)).toMatch(/another app may be using it/);
    expect(recordingProblem(unsupported(), false)).toBe('Recording needs a secure connection: open Knower over https or on localhost.');
    expect(recordingProblem(unsupported(), true)).toBe('This browser cannot record audio.');
    expect(recordingProblem(named('TypeError'), true)).toBe('The recording could not start: browser message');
  });
});
