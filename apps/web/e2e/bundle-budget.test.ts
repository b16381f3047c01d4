import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_INDEX } from './harness/paths.js';

// The first load of the app (index.html's script and the modules it preloads) stays under
// 250 kB of gzipped JavaScript; what only some notes need (math, diagrams, inline HTML) is
// loaded on first use and never part of it.

const BUDGET_KB = 250;

describe('the first load', () => {
  it(`is under ${BUDGET_KB} kB of gzipped JavaScript, without KaTeX, Mermaid or the HTML parser`, () => {
    const html = readFileSync(WEB_INDEX, 'utf8');
    const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(1);
    const dist = path.dirname(WEB_INDEX);
    const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    console.log(`first-load JS: ${total.toFixed(1)} kB gzipped\n${sizes.map((s) => `  ${s.file} ${(s.gzip / 1024).toFixed(1)} kB`).join('\n')}`);
    expect(total).toBeLessThan(BUDGET_KB);
    const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    // Markers of the libraries: KaTeX's renderer, Mermaid's API, parse5's tokenizer.
    expect(code).not.toContain('KaTeX parse error');
    expect(code).not.toContain('mermaidAPI');
    expect(code).not.toMatch(/parse5|eof-in-tag/);
  });
});
