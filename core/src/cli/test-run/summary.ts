import { readFileSync } from 'node:fs';
import path from 'node:path';

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

type Report = Record<string, unknown>;

function readReport(file: string): Report | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch {
    return null;
  }
}

/** Passed and failed tests in a vitest/jest or Playwright JSON report. */
function reportCounts(r: Report): Counts | null {
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  if (typeof r.numPassedTests === 'number') return { passed: r.numPassedTests, failed: num(r.numFailedTests) };
  const stats = r.stats as Record<string, unknown> | undefined;
  if (stats && typeof stats.expected === 'number') return { passed: stats.expected + num(stats.flaky), failed: num(stats.unexpected) };
  return null;
}

interface FileResult {
  name?: unknown;
  status?: unknown;
  message?: unknown;
  assertionResults?: { fullName?: unknown; status?: unknown; failureMessages?: unknown }[];
}

const firstLine = (text: unknown) => (typeof text === 'string' ? (text.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 200) : '');

/**
 * The failed tests of a vitest/jest report, one line each with the first line of the reason: the
 * summary ends CI's log, which may be all of it anyone sees. A file that failed without a failed
 * test (it did not load, a hook threw) is named with its message.
 */
function failedTests(r: Report, root: string): string[] {
  const files = Array.isArray(r.testResults) ? (r.testResults as FileResult[]) : [];
  const lines: string[] = [];
  for (const file of files) {
    const name = typeof file.name === 'string' ? path.relative(root, file.name) : '?';
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      const messages = Array.isArray(t.failureMessages) ? (t.failureMessages as unknown[]) : [];
      lines.push(`${name} > ${String(t.fullName)}`, `    ${firstLine(messages[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') lines.push(name, `    ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * One line per phase, the failed tests by name, then the single "N passed, N failed" line CI
 * reads. A phase that failed without a failed test in its report (typecheck, lint, a suite that
 * did not load, a crash) counts as one failure.
 */
export function summarize(phases: PhaseResult[], root: string): { lines: string[]; failed: number } {
  let passed = 0;
  let failed = 0;
  const lines = [''];
  const failures: string[] = [];
  for (const phase of phases) {
    const report = phase.report ? readReport(phase.report) : null;
    const counts = report ? reportCounts(report) : null;
    if (report && phase.code !== 0) failures.push(...failedTests(report, root));
    const c = counts ?? { passed: 0, failed: 0 };
    if (phase.code !== 0 && c.failed === 0) c.failed = 1;
    passed += c.passed;
    failed += c.failed;
    const detail = phase.report ? (counts ? `${String(c.passed)} passed, ${String(c.failed)} failed` : 'no JSON report') : '';
    lines.push(`  ${phase.name.padEnd(18)}${phase.code === 0 ? 'ok    ' : 'FAILED'}${detail ? `  ${detail}` : ''}`);
  }
  if (failures.length) lines.push('', 'failed:', ...failures.map((l) => `  ${l}`));
  lines.push('', `${String(passed)} passed, ${String(failed)} failed`);
  return { lines, failed };
}
