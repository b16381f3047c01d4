/** The sign-in page: self-contained (no scripts, no external assets), so it works before sign-in. */
export const LOGIN_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page keeps the browser's default referrer policy: under `no-referrer` a browser sends the
 * form with `Origin: null`, which the service must refuse like any write from an opaque origin.
 */
export function renderLoginPage(error?: string): string {
  const message = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Knower — sign in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f6f6f4; color: #1c1c1a; }
  form { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 4px #0002; width: min(22rem, 90vw); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  label { display: block; font-size: .875rem; margin-bottom: .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #bbb; border-radius: 6px; }
  button { margin-top: 1rem; width: 100%; padding: .5rem; font: inherit; border: 0; border-radius: 6px; background: #1c1c1a; color: #fff; cursor: pointer; }
  .error { color: #a11; font-size: .875rem; }
  .hint { color: #666; font-size: .8rem; margin-top: 1rem; }
</style>
</head>
<body>
<form method="post" action="/login">
  <h1>Knower</h1>
  ${message}
  <label for="token">Access token</label>
  <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
  <button type="submit">Sign in</button>
  <p class="hint">The value of KNOWER_TOKEN in the service's environment.</p>
</form>
</body>
</html>
`;
}
