import { z } from 'zod';
import { optional, text } from './location.js';

/** How the service takes in links and audio. */
export interface CaptureConfig {
  /** KNOWER_FETCH_ALLOW: hosts (`host` or `host:port`, lower-cased) a link may reach even on a private or local address. */
  fetchAllow: string[];
  /** An OpenAI-compatible transcription endpoint; without one, audio waits for `knower transcribe`. */
  transcribe?: { url: string; model: string; apiKey?: string; timeoutMs: number };
}

const HOST_ENTRY = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export const captureFields = {
  KNOWER_FETCH_ALLOW: optional(
    z.string().refine(
      (value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => HOST_ENTRY.test(entry)),
      'must be a comma-separated list of host or host:port, e.g. wiki.lan,192.168.1.20:8080',
    ),
  ),
  KNOWER_TRANSCRIBE_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://127.0.0.1:8178/v1' })),
  KNOWER_TRANSCRIBE_MODEL: text,
  KNOWER_TRANSCRIBE_API_KEY: text,
  KNOWER_TRANSCRIBE_TIMEOUT_S: optional(z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number').min(1, 'must be 1 or more').max(7200, 'must be 7200 or less')),
};

type CaptureEnv = { [K in keyof typeof captureFields]?: z.infer<(typeof captureFields)[K]> };

export function resolveCapture(e: CaptureEnv): CaptureConfig {
  const fetchAllow = (e.KNOWER_FETCH_ALLOW ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (!e.KNOWER_TRANSCRIBE_URL) return { fetchAllow };
  return {
    fetchAllow,
    transcribe: {
      url: e.KNOWER_TRANSCRIBE_URL,
      // OpenAI's name for Whisper; whisper.cpp's server and faster-whisper-server accept any.
      model: e.KNOWER_TRANSCRIBE_MODEL ?? 'whisper-1',
      ...(e.KNOWER_TRANSCRIBE_API_KEY ? { apiKey: e.KNOWER_TRANSCRIBE_API_KEY } : {}),
      timeoutMs: (e.KNOWER_TRANSCRIBE_TIMEOUT_S ?? 600) * 1000,
    },
  };
}
