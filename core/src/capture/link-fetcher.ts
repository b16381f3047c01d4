import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { isAllowed, ipLiteral, isPublicAddress, type FetchAllowList } from './address-policy.js';
import type { LinkFetch, LinkFetcher, LinkRefusal } from './types.js';

export interface LinkLimits {
  redirects: number;
  /** The whole fetch, every hop and the body included. */
  timeoutMs: number;
  /** The body, after decompression. */
  maxBytes: number;
}

/** What DESIGN.md promises: at most 5 redirects, 20 s, 10 MB. */
const LINK_LIMITS: LinkLimits = { redirects: 5, timeoutMs: 20_000, maxBytes: 10 * 1024 * 1024 };

export interface LinkFetcherDeps {
  allow: FetchAllowList;
  userAgent: string;
  limits?: Partial<LinkLimits>;
  /** DNS, injectable: a test resolves a public-looking name to 127.0.0.1. */
  lookup?: typeof dnsLookup;
}

class Refused extends Error {
  constructor(
    readonly code: LinkRefusal,
    message: string,
  ) {
    super(message);
  }
}

const ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,image/*;q=0.8,audio/*;q=0.8,*/*;q=0.5';

/**
 * Fetches links for capture without becoming a door into the machine's network: http(s) only,
 * no credentials in the URL, no cookies sent or kept, and every hop's address checked *after*
 * DNS resolution, inside the connection itself (the address checked is the address connected
 * to: a name that resolves differently the second time cannot slip through). Loopback, private,
 * link-local and metadata addresses are refused unless the host is in KNOWER_FETCH_ALLOW.
 * Bounded: 5 redirects, 20 s for everything, 10 MB of body after decompression.
 */
export function createLinkFetcher(deps: LinkFetcherDeps): LinkFetcher {
  const limits = { ...LINK_LIMITS, ...deps.limits };
  const resolve = deps.lookup ?? dnsLookup;

  /** The connection's DNS: every address a name resolves to must be public, or the host allowed. */
  const guardedLookup =
    (url: URL): LookupFunction =>
    (hostname, options, callback) => {
      resolve(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as unknown as LookupAddress[];
        const refused = list.find((a) => !isPublicAddress(a.address));
        if (refused && !isAllowed(deps.allow, url)) {
          return callback(new Refused('private_address', `${url.hostname} resolves to ${refused.address}, a private or local address`), '', 0);
        }
        if (options.all) return callback(null, list);
        const first = list[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        return callback(null, first.address, first.family);
      });
    };

  function check(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('bad_url', `only http and https links can be fetched, not ${url.protocol}`);
    if (url.username || url.password) throw new Refused('bad_url', 'a link with a user name or password in it is not fetched');
    const literal = ipLiteral(url);
    // A literal address never reaches the lookup: it is checked here.
    if (literal && !isPublicAddress(literal) && !isAllowed(deps.allow, url)) throw new Refused('private_address', `${literal} is a private or local address`);
  }

  function request(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolveResponse, reject) => {
      const req = client.request(url, {
        method: 'GET',
        headers: { 'user-agent': deps.userAgent, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en;q=0.8, *;q=0.5' },
        lookup: guardedLookup(url),
        signal,
        // No connection pooling: each hop makes its own checked connection.
        agent: false,
      });
      req.on('response', resolveResponse);
      req.on('error', reject);
      req.end();
    });
  }

  async function readBody(response: IncomingMessage, url: URL): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    if (!encoding && Number.isFinite(declared) && declared > limits.maxBytes) {
      response.destroy();
      throw new Refused('too_large', `${url.hostname} sends ${Math.ceil(declared / (1024 * 1024))} MB; at most ${limits.maxBytes / (1024 * 1024)} MB are fetched`);
    }
    let body: Readable = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(createGunzip());
    else if (encoding === 'deflate') body = response.pipe(createInflate());
    else if (encoding === 'br') body = response.pipe(createBrotliDecompress());
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        // Counted after decompression: a small compressed bomb stops here too.
        if (size > limits.maxBytes) throw new Refused('too_large', `the page at ${url.hostname} is larger than ${limits.maxBytes / (1024 * 1024)} MB`);
        chunks.push(chunk as Buffer);
      }
    } finally {
      response.destroy();
    }
    return Buffer.concat(chunks);
  }

  async function fetchLink(link: string, outer?: AbortSignal): Promise<LinkFetch> {
    const deadline = AbortSignal.timeout(limits.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return { ok: false, code: 'bad_url', message: 'the link is not a valid URL' };
    }
    try {
      for (let hop = 0; ; hop++) {
        check(url);
        const response = await request(url, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          if (hop >= limits.redirects) throw new Refused('too_many_redirects', `more than ${limits.redirects} redirects (a redirect loop?)`);
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new Refused('http_error', `the server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
        }
        const bytes = await readBody(response, url);
        const contentType = String(response.headers['content-type'] ?? '');
        return { ok: true, link: { url: url.toString(), status, contentType, bytes, name: fileName(response, url) } };
      }
    } catch (err) {
      return refusal(err, deadline, limits.timeoutMs);
    }
  }

  return { fetch: fetchLink };
}

function refusal(err: unknown, deadline: AbortSignal, timeoutMs: number): LinkFetch {
  if (err instanceof Refused) return { ok: false, code: err.code, message: err.message };
  // The lookup's refusal reaches here wrapped by the socket, with its own class intact.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Refused) return { ok: false, code: cause.code, message: cause.message };
  if (deadline.aborted) return { ok: false, code: 'timeout', message: `no complete answer within ${Math.round(timeoutMs / 1000)} s` };
  if ((err as { name?: string }).name === 'AbortError') return { ok: false, code: 'timeout', message: 'stopped before the page came' };
  const code = (err as NodeJS.ErrnoException).code;
  const what = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'the name does not resolve (offline?)' : code === 'ECONNREFUSED' ? 'the connection was refused' : (err as Error).message;
  return { ok: false, code: 'network', message: what };
}

/** A name for a file at a link: Content-Disposition's, else the path's last segment, else the host. */
function fileName(response: IncomingMessage, url: URL): string {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const fromHeader = star ? decode(star.trim()) : plain?.trim();
  const fromPath = decode(path.posix.basename(url.pathname));
  return path.basename(fromHeader || fromPath || url.hostname).slice(0, 200) || url.hostname;
}
