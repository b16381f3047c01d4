import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { say, startFakeOpenAIServer, type FakeOpenAIServer } from '../fakes/fake-openai-server.js';
import { startTestApp, updateEnded, type TestApp } from '../helpers/test-app.js';

describe('a model that answers without calling any tool', () => {
  let t: TestApp | undefined;
  let model: FakeOpenAIServer | undefined;
  afterEach(async () => {
    await t?.close();
    await model?.close();
  });

  it('never ends the update silently done: its text is filed into bucket/ as received, logged, and the record says so', async () => {
    model = await startFakeOpenAIServer({ script: [say("Sure, I'll remember that!")] });
    t = await startTestApp({ env: { KNOWER_PROVIDER: 'openai', OPENAI_BASE_URL: model.baseURL, KNOWER_MODEL: 'small-local-model' } });
    await t.knower.whenSettled();
    const { id } = (await t.app.inject({ method: 'POST', url: '/update', payload: { text: 'The spare key is under the blue pot.' } })).json();
    const record = await updateEnded(t!, id);
    expect(record).toMatchObject({ status: 'done', fallback: 'bucket' });
    const note = record.files?.find((f) => f.startsWith('bucket/') && f.endsWith('.md'));
    expect(note).toBeDefined();
    expect(record.summary).toContain(`filed as received into ${note}`);
    expect(record.summary).toContain("Sure, I'll remember that!");
    expect(await readFile(path.join(t.vault, note!), 'utf8')).toContain('The spare key is under the blue pot.');
    expect(await readFile(path.join(t.vault, 'changelog.md'), 'utf8')).toContain(`update ${id}`);
    const served = (await t.app.inject(`/updates/${id}`)).json();
    expect(served.fallback).toBe('bucket');
  });
});
