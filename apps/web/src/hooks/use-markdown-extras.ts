import { useEffect, useMemo, useState } from 'react';
import type { MarkdownExtras } from '../lib/markdown-extras';

// An HTML tag or comment (not an autolink such as <https://…>), or a CJK character.
const HTML = /<(?:[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?|\/[a-z][a-z0-9-]*\s*)>|<!--/i;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

let loaded: MarkdownExtras | undefined;
let loading: Promise<MarkdownExtras> | undefined;
const load = () => (loading ??= import('../lib/markdown-extras').then((m) => (loaded = m.markdownExtras)));

/** Whether this markdown needs the extras (inline HTML, CJK text). */
const needsExtras = (markdown: string): boolean => HTML.test(markdown) || CJK.test(markdown);

/**
 * The lazily loaded markdown extras when `markdown` needs them: undefined while they load (the
 * markdown is drawn without them meanwhile: its HTML left out, never shown as text) or when it
 * does not need them.
 */
export function useMarkdownExtras(markdown: string): MarkdownExtras | undefined {
  const needed = useMemo(() => needsExtras(markdown), [markdown]);
  const [extras, setExtras] = useState(loaded);
  useEffect(() => {
    if (!needed || extras) return;
    let live = true;
    load().then(
      (value) => live && setExtras(value),
      (err: unknown) => console.warn('knower: markdown extras could not be loaded', err),
    );
    return () => {
      live = false;
    };
  }, [needed, extras]);
  return needed ? extras : undefined;
}
