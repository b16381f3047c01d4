/**
 * Small dictionaries of real words in fifteen scripts, for a multilingual vault whose right
 * answers are known. Each list mixes words that share beginnings (car/card, ไฟ/ไฟฟ้า,
 * кино/кинотеатр), words built from other words (รถไฟ, 会议记录, рабочий), and, for scripts
 * with combining marks, words made of the same consonants with different vowel signs
 * (कल/काल/काला, கல்/கால்/கலை/காலை): a tokenizer that cut words at their marks, or a query asking
 * for fragments, would find the wrong notes.
 *
 * `spaced`: words are separated by spaces. Scripts without (Thai, Lao, Khmer, Myanmar, Chinese,
 * Japanese) run words together inside a phrase, as they are written.
 */
export interface ScriptWords {
  script: string;
  spaced: boolean;
  /**
   * What grep must match to agree with a word search. `word-start`: the word at the start of a
   * word (as the search matches words that start with what was typed). `substring`: anywhere,
   * for scripts searched character by character (CJK) or cut into words by dictionary (Thai,
   * Lao, Khmer, Myanmar), where nothing in the text marks where a word starts.
   */
  grep: 'word-start' | 'substring';
  /** Between phrases: a space, or the script's own full stop. */
  stop: string;
  words: readonly string[];
}

// One script a line: the lists read as a table, and one word a line would add 500 lines.
// prettier-ignore
export const SCRIPTS: readonly ScriptWords[] = [
  {
    script: 'Thai',
    grep: 'substring',
    spaced: false,
    stop: ' ',
    words: ['ไฟ', 'ไฟฟ้า', 'ฟ้า', 'น้ำ', 'น้ำตาล', 'ข้าว', 'ข้าวเหนียว', 'บ้าน', 'หมู่บ้าน', 'รถ', 'รถไฟ', 'โรงเรียน', 'เรียน', 'นักเรียน', 'ภาษา', 'ไทย', 'ประเทศ', 'ความรัก', 'กิน', 'อาหาร', 'ร้านอาหาร', 'ทำงาน', 'วันนี้', 'พรุ่งนี้', 'ตลาด', 'สวย', 'มาก', 'หนังสือ', 'ห้องสมุด', 'นม'],
  },
  {
    script: 'Lao',
    grep: 'substring',
    spaced: false,
    stop: ' ',
    words: ['ພາສາ', 'ລາວ', 'ເຮືອນ', 'ນ້ຳ', 'ໄຟ', 'ໄຟຟ້າ', 'ເຂົ້າ', 'ເຂົ້າໜຽວ', 'ກິນ', 'ອາຫານ', 'ຮ້ານ', 'ຮ້ານອາຫານ', 'ໂຮງຮຽນ', 'ຮຽນ', 'ນັກຮຽນ', 'ຕະຫຼາດ', 'ວຽກ', 'ເຮັດວຽກ', 'ມື້ນີ້', 'ມື້ອື່ນ', 'ລົດ', 'ລົດໄຟ', 'ປະເທດ', 'ຄວາມຮັກ', 'ງາມ', 'ຫຼາຍ', 'ສະບາຍດີ', 'ບ້ານ', 'ປຶ້ມ', 'ນົມ'],
  },
  {
    script: 'Khmer',
    grep: 'substring',
    spaced: false,
    stop: '។ ',
    words: ['ភាសា', 'ខ្មែរ', 'ផ្ទះ', 'ទឹក', 'ភ្លើង', 'បាយ', 'ញ៉ាំ', 'ម្ហូប', 'ហាង', 'សាលារៀន', 'រៀន', 'សិស្ស', 'ផ្សារ', 'ការងារ', 'ថ្ងៃនេះ', 'ថ្ងៃ', 'ស្អែក', 'ឡាន', 'រថភ្លើង', 'ប្រទេស', 'ស្រឡាញ់', 'ស្អាត', 'ច្រើន', 'សួស្តី', 'ភូមិ', 'ទឹកដោះគោ', 'គោ', 'សៀវភៅ', 'បណ្ណាល័យ', 'គ្រូ'],
  },
  {
    script: 'Myanmar',
    grep: 'substring',
    spaced: false,
    stop: '။ ',
    words: ['မြန်မာ', 'ဘာသာ', 'စကား', 'အိမ်', 'ရေ', 'မီး', 'ထမင်း', 'စား', 'အစားအစာ', 'ဆိုင်', 'စားသောက်ဆိုင်', 'ကျောင်း', 'ကျောင်းသား', 'အလုပ်', 'ဈေး', 'ဒီနေ့', 'နေ့', 'မနက်ဖြန်', 'ကား', 'ရထား', 'နိုင်ငံ', 'ချစ်', 'လှ', 'များ', 'မင်္ဂလာပါ', 'ရွာ', 'နွားနို့', 'နွား', 'စာအုပ်', 'ဆရာ'],
  },
  {
    script: 'Devanagari',
    grep: 'word-start',
    spaced: true,
    stop: '। ',
    words: ['घर', 'घरेलू', 'पानी', 'आग', 'बिजली', 'चावल', 'खाना', 'दुकान', 'दुकानदार', 'स्कूल', 'पढ़ाई', 'छात्र', 'बाज़ार', 'काम', 'कामगार', 'आज', 'कल', 'कलम', 'काल', 'काला', 'गाड़ी', 'रेलगाड़ी', 'देश', 'प्यार', 'सुंदर', 'बहुत', 'नमस्ते', 'गाँव', 'दूध', 'किताब'],
  },
  {
    script: 'Bengali',
    grep: 'word-start',
    spaced: true,
    stop: '। ',
    words: ['বাড়ি', 'জল', 'আগুন', 'বিদ্যুৎ', 'ভাত', 'খাবার', 'খাওয়া', 'দোকান', 'দোকানদার', 'স্কুল', 'ছাত্র', 'বাজার', 'কাজ', 'আজ', 'কাল', 'কালো', 'কল', 'কলম', 'কলা', 'গাড়ি', 'রেলগাড়ি', 'দেশ', 'ভালোবাসা', 'ভালো', 'সুন্দর', 'অনেক', 'গ্রাম', 'দুধ', 'গরু', 'বই'],
  },
  {
    script: 'Tamil',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['வீடு', 'தண்ணீர்', 'நீர்', 'தீ', 'மின்சாரம்', 'சாதம்', 'அரிசி', 'உணவு', 'கடை', 'கடைக்காரர்', 'பள்ளி', 'படிப்பு', 'மாணவர்', 'சந்தை', 'வேலை', 'இன்று', 'நாளை', 'கார்', 'ரயில்', 'நாடு', 'காதல்', 'அழகு', 'நிறைய', 'வணக்கம்', 'கிராமம்', 'பால்', 'பசு', 'புத்தகம்', 'கல்', 'கால்', 'கலை', 'காலை'],
  },
  {
    script: 'Arabic',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['بيت', 'البيت', 'ماء', 'نار', 'كهرباء', 'أرز', 'طعام', 'أكل', 'متجر', 'مدرسة', 'دراسة', 'طالب', 'طلاب', 'سوق', 'عمل', 'اليوم', 'غدا', 'سيارة', 'قطار', 'بلد', 'حب', 'جميل', 'كثير', 'مرحبا', 'قرية', 'حليب', 'بقرة', 'كتاب', 'مكتبة', 'كاتب', 'مكتب'],
  },
  {
    script: 'Hebrew',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['בית', 'הבית', 'מים', 'אש', 'חשמל', 'אורז', 'אוכל', 'חנות', 'ספר', 'ספרייה', 'סופר', 'תלמיד', 'תלמידים', 'שוק', 'עבודה', 'היום', 'מחר', 'מכונית', 'רכבת', 'ארץ', 'אהבה', 'יפה', 'הרבה', 'שלום', 'כפר', 'חלב', 'פרה', 'מחשב', 'חשבון'],
  },
  {
    script: 'Chinese',
    grep: 'substring',
    spaced: false,
    stop: '。',
    words: ['知识', '知识库', '数据库', '数据', '会议', '会议记录', '记录', '项目', '计划', '学习', '机器学习', '机器', '北京', '出差', '市场', '工作', '今天', '明天', '电脑', '电话', '电影', '火车', '汽车', '国家', '爱情', '漂亮', '很多', '你好', '牛奶', '图书馆'],
  },
  {
    script: 'Japanese',
    grep: 'substring',
    spaced: false,
    stop: '。',
    words: ['会議', '議事録', '東京', '電車', '新幹線', '勉強', '学校', '先生', '学生', '仕事', '今日', '明日', '食べ物', 'ラーメン', 'コーヒー', 'テスト', 'データベース', 'データ', 'ありがとう', '図書館', '本', '本屋', '日本', '日本語', 'きれい', 'たくさん', '牛乳', '村', '国', '愛'],
  },
  {
    script: 'Korean',
    grep: 'substring',
    spaced: true,
    stop: '. ',
    words: ['회의', '회의록', '서울', '학교', '학생', '공부', '오늘', '내일', '음식', '식당', '커피', '사랑', '데이터', '데이터베이스', '기차', '자동차', '나라', '한국', '한국어', '책', '도서관', '시장', '일', '집', '물', '불', '전기', '우유', '마을', '예쁘다'],
  },
  {
    script: 'Cyrillic',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['встреча', 'встречи', 'вечер', 'вечеринка', 'человек', 'век', 'книга', 'книжка', 'кино', 'кинотеатр', 'дом', 'домашний', 'город', 'пригород', 'огород', 'работа', 'рабочий', 'заработать', 'хранилище', 'заметка', 'бюджет', 'поездка', 'клиент', 'проект', 'вода', 'огонь', 'молоко', 'деревня', 'школа', 'рынок'],
  },
  {
    script: 'Greek',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['συνάντηση', 'σπίτι', 'νερό', 'φωτιά', 'ρεύμα', 'ψωμί', 'φαγητό', 'μαγαζί', 'σχολείο', 'μαθητής', 'αγορά', 'δουλειά', 'σήμερα', 'αύριο', 'αυτοκίνητο', 'τρένο', 'χώρα', 'αγάπη', 'όμορφος', 'πολύ', 'γεια', 'χωριό', 'γάλα', 'βιβλίο', 'βιβλιοθήκη', 'θάλασσα', 'ήλιος', 'νύχτα', 'μέρα', 'φίλος'],
  },
  {
    script: 'Latin',
    grep: 'word-start',
    spaced: true,
    stop: '. ',
    words: ['art', 'artist', 'article', 'start', 'car', 'card', 'care', 'scar', 'launch', 'launches', 'lunch', 'plan', 'planet', 'explain', 'note', 'notebook', 'keynote', 'cat', 'catalog', 'concatenate', 'meeting', 'greeting', 'café', 'résumé', 'naïve', 'straße', 'garçon', 'budget', 'deadline', 'release'],
  },
];
