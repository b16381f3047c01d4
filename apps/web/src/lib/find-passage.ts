// Opening a note from a text search lands on the passage that matched: the block holding the
// most of the words, scrolled into view with the words highlighted (the CSS Custom Highlight
// API: nothing in the rendered note is rewritten).

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, td, th, pre, dt, dd, summary';
const HIGHLIGHT = 'knower-find';

/** The words of a query worth looking for (two letters or more, any script), lower-cased. */
export const findTerms = (query: string): string[] => [
  ...new Set(
    query
      .toLowerCase()
      .split(/[\s"'“”‘’.,;:!?()[\]{}]+/u)
      .filter((w) => [...w].length >= 2),
  ),
];

/** Scrolls to the passage of `root` holding the most of `terms` and highlights them; false when none is found. */
export function showPassage(root: HTMLElement, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  let best: Element | undefined;
  let bestScore = 0;
  for (const block of root.querySelectorAll(BLOCKS)) {
    // The innermost block: a list item holding a paragraph is judged by the paragraph.
    if (block.querySelector(BLOCKS)) continue;
    const text = block.textContent?.toLowerCase() ?? '';
    const score = terms.filter((t) => text.includes(t)).length;
    if (score > bestScore) [best, bestScore] = [block, score];
  }
  if (!best) return false;
  best.scrollIntoView({ block: 'center' });
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(best, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.toLowerCase() ?? '';
    for (const term of terms) {
      for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + term.length);
        ranges.push(range);
      }
    }
  }
  if (typeof Highlight !== 'undefined' && 'highlights' in CSS) CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
  best.classList.add('block-target');
  best.setAttribute('data-found', '');
  return true;
}

/** Removes the highlight (another note, or the same one without a search). */
export function clearPassage(): void {
  if ('highlights' in CSS) CSS.highlights.delete(HIGHLIGHT);
}
