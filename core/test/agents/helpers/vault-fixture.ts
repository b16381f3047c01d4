import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAgents, type Agents, type AgentsDeps } from '../../../src/agents/index.js';
import { newSession, type Session } from '../../../src/agents/session.js';
import { createCapture } from '../../../src/capture/index.js';
import { silentLogger } from '../../../src/logger.js';
import { entryOf } from '../../../src/jobs/note-entry.js';
import { directWriter, ensureSkeleton, VaultIndex } from '../../../src/vault/index.js';
import { createFakeSearchEngine } from '../../fakes/fake-search-engine.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const NOW = new Date('2025-03-14T09:26:00Z');

/** Agents whose runs write straight to the vault unless a test hands them a writer. */
export interface TestAgents extends Omit<Agents, 'runUpdate' | 'writeFailedItem'> {
  runUpdate(input: Parameters<Agents['runUpdate']>[0], run?: Partial<Parameters<Agents['runUpdate']>[1]>): ReturnType<Agents['runUpdate']>;
  writeFailedItem(input: Parameters<Agents['writeFailedItem']>[0], error: string, writer?: Parameters<Agents['writeFailedItem']>[2]): Promise<string>;
}

function writingDirectly(agents: Agents): TestAgents {
  return {
    get provider() {
      return agents.provider;
    },
    answer: (req) => agents.answer(req),
    runUpdate: (input, run = {}) => agents.runUpdate(input, { writer: directWriter, ...run }),
    writeFailedItem: (input, error, writer = directWriter) => agents.writeFailedItem(input, error, writer),
  };
}

export interface VaultFixture {
  root: string;
  /** A state dir beside the vault, where the queue would keep uploaded image bytes. */
  stateDir: string;
  index: VaultIndex;
  search: ReturnType<typeof createFakeSearchEngine>;
  clock: () => Date;
  /** Re-reads the vault into the index and the search engine (what the background job does). */
  sync(): Promise<void>;
  read(rel: string): Promise<string>;
  exists(rel: string): Promise<boolean>;
  write(rel: string, text: string | Buffer): Promise<void>;
  session(agent?: Session['agent'], extra?: Parameters<typeof newSession>[2]): Session;
  agents(anthropic?: { baseURL: string; maxRetries?: number; timeoutMs?: number }, maxIterations?: number): TestAgents;
  /** Agents on any provider settings (transport retries wait 10 ms unless set). */
  agentsWith(deps: Partial<Omit<AgentsDeps, 'root' | 'index' | 'search' | 'clock' | 'log'>>): TestAgents;
  cleanup(): Promise<void>;
}

/** A real vault on disk (skeleton + the given files) with an index and the in-memory search engine. */
export async function makeVault(files: Record<string, string | Buffer> = {}): Promise<VaultFixture> {
  const temp = await makeTempDir('knower-agents-');
  const root = path.join(temp.dir, 'vault');
  const stateDir = path.join(temp.dir, 'state');
  await mkdir(stateDir, { recursive: true });
  await ensureSkeleton(root, NOW);
  const index = new VaultIndex();
  const search = createFakeSearchEngine(root);
  // The real capture services: nothing here fetches a link (no host is allowed) unless a test does.
  const capture = createCapture({ fetchAllow: [] });
  const write = async (rel: string, text: string | Buffer) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  };
  for (const [rel, text] of Object.entries(files)) await write(rel, text);
  const fixture: VaultFixture = {
    root,
    stateDir,
    index,
    search,
    clock: () => NOW,
    async sync() {
      const result = await search.sync(['']);
      for (const e of index.list()) index.delete(e.path);
      for (const facts of result.upserts) index.set(entryOf(facts, { mode: 'all' }));
    },
    read: (rel) => readFile(path.join(root, rel), 'utf8'),
    exists: (rel) =>
      stat(path.join(root, rel)).then(
        () => true,
        () => false,
      ),
    write,
    session: (agent = 'update', extra = {}) => newSession({ root, index, search, clock: fixture.clock, log: silentLogger, writer: directWriter }, agent, extra),
    agents: (anthropic, maxIterations) =>
      writingDirectly(
        createAgents({
          root,
          capture,
          index,
          search,
          clock: fixture.clock,
          log: silentLogger,
          ...(maxIterations ? { maxIterations } : {}),
          ...(anthropic ? { anthropic: { apiKey: 'sk-test', model: 'claude-test', searchModel: 'claude-test-search', maxRetries: 2, timeoutMs: 5_000, ...anthropic } } : {}),
        }),
      ),
    agentsWith: (deps) => writingDirectly(createAgents({ root, capture, index, search, clock: fixture.clock, log: silentLogger, retryBaseDelayMs: 10, ...deps })),
    async cleanup() {
      await capture.extract.close();
      await temp.cleanup();
    },
  };
  await fixture.sync();
  return fixture;
}

/** A project with the four standard files. */
export function project(name: string, state: string): Record<string, string> {
  return {
    [`projects/${name}/description.md`]: `---\ncreated: 2025-01-01T00:00:00Z\n---\n# ${name}\n\nThe ${name} project.\n`,
    [`projects/${name}/state.md`]: `---\ncreated: 2025-01-01T00:00:00Z\ntokens: 12\n---\n# State\n\n${state}\n`,
    [`projects/${name}/tasks.md`]: `# Tasks\n\n- [ ] first task\n`,
    [`projects/${name}/changelog.md`]: `# Changelog\n\nNewest first.\n`,
  };
}

/** 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
