import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QMD_COLLECTION } from '../vault/index.js';
import type { QmdContext } from './qmd-process.js';

/** qmd's config file in its config dir (QMD_CONFIG_DIR, inside Knower's state). */
export const qmdConfigFile = (ctx: QmdContext) => join(ctx.qmdDir, 'index.yml');

/**
 * qmd's own index (for deep search and embeddings) is built by qmd's CLI from its config: one
 * collection over the vault, covering the notes Knower searches. The file is written in qmd's
 * documented format; a `models:` block someone added is kept.
 */
export async function writeQmdConfig(ctx: QmdContext, collection: string, root: string): Promise<void> {
  const file = qmdConfigFile(ctx);
  const before = await readFile(file, 'utf8').catch(() => '');
  const models = /^models:\s*\n(?:[ \t]+.*\n?)*/m.exec(before)?.[0]?.trimEnd();
  const text = [
    '# Written by Knower: qmd indexes the vault with these settings for deep search and embeddings.',
    'collections:',
    `  ${collection}:`,
    `    path: ${JSON.stringify(root)}`,
    `    pattern: ${JSON.stringify(QMD_COLLECTION.pattern)}`,
    '    ignore:',
    ...QMD_COLLECTION.ignore.map((p) => `      - ${JSON.stringify(p)}`),
    ...(models ? [models] : []),
    '',
  ].join('\n');
  if (text !== before) await writeFile(file, text);
}
