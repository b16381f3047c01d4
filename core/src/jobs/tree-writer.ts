import path from 'node:path';
import type { Logger } from '../logger.js';
import { newNote, renderTreeBody, TREE_FILE, writeFileAtomic, type VaultIndex } from '../vault/index.js';
import type { SelfWrites } from '../watch/index.js';
import { coalesce, type Coalesced } from './coalesce.js';

/** tree.md, regenerated from the in-memory index: one write per burst, none when unchanged. */
export function createTreeWriter(deps: {
  root: string;
  /** Where tree.md goes: the vault root, or the state dir when the person's own tree.md is there. */
  file?: string;
  index: VaultIndex;
  selfWrites: SelfWrites;
  clock: () => Date;
  log: Logger;
  delayMs?: number;
}): Coalesced {
  let lastBody: string | undefined;

  async function write(): Promise<void> {
    const body = renderTreeBody(deps.index);
    if (body === lastBody) return;
    const content = newNote(body, deps.clock(), { generated: 'true' });
    try {
      await writeFileAtomic(deps.file ?? path.join(deps.root, TREE_FILE), content, {
        beforeCommit: () => deps.selfWrites.mark(TREE_FILE, content),
      });
      lastBody = body;
    } catch (err) {
      deps.log.error({ err }, 'could not write tree.md');
    }
  }

  return coalesce(write, deps.delayMs ?? 100);
}
