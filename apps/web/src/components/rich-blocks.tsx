import { useEffect, useState } from 'react';

// Math and diagrams, drawn by libraries loaded on first use: a note without them never pays
// for KaTeX or Mermaid. Until the library is in (or if it fails), the source stays readable.

type Loaded<T> = { key: string; value: T } | { key: string; error: string };

function useRendered<T>(key: string, render: () => Promise<T>): Loaded<T> | undefined {
  const [state, setState] = useState<Loaded<T>>();
  useEffect(() => {
    let live = true;
    render().then(
      (value) => live && setState({ key, value }),
      (err: unknown) => live && setState({ key, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
    // `render` is derived from `key`: the key says when to draw again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state : undefined;
}

/** `$…$` inline or `$$…$$` on its own lines, typeset by KaTeX. */
export function MathView({ tex, display }: { tex: string; display: boolean }) {
  const state = useRendered(`${display ? 'd' : 'i'}:${tex}`, async () => (await import('../lib/katex-render')).renderMath(tex, display));
  const Tag = display ? 'div' : 'span';
  if (!state || 'error' in state) {
    return (
      <Tag className={display ? 'math-display math-source' : 'math-inline math-source'} title={state && 'error' in state ? state.error : undefined}>
        <code>{display ? `$$${tex}$$` : `$${tex}$`}</code>
      </Tag>
    );
  }
  return <Tag className={display ? 'math-display' : 'math-inline'} dangerouslySetInnerHTML={{ __html: state.value }} />;
}

/** A ```mermaid block, drawn as a diagram (in the page's theme: see markdown.css). */
export function DiagramView({ code }: { code: string }) {
  const state = useRendered(code, async () => (await import('../lib/mermaid-render')).renderDiagram(code));
  if (state && 'value' in state) {
    return <figure className="diagram" role="img" aria-label="Diagram" dangerouslySetInnerHTML={{ __html: state.value }} />;
  }
  return (
    <figure className="diagram diagram-source">
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
      <figcaption className="text-xs text-muted">{state && 'error' in state ? `The diagram could not be drawn: ${state.error}` : 'Drawing the diagram…'}</figcaption>
    </figure>
  );
}
