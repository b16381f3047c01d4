import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (injected into the page, as a user's extension would) against the WCAG 2.x A
 * and AA rules, and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const script = await source;
  // Evaluated as the debugger would, not added as a <script>: the app's Content-Security-Policy
  // (rightly) refuses inline scripts, as it would a script injected by anyone else.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(script);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
