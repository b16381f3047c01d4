import ipaddr from 'ipaddr.js';

/**
 * Whether the service may connect to an address for a link a person sent: public unicast only.
 * Loopback, private, link-local (the cloud metadata service lives at 169.254.169.254), carrier
 * NAT, unique-local, multicast, reserved and the IPv6 forms that carry an IPv4 address inside
 * (mapped, NAT64, 6to4, Teredo) are refused: a link must not make the service reach what only the
 * machine or its network can reach.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** `KNOWER_FETCH_ALLOW`'s entries: `host` or `host:port`, lower-cased. */
export type FetchAllowList = ReadonlySet<string>;

/** A host the person listed may be reached whatever it resolves to (a NAS, a wiki on the LAN, a test's server). */
export function isAllowed(allow: FetchAllowList, url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allow.has(host) || allow.has(`${host}:${port}`) || allow.has(`[${host}]:${port}`);
}

/** An IP literal in a URL's host, without IPv6's brackets; undefined for a name. */
export function ipLiteral(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) ? host : undefined;
}
