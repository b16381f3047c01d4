import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranscriber, transcriptionEndpoint } from '../../src/capture/index.js';
import { startFakeTranscriber, type FakeTranscriber } from '../fakes/fake-transcriber.js';

const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

describe('the transcriber (an OpenAI-compatible endpoint)', () => {
  let server: FakeTranscriber;
  beforeAll(async () => {
    server = await startFakeTranscriber();
  });
  afterAll(() => server?.close());

  it('posts the audio and the model as OpenAI does, with the key when one is set, and returns the text', async () => {
    server.mode = { kind: 'text', text: ' Buy oat milk and call Dana about the kiln. ' };
    const transcriber = createTranscriber({ url: server.baseURL, model: 'whisper-large-v3', apiKey: 'sk-local', timeoutMs: 10_000 });
    expect(transcriber.configured).toBe(true);
    const heard = await transcriber.transcribe({ bytes: OGG, name: 'memo.ogg', mediaType: 'audio/ogg' });
    expect(heard).toEqual({ ok: true, text: 'Buy oat milk and call Dana about the kiln.' });
    expect(server.requests.at(-1)).toMatchObject({
      path: '/v1/audio/transcriptions',
      model: 'whisper-large-v3',
      responseFormat: 'json',
      fileName: 'memo.ogg',
      fileType: 'audio/ogg',
      authorization: 'Bearer sk-local',
    });
    expect(server.requests.at(-1)?.bytes.equals(OGG)).toBe(true);
  });

  it('says why when the server fails, hangs, or cannot be reached; never throws', async () => {
    server.mode = { kind: 'error', status: 503 };
    const transcriber = createTranscriber({ url: server.baseURL, model: 'm', timeoutMs: 800 });
    expect(await transcriber.transcribe({ bytes: OGG, name: 'a.ogg', mediaType: 'audio/ogg' })).toMatchObject({ ok: false, code: 'refused', message: expect.stringContaining('503') });
    server.mode = { kind: 'hang' };
    expect(await transcriber.transcribe({ bytes: OGG, name: 'a.ogg', mediaType: 'audio/ogg' })).toMatchObject({ ok: false, code: 'timeout' });
    const nowhere = createTranscriber({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 5_000 });
    expect(await nowhere.transcribe({ bytes: OGG, name: 'a.ogg', mediaType: 'audio/ogg' })).toMatchObject({ ok: false, code: 'network' });
  });

  it('without a URL it is not configured and says so', async () => {
    const none = createTranscriber({ model: 'm', timeoutMs: 1_000 });
    expect(none.configured).toBe(false);
    expect(await none.transcribe({ bytes: OGG, name: 'a.ogg', mediaType: 'audio/ogg' })).toMatchObject({ ok: false, code: 'not_configured' });
  });

  it('takes a base URL or the endpoint itself', () => {
    expect(transcriptionEndpoint('http://127.0.0.1:8178/v1')).toBe('http://127.0.0.1:8178/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://127.0.0.1:8178/v1/')).toBe('http://127.0.0.1:8178/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://127.0.0.1:8178')).toBe('http://127.0.0.1:8178/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://127.0.0.1:8178/inference')).toBe('http://127.0.0.1:8178/inference');
    expect(transcriptionEndpoint('https://api.example/v1/audio/transcriptions')).toBe('https://api.example/v1/audio/transcriptions');
  });
});
