// Views live in the URL hash: the server owns every real path (/inbox, /vault, … are API
// routes), while the hash gives back/forward, reload and shareable links for free.

export type Route = { view: 'activity' } | { view: 'inbox'; id?: string } | { view: 'file'; path: string; heading?: string };

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
    case 'file':
      // Paths are percent-encoded, so a literal '?' can only start the heading part.
      return `#/file/${encodePath(route.path)}${route.heading ? `?h=${encodeURIComponent(route.heading)}` : ''}`;
  }
}

export function parseRoute(hash: string): Route {
  const rest = hash.replace(/^#?\/?/, '');
  const slash = rest.indexOf('/');
  const head = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? '' : rest.slice(slash + 1);
  if (head === 'file' && tail) {
    const [pathPart = '', headingPart] = tail.split('?h=');
    const path = pathPart.split('/').map(decode).join('/');
    return headingPart ? { view: 'file', path, heading: decode(headingPart) } : { view: 'file', path };
  }
  if (head === 'inbox') return tail ? { view: 'inbox', id: decode(tail) } : { view: 'inbox' };
  return { view: 'activity' };
}
