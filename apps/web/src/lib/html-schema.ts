import { defaultSchema, type Options } from 'rehype-sanitize';

/**
 * The inline HTML a note may use (Obsidian renders it; so do we), on GitHub's allow-list:
 * <br>, <p>, <sup>, <sub>, <details>/<summary>, <kbd>, <mark>, tables, images… and never a
 * script, a style, an event handler or a javascript: URL. Knower's own markup passes too: the
 * data attributes of wikilinks, embeds, callouts and block ids, `dir`, and the classes of math.
 */
export const htmlSchema: Options = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark', 'u', 'abbr', 'cite', 'small', 'center', 'figure', 'figcaption'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'data*', 'dir'],
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    details: ['open'],
    abbr: ['title'],
  },
};
