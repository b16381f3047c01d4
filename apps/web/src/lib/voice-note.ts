import { ATTACHMENT_KINDS } from '@knower/api';

/**
 * The recorder's format: Opus in WebM where the browser records it (Chromium, Firefox), else
 * the browser's own default (Safari records AAC in MP4). Undefined: let the browser choose.
 */
export function recordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => isTypeSupported(type));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "voice-note-2026-03-02-081530.webm": the local time it was recorded, the extension of its type. */
export function voiceNoteName(at: Date, type: string): string {
  const media = type.split(';')[0]!.trim().toLowerCase();
  const ext = (ATTACHMENT_KINDS.audio.types as Record<string, string>)[media] ?? 'webm';
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `voice-note-${day}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.${ext}`;
}

/** "0:07", "12:30", "1:02:03" */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = pad(total % 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Why a recording could not start, in words a person can act on. `secure`: the page is on
 * https or localhost; elsewhere (a phone on the LAN over plain http) browsers hide the
 * microphone altogether.
 */
export function recordingProblem(error: unknown, secure: boolean): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Knower may not use the microphone: allow it for this site in the browser’s settings, then record again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found on this device.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be started: another app may be using it.';
    case 'Unsupported':
      return secure ? 'This browser cannot record audio.' : 'Recording needs a secure connection: open Knower over https or on localhost.';
    default:
      return `The recording could not start${error instanceof Error && error.message ? `: ${error.message}` : '.'}`;
  }
}

/** The error a browser without microphone access gives (no mediaDevices, no MediaRecorder). */
export const unsupported = (): Error => Object.assign(new Error('no microphone access in this browser'), { name: 'Unsupported' });
