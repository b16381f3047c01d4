import { describe, expect, it } from 'vitest';
import { buildMatch, tokensOf, wantedTerms } from '../../src/search/worker/fts-query.js';

describe('the FTS expression for a search', () => {
  it('looks at titles and text only, with prefix matches for plain words', () => {
    expect(buildMatch('flux')).toBe('{title body} : ("flux"*)');
    expect(buildMatch('Flux  Capacitor')).toBe('{title body} : ("flux"* AND "capacitor"*)');
  });

  it('asks for what the tokenizer splits as a phrase: hyphens, dots, apostrophes, CJK', () => {
    expect(buildMatch('multi-agent')).toBe('{title body} : ("multi agent")');
    expect(buildMatch('v2.8.3')).toBe('{title body} : ("v2 8 3")');
    expect(buildMatch('知识库')).toBe('{title body} : ("知 识 库")');
    expect(buildMatch('会议记录-3')).toBe('{title body} : ("会 议 记 录 3")');
    expect(tokensOf('Привет, МИР')).toEqual(['привет', 'мир']);
  });

  it('keeps quoted phrases exact and turns -word into an exclusion', () => {
    expect(buildMatch('"flux capacitor" -delorean')).toBe('{title body} : ("flux capacitor") NOT {title body} : ("delorean"*)');
    expect(buildMatch('well-known -"bad idea"')).toBe('{title body} : ("well known") NOT {title body} : ("bad idea")');
  });

  it('never produces FTS syntax from what a person types', () => {
    expect(buildMatch('"unbalanced quote')).toBe('{title body} : ("unbalanced"* AND "quote"*)');
    expect(buildMatch('a OR b NEAR(c) title:x {body}')).toBe('{title body} : ("a"* AND "or"* AND "b"* AND "near c" AND "title x" AND "body"*)');
    expect(buildMatch('-only -exclusions')).toBeNull();
    expect(buildMatch('?! … ---')).toBeNull();
    expect(buildMatch('')).toBeNull();
  });

  it('lists the words a snippet should show, never the excluded ones', () => {
    expect(wantedTerms('"Flux capacitor" -delorean 知识库')).toEqual(['flux', 'capacitor', '知识库']);
  });
});
