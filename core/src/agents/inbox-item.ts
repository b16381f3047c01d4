import path from 'node:path';
import { firstHeading, makeFolders, parseNote, readTextIfExists, setFrontmatterFields } from '../vault/index.js';
import type { SavedFile } from './attachments.js';
import { attachmentName } from './attachments.js';
import { writeInputNote } from './inbox-files.js';
import { escapeRegExp } from './note-text.js';
import { markChanged, type Session } from './session.js';
import type { UpdateInput } from './types.js';
import { itemFolder, reviewPath } from '../inbox/index.js';

const firstProse = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p && !/^[#>-]/.test(p))
    ?.replace(/\s+/g, ' ')
    .slice(0, 200);

/** An image still where the runner saved it and linked from no other file of this run is the item's. */
async function unclaimed(session: Session, saved: SavedFile[], reviewRel: string): Promise<SavedFile[]> {
  const others = [...session.changed].filter((rel) => rel !== reviewRel && rel.endsWith('.md'));
  const texts = await Promise.all(others.map((rel) => readTextIfExists(path.join(session.root, rel))));
  return saved.filter((s) => session.seen.has(s.rel) && !texts.some((t) => t?.includes(path.basename(s.rel))));
}

/**
 * Completes the inbox item the agent opened by writing inbox/<id>/review.md: the frontmatter
 * the inbox lists need (title, summary, update_id), the raw input as input.md, and the images
 * moved beside them, with review.md's links to their bucket paths pointed at the new place.
 */
export async function finalizeInboxItem(session: Session, input: UpdateInput, saved: SavedFile[]): Promise<void> {
  const reviewRel = reviewPath(input.id);
  const reviewAbs = path.join(session.root, reviewRel);
  const moved: Array<{ from: string; name: string }> = [];
  for (const s of await unclaimed(session, saved, reviewRel)) {
    const name = attachmentName(s);
    const rel = `${itemFolder(input.id)}/${name}`;
    await makeFolders(path.dirname(path.join(session.root, rel)));
    const ok = await session.writer.linkFile(path.join(session.root, s.rel), path.join(session.root, rel)).then(
      () => true,
      () => false,
    );
    if (!ok) continue; // a file of that name is already there: the image stays in bucket/
    await session.writer.removeFile(path.join(session.root, s.rel));
    markChanged(session, s.rel, rel);
    moved.push({ from: s.rel, name });
  }
  markChanged(
    session,
    await writeInputNote(
      session,
      input,
      moved.map((m) => m.name),
    ),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await readTextIfExists(reviewAbs);
    if (current === undefined) return;
    const parsed = parseNote(current);
    const data = parsed.ok ? parsed.data : {};
    let next = current;
    // Links written as bucket/x.png or ../../bucket/x.png now point beside review.md.
    for (const m of moved) next = next.replace(new RegExp(`(?:\\.\\./\\.\\./|/)?${escapeRegExp(m.from)}`, 'g'), m.name);
    const fields: Record<string, string> = { update_id: JSON.stringify(input.id) };
    if (typeof data.title !== 'string') fields.title = JSON.stringify(firstHeading(parsed.body) ?? 'Where does this belong?');
    if (typeof data.summary !== 'string') fields.summary = JSON.stringify(firstProse(parsed.body) ?? input.text.slice(0, 120));
    next = setFrontmatterFields(next, fields);
    if ((await session.writer.write(reviewAbs, next, { expect: current })).ok) return;
  }
}
