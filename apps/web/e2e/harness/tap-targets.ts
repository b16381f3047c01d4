import type { Page } from 'playwright-core';

/**
 * Controls on screen smaller than 44×44 px (the size a finger needs, WCAG 2.5.5), as
 * "name (w×h)". Links inside running text are exempt, as WCAG exempts them: they are words.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll('button, a[href], [role="treeitem"], [role="radio"], [role="option"], summary, input:not([type="hidden"]), select');
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
      if (getComputedStyle(el).visibility === 'hidden' || (el as HTMLElement).closest('[aria-hidden="true"], .sr-only')) continue;
      if (el.matches('.markdown :is(p, li, td, th, blockquote, h1, h2, h3, h4, h5, h6) a, .markdown :is(p, li, td) a *')) continue;
      if (el.matches('input[type="checkbox"][disabled]')) continue; // task list marks: not controls
      if (box.width < 43.5 || box.height < 43.5) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName.toLowerCase();
        small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  });
}
