import type { Transcriber, Transcription } from './types.js';

export interface TranscriberDeps {
  /** KNOWER_TRANSCRIBE_URL: a base URL (`…/v1`) or the endpoint itself. */
  url?: string;
  model: string;
  apiKey?: string;
  /** One transcription, from the request to the whole answer: a hung server costs this, then the audio waits. */
  timeoutMs: number;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * The endpoint to post to: a URL naming one (`/audio/transcriptions`, whisper.cpp's `/inference`)
 * is taken as it is; a base URL gets OpenAI's path (`http://host:8178/v1` →
 * `http://host:8178/v1/audio/transcriptions`; a bare host gets `/v1` first, as OPENAI_BASE_URL does).
 */
export function transcriptionEndpoint(url: string): string {
  const parsed = new URL(url);
  const trimmed = parsed.pathname.replace(/\/+$/, '');
  if (/\/(audio\/transcriptions|inference)$/.test(trimmed)) return parsed.toString();
  parsed.pathname = `${trimmed || '/v1'}/audio/transcriptions`;
  return parsed.toString();
}

const failed = (code: Extract<Transcription, { ok: false }>['code'], message: string): Transcription => ({ ok: false, code, message });

/**
 * Transcribes audio through an OpenAI-compatible endpoint the person runs or chose (whisper.cpp's
 * server, faster-whisper-server, a hosted API): Knower never downloads a speech model itself.
 * Bounded by `timeoutMs`; any failure is a value saying why, and the audio stays in the vault.
 */
export function createTranscriber(deps: TranscriberDeps): Transcriber {
  const endpoint = deps.url ? transcriptionEndpoint(deps.url) : undefined;
  const fetchImpl = deps.fetch ?? fetch;
  return {
    configured: endpoint !== undefined,
    async transcribe(audio, signal) {
      if (!endpoint) return failed('not_configured', 'no transcriber is set up (KNOWER_TRANSCRIBE_URL)');
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mediaType }), audio.name);
      form.set('model', deps.model);
      form.set('response_format', 'json');
      const deadline = AbortSignal.timeout(deps.timeoutMs);
      const headers: Record<string, string> = deps.apiKey ? { authorization: `Bearer ${deps.apiKey}` } : {};
      try {
        const response = await fetchImpl(endpoint, { method: 'POST', body: form, headers, signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
        const body = await response.text();
        if (!response.ok) return failed('refused', `the transcriber answered ${response.status}: ${body.slice(0, 200).trim() || response.statusText}`);
        const text = (JSON.parse(body) as { text?: unknown }).text;
        if (typeof text !== 'string') return failed('refused', 'the transcriber answered without a "text" field');
        return { ok: true, text: text.trim() };
      } catch (err) {
        if (deadline.aborted) return failed('timeout', `the transcriber gave no answer within ${Math.round(deps.timeoutMs / 1000)} s`);
        if (err instanceof SyntaxError) return failed('refused', 'the transcriber did not answer with JSON');
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        return failed('network', `the transcriber cannot be reached (${cause?.code ?? cause?.message ?? (err as Error).message})`);
      }
    },
  };
}
