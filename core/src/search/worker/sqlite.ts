import { createRequire } from 'node:module';

/**
 * The part of better-sqlite3 the index uses. It runs only in the index worker's Node 22 (its
 * native module crashes on older Node), so it is loaded there, on first use, and typed here.
 */
export interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get<T = unknown>(...params: unknown[]): T | undefined;
  all<T = unknown>(...params: unknown[]): T[];
  pluck(toggle?: boolean): this;
}

export interface Db {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  loadExtension(path: string): void;
  close(): void;
}

type DatabaseCtor = new (path: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number }) => Db;

export function openSqlite(path: string, options: { readonly?: boolean; fileMustExist?: boolean } = {}): Db {
  const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseCtor;
  // Writers wait for each other instead of failing (the index worker and a migration at start).
  return new Database(path, { ...options, timeout: 10_000 });
}
