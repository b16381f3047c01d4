import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { slow, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { forUpdate } from '../fakes/scripted-model.js';
import { processEnv } from '../helpers/process-env.js';
import { makeTempDir, waitFor } from '../helpers/temp-dir.js';
import { freePort } from '../helpers/free-port.js';

const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.resolve(coreDir, '..', 'node_modules', '.bin', 'tsx');
const LOG = 'projects/diary/log.md';

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface Service {
  child: ChildProcess;
  url: string;
  log: () => string;
}

async function startService(base: string, port: number, modelURL: string): Promise<Service> {
  const child = spawn(tsx, [path.join(coreDir, 'src', 'main.ts')], {
    cwd: base,
    env: processEnv({
      VAULT_PATH: path.join(base, 'vault'),
      KNOWER_STATE_DIR: path.join(base, 'state'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: modelURL,
      KNOWER_EMBED_INTERVAL_S: '0',
      KNOWER_LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the service in a child, and kill -9 must reach both.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    () =>
      fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    30_000,
    'the service to answer /health',
  );
  return { child, url, log: () => output };
}

/**
 * kill -9 with updates queued and one running, then a start: every accepted update lands in
 * the vault exactly once, and in the order it was accepted.
 */
describe('crash recovery', () => {
  let service: Service | undefined;
  let model: FakeAnthropicServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    if (service) killGroup(service.child);
    await model?.close();
    await cleanup?.();
  });

  it('completes every accepted update exactly once after kill -9 and a restart', { timeout: 120_000 }, async () => {
    const temp = await makeTempDir();
    cleanup = temp.cleanup;
    model = await startFakeAnthropicServer();
    // Stateless answers, so an update that runs again is answered the same way: read the log,
    // append a line to it, then (slowly, so the kill lands in between) finish. Run twice without
    // undo, an update would leave its line twice.
    await mkdir(path.join(temp.dir, 'vault', 'projects', 'diary'), { recursive: true });
    await writeFile(path.join(temp.dir, 'vault', LOG), '# Diary\n');
    for (let i = 0; i < 60; i++) {
      model.push(
        forUpdate((id, req) => {
          if (req.messages.length === 1) return turn(toolUse('read', { path: LOG }));
          if (req.messages.length === 3) return turn(toolUse('append', { path: LOG, content: `- entry ${id}`, position: 'bottom' }));
          return slow(turn(text(`Logged ${id}.`)), 1500);
        }),
      );
    }
    const port = await freePort();
    service = await startService(temp.dir, port, model.baseURL);

    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await fetch(`${service.url}/update`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: `thought ${n}` }) });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const first = ids[0] as string;
    // The first update has written its line and waits for the model: kill it now.
    await waitFor(() => readFile(path.join(temp.dir, 'vault', LOG), 'utf8').then((t) => t.includes(`entry ${first}`)), 20_000, 'the first entry');
    const exited = new Promise((resolve) => service?.child.once('exit', resolve));
    killGroup(service.child);
    await exited;

    service = await startService(temp.dir, port, model.baseURL);
    const url = service.url;
    const records = await waitFor(
      async () => {
        const all = await Promise.all(ids.map((id) => fetch(`${url}/updates/${id}`).then((r) => r.json() as Promise<{ status: string; finished?: string }>)));
        return all.every((r) => r.status === 'done') && all;
      },
      60_000,
      'every update to finish',
    );

    const log = await readFile(path.join(temp.dir, 'vault', LOG), 'utf8');
    expect(log.match(/^- entry .+$/gm)).toEqual(ids.map((id) => `- entry ${id}`));
    const changelog = await readFile(path.join(temp.dir, 'vault', 'changelog.md'), 'utf8');
    for (const id of ids) expect(changelog.split(`update ${id}`).length - 1).toBe(1);
    const finished = records.map((r) => r.finished ?? '');
    expect([...finished].sort()).toEqual(finished);
  });
});
