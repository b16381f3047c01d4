/**
 * The extraction thread: pages to articles (defuddle on linkedom) and PDFs to text (unpdf's
 * PDF.js), away from the event loop of whoever started it. Its owner bounds each task in time
 * and the thread in memory, and ends the thread when a task runs over: a hostile page or PDF
 * costs at most its budget, never the service. It knows nothing but the bytes it is given.
 */
import { parentPort } from 'node:worker_threads';
import type { ExtractRequest, ExtractReply } from './extract-protocol.js';
import { readArticle } from './read-article.js';
import { readPdf } from './read-pdf.js';

const port = parentPort;
if (!port) throw new Error('extract-thread runs as a worker thread');

port.on('message', (request: ExtractRequest) => {
  void handle(request).then((reply) => port.postMessage(reply));
});

async function handle(request: ExtractRequest): Promise<ExtractReply> {
  try {
    if (request.op === 'article') return { id: request.id, ...(await readArticle(Buffer.from(request.bytes), request.url, request.contentType)) };
    return { id: request.id, ...(await readPdf(new Uint8Array(request.bytes), request.limits)) };
  } catch (err) {
    return { id: request.id, ok: false, code: 'unreadable', message: err instanceof Error ? err.message.slice(0, 300) : String(err) };
  }
}
