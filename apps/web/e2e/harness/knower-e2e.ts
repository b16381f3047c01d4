import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { seriousViolations, type AxeViolation } from './axe.js';
import { describeResponses, launchChromium, openApp, outsideRequests, type OpenedPage, type PageOptions } from './browser.js';
import { startCore, type CoreProcess } from './core-process.js';
import { startFakeModel, type FakeModel } from './fake-model.js';
import { ARTIFACTS } from './paths.js';
import { seedVault } from './seed-vault.js';

export interface KnowerE2E {
  /** The fake Messages API core talks to. */
  model: FakeModel;
  core: CoreProcess;
  /** The vault's folder on disk, for edits "by hand" and checks of what the agents wrote. */
  vaultPath: string;
  /** A page on the app in a fresh browser context; closed (and checked) after the test. */
  open(opts?: PageOptions): Promise<Page>;
  writeFile(rel: string, content: string): Promise<void>;
  readFile(rel: string): Promise<string>;
  /** Stops core, runs `whileDown` (edits while the service is away), starts it again on the same port. */
  restartCore(whileDown?: () => Promise<void>): Promise<void>;
  /** Saves a screenshot under artifacts/e2e/ and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  /**
   * One view as the user sees it, in the light and the dark theme: a screenshot of each
   * (`<name>-<width>-<theme>.png`) and axe-core's serious and critical violations, which fail
   * the test at its end (all views are still captured first).
   */
  checkView(page: Page, name: string): Promise<void>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * Registers the hooks of one test file: a temporary vault seeded with `seed`, the fake model, core
 * started natively on both, and Chromium. Each test gets fresh contexts; after it, no request may
 * have gone to a host other than core and no page may have thrown. Everything is stopped after the
 * file, failed or not; on failure the core log, the model's requests, the vault and a screenshot
 * of each open page are kept under artifacts/e2e/failures/<suite>/.
 */
export function useKnower(
  suite: string,
  seed: Record<string, string | Buffer>,
  opts: {
    /** Settings added to core's environment, asked for at each start (a restart may change them). */
    coreEnv?: () => Record<string, string>;
    /** Chromium switches for the suite (e.g. FAKE_MICROPHONE). */
    browserArgs?: readonly string[];
  } = {},
): KnowerE2E {
  let temp: string | undefined;
  let model: FakeModel | undefined;
  let core: CoreProcess | undefined;
  let browser: Browser | undefined;
  let pages: OpenedPage[] = [];
  let violations: Array<AxeViolation & { view: string }> = [];
  let failed = false;
  const failures = path.join(ARTIFACTS, 'failures', suite);
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (did beforeAll fail?)`);
    return value;
  };

  const coreOptions = () => {
    const dir = need(temp, 'the temporary vault');
    return {
      vaultPath: e2e.vaultPath,
      stateDir: path.join(dir, 'state'),
      home: path.join(dir, 'home'),
      modelURL: need(model, 'the fake model').baseURL,
      logFile: path.join(dir, 'core.log'),
      ...(opts.coreEnv ? { env: opts.coreEnv() } : {}),
    };
  };

  const e2e: KnowerE2E = {
    get model() {
      return need(model, 'the fake model');
    },
    get core() {
      return need(core, 'core');
    },
    get vaultPath() {
      return path.join(need(temp, 'the temporary vault'), 'vault');
    },
    async open(opts) {
      const opened = await openApp(need(browser, 'Chromium'), e2e.core.url, opts);
      pages.push(opened);
      return opened.page;
    },
    writeFile: async (rel, content) => {
      await mkdir(path.dirname(path.join(e2e.vaultPath, rel)), { recursive: true });
      await writeFile(path.join(e2e.vaultPath, rel), content);
    },
    readFile: (rel) => readFile(path.join(e2e.vaultPath, rel), 'utf8'),
    async restartCore(whileDown) {
      const { url } = e2e.core;
      await e2e.core.stop();
      await whileDown?.();
      core = await startCore({ ...coreOptions(), port: Number(new URL(url).port) });
    },
    async screenshot(page, name) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file, animations: 'disabled' });
      return file;
    },
    async checkView(page, name) {
      const width = page.viewportSize()?.width ?? 0;
      const initial = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        // Transitions between the themes' colours must be over before contrast is measured.
        await page.waitForTimeout(50);
        await e2e.screenshot(page, `${name}-${width}-${theme}`);
        for (const v of await seriousViolations(page)) violations.push({ ...v, view: `${name} ${width}px ${theme}` });
      }
      await page.emulateMedia({ colorScheme: initial });
    },
  };

  beforeAll(async () => {
    try {
      temp = await mkdtemp(path.join(os.tmpdir(), `knower-e2e-${suite}-`));
      await mkdir(path.join(temp, 'state'), { recursive: true });
      await mkdir(path.join(temp, 'home'), { recursive: true });
      await seedVault(e2e.vaultPath, seed);
      model = await startFakeModel();
      core = await startCore(coreOptions());
      browser = await launchChromium(opts.browserArgs);
    } catch (err) {
      failed = true;
      throw err;
    }
  });

  afterEach(async ({ task }) => {
    const testFailed = task.result?.state === 'fail';
    const opened = pages;
    pages = [];
    if (testFailed) {
      failed = true;
      await mkdir(failures, { recursive: true });
      for (const [i, { page, console: lines, pageErrors, responses }] of opened.entries()) {
        const base = path.join(failures, `${slug(`${task.suite?.name ?? ''} ${task.name}`)}${opened.length > 1 ? `-${i + 1}` : ''}`);
        await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
        await writeFile(`${base}.console.txt`, [...lines, ...pageErrors.map((e) => `pageerror: ${e}`)].join('\n'));
        await writeFile(`${base}.responses.txt`, await describeResponses(responses));
      }
    }
    await Promise.all(opened.map(({ context }) => context.close().catch(() => undefined)));
    // The recorder itself works: every page saw core's event stream go by.
    const unrecorded = opened.filter(({ requests }) => !requests.some((url) => url.startsWith(`${e2e.core.url}/sse`)));
    const outside = opened.flatMap(({ requests }) => outsideRequests(requests, e2e.core.url));
    const pageErrors = opened.flatMap((p) => p.pageErrors);
    // The app's Content-Security-Policy must allow everything the app really does.
    const blocked = opened.flatMap((p) => p.console.filter((line) => /Content Security Policy/i.test(line)));
    const axe = violations;
    violations = [];
    if (outside.length > 0 || pageErrors.length > 0 || unrecorded.length > 0 || axe.length > 0 || blocked.length > 0) failed = true;
    expect(
      axe.map((v) => `${v.view}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.join(' | ')}`),
      'serious or critical accessibility violations (axe-core)',
    ).toEqual([]);
    expect(unrecorded.length, 'pages whose requests were not recorded').toBe(0);
    expect(outside, 'requests to a host other than core').toEqual([]);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    expect(blocked, 'loads the Content-Security-Policy blocked').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await core?.stop();
    if (failed && temp) {
      await mkdir(failures, { recursive: true });
      await cp(path.join(temp, 'core.log'), path.join(failures, 'core.log')).catch(() => undefined);
      await cp(e2e.vaultPath, path.join(failures, 'vault'), { recursive: true }).catch(() => undefined);
      if (model) await writeFile(path.join(failures, 'model-requests.json'), JSON.stringify(model.requests(), null, 2));
    }
    await model?.close();
    if (temp) await rm(temp, { recursive: true, force: true });
  });

  return e2e;
}
