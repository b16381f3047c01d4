import { readFileSync } from 'node:fs';

export interface PhaseResult {
  name: string;
  code: number;
  /** The phase's JSON test report, when it writes one. */
  report?: string;
}

interface Counts {
  passed: number;
  failed: number;
}

/** Passed and failed tests in a vitest/jest or Playwright JSON report; null when there is none. */
function reportCounts(file: string): Counts | null {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  if (typeof r.numPassedTests === 'number') return { passed: r.numPassedTests, failed: num(r.numFailedTests) };
  const stats = r.stats as Record<string, unknown> | undefined;
  if (stats && typeof stats.expected === 'number') return { passed: stats.expected + num(stats.flaky), failed: num(stats.unexpected) };
  return null;
}

/**
 * One line per phase, then the single "N passed, N failed" line CI reads. A phase that failed
 * without a failed test in its report (typecheck, lint, a suite that did not load, a crash)
 * counts as one failure.
 */
export function summarize(phases: PhaseResult[]): { lines: string[]; failed: number } {
  let passed = 0;
  let failed = 0;
  const lines = [''];
  for (const phase of phases) {
    const counts = phase.report ? reportCounts(phase.report) : null;
    const c = counts ?? { passed: 0, failed: 0 };
    if (phase.code !== 0 && c.failed === 0) c.failed = 1;
    passed += c.passed;
    failed += c.failed;
    const detail = phase.report ? (counts ? `${String(c.passed)} passed, ${String(c.failed)} failed` : 'no JSON report') : '';
    lines.push(`  ${phase.name.padEnd(18)}${phase.code === 0 ? 'ok    ' : 'FAILED'}${detail ? `  ${detail}` : ''}`);
  }
  lines.push('', `${String(passed)} passed, ${String(failed)} failed`);
  return { lines, failed };
}
