/**
 * Builds the search index's ranking extension (knower-rank.c) into dist/native/, after tsc.
 * Run by `npm run build` with Node 22 (its type stripping runs this file as it is).
 *
 * It compiles against the SQLite headers better-sqlite3 ships (the SQLite the search workers
 * load it into). A C compiler is optional: without one (or when it fails) this says so and the
 * build goes on; search then ranks with FTS5's bm25() itself, to the same results, ~3x slower
 * on common words at 100k notes. KNOWER_NATIVE=required makes a missing extension an error
 * (CI and the container image, where it must be there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.join(here, 'knower-rank.c');
const out = path.join(here, '..', 'dist', 'native', 'knower-rank.so');
const required = process.env.KNOWER_NATIVE === 'required';
const compiler = process.env.CC || 'cc';

function skip(why: string): never {
  const message = `knower-rank: ${why}`;
  if (required) {
    console.error(`${message} (KNOWER_NATIVE=required)`);
    process.exit(1);
  }
  console.warn(`${message}; search ranks with SQLite's bm25() (same results, slower on common words)`);
  process.exit(0);
}

const headers = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
if (!existsSync(path.join(headers, 'sqlite3ext.h'))) skip(`no SQLite headers at ${headers}`);
rmSync(out, { force: true });
mkdirSync(path.dirname(out), { recursive: true });
const run = spawnSync(compiler, ['-O2', '-fPIC', '-shared', '-Wall', '-Wextra', '-I', headers, '-o', out, source, '-lm'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (run.error) skip(`no C compiler (${compiler}: ${(run.error as NodeJS.ErrnoException).code ?? run.error.message})`);
if (run.status !== 0) skip(`${compiler} failed (exit ${run.status ?? run.signal})`);
console.log(`knower-rank: built ${path.relative(process.cwd(), out)}`);
