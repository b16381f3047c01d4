import { createHash } from 'node:crypto';

const hash = (content: string) => createHash('sha1').update(content).digest('hex');

/**
 * Remembers what the service itself just wrote, so the watcher can tell its own writes from
 * the person's. Matching is on content, not timing: a hand edit that lands right after our
 * write has different content and is never mistaken for ours.
 */
export class SelfWrites {
  private readonly marks = new Map<string, { hash: string; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 60_000,
  ) {}

  mark(rel: string, content: string): void {
    this.marks.set(rel, { hash: hash(content), at: this.now() });
    this.prune();
  }

  /** Whether anything was written there by the service lately (cheap: no content needed). */
  has(rel: string): boolean {
    return this.marks.has(rel);
  }

  /** True when the file now holds exactly what we last wrote there. */
  isOwn(rel: string, content: string): boolean {
    const mark = this.marks.get(rel);
    return mark !== undefined && mark.hash === hash(content);
  }

  private prune(): void {
    const cutoff = this.now() - this.ttlMs;
    for (const [rel, mark] of this.marks) if (mark.at < cutoff) this.marks.delete(rel);
  }
}
