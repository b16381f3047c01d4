import path from 'node:path';

const ASKED_CHARS = 500;
const CONCLUDED_CHARS = 1500;
const MAX_FILES = 20;
/**
 * Secrets are removed before a message is cut, so that a cut never leaves half a key that no
 * rule recognises; past its cut only this much of a message is looked at (more than any key).
 */
const SECRET_WINDOW = 16 * 1024;

const cut = (text, max) => (text.length > max ? `${text.slice(0, max).trimEnd()} …` : text);
const indent = (text) => text.replace(/\n/g, '\n    ');
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

const MOMENT = { PreCompact: 'before the conversation was compacted', SessionEnd: 'as the session ended' };

/** Who and where: the first lines of a capture. `project` is what the service matched, if anything. */
function captureHead({ event, cwd, repo, branch, project, capturedAt, removed }) {
  const where = `the repository ${repo} (${cwd}${branch ? `, branch ${branch}` : ''})`;
  const lost = [removed.secrets ? plural(removed.secrets, 'secret') : '', removed.privateBlocks ? plural(removed.privateBlocks, 'private block') : ''].filter(Boolean);
  return [
    `Notes from a Claude Code session in ${where}, captured ${MOMENT[event] ?? 'during the session'} on ${capturedAt.slice(0, 16).replace('T', ' ')} UTC.`,
    project ? `It belongs to the project ${project} (projects/${project}/): record its decisions, facts and open tasks there.` : 'No project in the vault matches this repository yet.',
    ...(lost.length ? [`[${lost.join(' and ')} removed before sending]`] : []),
    '',
    'What was asked, and what the session concluded (oldest first):',
  ].join('\n');
}

function shown(text, max, removeSecrets) {
  const clean = removeSecrets(text.slice(0, max + SECRET_WINDOW));
  return { text: cut(clean.text, max), secrets: clean.secrets, privateBlocks: clean.privateBlocks };
}

/**
 * The exchanges of a capture, taken in the hook (secrets removed there, before anything leaves
 * it): the latest exchanges that fit in `maxChars` beside the head (what was asked, what the
 * session concluded), then the files it edited. Older exchanges are dropped first, saying how
 * many: the end of a session holds its conclusions.
 */
export function captureBody({ event, cwd, repo, project, session, capturedAt, maxChars, removeSecrets }) {
  // The sender writes the real head (with the project Knower matches): room is kept for one as
  // long as it can be, with `project` as guessed and a line saying what was removed.
  const head = captureHead({ event, cwd, repo, branch: session.branch, project, capturedAt, removed: { secrets: 1, privateBlocks: 1 } });
  const relative = session.files.slice(0, MAX_FILES).map((f) => (path.isAbsolute(f) && f.startsWith(`${cwd}${path.sep}`) ? path.relative(cwd, f) : f));
  const files = relative.length ? `\n\nFiles edited: ${relative.join(', ')}${session.files.length > MAX_FILES ? ` and ${session.files.length - MAX_FILES} more` : ''}.` : '';
  const kept = [];
  const removed = { secrets: 0, privateBlocks: 0 };
  let size = head.length + files.length + 80;
  for (let i = session.turns.length - 1; i >= 0; i--) {
    const turn = session.turns[i];
    const asked = shown(turn.asked, ASKED_CHARS, removeSecrets);
    const concluded = turn.concluded ? shown(turn.concluded, CONCLUDED_CHARS, removeSecrets) : undefined;
    const block = `- Asked: ${indent(asked.text)}${concluded ? `\n  Concluded: ${indent(concluded.text)}` : ''}`;
    if (size + block.length + 2 > maxChars && kept.length > 0) break;
    kept.unshift(block.length + size > maxChars ? cut(block, Math.max(maxChars - size, 200)) : block);
    size += block.length + 2;
    for (const part of [asked, concluded]) {
      removed.secrets += part?.secrets ?? 0;
      removed.privateBlocks += part?.privateBlocks ?? 0;
    }
  }
  const dropped = session.turns.length - kept.length;
  const note = dropped ? `(${plural(dropped, 'earlier exchange')} left out.)\n` : '';
  return { body: `${note}${kept.join('\n')}${files}`, removed };
}

/** The update a capture sends: the head, with the project the service matched, then the body the hook made. */
export function captureText({ event, cwd, repo, branch, project, capturedAt, removed, body, maxChars }) {
  const text = `${captureHead({ event, cwd, repo, branch, project, capturedAt, removed })}\n${body}`;
  // A very small KNOWER_CAPTURE_MAX_CHARS may not even hold the header and one exchange: the limit wins.
  return text.length > maxChars ? `${text.slice(0, maxChars - 2)} …` : text;
}
