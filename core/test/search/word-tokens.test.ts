import { describe, expect, it } from 'vitest';
import { BOUNDARY, indexForm, tokenize } from '../../src/search/worker/word-tokens.js';

const words = (text: string) => tokenize(text).map((t) => t.text);

describe('how text is cut into search tokens', () => {
  it('lower-cases and normalises, splitting on spaces and punctuation', () => {
    expect(words('Hello, World! Ｆｕｌｌ１')).toEqual(['hello', 'world', 'full1']);
    expect(words('ΟΔΟΣ Привет')).toEqual(['οδος', 'привет']);
  });

  it('keeps the symbols of technical names as tokens of their own', () => {
    expect(words('C++, C#, F# and .NET on node.js v2.8.3')).toEqual(['c', '++', 'c', '#', 'f', '#', 'and', '.', 'net', 'on', 'node', '.', 'js', 'v2', '.', '8', '.', '3']);
    // Not where they only separate: a heading mark, a sum, a sentence's end, an ellipsis.
    expect(words('# Title a+b c#d end. Next 1...2')).toEqual(['title', 'a', 'b', 'c', 'd', 'end', 'next', '1', '2']);
  });

  it('keeps combining marks inside the word: Indic vowel signs and viramas', () => {
    expect(words('ভালোবাসা কলম কাল')).toEqual(['ভালোবাসা', 'কলম', 'কাল']);
    expect(words('நன்றி வணக்கம்')).toEqual(['நன்றி', 'வணக்கம்']);
    expect(words('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
  });

  it('drops zero-width joiners and spaces: invisible, they never split a word (the dictionary cuts Khmer)', () => {
    expect(words('می‌خواهم')).toEqual(['میخواهم']);
    expect(words('ខ្ញុំ\u200Bស្រលាញ់')).toEqual(['ខ្ញុំ', 'ស្រលាញ់']);
  });

  it('cuts scripts written without spaces into dictionary words', () => {
    expect(words('ไฟฟ้าดับที่บ้าน')).toEqual(['ไฟฟ้า', 'ดับ', 'ที่', 'บ้าน']);
    expect(words('ພາສາລາວ')).toEqual(['ພາສາ', 'ລາວ']);
    expect(words('ခင်ဗျားနေကောင်းလား').length).toBeGreaterThan(1);
  });

  it('indexes Chinese, Japanese and Korean one character each, and marks them as such', () => {
    expect(tokenize('机器学习')).toEqual(['机', '器', '学', '习'].map((text) => ({ text, kind: 'char' })));
    expect(words('中文abc')).toEqual(['中', '文', 'abc']);
  });

  it('marks where a space or punctuation parts two characters of those scripts, so no phrase spans it', () => {
    expect(words('日本。本日 한국 어')).toEqual(['日', '本', BOUNDARY, '本', '日', BOUNDARY, '한', '국', BOUNDARY, '어']);
    expect(words('ไฟ ฟ้า')).toEqual(['ไฟ', BOUNDARY, 'ฟ้า']);
    // Not between other words, nor at a script's edge.
    expect(words('hello, world 中文 text')).toEqual(['hello', 'world', '中', '文', 'text']);
    expect(words('日\uFFFF本 a\uFFFFb')).toEqual(['日', BOUNDARY, '本', 'a', 'b']);
  });

  it('gives the index a space-separated stream of exactly those tokens', () => {
    const text = 'C# 与 ไฟฟ้า, node.js!';
    expect(indexForm(text).split(' ').filter(Boolean)).toEqual(words(text));
  });
});
