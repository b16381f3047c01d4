/** What links to a note ("linked from"), found over the vault's index and search. */
export { createBacklinks, type BacklinkFinder } from './backlinks.js';
