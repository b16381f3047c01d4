import type { ChildProcess } from 'node:child_process';
import { killChild, spawnQmd, summarizeOutput, type QmdContext } from './qmd-process.js';

export type McpCall =
  | { ok: true; value: unknown }
  | { ok: false; kind: 'start' | 'timeout' | 'exit' | 'tool'; error: string };

/**
 * A long-lived `qmd mcp` stdio child: a search through it costs milliseconds where spawning
 * the CLI costs a process start-up. Started lazily, reused, killed and respawned on a hang.
 */
export interface McpClient {
  call(tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpCall>;
  /** Kills the child now; the next call starts a fresh one. */
  restart(): void;
  stop(): Promise<void>;
}

type Reply = { result?: unknown; error?: { message?: string } };
// Callers race the handshake against their own deadline; this only reaps a child whose
// handshake nobody is waiting for any more.
const HANDSHAKE_REAP_MS = 60_000;
type Failure = Extract<McpCall, { ok: false }>;
interface Session {
  child: ChildProcess;
  pending: Map<number, (reply: Reply | Failure) => void>;
  ready: Promise<Failure | null>;
  stderr: string;
  closed: boolean;
}

export function createMcpClient(ctx: QmdContext): McpClient {
  let session: Session | null = null;
  let nextId = 1;

  function kill(s: Session): void {
    if (session === s) session = null;
    killChild(s.child);
  }

  function request(s: Session, method: string, params: unknown, timeoutMs: number): Promise<Reply | Failure> {
    if (s.closed) return Promise.resolve({ ok: false, kind: 'exit', error: exitMessage(s) });
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        s.pending.delete(id);
        // A hung call keeps the child alive, so only a kill frees it.
        kill(s);
        resolve({ ok: false, kind: 'timeout', error: `qmd mcp did not answer ${method} within ${timeoutMs} ms` });
      }, timeoutMs);
      s.pending.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      s.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  function start(): Session {
    const child = spawnQmd(ctx, ['mcp']);
    const s: Session = { child, pending: new Map(), ready: Promise.resolve(null), stderr: '', closed: false };
    let buffer = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = parseLine(line);
        const settle = msg && typeof msg.id === 'number' ? s.pending.get(msg.id) : undefined;
        if (msg && settle) {
          s.pending.delete(msg.id as number);
          settle(msg);
        }
      }
    });
    // Drained always: a full stderr pipe would block the child.
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      s.stderr = (s.stderr + d).slice(-8192);
    });
    child.stdin?.on('error', () => undefined);
    const onGone = (): void => {
      s.closed = true;
      if (session === s) session = null;
      for (const settle of s.pending.values()) settle({ ok: false, kind: 'exit', error: exitMessage(s) });
      s.pending.clear();
    };
    child.once('close', onGone);
    child.once('error', onGone);
    s.ready = request(s, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'knower', version: '1' },
    }, HANDSHAKE_REAP_MS).then((reply) => {
      if ('ok' in reply) return { ...reply, kind: 'start' as const };
      if (reply.error) return { ok: false as const, kind: 'start' as const, error: `qmd mcp refused initialize: ${reply.error.message}` };
      child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      return null;
    });
    return s;
  }

  async function call(tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<McpCall> {
    const deadline = Date.now() + timeoutMs;
    const s = session ?? (session = start());
    const startFailure = await raceTimeout(s.ready, timeoutMs);
    if (startFailure === 'timeout') {
      kill(s);
      return { ok: false, kind: 'start', error: `qmd mcp did not start within ${timeoutMs} ms` };
    }
    if (startFailure) return startFailure;
    const reply = await request(s, 'tools/call', { name: tool, arguments: args }, Math.max(1, deadline - Date.now()));
    if ('ok' in reply) return reply;
    if (reply.error) return { ok: false, kind: 'tool', error: reply.error.message ?? 'qmd mcp error' };
    const result = reply.result as { isError?: boolean; content?: { text?: string }[]; structuredContent?: unknown };
    if (result?.isError) return { ok: false, kind: 'tool', error: result.content?.[0]?.text ?? 'qmd tool error' };
    return { ok: true, value: result?.structuredContent };
  }

  async function stop(): Promise<void> {
    const s = session;
    session = null;
    if (!s || s.closed) return;
    // qmd exits by itself on stdin EOF; the kill is the backstop for a wedged child.
    const gone = new Promise<void>((resolve) => s.child.once('close', () => resolve()));
    s.child.stdin?.end();
    if ((await raceTimeout(gone, 1000)) === 'timeout') killChild(s.child);
  }

  return { call, restart: () => session && kill(session), stop };
}

function parseLine(line: string): (Reply & { id?: unknown }) | null {
  try {
    const msg: unknown = JSON.parse(line);
    return msg && typeof msg === 'object' ? (msg as Reply & { id?: unknown }) : null;
  } catch {
    return null;
  }
}

function exitMessage(s: Session): string {
  const code = s.child.exitCode ?? s.child.signalCode;
  return `qmd mcp exited (${code ?? 'unknown'}): ${summarizeOutput(s.stderr)}`;
}

function raceTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
