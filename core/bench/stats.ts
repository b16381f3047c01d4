/** Summaries the report is built from: medians and tails, never means (one GC pause skews a mean). */

export interface Summary {
  n: number;
  median: number;
  p90: number;
  min: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  if (samples.length === 0) return { n: 0, median: NaN, p90: NaN, min: NaN, max: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    min: round(sorted[0] as number),
    max: round(sorted[sorted.length - 1] as number),
  };
}

/** Linear interpolation between closest ranks. */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

export const round = (ms: number, digits = 2): number => Number(ms.toFixed(digits));

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms`: every wait in the bench is bounded, so a stuck service cannot hang it. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
