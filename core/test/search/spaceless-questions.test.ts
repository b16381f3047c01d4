import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/search/index.js';
import { disposeSandbox, makeSandbox, scannedEngine, type Sandbox } from './qmd-fixture.js';

/** A small vault in Chinese, Japanese and Thai: each question's note, and notes sharing some of its words. */
const NOTES: Record<string, string> = {
  'zh/coffee-machine.md': '# 厨房\n\n上个月买了一台咖啡机，名字叫 Breville Barista Express，放在厨房的窗边。\n',
  'zh/coffee-beans.md': '# 咖啡豆\n\n咖啡豆是从云南买的，每次买一公斤。\n',
  'zh/beijing.md': '# 出差\n\n上个月去北京出差，住在朋友家。\n',
  'zh/dentist.md': '# 牙医预约\n\n下周三下午三点去看牙医，诊所在人民路。\n',
  'zh/wifi.md': '# 家里的网络\n\n无线网络的密码是 sunflower2024，路由器在书房。\n',
  'zh/passport.md': '# 证件\n\n护照放在卧室衣柜的抽屉里，明年三月到期。\n',
  'zh/books.md': '# 读书\n\n卧室里有很多书，名字都记在本子上。\n',
  'ja/coffee-maker.md': '# 台所\n\n先週買ったコーヒーメーカーはデロンギのマグニフィカという名前です。\n',
  'ja/coffee.md': '# コーヒー\n\n毎朝コーヒーを飲みます。豆は近所の店で買いました。\n',
  'ja/trip.md': '# 出張\n\n大阪への出張は新幹線で、朝七時の電車に乗ります。\n',
  'ja/plants.md': '# 植物\n\n観葉植物には毎週土曜日に水をやります。\n',
  'ja/garden.md': '# 庭\n\n庭の花は春に咲きます。\n',
  'th/coffee-machine.md': '# ห้องครัว\n\nเดือนที่แล้วซื้อเครื่องชงกาแฟยี่ห้อ Breville รุ่นชื่อ Barista Express\n',
  'th/coffee.md': '# กาแฟ\n\nชอบดื่มกาแฟทุกเช้าที่ร้านใกล้บ้าน\n',
  'th/dentist.md': '# หมอฟัน\n\nนัดหมอฟันวันพุธหน้าตอนบ่ายสามโมง\n',
  'th/wifi.md': '# อินเทอร์เน็ต\n\nรหัสผ่านไวไฟที่บ้านคือ sunflower2024\n',
  'th/market.md': '# ตลาด\n\nไปตลาดกับแม่ทุกวันเสาร์\n',
};

/** Questions typed as people type them in these languages: without spaces. */
const QUESTIONS: [string, string][] = [
  ['我上个月买的咖啡机叫什么名字', 'zh/coffee-machine.md'],
  ['我什么时候去看牙医', 'zh/dentist.md'],
  ['家里无线网络的密码是什么', 'zh/wifi.md'],
  ['我的护照放在哪里', 'zh/passport.md'],
  ['先週買ったコーヒーメーカーの名前は', 'ja/coffee-maker.md'],
  ['大阪の出張は何時の電車ですか', 'ja/trip.md'],
  ['観葉植物に水をやるのはいつですか', 'ja/plants.md'],
  ['เครื่องชงกาแฟที่ซื้อเดือนที่แล้วชื่ออะไร', 'th/coffee-machine.md'],
  ['นัดหมอฟันวันไหน', 'th/dentist.md'],
  ['รหัสผ่านไวไฟที่บ้านคืออะไร', 'th/wifi.md'],
];

describe('questions typed without spaces', () => {
  let sandbox: Sandbox;
  let engine: SearchEngine;
  beforeAll(async () => {
    sandbox = await makeSandbox(NOTES);
    engine = await scannedEngine(sandbox);
  }, 60_000);
  afterAll(() => disposeSandbox(sandbox));

  it('are cut into words by the dictionaries the index uses, and find their note first', async () => {
    const answers = await Promise.all(QUESTIONS.map(async ([q]) => (await engine.search({ query: q, limit: 10 })).results.map((h) => h.path)[0]));
    expect(answers).toEqual(QUESTIONS.map(([, note]) => note));
    // A word typed without spaces that a note holds is still found as typed, exactly (grep's answer).
    expect((await engine.search({ query: '咖啡豆', limit: 10 })).results.map((h) => h.path)).toEqual(['zh/coffee-beans.md']);
    expect((await engine.search({ query: 'เครื่องชงกาแฟ', limit: 10 })).results.map((h) => h.path)).toEqual(['th/coffee-machine.md']);
  });
});
