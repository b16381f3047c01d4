import { isIP } from 'node:net';
import { z } from 'zod';
import { optional } from './location.js';

const EXAMPLE = 'e.g. 127.0.0.1 or 172.16.0.0/12,::1';

/** One entry: an IP address, or a range written as address/prefix-length. */
function entryProblem(entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  // A zone id (fe80::1%eth0) never appears in the address a connection comes from.
  if (version === 0 || extra !== undefined || address.includes('%')) return `"${entry}" is not an IP address or a range (address/prefix)`;
  if (prefix === undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits ? undefined : `"${entry}": the prefix length must be 0 to ${bits}`;
}

const entries = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * KNOWER_TRUSTED_PROXY: the reverse proxies (addresses or ranges) whose X-Forwarded-For the
 * service believes. Behind a proxy every request arrives from the proxy's address; the client's
 * own is what the proxy put in that header, and only a trusted proxy's word is taken for it.
 */
export const trustedProxyField = optional(
  z.string().superRefine((value, ctx) => {
    const problems = entries(value).flatMap((entry) => entryProblem(entry) ?? []);
    if (problems.length > 0) ctx.addIssue({ code: 'custom', message: `${problems.join('; ')} (${EXAMPLE})` });
  }),
);

/** The entries of a valid KNOWER_TRUSTED_PROXY, in the form Fastify's `trustProxy` takes. */
export const trustedProxies = (value: string | undefined): string[] => entries(value ?? '');
