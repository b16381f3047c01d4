/** What the recall bench is made of: notes with questions whose answers are known. */

export const KINDS = ['single-fact', 'paraphrase', 'temporal', 'person', 'name', 'how-to', 'multilingual', 'spaceless'] as const;
export type Kind = (typeof KINDS)[number];

export interface Question {
  /** As a person types it. */
  text: string;
  kind: Kind;
  /** The notes that answer it (vault-relative, `/`): found at k when one of them is in the top k. */
  evidence: string[];
}

export interface RecallCorpus {
  name: string;
  /** Vault-relative path → the note's text, frontmatter included. */
  files: Map<string, string>;
  questions: Question[];
}
