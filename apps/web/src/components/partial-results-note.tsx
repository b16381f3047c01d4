/** Shown under search results while the vault's first indexing pass runs: some notes are not searchable yet. */
export function PartialResultsNote() {
  return (
    <p role="status" className="px-3 pt-2 pb-1 text-[12px] text-muted">
      Still indexing the vault for the first time: results may be incomplete.
    </p>
  );
}
