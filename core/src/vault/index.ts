export { resolveVaultPath, type PathProblem } from './resolve-vault-path.js';
export { readBytesIfExists, readTextIfExists } from './read-file.js';
export { writeFileAtomic } from './atomic-write.js';
export { settleWrites } from './swap-repair.js';
export { withPathLock } from './path-lock.js';
export { type SwapHooks } from './compare-and-swap.js';
export { makeFolder, makeFolders } from './file-modes.js';
export { filesystemOf, probeFilesystem, registerFilesystem, nodeFileOps, type FileOps, type Filesystem } from './filesystem.js';
export { parseNote, splitNote, setFrontmatterFields, tokenCount, timestamp, formatDateField, firstHeading, type FieldValue } from './frontmatter.js';
export { readNoteText, decodeNote, whyNotRewritten, hashBody, type NoteBytes } from './note-reader.js';
export { NOTE_BUDGET_BYTES, budgetSentence, overBudget } from './note-budget.js';
export { readHead } from './read-head.js';
export { QMD_COLLECTION, isIndexed, isNote, isHiddenPath } from './indexed-set.js';
export { chooseFrontmatterMode, stampsNote, type FrontmatterChoice, type FrontmatterMode } from './frontmatter-mode.js';
export { openKnowerNotes, type KnowerNotes } from './knower-notes.js';
export { ensureSkeleton } from './skeleton.js';
export { newNote } from './new-note.js';
export { VaultIndex, type IndexEntry } from './vault-index.js';
export { renderTreeBody, renderVaultMap, folderView } from './tree-md.js';
export { UpdateJournal, readJournal, type JournalEntry } from './update-journal.js';
export { UpdateJournals } from './update-journals.js';
export { VaultTurns } from './vault-turns.js';
export { directWriter, journaledWriter, refusingWriter, type VaultAccess, type VaultWriter } from './vault-writer.js';
export { removeIfUnchanged, type RemoveOutcome } from './remove-if-unchanged.js';
export { versionKey, withoutJobFields, isTextContent } from './version-key.js';
export { listTree, type OwnChanges } from './tree-listing.js';
export { outlineNote, pickHeading, sectionText, headingPath, headingKey, noteLines, type OutlineHeading } from './note-outline.js';
export { type RootNames } from './root-names.js';
// The layout's names are spelled in api/ (the contract and the CLI name the vault's places too): above the vault, they come from here.
export {
  BUCKET_DIR,
  CHANGELOG_FILE,
  INBOX_DIR,
  OVERVIEW_FILE,
  PROFILE_FILE,
  PROJECT_NOTES,
  PROJECTS_DIR,
  ROOT_FILES,
  ROOT_FOLDERS,
  TREE_FILE,
  projectFolder,
  projectOf,
  type RootFile,
} from '../api/vault-layout.js';
export { isStorageError, describeStorageError } from './storage-error.js';
export { isVaultFile, readVaultBytes } from './read-vault-file.js';
export { vaultRelativeText } from './vault-relative-text.js';
export { openVault, type OpenVault } from './open-vault.js';
export { splitWikilink, WIKILINK } from './wikilinks.js';
export { indexViewsOf, type IndexViews } from './index-views.js';
export { createNotePages, type NotePages } from './note-page.js';
