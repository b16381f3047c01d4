import { helpVerb } from './help.js';
import type { Verb } from './verb.js';

export { HELP } from './help.js';
export { usageLines, type Verb } from './verb.js';

/**
 * Each command's module, imported when it runs (or its help is asked for): a command loads the
 * one it runs and what that uses, not every command's dependencies — `start` brings the service's
 * build and Docker tooling, `test` the test runner — so `knower search` starts about as fast as
 * Node itself. The order is the help overview's.
 */
const modules: Record<string, () => Promise<Verb>> = {
  start: async () => (await import('./start.js')).start,
  stop: async () => (await import('./stop.js')).stop,
  status: async () => (await import('./status.js')).status,
  visualize: async () => (await import('./visualize.js')).visualize,
  vault: async () => (await import('./vault.js')).vault,
  logs: async () => (await import('./logs.js')).logs,
  embed: async () => (await import('./embed.js')).embed,
  models: async () => (await import('./models.js')).models,
  search: async () => (await import('./search.js')).search,
  add: async () => (await import('./add.js')).add,
  ask: async () => (await import('./ask.js')).ask,
  inbox: async () => (await import('./inbox.js')).inbox,
  history: async () => (await import('./history.js')).history,
  undo: async () => (await import('./undo.js')).undo,
  test: async () => (await import('./test.js')).test,
  show: async () => (await import('./show.js')).show,
  retry: async () => (await import('./retry.js')).retry,
  restore: async () => (await import('./restore.js')).restore,
  forget: async () => (await import('./forget.js')).forget,
  claude: async () => (await import('./claude.js')).claude,
  transcribe: async () => (await import('./transcribe.js')).transcribe,
  help: async () => helpVerb(async (name) => (await loadVerb(name))?.help),
};

/** Every command's name. */
export const verbNames: readonly string[] = Object.keys(modules);

/** The command of that name, loaded; undefined when there is none. */
export async function loadVerb(name: string): Promise<Verb | undefined> {
  return Object.hasOwn(modules, name) ? modules[name]?.() : undefined;
}
