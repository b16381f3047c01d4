import path from 'node:path';

const ASKED_CHARS = 500;
const CONCLUDED_CHARS = 1500;
const MAX_FILES = 20;

const cut = (text, max) => (text.length > max ? `${text.slice(0, max).trimEnd()} …` : text);
const indent = (text) => text.replace(/\n/g, '\n    ');

const MOMENT = { PreCompact: 'before the conversation was compacted', SessionEnd: 'as the session ended' };

/**
 * The update a capture sends: who and where, then the latest exchanges that fit in `maxChars`
 * (what was asked, what the session concluded), then the files it edited. Older exchanges are
 * dropped first, saying how many: the end of a session holds its conclusions.
 */
export function captureText({ event, cwd, repo, project, session, now, maxChars }) {
  const where = `the repository ${repo} (${cwd}${session.branch ? `, branch ${session.branch}` : ''})`;
  const head = [
    `Notes from a Claude Code session in ${where}, captured ${MOMENT[event] ?? 'during the session'} on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    project ? `It belongs to the project ${project} (projects/${project}/): record its decisions, facts and open tasks there.` : 'No project in the vault matches this repository yet.',
    '',
    'What was asked, and what the session concluded (oldest first):',
  ].join('\n');
  const relative = session.files.slice(0, MAX_FILES).map((f) => (path.isAbsolute(f) && f.startsWith(`${cwd}${path.sep}`) ? path.relative(cwd, f) : f));
  const files = relative.length ? `\n\nFiles edited: ${relative.join(', ')}${session.files.length > MAX_FILES ? ` and ${session.files.length - MAX_FILES} more` : ''}.` : '';
  const blocks = session.turns.map((t) => `- Asked: ${indent(cut(t.asked, ASKED_CHARS))}${t.concluded ? `\n  Concluded: ${indent(cut(t.concluded, CONCLUDED_CHARS))}` : ''}`);
  const kept = [];
  let size = head.length + files.length + 80;
  for (let i = blocks.length - 1; i >= 0; i--) {
    if (size + blocks[i].length + 2 > maxChars && kept.length > 0) break;
    kept.unshift(blocks[i].length + size > maxChars ? cut(blocks[i], Math.max(maxChars - size, 200)) : blocks[i]);
    size += blocks[i].length + 2;
  }
  const dropped = blocks.length - kept.length;
  const note = dropped ? `(${dropped} earlier exchange${dropped === 1 ? '' : 's'} left out.)\n` : '';
  const text = `${head}\n${note}${kept.join('\n')}${files}`;
  // A very small KNOWER_CAPTURE_MAX_CHARS may not even hold the header and one exchange: the limit wins.
  return text.length > maxChars ? `${text.slice(0, maxChars - 2)} …` : text;
}
