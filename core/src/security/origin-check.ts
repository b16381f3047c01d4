import { hostnameOf } from './host-check.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOrigin {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  referer: string | undefined;
}

/** The fetch metadata a browser attaches to a request (pages cannot set or change these headers). */
export interface FetchMetadata {
  site: string | undefined;
  mode: string | undefined;
  dest: string | undefined;
}

/**
 * A launch from the phone's share sheet: the browser itself opens the installed app with a POST
 * to its share target, as a top-level navigation nobody's page started (Chromium:
 * `OpenURLParams` with `is_renderer_initiated = false`), so it carries `Sec-Fetch-Site: none`
 * and no usable Origin ("null" or none). A page can never produce `none`: a form another site
 * submits says `cross-site` (or `same-site`), whatever the service worker of the app does.
 * Sec-Fetch-User is not required: it tells of a click in a page, and no page is involved.
 */
export function isShareLaunch(meta: FetchMetadata): boolean {
  return meta.site === 'none' && meta.mode === 'navigate' && meta.dest === 'document';
}

/** Is `origin` (scheme://host[:port]) this service, as addressed by the request's Host header? */
function sameOrigin(origin: string, hostHeader: string | undefined, publicNames: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // Normalise the Host header with the origin's scheme so default ports compare equal.
  let host: string | undefined;
  try {
    host = new URL(`${url.protocol}//${hostHeader ?? ''}`).host;
  } catch {
    host = undefined;
  }
  if (host !== undefined && url.host === host) return true;
  // A reverse proxy that rewrites Host: its public name was configured (KNOWER_ALLOWED_HOSTS).
  // Only such names: a loopback name or address on another port is another local app.
  const name = hostnameOf(url.host);
  return name !== undefined && publicNames.has(name);
}

/**
 * Why a state-changing request must be refused as cross-site, or undefined to let it pass.
 * Browsers send Origin on every POST/PUT/PATCH/DELETE; older ones may only send
 * Sec-Fetch-Site or Referer. A request with none of them is not from a web page (curl, the
 * CLI, MCP clients) and passes: those are guarded by loopback binding or the token. The Vite
 * dev server passes because its proxy keeps the browser's Host (localhost:5173), which then
 * matches the Origin; a page on another local port does not match.
 */
export function crossOriginProblem(req: RequestOrigin, publicNames: ReadonlySet<string>): string | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  if (req.origin !== undefined) {
    if (req.origin === 'null') return 'requests from opaque origins (sandboxed frames, files) may not change the vault';
    return sameOrigin(req.origin, req.host, publicNames) ? undefined : `requests from ${req.origin} may not change the vault`;
  }
  if (req.secFetchSite !== undefined) {
    return req.secFetchSite === 'same-origin' || req.secFetchSite === 'none' ? undefined : `a ${req.secFetchSite} request may not change the vault`;
  }
  if (req.referer !== undefined) {
    let refOrigin: string;
    try {
      refOrigin = new URL(req.referer).origin;
    } catch {
      return 'the Referer header is not a URL';
    }
    return sameOrigin(refOrigin, req.host, publicNames) ? undefined : `requests from ${refOrigin} may not change the vault`;
  }
  return undefined;
}
