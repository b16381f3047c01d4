/**
 * How much of one note Knower reads to index it, outline it or cut a section from it: the first
 * 4 MB. The longest real notes (a book's manuscript, a year of meeting notes) are 1-3 MB; past
 * that a file is a log or an export, and reading it whole cost the index worker ~20 bytes of
 * memory per byte of note (a 200 MB log needed ~4 GB and crash-looped under a container's limit)
 * and froze the service for 20 s per outline. 4 MB of text costs the worker ~100 MB at its peak
 * and an outline tens of milliseconds. A note over the budget stays listed, its size and tokens
 * counted over the whole file; search, outline and section see its first 4 MB, and say so.
 */
export const NOTE_BUDGET_BYTES = 4 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Whether a note of this many bytes is read only in part. */
export const overBudget = (bytes: number): boolean => bytes > NOTE_BUDGET_BYTES;

/** What a reader of a part is told: "only the first 4 MB of this 200 MB note are searchable". */
export function budgetSentence(bytes: number, what: string): string {
  return `only the first ${mb(NOTE_BUDGET_BYTES)} of this ${mb(bytes)} note are ${what}`;
}

/**
 * Where `bytes` can be cut without splitting a UTF-8 character: before the lead byte of a
 * sequence the buffer does not hold whole. A note read in part is decoded up to there.
 */
export function wholeCharacters(bytes: Uint8Array, length: number): number {
  let start = length;
  // At most three continuation bytes (10xxxxxx) precede the lead byte of the last character.
  while (start > 0 && length - start < 3 && (bytes[start - 1]! & 0xc0) === 0x80) start--;
  if (start === 0) return length;
  const lead = bytes[start - 1]!;
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return length - (start - 1) >= size ? length : start - 1;
}
