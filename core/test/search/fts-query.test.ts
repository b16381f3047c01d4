import { describe, expect, it } from 'vitest';
import { MAX_EXCLUDED, MAX_PHRASE_TOKENS, MAX_TERMS, planQuery, wantedTerms } from '../../src/search/worker/fts-query.js';

describe('the FTS expressions for a search', () => {
  it('matches plain words as prefixes, all of them first and each alone for the ranked OR pass', () => {
    expect(planQuery('flux')).toEqual({ all: '"flux" *', each: ['"flux" *'], not: '', words: ['flux'] });
    expect(planQuery('Flux  Capacitor')).toMatchObject({ all: '("flux" * AND "capacitor" *)', each: ['"flux" *', '"capacitor" *'] });
  });

  it('asks for what the tokenizer cuts as a phrase: dots, hyphens, CJK, Thai', () => {
    expect(planQuery('multi-agent')?.all).toBe('"multi agent" *');
    expect(planQuery('v2.8.3')?.all).toBe('"v2 . 8 . 3"');
    expect(planQuery('知识库')?.all).toBe('"知 识 库"');
    expect(planQuery('会议记录-3')?.all).toBe('"会 议 记 录 3"');
    expect(planQuery('ภาษาไทย')?.all).toBe('"ภาษา ไทย" *');
  });

  it('keeps the symbols of technical names, and never treats them or a single letter as a prefix', () => {
    expect(planQuery('C++')?.all).toBe('"c ++"');
    expect(planQuery('C#')?.all).toBe('"c #"');
    expect(planQuery('F#')?.all).toBe('"f #"');
    expect(planQuery('.NET')?.all).toBe('". net" *');
    expect(planQuery('node.js')?.all).toBe('"node . js" *');
    expect(planQuery('c')?.all).toBe('"c"');
    expect(planQuery('7')?.all).toBe('"7"');
  });

  it('keeps quoted phrases exact and turns -word into an exclusion', () => {
    expect(planQuery('"flux capacitor" -delorean')).toMatchObject({ all: '"flux capacitor"', not: ' NOT ("delorean" *)' });
    expect(planQuery('well-known -"bad idea"')).toMatchObject({ all: '"well known" *', not: ' NOT ("bad idea")' });
  });

  it('never produces FTS syntax from what a person types', () => {
    expect(planQuery('"unbalanced quote')?.all).toBe('("unbalanced" * AND "quote" *)');
    expect(planQuery('a OR b NEAR(c) title:x {body} "x*"')?.all).toBe('("a" AND "or" * AND "b" AND "near c" AND "title x" AND "body" * AND "x")');
    expect(planQuery('-only -exclusions')).toBeNull();
    expect(planQuery('?! … ---')).toBeNull();
    expect(planQuery('')).toBeNull();
  });

  it('bounds the work: repeats count once, distinct words, exclusions and phrase length are capped', () => {
    const repeated = planQuery(Array.from({ length: 1000 }, () => 'ab').join(' '));
    expect(repeated?.each).toEqual(['"ab" *']);
    const distinct = planQuery(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '));
    expect(distinct?.each).toHaveLength(MAX_TERMS);
    const excluded = planQuery(`keep ${Array.from({ length: 50 }, (_, i) => `-x${i}`).join(' ')}`);
    expect(excluded?.not.match(/"x\d+"/g)).toHaveLength(MAX_EXCLUDED);
    const phrase = planQuery(`"${'字'.repeat(400)}"`);
    expect(phrase?.all.split(' ')).toHaveLength(MAX_PHRASE_TOKENS);
  });

  it('lists the words a snippet should show, never the excluded ones', () => {
    expect(wantedTerms('"Flux capacitor" -delorean 知识库 C++?')).toEqual(['flux capacitor', 'flux', 'capacitor', '知识库', 'c++']);
  });
});
