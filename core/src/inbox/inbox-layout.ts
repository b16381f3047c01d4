import { INBOX_DIR } from '../vault/index.js';

/**
 * How an inbox item lies in the vault, spelled once: `inbox/<id>/review.md` (what Knower asks),
 * `input.md` (what the person sent, kept as received) and the attachments beside them.
 */
export { INBOX_DIR };
export const REVIEW_FILE = 'review.md';
const INPUT_FILE = 'input.md';

/** The item's own notes; anything else in its folder is an attachment. */
export const ITEM_NOTES: ReadonlySet<string> = new Set([REVIEW_FILE, INPUT_FILE]);

/** Vault-relative paths of an item's folder and notes. */
export const itemFolder = (id: string): string => `${INBOX_DIR}/${id}`;
export const reviewPath = (id: string): string => `${itemFolder(id)}/${REVIEW_FILE}`;
export const inputPath = (id: string): string => `${itemFolder(id)}/${INPUT_FILE}`;
