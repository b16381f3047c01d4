// GET /brief: the brief a coding agent gets at session start, on a real app and vault.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefSchema, type Brief } from '../../src/api/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

const TASKS = ['# Tasks', '', '- [ ] Add the response cache', '- [x] Write the API client', '- [ ] Fix the flaky watcher test', '  - [ ] find the race first', ''].join('\n');
const CHANGELOG = [
  '# Changelog',
  '',
  'Newest first.',
  '',
  '## 2025-05-20 10:00 UTC · update u-3',
  '- Chose SQLite WAL for the cache',
  '',
  '## 2025-05-18 09:00 UTC · update u-2',
  '- Wrote the API client',
  '',
  '## 2025-05-01 09:00 UTC · update u-1',
  '- Started the project',
  '',
].join('\n');

beforeAll(async () => {
  t = await startTestApp({
    prepare: async (vault) => {
      const write = async (rel: string, text: string) => {
        await mkdir(path.dirname(path.join(vault, rel)), { recursive: true });
        await writeFile(path.join(vault, rel), text);
      };
      await write('projects/zebra-app/state.md', '---\ncreated: 2025-05-01\n---\n# State\n\nThe API client is done; caching is next.\n\n## Risks\n\n- the watcher test is flaky\n');
      await write('projects/zebra-app/tasks.md', TASKS);
      await write('projects/zebra-app/changelog.md', CHANGELOG);
      await write('projects/zebra-app/design.md', '# Design\n\nWAL mode.\n');
      await write('bucket/zebra-deploys.md', '# Deploys\n\nzebra-app deploys on Fridays.\n');
      // A project whose folder name is not the repository's: found by search.
      await write('projects/website/description.md', '# Website\n\nThe public site; its code lives in the acme-site repository.\n');
      await write('projects/website/tasks.md', '# Tasks\n\n- Renew the certificate\n- Move to the new host\n');
      // A changelog kept oldest first, and a state far over any budget.
      await write('projects/big/state.md', `# Big\n\n${Array.from({ length: 400 }, (_, i) => `- fact ${i}: ${'detail '.repeat(8)}`).join('\n')}\n`);
      await write('projects/big/tasks.md', `# Tasks\n\n${Array.from({ length: 60 }, (_, i) => `- [ ] task ${i}`).join('\n')}\n`);
      await write('projects/big/changelog.md', '# Log\n\n## 2025-01-01\n- first\n\n## 2025-03-01\n- latest\n');
    },
  });
  await t.knower.whenSettled();
});
afterAll(() => t.close());

async function brief(query: string): Promise<Brief> {
  const res = await t.app.inject({ method: 'GET', url: `/brief?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return briefSchema.parse(res.json());
}

describe('GET /brief', () => {
  it('matches the repository to its project by name and gives its state, open tasks, latest changes and related notes', async () => {
    const b = await brief('repo=zebra-app');
    expect(b).toMatchObject({ project: 'zebra-app', matched: 'name' });
    const md = b.markdown;
    expect(md).toMatch(/^# Knower: project zebra-app\n/);
    expect(md).toContain('scope "project:zebra-app"');
    expect(md).toContain('The API client is done; caching is next.');
    expect(md).toContain('### Risks'); // quoted headings sit below the brief's own
    expect(md).not.toContain('created: 2025-05-01');
    expect(md).toContain('- [ ] Add the response cache\n- [ ] Fix the flaky watcher test\n  - [ ] find the race first');
    expect(md).not.toContain('Write the API client\n');
    expect(md).toContain('(projects/zebra-app/tasks.md: 3 open, 1 done)');
    expect(md.indexOf('Chose SQLite WAL')).toBeLessThan(md.indexOf('Started the project'));
    expect(md).toContain('- projects/zebra-app/design.md (updated ');
    expect(md).toContain('- bucket/zebra-deploys.md — Deploys: zebra-app deploys on Fridays.');
    expect(b.sources).toEqual(['projects/zebra-app/state.md', 'projects/zebra-app/tasks.md', 'projects/zebra-app/changelog.md', 'projects/zebra-app/design.md', 'bucket/zebra-deploys.md']);
    expect(b.tokens).toBe(Math.ceil(md.length / 4));
    expect(b.tokens).toBeLessThanOrEqual(1000);
  });

  it('matches names that differ only in case, spaces or punctuation', async () => {
    expect(await brief('repo=Zebra_App')).toMatchObject({ project: 'zebra-app', matched: 'name' });
  });

  it('finds the project by search when the names differ, and says how it was found', async () => {
    const b = await brief('repo=acme-site');
    expect(b).toMatchObject({ project: 'website', matched: 'search' });
    expect(b.markdown).toContain('found by searching the vault for "acme-site"');
    // No state.md: the description stands in; a list without checkboxes is all open tasks.
    expect(b.markdown).toContain('## State (projects/website/description.md)');
    expect(b.markdown).toContain('(projects/website/tasks.md: 2 open)\n- Renew the certificate');
  });

  it('takes the project the person named, and says when it does not exist', async () => {
    expect(await brief('repo=anything&project=website')).toMatchObject({ project: 'website', matched: 'given' });
    const missing = await brief('repo=zebra-app&project=nope');
    expect(missing).toMatchObject({ project: null, matched: null });
    expect(missing.markdown).toContain('KNOWER_PROJECT names "nope", which is not a folder under projects/');
  });

  it('says plainly when no project matches', async () => {
    const b = await brief('repo=unrelated-tool');
    expect(b).toMatchObject({ project: null, matched: null, sources: [] });
    expect(b.markdown).toContain("No project in the person's Knower vault matches this repository (unrelated-tool).");
  });

  it('stays within the budget, cutting at line ends and saying where the rest is', async () => {
    for (const tokens of [200, 1000, 3000]) {
      const b = await brief(`repo=big&tokens=${tokens}`);
      expect(b.tokens, String(tokens)).toBeLessThanOrEqual(tokens);
      expect(b.tokens, String(tokens)).toBeGreaterThan(tokens * 0.8);
      expect(b.markdown).toMatch(/… \d+ more lines: read projects\/big\/state\.md/);
      expect(b.markdown).toContain('## Open tasks');
      expect(b.markdown).toContain('- fact 0: detail');
    }
    // Dated entries of a log kept oldest first come newest first.
    const b = await brief('repo=big&tokens=3000');
    expect(b.markdown.indexOf('- latest')).toBeLessThan(b.markdown.indexOf('- first'));
  });

  it('refuses bad queries with a message naming the field', async () => {
    for (const [query, message] of [
      ['', /repo/],
      ['repo=x&tokens=5', /tokens must be 100 or more/],
      ['repo=x&tokens=abc', /tokens must be a number/],
      ['repo=x&other=1', /other/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/brief?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(message);
    }
  });
});
