import type { Element, Root as HastRoot, RootContent } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { remarkCallout } from '@r4ai/remark-callout';
import { unified, type PluggableList } from 'unified';
import { describe, expect, it } from 'vitest';
import { markdownExtras } from '../src/lib/markdown-extras';
import { section } from '../src/lib/note-section';
import { remarkHighlight, stripComments } from '../src/lib/obsidian-text';
import { rehypeCalloutIcons, rehypeDirAuto, remarkBlockIds, remarkVaultPaths, remarkWikilinks, vaultPathTargets } from '../src/lib/remark-obsidian';

// The markdown pipeline the note view uses (markdown-view.tsx), run to HTML without React.

/** hast property names as HTML attributes: className → class, dataBlockId → data-block-id. */
const attribute = (key: string) => (key === 'className' ? 'class' : /^(data|aria)[A-Z]/.test(key) ? key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : key);

function serialize(node: HastRoot | RootContent): string {
  if (node.type === 'text') return node.value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (node.type === 'root') return node.children.map(serialize).join('');
  if (node.type !== 'element') return '';
  const attrs = Object.entries((node as Element).properties)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${attribute(k)}${v === true ? '' : `="${Array.isArray(v) ? v.join(' ') : String(v)}"`}`)
    .join('');
  return `<${node.tagName}${attrs}>${node.children.map(serialize).join('')}</${node.tagName}>`;
}

async function render(markdown: string, { extras = false } = {}): Promise<string> {
  const remark: PluggableList = [remarkGfm, remarkMath, ...(extras ? [markdownExtras.remarkCjkFriendly] : []), remarkWikilinks, remarkHighlight, remarkBlockIds, remarkCallout];
  const rehype: PluggableList = [...(extras ? [markdownExtras.rehypeRaw, [markdownExtras.rehypeSanitize, markdownExtras.htmlSchema]] : []), rehypeCalloutIcons, rehypeDirAuto] as PluggableList;
  const processor = unified().use(remarkParse).use(remark).use(remarkRehype, { allowDangerousHtml: extras }).use(rehype);
  const tree = (await processor.run(processor.parse(stripComments(markdown)))) as HastRoot;
  return serialize(tree).replace(/\n/g, '');
}

describe('%%comments%%', () => {
  it('hides inline and multi-line comments, and everything after one left open', () => {
    expect(stripComments('Seen %%not seen%% seen.')).toBe('Seen  seen.');
    expect(stripComments('Before\n\n%%\nhidden\nlines\n%%\n\nAfter')).toBe('Before\n\n\n\nAfter');
    expect(stripComments('Kept\n%% open to the end\nstill hidden')).toBe('Kept\n');
  });

  it('leaves %% inside code alone', () => {
    const fenced = '```\nprintf("100%%");\n```\nvisible %%hidden%%';
    expect(stripComments(fenced)).toBe('```\nprintf("100%%");\n```\nvisible ');
    expect(stripComments('Use `%%x%%` here %%gone%%')).toBe('Use `%%x%%` here ');
  });
});

describe('==highlights==', () => {
  it('marks text, across emphasis inside it', async () => {
    expect(await render('A ==bright **bold** idea== here.')).toBe('<p dir="auto">A <mark>bright <strong>bold</strong> idea</mark> here.</p>');
    expect(await render('==one== and ==two==')).toBe('<p dir="auto"><mark>one</mark> and <mark>two</mark></p>');
  });

  it('leaves comparisons, lone markers and code alone', async () => {
    expect(await render('a == b and c == d')).toBe('<p dir="auto">a == b and c == d</p>');
    expect(await render('`==code==` ==open')).toBe('<p dir="auto"><code>==code==</code> ==open</p>');
  });
});

describe('block ids', () => {
  it('anchor the paragraph, the list item, or the block above an id on its own line, and are hidden', async () => {
    expect(await render('Mulch every bed. ^mulch')).toBe('<p data-block-id="mulch" dir="auto">Mulch every bed.</p>');
    expect(await render('- first ^one\n- second')).toContain('<li data-block-id="one" dir="auto">first</li>');
    const table = await render('| a | b |\n| - | - |\n| 1 | 2 |\n\n^tbl');
    expect(table).toMatch(/^<table data-block-id="tbl">/);
    expect(table).not.toContain('^tbl');
  });

  it('an embed of a block shows that block alone', () => {
    const note = '# Plan\n\nIntro line.\n\nMulch every bed\nbefore winter. ^mulch\n\n- water at dawn ^water\n- weed\n\n| a |\n| - |\n| 1 |\n\n^tbl\n';
    expect(section(note, '^mulch')).toBe('Mulch every bed\nbefore winter.');
    expect(section(note, '^water')).toBe('- water at dawn');
    expect(section(note, '^tbl')).toBe('| a |\n| - |\n| 1 |');
    expect(section(note, '^nowhere')).toBe(note);
    expect(section(note, 'Plan')).toContain('Intro line.');
  });
});

describe('wikilinks and embeds', () => {
  it('reads an escaped bar in a table cell as the alias, so links and embeds in tables resolve', async () => {
    const html = await render('| Step | Where |\n| --- | --- |\n| 1 | [[Install\\|the guide]] ![[map.png\\|300]] |\n');
    expect(html).toContain('<a href="" data-target="Install" data-alias="the guide" data-wikilink="">the guide</a>');
    expect(html).toContain('<span data-target="map.png" data-alias="300" data-embed=""></span>');
  });
});

describe('vault paths in answers', () => {
  it('turn paths in backticks into links to resolve, and leave other code alone', async () => {
    const answer = 'From `projects/acme/state.md` and `bucket/photo 1.png`; run `npm test`, see `https://x.org/a.md`.';
    expect(vaultPathTargets(answer)).toEqual(['projects/acme/state.md', 'bucket/photo 1.png']);
    const processor = unified().use(remarkParse).use(remarkVaultPaths).use(remarkRehype);
    const html = serialize((await processor.run(processor.parse(answer))) as HastRoot);
    expect(html).toContain('<a href="" data-target="projects/acme/state.md" data-wikilink="" data-path-link=""><code>projects/acme/state.md</code></a>');
    expect(html).toContain('<code>npm test</code>');
    expect(html).toContain('<code>https://x.org/a.md</code>');
  });
});

describe('math, diagrams and callouts', () => {
  it('keeps TeX as written, backslashes included, for KaTeX', async () => {
    expect(await render('Inline $a \\\\ b$ and\n\n$$\n\\frac{1}{2}\n$$')).toBe(
      '<p dir="auto">Inline <code class="language-math math-inline">a \\\\ b</code> and</p><pre><code class="language-math math-display">\\frac{1}{2}</code></pre>',
    );
  });

  it('hands a mermaid block to the diagram view', async () => {
    expect(await render('```mermaid\ngraph TD; A-->B\n```')).toBe('<pre><code class="language-mermaid">graph TD; A-->B</code></pre>');
  });

  it("gives each callout title its type's icon", async () => {
    const html = await render('> [!warning] Frost\n> Cover the beds.');
    expect(html).toContain('<div data-callout-title dir="auto"><span data-callout-icon="warning" aria-hidden="true"></span>Frost</div>');
    expect(await render('> [!faq]- Why?\n> Because.')).toContain('<summary data-callout-title dir="auto"><span data-callout-icon="faq" aria-hidden="true"></span>Why?</summary>');
  });
});

describe('with the extras (inline HTML, CJK text)', () => {
  it('renders the inline HTML Obsidian users write', async () => {
    const html = await render('Line<br>break, x<sup>2</sup>, <kbd>Ctrl</kbd>\n\n<details><summary>More</summary>\n\nHidden **text**.\n\n</details>\n\n<p align="center">Centred</p>', { extras: true });
    expect(html).toContain('Line<br></br>break');
    expect(html).toContain('<sup>2</sup>');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<details><summary dir="auto">More</summary>');
    expect(html).toContain('<strong>text</strong>');
    expect(html).toContain('Centred</p>');
  });

  it('removes scripts, handlers and javascript: links, keeping their text safe', async () => {
    const html = await render('<script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">click</a><div style="position:fixed" onclick="x()">box</div>', {
      extras: true,
    });
    expect(html).not.toMatch(/script|onerror|onclick|javascript|style=/i);
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('click');
  });

  it("keeps Knower's own markup through the allow-list", async () => {
    const html = await render('> [!tip] Title\n> [[Note|alias]] ==hi== ^blk\n\n$x$', { extras: true });
    expect(html).toContain('data-callout-icon="tip"');
    expect(html).toContain('data-wikilink=""');
    expect(html).toContain('<mark>hi</mark>');
    expect(html).toContain('language-math');
  });

  it('makes **bold** work next to Chinese, Japanese and Korean text', async () => {
    expect(await render('日本語**[[リンク]]**です')).not.toContain('<strong>');
    const html = await render('日本語**[[リンク]]**です', { extras: true });
    expect(html).toContain('<strong><a href="" data-target="リンク" data-wikilink="">リンク</a></strong>');
    expect(await render('한국어**굵게**입니다', { extras: true })).toContain('<strong>굵게</strong>');
  });
});
