import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Addresses a server binds to that stand for every interface of the machine. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && LOOPBACK.check(address, family(address));
}

/**
 * The lower-case host name of a Host header, normalised as a browser's URL parser does (so
 * `127.1`, `0x7f000001` and `2130706433` are all `127.0.0.1`, brackets kept off IPv6), or
 * undefined when the header is not a plain `host[:port]` (userinfo, a path, garbage).
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

/** What a request may name in its Host header. */
export interface TrustedHosts {
  /** Host names (besides localhost) the service answers to: KNOWER_ALLOWED_HOSTS and a named HOST. */
  names: ReadonlySet<string>;
  /** IP addresses besides loopback: the one HOST names, or every interface's when HOST is a wildcard. */
  addresses(): ReadonlySet<string>;
}

/** The addresses of this machine's interfaces (what a wildcard bind answers on). */
export type InterfaceAddresses = () => string[];

const machineAddresses: InterfaceAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [info.address] : []));

/** Interfaces come and go (Wi-Fi, DHCP): the list is read again at most this often. */
const INTERFACES_TTL_MS = 10_000;

/** An address or name as written in a setting (IPv6 with or without brackets), normalised as a Host would be. */
function normalise(entry: string): string | undefined {
  const bare = entry.split('%')[0] ?? entry; // a zone id (fe80::1%eth0) is never part of a Host header
  return hostnameOf(isIP(bare) === 6 ? `[${bare}]` : bare);
}

export function trustedHosts(bindHost: string, allowedHosts: readonly string[], interfaces: InterfaceAddresses = machineAddresses): TrustedHosts {
  const names = new Set<string>();
  const fixed = new Set<string>();
  for (const entry of [...allowedHosts, bindHost]) {
    const name = normalise(entry);
    if (name === undefined || WILDCARDS.has(name)) continue;
    if (isIP(name) === 0) names.add(name);
    else fixed.add(name);
  }
  const wildcard = WILDCARDS.has(normalise(bindHost) ?? '');
  let cached: { at: number; set: ReadonlySet<string> } | undefined;
  return {
    names,
    addresses() {
      if (!wildcard) return fixed;
      const now = Date.now();
      if (!cached || now - cached.at > INTERFACES_TTL_MS) {
        const all = new Set(fixed);
        for (const address of interfaces()) {
          const name = normalise(address);
          if (name) all.add(name);
        }
        cached = { at: now, set: all };
      }
      return cached.set;
    },
  };
}

/**
 * DNS rebinding defence. A rebinding attack needs a host *name* the attacker controls that
 * resolves to this machine, so the browser sends `Host: evil.example:8000`: any name must be
 * localhost or configured. An IP address must be loopback or one the service is bound to:
 * another address means the request was meant for another machine (a proxy or a tunnel
 * forwarding it here), which this service was not set up to answer. Any port passes (the Vite
 * dev proxy keeps `localhost:5173`, Docker may publish on another port).
 */
export function hostAllowed(hostHeader: string | undefined, trusted: TrustedHosts): boolean {
  const name = hostnameOf(hostHeader);
  if (name === undefined) return false;
  if (isIP(name) === 0) return name === 'localhost' || trusted.names.has(name);
  return isLoopbackAddress(name) || trusted.addresses().has(name);
}
