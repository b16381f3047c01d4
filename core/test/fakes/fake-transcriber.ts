import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake does with the next request. */
export type TranscriberMode = { kind: 'text'; text: string } | { kind: 'error'; status: number } | { kind: 'hang' };

export interface FakeTranscriber {
  /** `http://127.0.0.1:PORT/v1`, as KNOWER_TRANSCRIBE_URL names a server. */
  baseURL: string;
  /** Every transcription request: the form's fields and the uploaded file. */
  requests: Array<{ path: string; model: string; responseFormat: string; fileName: string; fileType: string; bytes: Buffer; authorization?: string }>;
  /** How it answers from now on (`text` by default: "transcript of <file name>"). */
  mode: TranscriberMode | undefined;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible transcription server (`POST /v1/audio/transcriptions`, multipart with
 * `file` and `model`, answering `{ "text": … }`) as whisper.cpp's server and faster-whisper-server
 * speak it. It can answer, fail, or hang.
 */
export async function startFakeTranscriber(): Promise<FakeTranscriber> {
  const fake: Omit<FakeTranscriber, 'baseURL' | 'close'> = { requests: [], mode: undefined };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
        res.writeHead(404).end();
        return;
      }
      const form = await formOf(req);
      const file = form.get('file');
      const bytes = file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
      fake.requests.push({
        path: req.url,
        model: String(form.get('model') ?? ''),
        responseFormat: String(form.get('response_format') ?? ''),
        fileName: file instanceof File ? file.name : '',
        fileType: file instanceof Blob ? file.type : '',
        bytes,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      const mode = fake.mode ?? { kind: 'text', text: `transcript of ${file instanceof File ? file.name : 'audio'}` };
      if (mode.kind === 'hang') return;
      if (mode.kind === 'error') {
        res.writeHead(mode.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the model is not loaded' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: mode.text }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

/** The multipart form of a request, parsed by the platform's own Request. */
async function formOf(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
}
