import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Long enough not to nag, short enough that a forgotten browser does not stay signed in forever. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;
/** More sessions than this and the oldest are dropped (each sign-in makes one). */
const MAX_SESSIONS = 200;

export interface SessionStore {
  /** A new session: its id goes in the cookie, only its hash is kept. */
  create(): string;
  /** True when the id names a session that has not expired nor been ended. */
  valid(id: string): boolean;
  end(id: string): void;
}

interface Saved {
  /** Which token the sessions were opened with: a new KNOWER_TOKEN signs every browser out. */
  token: string;
  sessions: Array<{ hash: string; expires: number }>;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Browser sessions, checked on the server: a random id per sign-in, valid for
 * SESSION_MAX_AGE_S, that can be ended (sign out). They are kept in the state dir so a restart
 * does not sign a phone out; the file holds hashes only, so reading it opens no session.
 */
export function createSessionStore(opts: { token: string; file?: string; clock?: () => number }): SessionStore {
  const clock = opts.clock ?? Date.now;
  const fingerprint = createHmac('sha256', opts.token).update('knower sessions v2').digest('base64url');
  const sessions = new Map<string, number>();
  for (const s of load(opts.file, fingerprint)) sessions.set(s.hash, s.expires);

  const save = () => {
    if (!opts.file) return;
    const data: Saved = { token: fingerprint, sessions: [...sessions].map(([hash, expires]) => ({ hash, expires })) };
    try {
      mkdirSync(path.dirname(opts.file), { recursive: true });
      writeFileSync(`${opts.file}.tmp`, JSON.stringify(data), { mode: 0o600 });
      renameSync(`${opts.file}.tmp`, opts.file);
    } catch {
      // Not fatal: the sessions still hold until the service restarts.
    }
  };
  const prune = () => {
    const now = clock();
    for (const [hash, expires] of sessions) if (expires <= now) sessions.delete(hash);
    // Oldest first (insertion order): drop them beyond the cap.
    for (const hash of sessions.keys()) {
      if (sessions.size <= MAX_SESSIONS) break;
      sessions.delete(hash);
    }
  };

  return {
    create() {
      const id = randomBytes(32).toString('base64url');
      sessions.set(hashOf(id), clock() + SESSION_MAX_AGE_S * 1000);
      prune();
      save();
      return id;
    },
    valid(id) {
      const expires = sessions.get(hashOf(id));
      return expires !== undefined && expires > clock();
    },
    end(id) {
      if (sessions.delete(hashOf(id))) save();
    },
  };
}

function load(file: string | undefined, fingerprint: string): Saved['sessions'] {
  if (!file) return [];
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Saved>;
    if (saved.token !== fingerprint || !Array.isArray(saved.sessions)) return [];
    return saved.sessions.filter((s) => typeof s.hash === 'string' && typeof s.expires === 'number');
  } catch {
    return [];
  }
}
