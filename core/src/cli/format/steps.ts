import { asRecord, oneLine } from './text.js';

/**
 * One tool call of an agent, as a person follows it: "  3 read projects/garden/state.md",
 * "  4 search "tomatoes"", "  5 move a.md → b.md", and why it failed when it did.
 */
export function stepLine(step: unknown): string {
  const s = asRecord(step);
  const tool = String(s.tool ?? 'tool');
  const what = typeof s.query === 'string' ? `"${oneLine(s.query, 80)}"` : typeof s.path === 'string' ? `${s.path}${typeof s.to === 'string' ? ` → ${s.to}` : ''}` : '';
  const failed = s.ok === false ? ` — failed: ${oneLine(s.error, 160)}` : '';
  return `  ${String(s.n ?? '·').padStart(2)} ${tool.padEnd(6)} ${what}`.trimEnd() + failed;
}
