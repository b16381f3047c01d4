import { isIP } from 'node:net';

/** Addresses a server binds to that are not names a client would use in its Host header. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The lower-case host name of a Host header (brackets kept off IPv6), or undefined when the
 * header is not a plain `host[:port]` (userinfo, a path, garbage): such a header is refused.
 */
export function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** The names, besides loopback and IP literals, that this service answers to. */
export function trustedHostNames(bindHost: string, allowedHosts: readonly string[]): ReadonlySet<string> {
  const names = new Set(allowedHosts.map((h) => h.toLowerCase()));
  const bound = bindHost.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!WILDCARDS.has(bound)) names.add(bound);
  return names;
}

/**
 * DNS rebinding defence. A rebinding attack needs a host *name* the attacker controls that
 * resolves to this machine, so the browser sends `Host: evil.example:8000`. Loopback names and
 * IP literals cannot be rebound, so they pass whatever the port (the Vite dev proxy keeps
 * `localhost:5173`, Docker may publish on another port); any other name must be configured.
 */
export function hostAllowed(hostHeader: string | undefined, trusted: ReadonlySet<string>): boolean {
  const name = hostnameOf(hostHeader);
  if (name === undefined) return false;
  return name === 'localhost' || isIP(name) !== 0 || trusted.has(name);
}
