import katex from 'katex';
import 'katex/dist/katex.min.css';

// Loaded only when a note has math (KaTeX and its fonts stay out of the first load).

/** TeX as KaTeX's HTML; a formula it cannot read comes back as its source, marked in red by KaTeX. */
export function renderMath(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml', trust: false, strict: 'ignore' });
}
