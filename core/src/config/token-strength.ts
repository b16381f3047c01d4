/** Below this a token can be guessed offline, or online by a patient attacker on the network. */
const MIN_TOKEN_BITS = 48;
const MIN_TOKEN_CHARS = 16;

/**
 * A cautious estimate of how many bits of guessing a token takes: its length times the Shannon
 * entropy of its own characters, where a character that continues a run (`aaaa`, `abcd`,
 * `4321`) adds nothing. It cannot tell a random token from a memorable phrase of the same
 * letters, but it catches what people type when asked for "a long string": one character
 * repeated, a keyboard or alphabet run, a short word said twice.
 */
export function estimateTokenBits(token: string): number {
  const chars = [...token];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (let i = 0; i < chars.length; i++) {
    if (i >= 2 && continuesRun(chars[i - 2]!, chars[i - 1]!, chars[i]!)) continue;
    bits += Math.log2(chars.length / counts.get(chars[i]!)!);
  }
  return bits;
}

function continuesRun(a: string, b: string, c: string): boolean {
  const step = b.codePointAt(0)! - a.codePointAt(0)!;
  return Math.abs(step) <= 1 && c.codePointAt(0)! - b.codePointAt(0)! === step;
}

/**
 * Why KNOWER_TOKEN is not good enough, or undefined. The message never contains the token: it
 * ends up in logs and terminals.
 */
export function tokenProblem(token: string): string | undefined {
  const length = [...token].length;
  const advice = 'use a random value, e.g. the output of `openssl rand -hex 32`';
  if (length < MIN_TOKEN_CHARS) return `is ${length} characters long; it must be at least ${MIN_TOKEN_CHARS}: ${advice}`;
  const bits = Math.floor(estimateTokenBits(token));
  if (bits < MIN_TOKEN_BITS) {
    return `is too easy to guess (about ${bits} bits: repeated characters, runs such as "abcd" or "1234", or few different characters; at least ${MIN_TOKEN_BITS} are needed): ${advice}`;
  }
  return undefined;
}
