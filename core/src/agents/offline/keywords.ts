/**
 * The words of a question worth searching for. qmd's BM25 wants every term to match, so
 * "what do I need to buy?" finds nothing where "buy" alone would.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our ' +
    'should so than that the their them then there these they this to was we were what when where which who whom why will with ' +
    'would you your about any all also am get got just know like more most much need no not now only other over same some still ' +
    'tell up very want'
  ).split(' '),
);

export function keywordsOf(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = words.filter((w) => !STOPWORDS.has(w));
  return [...new Set(kept.length > 0 ? kept : words)];
}
