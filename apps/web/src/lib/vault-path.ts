// Paths inside the vault are relative, '/'-separated, with no leading slash.

export const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const dirname = (path: string) => {
  const cut = path.lastIndexOf('/');
  return cut === -1 ? '' : path.slice(0, cut);
};

export const extension = (path: string) => {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isMarkdownPath = (path: string) => ['md', 'markdown'].includes(extension(path));

const imageExtensions = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'avif', 'bmp']);
export const isImagePath = (path: string) => imageExtensions.has(extension(path));
// What Obsidian plays inline when embedded (`![[memo.m4a]]`).
const audioExtensions = new Set(['mp3', 'wav', 'm4a', 'ogg', 'flac', 'webm', '3gp']);
const videoExtensions = new Set(['mp4', 'mkv', 'mov', 'ogv']);
export const isAudioPath = (path: string) => audioExtensions.has(extension(path));
export const isVideoPath = (path: string) => videoExtensions.has(extension(path));
export const isPdfPath = (path: string) => extension(path) === 'pdf';

/** decodeURIComponent that answers null for a malformed escape instead of throwing. */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** A reference that leaves the vault: has a scheme (https:, mailto:) or is protocol-relative. */
export const isExternalHref = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * Resolves a link or image reference written in the note at `fromPath` to a vault path.
 * '/x' is vault-root relative, anything else relative to the note's folder. Returns null for
 * references that climb out of the vault or that are external.
 */
export function resolveVaultPath(fromPath: string, href: string): string | null {
  if (isExternalHref(href)) return null;
  const bare = href.replace(/[?#].*$/, '');
  const decoded = safeDecode(bare) ?? bare;
  const start = decoded.startsWith('/') ? [] : dirname(fromPath).split('/').filter(Boolean);
  const parts = [...start];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.length === 0 ? null : parts.join('/');
}

export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'anchor'; id: string }
  | { kind: 'vault'; path: string }
  /** A dead link: `reason` says why, for its tooltip. */
  | { kind: 'invalid'; reason: string };

/** What a link in a note points at. Extension-less targets are taken as notes ('x' → 'x.md'). */
export function classifyLink(fromPath: string, href: string): LinkTarget {
  // An unsafe address (`javascript:`…) reaches here empty, stripped by the sanitizer: it leads nowhere,
  // and must not resolve to the note's own folder.
  if (href.trim() === '') return { kind: 'invalid', reason: 'This link has no address (or an unsafe one that was removed)' };
  if (isExternalHref(href)) return { kind: 'external', href };
  if (href.startsWith('#')) {
    // A malformed escape (`#%E0%A4%A`) leads nowhere: a dead link, never an exception in render.
    const id = safeDecode(href.slice(1));
    return id === null ? { kind: 'invalid', reason: 'This link is malformed and leads nowhere' } : { kind: 'anchor', id };
  }
  const path = resolveVaultPath(fromPath, href);
  if (path === null) return { kind: 'invalid', reason: 'This link points outside the vault' };
  return { kind: 'vault', path: extension(path) === '' ? `${path}.md` : path };
}

/** A heading's anchor id, GitHub style: lower case, punctuation dropped, spaces to dashes. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-');
