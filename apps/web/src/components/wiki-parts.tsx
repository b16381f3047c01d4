import { ExternalLink, FileQuestion, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNote } from '../hooks/use-note';
import { rawUrl, type Links } from '../lib/api';
import { formatRoute } from '../lib/route';
import { basename, isAudioPath, isImagePath, isMarkdownPath, isPdfPath, isVideoPath } from '../lib/vault-path';
import { section } from '../lib/note-section';
import { useLightbox } from './image-lightbox';

export type WikiProps = { 'data-target'?: string; 'data-heading'?: string; 'data-alias'?: string; 'data-path-link'?: string };

/** Renders an embedded note's markdown: handed in by the markdown view, which embeds are part of. */
export type RenderNote = (note: { source: string; basePath: string; links: Links }) => ReactNode;

const missing = (target: string) => `No note or file named “${target}” in the vault`;

/** An Obsidian [[link]]: to the note it resolves to, or marked as leading nowhere. */
export function WikiLink({ props, links, children, onHeading }: { props: WikiProps; links: Links; children: ReactNode; onHeading: (heading: string) => void }) {
  const target = props['data-target'] ?? '';
  const heading = props['data-heading'];
  if (!target) {
    return (
      <a href={`#${heading ?? ''}`} className="wikilink" onClick={(event) => (event.preventDefault(), heading && onHeading(heading))}>
        {children}
      </a>
    );
  }
  const path = links[target];
  if (path === undefined) return <span className="wikilink">{children}</span>;
  // A path written in an answer that names no file: just the text it was.
  if (path === null && props['data-path-link'] !== undefined) return <>{children}</>;
  if (path === null) {
    return (
      <span className="wikilink-unresolved" title={missing(target)} data-unresolved="">
        {children}
      </span>
    );
  }
  return (
    <a href={formatRoute({ view: 'file', path, ...(heading ? { heading } : {}) })} className="wikilink" title={path}>
      {children}
    </a>
  );
}

/** `![[image.png|300]]` shows the image (300 px wide); `![[Note]]` shows the note (or its `#section`) inline. */
export function WikiEmbed({ props, links, block, depth, renderNote }: { props: WikiProps; links: Links; block: boolean; depth: number; renderNote: RenderNote }) {
  const lightbox = useLightbox();
  const target = props['data-target'] ?? '';
  const path = links[target];
  const Wrapper = block ? 'div' : 'span';
  if (path === undefined) return <Wrapper className="embed-pending">{target}</Wrapper>;
  if (path === null) {
    return (
      <Wrapper className="embed-missing" data-unresolved="">
        <FileQuestion aria-hidden size={15} /> {missing(target)}
      </Wrapper>
    );
  }
  if (isAudioPath(path)) return <audio className="embed-media" controls preload="metadata" src={rawUrl(path)} aria-label={basename(path)} />;
  if (isVideoPath(path)) return <video className="embed-media" controls preload="metadata" src={rawUrl(path)} aria-label={basename(path)} />;
  if (isPdfPath(path)) return <PdfEmbed path={path} block={block} />;
  if (isImagePath(path)) {
    const [width, height] = (props['data-alias'] ?? '').split('x').map((n) => (/^\d+$/.test(n.trim()) ? Number(n) : undefined));
    const alt = basename(path);
    return (
      <button type="button" className="embed-image cursor-zoom-in rounded-lg" aria-label={`Enlarge image ${alt}`} onClick={() => lightbox.open({ src: rawUrl(path), alt, download: alt })}>
        <img src={rawUrl(path)} alt={alt} loading="lazy" {...(width ? { width } : {})} {...(height ? { height } : {})} />
      </button>
    );
  }
  const link = (
    <a href={formatRoute({ view: 'file', path, ...(props['data-heading'] ? { heading: props['data-heading'] } : {}) })} className="wikilink">
      {props['data-alias'] ?? target}
    </a>
  );
  // Embeds inside an embedded note stay links: a note embedding itself would never end.
  if (!block || depth > 0 || !isMarkdownPath(path)) return link;
  return <NoteEmbed path={path} heading={props['data-heading']} header={link} renderNote={renderNote} />;
}

/** `![[paper.pdf]]`: the PDF's name (its page in the app) and a way to read it in the browser's own viewer. */
function PdfEmbed({ path, block }: { path: string; block: boolean }) {
  const Wrapper = block ? 'div' : 'span';
  return (
    <Wrapper className="embed-file" role="group" aria-label={`Embedded PDF ${basename(path)}`}>
      <span className="embed-file-title">
        <FileText aria-hidden size={16} className="embed-file-icon" />
        <a href={formatRoute({ view: 'file', path })} className="wikilink embed-file-name" title={path}>
          {basename(path)}
        </a>
      </span>
      <a href={rawUrl(path)} target="_blank" rel="noopener" className="embed-file-open">
        <ExternalLink aria-hidden size={13} /> Open the PDF
      </a>
    </Wrapper>
  );
}

function NoteEmbed({ path, heading, header, renderNote }: { path: string; heading: string | undefined; header: ReactNode; renderNote: RenderNote }) {
  const state = useNote(path, 0);
  return (
    <div className="note-embed" role="group" aria-label={`Embedded note ${basename(path)}`}>
      <div className="note-embed-header">{header}</div>
      {state.status === 'ready' ? (
        renderNote({ source: heading ? section(state.note.body, heading) : state.note.body, basePath: path, links: state.note.links })
      ) : state.status === 'error' ? (
        <p className="text-muted">{state.problem.message}</p>
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </div>
  );
}
