import { afterEach, describe, expect, it } from 'vitest';
import { createAgents, type Agents } from '../../src/agents/index.js';
import { createCapture } from '../../src/capture/index.js';
import { silentLogger } from '../../src/logger.js';
import { VaultIndex } from '../../src/vault/index.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from '../search/qmd-fixture.js';

/**
 * The offline answerer over the real index: a question's keywords are cut as the index cut the
 * notes, so a word with vowel signs, viramas or a nukta, a Thai phrase or a Japanese sentence
 * typed without spaces finds the note that holds its words.
 */
describe('offline answers in every script, over the real index', () => {
  let sandbox: Sandbox | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    if (sandbox) await disposeSandbox(sandbox);
    sandbox = undefined;
    close = undefined;
  });

  async function offlineAgents(files: Record<string, string>): Promise<Agents> {
    sandbox = await makeSandbox(files);
    const search = await scannedEngine(sandbox);
    const capture = createCapture({ fetchAllow: [] });
    close = () => capture.extract.close();
    return createAgents({ root: sandbox.vault, capture, index: new VaultIndex(), search, clock: () => new Date('2025-03-14T09:26:00Z'), log: silentLogger });
  }

  // Things kept somewhere, each word with vowel signs, a virama, a nukta or a candrabindu.
  const HINDI = ['फ़ाइल', 'किताब', 'चाबी', 'बिजली', 'दवाई', 'पासपोर्ट', 'गाड़ी', 'किराया', 'बीमा', 'रसीद', 'चश्मा', 'क्रिकेट', 'त्योहार', 'डॉक्टर', 'स्कूल'];

  it('finds each of 15 Devanagari notes by its word, and quotes it', async () => {
    const files = Object.fromEntries(HINDI.map((word, i) => [`notes/hi-${i + 1}.md`, `# नोट ${i + 1}\n\n${word} ऊपर वाली दराज़ में रखी।\n`]));
    const agents = await offlineAgents(files);
    const found: string[] = [];
    for (const [i, word] of HINDI.entries()) {
      const answer = await agents.answer({ query: `${word} कहाँ है?` });
      if (answer.sources[0] === `notes/hi-${i + 1}.md` && answer.markdown.includes(`> ${word} ऊपर वाली दराज़ में रखी।`)) found.push(word);
    }
    expect(found).toEqual(HINDI);
  });

  it('finds Bengali, Tamil, Thai, Japanese, Chinese notes, and words written with joiners or in full-width letters, from questions typed as people type them', async () => {
    const agents = await offlineAgents({
      'notes/bn.md': '# নথি\n\nফাইলটি আলমারির ভিতরে রাখা।\n',
      'notes/ta.md': '# குறிப்பு\n\nகோப்பு மேசை இழுப்பறையில் உள்ளது.\n',
      'notes/th-passport.md': '# บันทึก\n\nหนังสือเดินทางอยู่ในลิ้นชัก\n',
      'notes/th-key.md': '# บันทึก\n\nกุญแจรถอยู่บนโต๊ะ\n',
      'notes/ja.md': '# メモ\n\n会議室の予約は金曜日です。\n\nデータベースの設定は共有フォルダにあります。\n',
      'notes/zh.md': '# 笔记\n\n项目预算是四万元。\n',
      'notes/en.md': '# Groceries\n\nMilk, eggs and bread.\n',
      // Written with a zero-width joiner inside a word, and in full-width letters: the index reads through both.
      'notes/hi-zwj.md': '# त्योहार\n\nतारीख़ अभी तय नहीं।\n\nरक्\u200Dषा बंधन की मिठाई माँ लाएँगी।\n',
      'notes/fw.md': '# Launch\n\nNothing yet.\n\nＡＣＭＥ launch moves to May.\n',
    });
    const asked = [
      ['ফাইল কোথায়?', 'notes/bn.md', 'ফাইলটি আলমারির ভিতরে রাখা।'],
      ['கோப்பு எங்கே?', 'notes/ta.md', 'கோப்பு மேசை இழுப்பறையில் உள்ளது.'],
      ['หนังสือเดินทางอยู่ที่ไหน', 'notes/th-passport.md', 'หนังสือเดินทางอยู่ในลิ้นชัก'],
      ['会議室の予約はいつですか？', 'notes/ja.md', '会議室の予約は金曜日です。'],
      // The passage holding the question's words, not the note's first paragraph.
      ['データベースの設定はどこ？', 'notes/ja.md', 'データベースの設定は共有フォルダにあります。'],
      ['项目预算是多少？', 'notes/zh.md', '项目预算是四万元。'],
      ['रक्षा बंधन की मिठाई कौन लाएगा?', 'notes/hi-zwj.md', 'रक्\u200Dषा बंधन की मिठाई माँ लाएँगी।'],
      ['When is the acme launch?', 'notes/fw.md', 'ＡＣＭＥ launch moves to May.'],
    ];
    const answers = [];
    for (const [query] of asked) {
      const answer = await agents.answer({ query: query! });
      // The first source, and the first line of its passage (below its path).
      answers.push([query, answer.sources[0], answer.markdown.match(/^`[^`]+`\n\n> (.*)$/m)?.[1]]);
    }
    expect(answers).toEqual(asked);
  });
});
