// Which runtime `knower` uses, and the reason it gives: the engine's own API is asked, bounded,
// so a docker command without an engine, or a socket that hangs, is said as such.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineAddress, pingEngine, sharesHostOwners } from '../../../src/cli/service/docker-engine.js';
import { chooseRuntime, machineProbes, type RuntimeProbes } from '../../../src/cli/service/runtime-choice.js';
import { startFakeEngine, type FakeEngine } from '../../fakes/fake-docker-engine.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

let dir: string;
let cleanup: () => Promise<void>;
const engines: FakeEngine[] = [];
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('knower-engine-'));
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
  await cleanup();
});

async function engine(mode: 'answers' | 'hangs', info?: Record<string, unknown>): Promise<FakeEngine> {
  const started = await startFakeEngine(dir, { mode, ...(info ? { info } : {}) });
  engines.push(started);
  return started;
}

/** The machine's probes, with Compose found (or not) without running anything. */
const probes = (compose: string[] | undefined): RuntimeProbes => ({ engine: machineProbes.engine, compose: () => compose });

describe('where the engine is', () => {
  it('DOCKER_HOST first, then a context, then the default socket', async () => {
    expect(engineAddress({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' }, dir)).toEqual({ kind: 'unix', socketPath: '/run/user/1000/docker.sock', shown: 'unix:///run/user/1000/docker.sock' });
    expect(engineAddress({ DOCKER_HOST: 'tcp://10.0.0.5:2375' }, dir)).toEqual({ kind: 'tcp', host: '10.0.0.5', port: 2375, shown: 'tcp://10.0.0.5:2375' });
    expect(engineAddress({ DOCKER_HOST: 'ssh://me@server' }, dir)).toEqual({ kind: 'context', shown: 'ssh://me@server' });
    expect(engineAddress({}, dir)).toEqual({ kind: 'unix', socketPath: '/var/run/docker.sock', shown: 'unix:///var/run/docker.sock' });
    // Docker Desktop sets its context in ~/.docker/config.json: the docker command knows where that is.
    await mkdir(path.join(dir, '.docker'));
    await writeFile(path.join(dir, '.docker', 'config.json'), JSON.stringify({ auths: {}, currentContext: 'desktop-linux' }));
    expect(engineAddress({}, dir)).toEqual({ kind: 'context', shown: "the docker context 'desktop-linux'" });
    expect(engineAddress({ DOCKER_CONTEXT: 'default' }, dir).kind).toBe('unix');
  });
});

describe('asking the engine', () => {
  it('an engine that answers its ping', async () => {
    const fake = await engine('answers');
    expect(await pingEngine({ kind: 'unix', socketPath: fake.socketPath, shown: '' })).toEqual({ answers: true });
    expect(fake.requests).toEqual(['GET /_ping']);
  });

  it('no socket, a socket nothing listens on, a socket that never answers: each said as such', async () => {
    const missing = path.join(dir, 'missing.sock');
    expect(await pingEngine({ kind: 'unix', socketPath: missing, shown: '' })).toEqual({ answers: false, why: 'no such socket (no engine installed or running)' });
    // What a dead engine leaves behind: the path is there, nothing accepts on it.
    const dead = path.join(dir, 'dead.sock');
    await writeFile(dead, '');
    expect(await pingEngine({ kind: 'unix', socketPath: dead, shown: '' })).toEqual({ answers: false, why: 'connection refused (the engine is not running)' });
    const stuck = await engine('hangs');
    expect(await pingEngine({ kind: 'unix', socketPath: stuck.socketPath, shown: '' }, 300)).toEqual({ answers: false, why: 'no answer within 0.3s' });
    expect(stuck.requests).toEqual(['connection']);
  });

  it('owners are shared with containers by a root engine on Linux only (not Docker Desktop, not rootless)', async () => {
    const root = await engine('answers');
    const at = { kind: 'unix' as const, socketPath: root.socketPath, shown: '' };
    expect(await sharesHostOwners(at, 'linux')).toBe(true);
    expect(await sharesHostOwners(at, 'darwin')).toBe(false);
    await root.close();
    const rootless = await engine('answers', { SecurityOptions: ['name=seccomp,profile=default', 'name=rootless', 'name=cgroupns'] });
    expect(await sharesHostOwners({ ...at, socketPath: rootless.socketPath }, 'linux')).toBe(false);
    await rootless.close();
    const desktop = await engine('answers', { OperatingSystem: 'Docker Desktop' });
    expect(await sharesHostOwners({ ...at, socketPath: desktop.socketPath }, 'linux')).toBe(false);
  });
});

describe('choosing the runtime, and saying why', () => {
  it('KNOWER_RUNTIME=native: native, no engine asked', async () => {
    const fake = await engine('answers');
    expect(await chooseRuntime('native', { DOCKER_HOST: `unix://${fake.socketPath}` }, probes(['docker', 'compose']))).toEqual({ kind: 'native', why: 'KNOWER_RUNTIME=native' });
    expect(fake.requests).toEqual([]);
  });

  it('an engine that answers: docker, naming it', async () => {
    const fake = await engine('answers');
    const host = `unix://${fake.socketPath}`;
    expect(await chooseRuntime('auto', { DOCKER_HOST: host }, probes(['docker', 'compose']))).toEqual({
      kind: 'docker',
      compose: ['docker', 'compose'],
      engine: { kind: 'unix', socketPath: fake.socketPath, shown: host },
      why: `the Docker engine at ${host} answers`,
    });
  });

  it('auto with an engine that does not answer: native, with the reason (no silent fallback)', async () => {
    const stuck = await engine('hangs');
    const host = `unix://${stuck.socketPath}`;
    expect(await chooseRuntime('auto', { DOCKER_HOST: host }, probes(['docker', 'compose']))).toEqual({ kind: 'native', why: `no Docker engine answers at ${host}: no answer within 2s` });
    const dead = path.join(dir, 'dead.sock');
    await writeFile(dead, '');
    expect(await chooseRuntime('auto', { DOCKER_HOST: `unix://${dead}` }, probes(['docker', 'compose']))).toEqual({
      kind: 'native',
      why: `no Docker engine answers at unix://${dead}: connection refused (the engine is not running)`,
    });
  });

  it('KNOWER_RUNTIME=docker with no engine, or an engine without Compose: a failure that says what to do', async () => {
    const dead = path.join(dir, 'dead.sock');
    await writeFile(dead, '');
    expect(await chooseRuntime('docker', { DOCKER_HOST: `unix://${dead}` }, probes(['docker', 'compose']))).toEqual({
      kind: 'failure',
      code: 1,
      lines: [`KNOWER_RUNTIME=docker, but no Docker engine answers at unix://${dead}: connection refused (the engine is not running)`],
    });
    const fake = await engine('answers');
    const missing = await chooseRuntime('auto', { DOCKER_HOST: `unix://${fake.socketPath}` }, probes(undefined));
    expect(missing).toMatchObject({ kind: 'failure', lines: [expect.stringContaining('Compose is missing: install the compose plugin (or docker-compose), or run with KNOWER_RUNTIME=native')] });
  });
});
