import type { Element, Root as HastRoot } from 'hast';
import type { Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { visit } from 'unist-util-visit';

// Obsidian's markdown on top of GFM: [[wikilinks]], ![[embeds]], ^block-ids. Wikilinks become
// elements carrying their parts as data attributes; markdown-view renders them with the
// resolution the server sent (GET /vault/file `links`, or GET /vault/resolve).

/** The same split as core's vault/wikilinks.ts: alias after the first '|', heading after the first '#'. */
function splitWikilink(inner: string): { target: string; heading?: string; alias?: string } {
  const bar = inner.indexOf('|');
  const link = bar === -1 ? inner : inner.slice(0, bar);
  const alias = bar === -1 ? undefined : inner.slice(bar + 1).trim();
  const hash = link.indexOf('#');
  const target = (hash === -1 ? link : link.slice(0, hash)).trim();
  const heading = hash === -1 ? undefined : link.slice(hash + 1).trim();
  return { target, ...(heading ? { heading } : {}), ...(alias ? { alias } : {}) };
}

const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;

/** Distinct wikilink targets in a text (to resolve markdown the server did not resolve itself). */
export function wikilinkTargets(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(WIKILINK)].map((m) => splitWikilink(m[2]!).target).filter(Boolean))];
}

type Embed = PhrasingContent & { data: { hName: string; hProperties: Record<string, string> } };

function wikiNode(bang: string, inner: string): PhrasingContent {
  const { target, heading, alias } = splitWikilink(inner);
  const props: Record<string, string> = { 'data-target': target };
  if (heading) props['data-heading'] = heading;
  if (alias) props['data-alias'] = alias;
  if (bang) {
    // An unknown node type with hProperties becomes that element in mdast-util-to-hast.
    return { type: 'wikiEmbed', children: [], data: { hName: 'span', hProperties: { ...props, 'data-embed': '' } } } as unknown as Embed;
  }
  const label = alias ?? (target ? `${target}${heading ? ` › ${heading}` : ''}` : (heading ?? ''));
  return { type: 'link', url: '', children: [{ type: 'text', value: label }], data: { hName: 'a', hProperties: { ...props, 'data-wikilink': '' } } } as PhrasingContent;
}

const isEmbed = (node: RootContent) => 'data' in node && (node.data as { hProperties?: Record<string, unknown> } | undefined)?.hProperties?.['data-embed'] !== undefined;
const isBlank = (node: RootContent) => node.type === 'text' && !(node as Text).value.trim();

// A vault path as an answer writes it: `projects/acme/state.md`, `bucket/photo 1.png` (no scheme).
const VAULT_PATH = /^(?![a-z][a-z0-9+.-]*:)(?!\/)[^`\n]*[^\s`/]\.[A-Za-z0-9]{1,8}$/;

/** The vault paths written in backticks in a text, to be resolved (see remarkVaultPaths). */
export const vaultPathTargets = (markdown: string): string[] => [...new Set([...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()).filter((p) => VAULT_PATH.test(p)))];

/**
 * In answers and inbox reviews, a vault path in backticks links to its file (a wikilink by
 * its exact path): the agents cite their sources that way.
 */
export function remarkVaultPaths() {
  return (tree: Root) => {
    visit(tree, 'inlineCode', (node, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link' || !VAULT_PATH.test(node.value.trim())) return;
      const link = { type: 'link', url: '', children: [{ ...node }], data: { hName: 'a', hProperties: { 'data-target': node.value.trim(), 'data-wikilink': '', 'data-path-link': '' } } };
      parent.children.splice(index, 1, link as unknown as PhrasingContent);
    });
  };
}

/** [[links]] and ![[embeds]]; an embed alone in its paragraph becomes a block (a note embed holds blocks). */
export function remarkWikilinks() {
  return (tree: Root) => {
    findAndReplace(tree, [[WIKILINK, (_match: string, bang: string, inner: string) => wikiNode(bang, inner)]]);
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      if (!parent || index === undefined) return;
      const kids = node.children.filter((child) => !isBlank(child) && child.type !== 'break');
      if (kids.length === 0 || !kids.every(isEmbed)) return;
      for (const kid of kids) (kid as Embed).data.hName = 'div';
      parent.children.splice(index, 1, ...(kids as unknown as Paragraph[]));
      return index + kids.length;
    });
  };
}

const BLOCK_ID = /(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*$/;

type WithData = { data?: { hProperties?: Record<string, unknown> } };
const mark = (node: WithData, id: string) => {
  node.data ??= {};
  node.data.hProperties = { ...node.data.hProperties, 'data-block-id': id };
};

/**
 * Obsidian block ids (`^abc123` at the end of a block) are anchors, not text: the block gets a
 * `data-block-id` (what `[[Note#^abc123]]` scrolls to, and `![[Note#^abc123]]` shows) and the
 * id is hidden. An id on a line of its own names the block just above it (a table, a list).
 */
export function remarkBlockIds() {
  return (tree: Root) => {
    visit(
      tree,
      (node) => node.type === 'paragraph' || node.type === 'heading',
      (node, index, parent) => {
        if (node.type !== 'paragraph' && node.type !== 'heading') return;
        const last = node.children.at(-1);
        if (!parent || index === undefined || last?.type !== 'text') return;
        const found = BLOCK_ID.exec(last.value);
        if (!found) return;
        last.value = last.value.slice(0, found.index);
        const empty = node.children.every((c) => isBlank(c) || c.type === 'break');
        if (!empty) {
          // In a tight list the paragraph is not drawn: the list item carries the id.
          mark(parent.type === 'listItem' ? (parent as WithData) : (node as WithData), found[1]!);
          return;
        }
        const before = index > 0 ? parent.children[index - 1] : undefined;
        if (before) mark(before as WithData, found[1]!);
        parent.children.splice(index, 1);
        return index;
      },
    );
  };
}

/** A callout's title starts with its type's icon (drawn by markdown-view from `data-callout-icon`). */
export function rehypeCalloutIcons() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      const type = node.properties.dataCalloutType;
      if (typeof type !== 'string') return;
      const title = node.children.find((c): c is Element => c.type === 'element' && c.properties.dataCalloutTitle !== undefined);
      if (title && !title.children.some((c) => c.type === 'element' && c.properties.dataCalloutIcon !== undefined)) {
        title.children.unshift({ type: 'element', tagName: 'span', properties: { dataCalloutIcon: type.toLowerCase(), ariaHidden: 'true' }, children: [] });
      }
    });
  };
}

const DIRECTIONAL = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'td', 'th', 'summary', 'dd', 'dt', 'figcaption']);

/** `dir="auto"` on every block of text: an Arabic or Hebrew paragraph runs right to left on its own. */
export function rehypeDirAuto() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      // A list's items carry dir="auto" themselves, which the list's own dir="auto" skips: the
      // list takes the direction of its first strong letter here (its numbers then sit on that side).
      if (node.tagName === 'ul' || node.tagName === 'ol') node.properties.dir = directionOf(textIn(node));
      else if (DIRECTIONAL.has(node.tagName) || node.properties.dataCalloutTitle !== undefined) node.properties.dir = 'auto';
    });
  };
}

const textIn = (node: Element | HastRoot['children'][number]): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map((c) => textIn(c as Element)).join('') : '');

/** 'rtl' when the first strong letter is Hebrew, Arabic, Syriac, Thaana or N'Ko, else 'ltr'. */
function directionOf(text: string): 'rtl' | 'ltr' {
  const first = /[\p{L}]/u.exec(text)?.[0];
  return first && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(first) ? 'rtl' : 'ltr';
}
