// Views live in the URL hash: the server owns every real path (/inbox, /vault, … are API
// routes), while the hash gives back/forward, reload and shareable links for free.

/** A file, optionally at a heading (or `^block`) or at the first passage holding some words (`find`). */
export type Route = { view: 'activity' } | { view: 'inbox'; id?: string } | { view: 'file'; path: string; heading?: string; find?: string };

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export function formatRoute(route: Route): string {
  switch (route.view) {
    case 'activity':
      return '#/activity';
    case 'inbox':
      return route.id ? `#/inbox/${encodeURIComponent(route.id)}` : '#/inbox';
    case 'file': {
      // Paths are percent-encoded, so a literal '?' can only start the parameters.
      const params = [route.heading ? `h=${encodeURIComponent(route.heading)}` : '', route.find ? `f=${encodeURIComponent(route.find)}` : ''].filter(Boolean);
      return `#/file/${encodePath(route.path)}${params.length ? `?${params.join('&')}` : ''}`;
    }
  }
}

export function parseRoute(hash: string): Route {
  const rest = hash.replace(/^#?\/?/, '');
  const slash = rest.indexOf('/');
  const head = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? '' : rest.slice(slash + 1);
  if (head === 'file' && tail) {
    const cut = tail.indexOf('?');
    const path = (cut === -1 ? tail : tail.slice(0, cut)).split('/').map(decode).join('/');
    const params = new Map((cut === -1 ? [] : tail.slice(cut + 1).split('&')).map((p) => [p.slice(0, p.indexOf('=')), decode(p.slice(p.indexOf('=') + 1))] as const));
    const heading = params.get('h');
    const find = params.get('f');
    return { view: 'file', path, ...(heading ? { heading } : {}), ...(find ? { find } : {}) };
  }
  if (head === 'inbox') return tail ? { view: 'inbox', id: decode(tail) } : { view: 'inbox' };
  return { view: 'activity' };
}
