/**
 * A Claude Code transcript for the capture hooks' bench: `exchanges` turns as Claude Code writes
 * them (a typed request, a tool call and its result, then the conclusion), each entry carrying
 * the bookkeeping fields real ones do, and pasted credentials in most requests (made up at each run, of the
 * real shapes) so that the hook has secrets to remove. `padToBytes` adds tool output (as long
 * sessions have: file reads, test logs) until the file reaches that size.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';

const pick = (n: number, alphabet: string) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function pasted(i: number): string {
  switch (i % 4) {
    case 0:
      return ` The key is sk-ant-api03-${pick(93, ALNUM)}AA.`;
    case 1:
      return `\nDB_PASSWORD=${pick(24, ALNUM)}`;
    case 2:
      return ` Push with https://ghp_${pick(36, ALNUM)}@github.com/acme/zebra-app.git`;
    default:
      return i === 3 ? `\n${generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()}` : '';
  }
}

export async function writeTranscript(file: string, opts: { sessionId: string; cwd: string; exchanges: number; padToBytes?: number }): Promise<number> {
  const common = { isSidechain: false, sessionId: opts.sessionId, cwd: opts.cwd, version: '2.1.197', gitBranch: 'main', userType: 'external', entrypoint: 'cli' };
  let parent: string | null = null;
  let clock = Date.parse('2026-11-24T09:00:00Z');
  const lines: string[] = [];
  let size = 0;
  const entry = (fields: Record<string, unknown>) => {
    const uuid = randomUUID();
    const line = JSON.stringify({ parentUuid: parent, ...common, uuid, timestamp: new Date((clock += 1500)).toISOString(), ...fields });
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
    parent = uuid;
  };
  const assistant = (content: unknown[]) => ({ type: 'assistant', message: { id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', model: 'claude-opus-4-8', content } });
  const padding = 'test/cache.test.ts > keeps entries for ten minutes ✓ 12 ms\n'.repeat(40);
  for (let i = 0; i < opts.exchanges || (opts.padToBytes !== undefined && size < opts.padToBytes); i++) {
    const asked = `Step ${i}: the cache misses on ETag changes; look at src/cache.ts and fix the lookup.${pasted(i)}`;
    entry({ type: 'user', message: { role: 'user', content: asked } });
    entry(assistant([{ type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: 'npm test', description: 'Run the tests' } }]));
    entry({ type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_${i}`, type: 'tool_result', content: padding }] } });
    entry(assistant([{ type: 'text', text: `Step ${i} done: lookups key on URL and ETag now, and a changed ETag replaces the entry instead of missing.` }]));
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return size;
}
