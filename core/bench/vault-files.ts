/** What both vault generators share: writing the files, and their command line. */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const WRITE_BATCH = 64;

/** Writes every file (folders made first, a few writes at a time); returns the bytes written. */
export async function writeVaultFiles(root: string, files: Map<string, string | Buffer>): Promise<number> {
  for (const dir of new Set([...files.keys()].map((rel) => path.dirname(rel)))) await mkdir(path.join(root, dir), { recursive: true });
  let bytes = 0;
  const entries = [...files.entries()];
  for (let i = 0; i < entries.length; i += WRITE_BATCH) {
    await Promise.all(
      entries.slice(i, i + WRITE_BATCH).map(([rel, content]) => {
        bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.length;
        return writeFile(path.join(root, rel), content);
      }),
    );
  }
  return bytes;
}

/** `tsx bench/<script>.ts --notes N --out DIR [--seed S]`: generates into an empty folder only. */
export async function generatorMain(script: string, defaultSeed: number, generate: (out: string, notes: number, seed: number) => Promise<{ notes: number; bytes: number }>): Promise<void> {
  const { values } = parseArgs({ options: { notes: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: String(defaultSeed) } } });
  const notes = Number(values.notes);
  if (!Number.isInteger(notes) || notes < 10 || !values.out) {
    process.stderr.write(`usage: tsx bench/${script}.ts --notes <n ≥ 10> --out <empty dir> [--seed ${defaultSeed}]\n`);
    process.exit(2);
  }
  const out = path.resolve(values.out);
  // Never mix a synthetic vault into real notes.
  if ((await readdir(out).catch(() => [])).length > 0) {
    process.stderr.write(`${out} is not empty; give a new or empty folder\n`);
    process.exit(2);
  }
  const started = performance.now();
  const vault = await generate(out, notes, Number(values.seed));
  process.stdout.write(`${vault.notes} notes, ${(vault.bytes / 1e6).toFixed(1)} MB in ${out} (${Math.round(performance.now() - started)} ms)\n`);
}

/** Bytes of every file under a folder (0 when it does not exist). */
export async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
