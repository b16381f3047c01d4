import { describe, expect, it } from 'vitest';
import { holds, indexedForm, keywordsOf, present } from '../../src/agents/offline/keywords.js';

const texts = (question: string) => keywordsOf(question).map((k) => k.text);

describe('offline keywords', () => {
  it('are the words of a question as the index cuts them, marks kept, English function words left out', () => {
    expect(texts('What is the budget for the acme launch?')).toEqual(['budget', 'acme', 'launch']);
    expect(texts('फ़ाइल को कैसे सेव करें?')).toEqual(['फ़ाइल', 'को', 'कैसे', 'सेव', 'करें'].map((w) => w.normalize('NFC')));
    expect(texts('ফাইল কীভাবে সংরক্ষণ করব?')).toEqual(['ফাইল', 'কীভাবে', 'সংরক্ষণ', 'করব']);
    expect(texts('கோப்பை எப்படி சேமிப்பது?')).toEqual(['கோப்பை', 'எப்படி', 'சேமிப்பது']);
    // Thai by its dictionary words, as the index cuts the notes.
    expect(texts('ภาษาไทยง่ายไหม')).toEqual(['ภาษา', 'ไทย', 'ง่าย', 'ไหม']);
    // A CJK sentence typed without spaces: its dictionary words, Japanese particles left out.
    expect(texts('東京の天気はどうですか？')).toEqual(['東京', '天気', 'どう', 'です']);
    expect(texts('项目预算是多少？')).toEqual(['项目', '预算', '是', '多少']);
    expect(texts('データベースの設定')).toEqual(['データベース', '設定']);
    // Only function words: they are all there is to search for.
    expect(texts('what is it?')).toEqual(['what', 'is', 'it']);
  });

  it('are found in a passage as fast search finds them: whole tokens in a row, a word also as a start, Thai also inside a word', () => {
    const found = (passage: string, question: string) =>
      keywordsOf(question)
        .filter((k) => holds(indexedForm(passage), k))
        .map((k) => k.text);
    expect(found('Plans for the launches', 'plan launch lau')).toEqual(['plan', 'launch', 'lau']);
    // Not inside a word (as fast search does not find it there); a single letter or digit only whole.
    expect(found('unplanned 30 days', 'plan 3 days')).toEqual(['days']);
    expect(found('फ़ाइलें सेव कीं', 'फ़ाइल सेव')).toEqual(['फ़ाइल', 'सेव'].map((w) => w.normalize('NFC')));
    // A CJK word is its characters in a row, never across punctuation.
    expect(found('東京都の天気', '東京の天気')).toEqual(['東京', '天気']);
    expect(found('東、京の天気', '東京の天気')).toEqual(['天気']);
    expect(found('หมู่บ้านของฉัน', 'บ้าน')).toEqual(['บ้าน']);
  });

  it('are looked for only in passages that hold their letters, a test that misses none the words would find', () => {
    const passages = ['ＡＣＭＥ launch', 'रक्\u200Dषा बंधन', 'soft\u00ADware plan', 'Cafe\u0301 menu', 'unrelated text'];
    const keywords = keywordsOf('acme रक्षा software café');
    for (const passage of passages) {
      const form = indexedForm(passage);
      const held = keywords.filter((k) => holds(form, k));
      expect(present(passage, keywords)).toEqual(expect.arrayContaining(held));
    }
    expect(passages.map((p) => present(p, keywords).map((k) => k.text))).toEqual([['acme'], ['रक्षा'], ['software'], ['café'], []]);
  });
});
