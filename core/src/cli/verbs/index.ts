import { add } from './add.js';
import { ask } from './ask.js';
import { claude } from './claude.js';
import { embed } from './embed.js';
import { forget } from './forget.js';
import { helpVerb } from './help.js';
import { history } from './history.js';
import { inbox } from './inbox.js';
import { logs } from './logs.js';
import { models } from './models.js';
import { restore } from './restore.js';
import { retry } from './retry.js';
import { search } from './search.js';
import { show } from './show.js';
import { start } from './start.js';
import { status } from './status.js';
import { stop } from './stop.js';
import { test } from './test.js';
import { transcribe } from './transcribe.js';
import { undo } from './undo.js';
import type { Verb } from './verb.js';
import { vault } from './vault.js';
import { visualize } from './visualize.js';

export { HELP } from './help.js';
export { usageLines, type Verb } from './verb.js';

const table = new Map<string, Verb>();
for (const verb of [start, stop, status, visualize, vault, logs, embed, models, search, add, ask, inbox, history, undo, test]) table.set(verb.name, verb);
table.set(show.name, show);
table.set(retry.name, retry);
table.set(restore.name, restore);
table.set(forget.name, forget);
table.set(claude.name, claude);
table.set(transcribe.name, transcribe);
table.set(
  'help',
  helpVerb((name) => table.get(name)?.help),
);

export const verbs: ReadonlyMap<string, Verb> = table;
