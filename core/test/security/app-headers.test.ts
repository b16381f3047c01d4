import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/test-app.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe("the app's pages", () => {
  it('carry a Content-Security-Policy: scripts from the service only, nothing from another host, no framing', async () => {
    const dist = await makeTempDir('knower-dist-');
    await mkdir(path.join(dist.dir, 'static'), { recursive: true });
    await writeFile(path.join(dist.dir, 'index.html'), '<!doctype html><title>Knower</title><script type="module" src="/static/app.js"></script>');
    await writeFile(path.join(dist.dir, 'static', 'app.js'), 'export {};');
    const t = await startTestApp({ env: { KNOWER_WEB_DIST: dist.dir } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(["'self'"]);
      expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      // A voice note is played back from the page before it is sent.
      expect(directives['media-src']).toEqual(["'self'", 'blob:']);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'none'"]);
      expect(csp).not.toMatch(/https?:|\*/);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // Assets do not need one (only documents apply it), and keep their long cache.
      const asset = await t.app.inject({ method: 'GET', url: '/static/app.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await t.close();
      await dist.cleanup();
    }
  });
});
