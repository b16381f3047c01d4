import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import { visit } from 'unist-util-visit';

// Two bits of Obsidian's syntax that CommonMark has no word for: %%comments%% (hidden when a
// note is read) and ==highlights==.

/**
 * The markdown without its %%comments%%, as Obsidian's reading view shows it. Comments may span
 * lines; one left open hides the rest of the note (as in Obsidian). `%%` inside code (fenced or
 * inline) is text, not a comment.
 */
export function stripComments(markdown: string): string {
  if (!markdown.includes('%%')) return markdown;
  let out = '';
  let i = 0;
  let lineStart = true;
  while (i < markdown.length) {
    if (lineStart) {
      const fence = /^( {0,3})(`{3,}|~{3,})[^\n]*(\n|$)/.exec(markdown.slice(i));
      if (fence) {
        // A fenced block runs to a closing fence of the same kind and at least the same length.
        const marker = fence[2]!;
        const close = new RegExp(`\\n {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*(?=\\n|$)`, 'g');
        close.lastIndex = i + fence[0].length - 1;
        const found = close.exec(markdown);
        const end = found ? found.index + found[0].length : markdown.length;
        out += markdown.slice(i, end);
        i = end;
        lineStart = false;
        continue;
      }
    }
    const ch = markdown[i]!;
    if (ch === '`') {
      const run = /^`+/.exec(markdown.slice(i))![0];
      const close = markdown.indexOf(run, i + run.length);
      const end = close === -1 ? i + run.length : close + run.length;
      out += markdown.slice(i, end);
      i = end;
      lineStart = false;
      continue;
    }
    if (ch === '%' && markdown[i + 1] === '%') {
      const close = markdown.indexOf('%%', i + 2);
      if (close === -1) break;
      i = close + 2;
      continue;
    }
    out += ch;
    lineStart = ch === '\n';
    i++;
  }
  return out;
}

type Mark = { type: 'mark'; children: PhrasingContent[]; data: { hName: 'mark' } };

/** Where `==` opens or closes inside a parent's children: the child and the offset in its text. */
type Marker = { child: number; at: number };

function markersIn(children: readonly PhrasingContent[]): Marker[] {
  const found: Marker[] = [];
  let open = false;
  children.forEach((child, index) => {
    if (child.type !== 'text') return;
    const text = child.value;
    for (let at = text.indexOf('=='); at !== -1; at = text.indexOf('==', at + 2)) {
      const after = text[at + 2];
      const before = text[at - 1];
      // Like emphasis: an opening `==` is followed by text, a closing one follows text.
      if (!open && after !== undefined && !/\s|=/.test(after)) {
        found.push({ child: index, at });
        open = true;
      } else if (open && before !== undefined && !/\s|=/.test(before)) {
        found.push({ child: index, at });
        open = false;
      }
    }
  });
  return open ? found.slice(0, -1) : found;
}

/** Splits the children at the markers and wraps each pair's span in a `mark`. */
function wrap(children: readonly PhrasingContent[], markers: readonly Marker[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let stack: PhrasingContent[] | null = null;
  const push = (node: PhrasingContent) => (stack ?? out).push(node);
  children.forEach((child, index) => {
    const here = markers.filter((m) => m.child === index);
    if (here.length === 0) return push(child);
    const text = (child as Text).value;
    let from = 0;
    for (const marker of here) {
      if (marker.at > from) push({ type: 'text', value: text.slice(from, marker.at) });
      if (stack) {
        const mark: Mark = { type: 'mark', children: stack, data: { hName: 'mark' } };
        stack = null;
        out.push(mark as unknown as PhrasingContent);
      } else stack = [];
      from = marker.at + 2;
    }
    if (from < text.length) push({ type: 'text', value: text.slice(from) });
  });
  return out;
}

/** `==highlighted==` text becomes <mark>, across emphasis and links inside it. */
export function remarkHighlight() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (!('children' in node)) return;
      const parent = node as Parent;
      const children = parent.children as PhrasingContent[];
      if (!children.some((c) => c.type === 'text' && c.value.includes('=='))) return;
      const markers = markersIn(children);
      if (markers.length >= 2) parent.children = wrap(children, markers) as Parent['children'];
    });
  };
}
