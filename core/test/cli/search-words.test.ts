import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { runKnower, shellEnv } from './knower-process.js';

const NOTES: Record<string, string> = {
  'launch.md': '# Launch\n\nThe launch is on the 12th of May.\n',
  'billing.md': '# Billing\n\nThe billing service is written in C#.\n',
  'engine.md': '# Engine\n\nThe engine is C++ and a little C.\n',
  'pets.md': '# Pets\n\nCats and cars, nothing else.\n',
};

describe('knower search against the real service', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({
      search: 'qmd',
      prepare: async (vault) => {
        for (const [rel, text] of Object.entries(NOTES)) await writeFile(path.join(vault, rel), text);
      },
    });
    await t.knower.whenSettled();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(() => t.close());

  const search = (words: string) =>
    runKnower(['search', words], shellEnv(t.base, { HOST: '127.0.0.1', PORT: String(port), KNOWER_STATE_DIR: t.stateDir, KNOWER_RUN_DIR: path.join(t.base, 'run') }), t.base);

  it('finds the launch note for a question typed as a sentence', async () => {
    const result = await search('when is the launch');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('launch.md — Launch');
  });

  it('finds the note about C# for C#, and not the ones about C++ or cats', async () => {
    const result = await search('C#');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('billing.md — Billing\n  § Billing · lines 1-3\n  The billing service is written in C#.\n');
  });
});
