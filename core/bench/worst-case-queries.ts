/**
 * Queries that once stalled the index (a 1,999-character query of 1,000 repeated short terms
 * blocked it for minutes) and others built to cost the most: each at most 2,000 characters,
 * the longest query the API accepts (1,500 for Chinese and Thai: percent-encoded in a URL, more
 * would pass the 16 kB a request line may take). The tests run them; the bench times them.
 */
const letters = 'abcdefghijklmnopqrstuvwxyz';

export const WORST_CASES: Record<string, string> = {
  '1,000 repeated short terms': Array.from({ length: 1000 }, () => 'a')
    .join(' ')
    .slice(0, 2000),
  '600 distinct two-letter terms': Array.from({ length: 600 }, (_, i) => `${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}`)
    .join(' ')
    .slice(0, 2000),
  '150 common words': Array.from({ length: 150 }, (_, i) => ['the', 'and', 'to', 'of', 'project', 'meeting', 'team', 'plan'][i % 8])
    .join(' ')
    .slice(0, 2000),
  'one 2,000-character word': 'x'.repeat(2000),
  '1,500 Chinese characters': '会议记录知识库项目计划'.repeat(150).slice(0, 1500),
  '1,500 characters of Thai': 'ไฟฟ้าดับที่บ้านของฉันเมื่อวานนี้'.repeat(50).slice(0, 1500),
  '300 exclusions': `meeting ${Array.from({ length: 300 }, (_, i) => `-w${i}`).join(' ')}`.slice(0, 2000),
  '500 quoted phrases': Array.from({ length: 500 }, (_, i) => `"t${i} the"`)
    .join(' ')
    .slice(0, 2000),
  'symbols only': '++ ## .. c++ c# .net '.repeat(100).slice(0, 2000),
  'a sentence of common words': 'when is the meeting with the team about the plan for the project and the budget',
};
