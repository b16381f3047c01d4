import { remarkCallout } from '@r4ai/remark-callout';
import { ImageOff } from 'lucide-react';
import remarkMath from 'remark-math';
import { memo, useCallback, useMemo, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import type { PluggableList } from 'unified';
import remarkGfm from 'remark-gfm';
import { useMarkdownExtras } from '../hooks/use-markdown-extras';
import { useWikilinks } from '../hooks/use-wikilinks';
import { rawUrl, type Links } from '../lib/api';
import { cn } from '../lib/cn';
import type { MarkdownExtras } from '../lib/markdown-extras';
import { ErrorBoundary } from './error-boundary';
import { remarkHighlight, stripComments } from '../lib/obsidian-text';
import { rehypeCalloutIcons, rehypeDirAuto, remarkBlockIds, remarkVaultPaths, remarkWikilinks } from '../lib/remark-obsidian';
import { formatRoute } from '../lib/route';
import { basename, classifyLink, isExternalHref, resolveVaultPath, slugify } from '../lib/vault-path';
import { useLightbox } from './image-lightbox';
import { CalloutIcon } from './callout-icon';
import { DiagramView, MathView } from './rich-blocks';
import { WikiEmbed, WikiLink, type RenderNote, type WikiProps } from './wiki-parts';

type MarkdownViewProps = {
  source: string;
  /** The vault path the markdown lives at: relative links and images resolve from its folder. */
  basePath: string;
  compact?: boolean;
  /** Where the wikilinks lead, when the server sent it with the note; otherwise asked for. */
  links?: Links;
  /** How deep inside note embeds this view is (embeds do not nest further). */
  embedDepth?: number;
  /** Vault paths in backticks become links (answers and reviews cite files that way). */
  linkPaths?: boolean;
};

// GFM, then Obsidian's own syntax; inline HTML and the CJK emphasis rules join when a text
// needs them (see use-markdown-extras).
const remarkBase: PluggableList = [remarkGfm, remarkMath, remarkWikilinks, remarkHighlight, remarkBlockIds, remarkCallout];
const rehypeBase: PluggableList = [rehypeCalloutIcons, rehypeDirAuto];

function pipeline(extras: MarkdownExtras | undefined, linkPaths: boolean) {
  const remark = linkPaths ? [...remarkBase, remarkVaultPaths] : remarkBase;
  if (!extras) return { remarkPlugins: remark, rehypePlugins: rehypeBase, remarkRehypeOptions: {} };
  return {
    remarkPlugins: [...remark.slice(0, 2), extras.remarkCjkFriendly, ...remark.slice(2)],
    rehypePlugins: [extras.rehypeRaw, [extras.rehypeSanitize, extras.htmlSchema], ...rehypeBase] as PluggableList,
    remarkRehypeOptions: { allowDangerousHtml: true },
  };
}

/** Scrolls to a heading of the open note, or to a block by its id (`^abc123`). */
export const scrollToHeading = (heading: string): void => {
  const target = heading.startsWith('^') ? document.querySelector(`[data-block-id="${CSS.escape(heading.slice(1))}"]`) : document.getElementById(slugify(heading));
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (heading.startsWith('^') && target) {
    target.classList.remove('block-target');
    void (target as HTMLElement).offsetWidth; // restart the highlight
    target.classList.add('block-target');
  }
};

// An embedded note renders as a compact view of its own; its embeds stay links (depth 1).
const renderEmbedded: RenderNote = (note) => <MarkdownView {...note} embedDepth={1} compact />;

/**
 * Read-only markdown, Obsidian-flavoured: GFM, wikilinks and embeds, callouts, hidden block ids,
 * right-to-left text. Markdown that cannot be rendered shows as the text it is, in its place: one
 * odd note or answer never blanks the view around it.
 */
export const MarkdownView = memo(function MarkdownView(props: MarkdownViewProps) {
  return (
    <ErrorBoundary key={props.source} what="This text" fallback={<pre className="markdown-fallback whitespace-pre-wrap [overflow-wrap:anywhere]">{props.source}</pre>}>
      <RenderedMarkdown {...props} />
    </ErrorBoundary>
  );
});

function RenderedMarkdown({ source, basePath, compact, links: given, embedDepth = 0, linkPaths = false }: MarkdownViewProps) {
  const lightbox = useLightbox();
  const text = useMemo(() => stripComments(source), [source]);
  const extras = useMarkdownExtras(text);
  const plugins = useMemo(() => pipeline(extras, linkPaths), [extras, linkPaths]);
  const links = useWikilinks(source, basePath, given, linkPaths);
  const embed = useCallback(
    (props: WikiProps, block: boolean, fallback: ReactNode) =>
      'data-embed' in props ? <WikiEmbed props={props} links={links} block={block} depth={embedDepth} renderNote={renderEmbedded} /> : fallback,
    [links, embedDepth],
  );
  const components = useMemo<Components>(
    () => ({
      a: ({ href = '', children, node: _node, ...props }) =>
        'data-wikilink' in props ? (
          <WikiLink props={props as WikiProps} links={links} onHeading={scrollToHeading}>
            {children}
          </WikiLink>
        ) : (
          <VaultLink from={basePath} href={href}>
            {children}
          </VaultLink>
        ),
      span: ({ node: _node, ...props }) => {
        const icon = (props as { 'data-callout-icon'?: string })['data-callout-icon'];
        return icon !== undefined ? <CalloutIcon type={icon} /> : embed(props as WikiProps, false, <span {...props} />);
      },
      code: ({ node: _node, className, children, ...props }) =>
        className?.includes('language-math') ? (
          <MathView tex={String(children)} display={false} />
        ) : (
          <code className={className} {...props}>
            {children}
          </code>
        ),
      div: ({ node: _node, ...props }) => embed(props as WikiProps, true, <div {...props} />),
      img: ({ src, alt = '' }) => {
        const href = typeof src === 'string' ? src : '';
        const path = resolveVaultPath(basePath, href);
        // Notes may point at images on the web; loading them would contact an outside host.
        if (!path) return <BlockedImage href={href} alt={alt} />;
        const url = rawUrl(path);
        return (
          <button
            type="button"
            className="block max-w-full cursor-zoom-in rounded-lg"
            aria-label={`Enlarge image ${alt || basename(path)}`}
            onClick={() => lightbox.open({ src: url, alt: alt || basename(path), download: basename(path) })}
          >
            <img src={url} alt={alt} loading="lazy" />
          </button>
        );
      },
      // Wide tables and code scroll inside their own box, which the keyboard can reach.
      table: ({ node: _node, ...props }) => (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Table">
          <table {...props} />
        </div>
      ),
      pre: ({ node, ...props }) => {
        const code = node?.children[0];
        const classes = code?.type === 'element' && code.tagName === 'code' ? String(code.properties.className ?? '') : '';
        if (/\blanguage-math\b/.test(classes)) return <MathView tex={textOf(code!).replace(/\n$/, '')} display />;
        if (/\blanguage-mermaid\b/.test(classes)) return <DiagramView code={textOf(code!)} />;
        return <pre tabIndex={0} {...props} />;
      },
      // GFM task list boxes are read-only marks; they are named for screen readers by their state.
      input: ({ node: _node, ...props }) => <input {...props} aria-label={props.checked ? 'Done' : 'To do'} />,
      h1: (props) => <Heading level={1} {...props} />,
      h2: (props) => <Heading level={2} {...props} />,
      h3: (props) => <Heading level={3} {...props} />,
      h4: (props) => <Heading level={4} {...props} />,
    }),
    [basePath, lightbox, links, embed],
  );

  return (
    <div className={cn('markdown', compact && 'markdown-compact')}>
      <Markdown {...plugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
}

function VaultLink({ from, href, children }: { from: string; href: string; children: ReactNode }) {
  const target = classifyLink(from, href);
  switch (target.kind) {
    case 'external':
      return (
        <a href={target.href} target="_blank" rel="noreferrer noopener">
          {children}
        </a>
      );
    case 'anchor': {
      // The hash holds the route, so in-page anchors scroll instead of navigating.
      const onClick = (event: MouseEvent) => {
        event.preventDefault();
        document.getElementById(target.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      };
      return (
        <a href={`#${target.id}`} onClick={onClick}>
          {children}
        </a>
      );
    }
    case 'vault':
      return <a href={formatRoute({ view: 'file', path: target.path })}>{children}</a>;
    case 'invalid':
      return (
        <span className="dead-link" title={target.reason} data-dead-link="">
          {children}
        </span>
      );
  }
}

// The hast element react-markdown hands to components (typed through it: hast is not our dependency).
type HastElement = NonNullable<ExtraProps['node']>;
type HeadingProps = ComponentProps<'h1'> & { level: 1 | 2 | 3 | 4; node?: HastElement };

function Heading({ level, node, children, dir }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={node ? slugify(textOf(node)) : undefined} dir={dir}>
      {children}
    </Tag>
  );
}

const textOf = (node: HastElement | HastElement['children'][number]): string => (node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

function BlockedImage({ href, alt }: { href: string; alt: string }) {
  const host = isExternalHref(href) ? safeHost(href) : null;
  return (
    <span className="my-2 flex items-center gap-2 rounded-lg border border-dashed border-line px-3 py-2 text-[13px] text-muted">
      <ImageOff aria-hidden size={15} className="shrink-0 text-muted" />
      <span className="min-w-0 truncate">
        {alt || 'Image'}{' '}
        {host ? (
          <>
            not loaded from{' '}
            <a href={href} target="_blank" rel="noreferrer noopener">
              {host}
            </a>
          </>
        ) : (
          'is outside the vault'
        )}
      </span>
    </span>
  );
}

function safeHost(href: string): string {
  try {
    return new URL(href, window.location.href).host || href;
  } catch {
    return href;
  }
}
