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

/**
 * A top-level navigation: `document`, or `empty` when the app's service worker passed the
 * navigation on (Chromium keeps the mode and the site of a navigation a worker re-fetches, not
 * its destination). The worker passes on top-level navigations only (apps/web/service-worker.js),
 * so a frame's navigation always says `iframe`.
 */
const isPageLoad = (meta: FetchMetadata) => meta.mode === 'navigate' && (meta.dest === 'document' || meta.dest === 'empty');

/** What a browser says of a request that only reads (pages cannot set or change these headers). */
export interface ReadOrigin {
  host: string | undefined;
  origin: string | undefined;
  meta: FetchMetadata;
}

/**
 * Why a request must be refused because a page of another site or origin made it, even one that
 * changes nothing, or undefined to let it pass. Reads cost: a page that loops `fetch(url,
 * {mode: 'no-cors'})` at /vault/search cannot see the answers, but it queues searches that slow
 * the person's own and mark /health degraded. Another port of this machine is another origin but
 * the same site (so it also gets a SameSite=Strict session cookie): `same-site` is refused too.
 * Passes:
 *  - a top-level navigation (a link to the app from another site opens it; the share sheet's
 *    launch says `none`); not a frame's: the service is never framed, and a hidden frame
 *    reloaded in a loop would queue searches as well as fetch does;
 *  - the app's own requests (`same-origin`, or an Origin that is the service's);
 *  - programs (the CLI, MCP clients, the hooks): no Sec-Fetch-Site and no Origin. Node's fetch
 *    sends `Sec-Fetch-Mode: cors` alone, which says nothing of where it comes from.
 * A browser too old for fetch metadata sends neither on a `no-cors` GET: it is not told apart.
 */
export function crossSiteReadProblem(req: ReadOrigin, publicNames: ReadonlySet<string>): string | undefined {
  if (isPageLoad(req.meta)) return undefined;
  if (req.origin !== undefined) {
    if (req.origin === 'null') return 'requests from opaque origins (sandboxed frames, files) may not use the API';
    return sameOrigin(req.origin, req.host, publicNames) ? undefined : `requests from ${req.origin} may not use the API`;
  }
  if (req.meta.site === 'cross-site' || req.meta.site === 'same-site') return `a ${req.meta.site} request that is not a page load may not use the API`;
  return undefined;
}
