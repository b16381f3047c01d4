import { describe, expect, it } from 'vitest';
import { MAX_EXCLUDED, MAX_PHRASE_TOKENS, MAX_TERMS, planQuery, wantedTerms } from '../../src/search/worker/fts-query.js';

const terms = (q: string) => planQuery(q)?.terms.map((t) => t.expr);
const term = (q: string) => terms(q)?.[0];

describe('the FTS expressions for a search', () => {
  it('matches plain words as prefixes, each a term of its own', () => {
    expect(planQuery('flux')).toEqual({ terms: [{ expr: '"flux" *' }], not: '', excluded: '', words: ['flux'], names: [{ key: 'flux', covers: [0] }] });
    expect(terms('Flux  Capacitor')).toEqual(['"flux" *', '"capacitor" *']);
  });

  it('asks for what the tokenizer cuts as a phrase: dots, hyphens, CJK, Thai', () => {
    expect(term('multi-agent')).toBe('"multi agent" *');
    expect(term('v2.8.3')).toBe('"v2 . 8 . 3"');
    expect(term('知识库')).toBe('"知 识 库"');
    expect(term('会议记录-3')).toBe('"会 议 记 录 3"');
    expect(term('ภาษาไทย')).toBe('"ภาษา ไทย" *');
  });

  it('lets a single Thai, Lao, Khmer or Myanmar word be found inside longer words', () => {
    expect(planQuery('บ้าน')?.terms).toEqual([{ expr: '"บ้าน" *', infix: 'บ้าน' }]);
    expect(planQuery('"บ้าน"')?.terms).toEqual([{ expr: '"บ้าน"' }]);
    expect(planQuery('ภาษาไทย')?.terms).toEqual([{ expr: '"ภาษา ไทย" *', infix: 'ภาษาไทย' }]);
    expect(planQuery('ไทย-3')?.terms[0]?.infix).toBeUndefined();
  });

  it('keeps the symbols of technical names, and never treats them or a single letter as a prefix', () => {
    expect(term('C++')).toBe('"c ++"');
    expect(term('C#')).toBe('"c #"');
    expect(term('F#')).toBe('"f #"');
    expect(term('.NET')).toBe('". net" *');
    expect(term('node.js')).toBe('"node . js" *');
    expect(term('c')).toBe('"c"');
    expect(term('7')).toBe('"7"');
  });

  it('keeps quoted phrases exact and turns -word into an exclusion', () => {
    expect(planQuery('"flux capacitor" -delorean')).toMatchObject({ terms: [{ expr: '"flux capacitor"' }], not: ' NOT ("delorean" *)' });
    expect(planQuery('well-known -"bad idea"')).toMatchObject({ terms: [{ expr: '"well known" *' }], not: ' NOT ("bad idea")' });
  });

  it('never produces FTS syntax from what a person types', () => {
    expect(terms('"unbalanced quote')).toEqual(['"unbalanced" *', '"quote" *']);
    expect(terms('a OR b NEAR(c) title:x {body} "x*"')).toEqual(['"b"', '"near c"', '"title x"', '"body" *', '"x"']);
    expect(terms('"a" OR "b"')).toEqual(['"a"', '"b"']);
    expect(planQuery('-only -exclusions')).toBeNull();
    expect(planQuery('?! … ---')).toBeNull();
    expect(planQuery('')).toBeNull();
  });

  it('bounds the work: repeats count once, distinct words, exclusions and phrase length are capped', () => {
    expect(terms(Array.from({ length: 1000 }, () => 'ab').join(' '))).toEqual(['"ab" *']);
    expect(terms(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_TERMS);
    const excluded = planQuery(`keep ${Array.from({ length: 50 }, (_, i) => `-x${i}`).join(' ')}`);
    expect(excluded?.not.match(/"x\d+"/g)).toHaveLength(MAX_EXCLUDED);
    expect(term(`"${'字'.repeat(400)}"`)?.split(' ')).toHaveLength(MAX_PHRASE_TOKENS);
  });

  it('lists the words a snippet should show, never the excluded ones', () => {
    expect(wantedTerms('"Flux capacitor" -delorean 知识库 C++?')).toEqual(['flux capacitor', 'flux', 'capacitor', '知识库', 'c++']);
  });
});
