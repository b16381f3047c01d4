import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { CHROMIUM } from './paths.js';

/**
 * Debian's Chromium, never a downloaded one; nothing in the background talks to Google. `extra`:
 * switches a suite needs (a fake microphone, say).
 */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extra],
  });
}

/** A microphone that plays a tone, and its permission granted as if the person had clicked Allow. */
export const FAKE_MICROPHONE = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] as const;

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page asked for (documents, fetches, the event stream, assets, sockets). */
  requests: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  console: string[];
  /** Core's JSON answers, for the failure artifacts (what the app was told, e.g. a list it rejected). */
  responses: Response[];
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

/** The two sizes every moment is tested at: a phone (the capture tool's main use) and a desktop. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** A fresh context (no storage, no cache) on the app served by core. */
export async function openApp(browser: Browser, coreURL: string, opts: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: coreURL,
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    hasTouch: (opts.viewport?.width ?? 1440) < 768,
    colorScheme: opts.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(20_000);
  const opened: OpenedPage = { page: await context.newPage(), context, requests: [], pageErrors: [], console: [], responses: [] };
  context.on('request', (request) => void opened.requests.push(request.url()));
  context.on('response', (response) => {
    if (response.headers()['content-type']?.startsWith('application/json')) opened.responses.push(response);
  });
  opened.page.on('websocket', (socket) => void opened.requests.push(socket.url()));
  opened.page.on('pageerror', (error) => void opened.pageErrors.push(error.stack ?? error.message));
  opened.page.on('console', (message) => void opened.console.push(`${message.type()}: ${message.text()}`));
  return opened;
}

/** One line per JSON answer: time, method, status, URL and body (trimmed). */
export async function describeResponses(responses: readonly Response[]): Promise<string> {
  const lines = await Promise.all(
    responses.map(async (response) => {
      const body = await response.text().catch(() => '<body no longer available>');
      const at = response.request().timing().startTime;
      return `${new Date(at).toISOString()} ${response.request().method()} ${response.status()} ${response.url()}\n  ${body.slice(0, 2000)}`;
    }),
  );
  return lines.join('\n');
}

/** Requests to anything but core: the app must work with no outside host (fonts, CDNs, telemetry). */
export function outsideRequests(urls: readonly string[], coreURL: string): string[] {
  const core = new URL(coreURL).host;
  return urls.filter((url) => {
    const parsed = new URL(url);
    // data: and blob: never leave the page; about:blank is the new tab.
    if (['data:', 'blob:', 'about:'].includes(parsed.protocol)) return false;
    return parsed.host !== core;
  });
}
