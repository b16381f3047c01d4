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

/**
 * The turns' messages without their secrets, cut to size, cleaned on demand from the latest back:
 * the turns the budget will likely take in one call (the rules cost more per call than per
 * character), the next ones if it takes more.
 */
function cleanTurns(turns, maxChars, removeSecretsFromEach) {
  const cleaned = new Map();
  return (i) => {
    if (cleaned.has(i)) return cleaned.get(i);
    const batch = [];
    for (let j = i, estimate = 0; j >= 0 && (batch.length === 0 || estimate < maxChars); j--) {
      batch.push(j);
      estimate += Math.min(turns[j].asked.length, ASKED_CHARS) + Math.min(turns[j].concluded?.length ?? 0, CONCLUDED_CHARS);
    }
    const texts = batch.flatMap((j) => [turns[j].asked.slice(0, ASKED_CHARS + SECRET_WINDOW), (turns[j].concluded ?? '').slice(0, CONCLUDED_CHARS + SECRET_WINDOW)]);
    const clean = removeSecretsFromEach(texts);
    batch.forEach((j, k) => {
      const [asked, concluded] = [clean[2 * k], clean[2 * k + 1]];
      cleaned.set(j, {
        asked: cut(asked.text, ASKED_CHARS),
        concluded: turns[j].concluded ? cut(concluded.text, CONCLUDED_CHARS) : undefined,
        secrets: asked.secrets + concluded.secrets,
        privateBlocks: asked.privateBlocks + concluded.privateBlocks,
      });
    });
    return cleaned.get(i);
  };
}

/**
 * The exchanges of a capture, taken in the hook (secrets removed there, before anything leaves
 * it): the latest exchanges that fit in `maxChars` beside the head (what was asked, what the
 * session concluded), then the files it edited. Older exchanges are dropped first, saying how
 * many: the end of a session holds its conclusions.
 */
export function captureBody({ event, cwd, repo, project, session, capturedAt, maxChars, removeSecretsFromEach }) {
  // The sender writes the real head (with the project Knower matches): room is kept for one as
  // long as it can be, with `project` as guessed and a line saying what was removed.
  const head = captureHead({ event, cwd, repo, branch: session.branch, project, capturedAt, removed: { secrets: 1, privateBlocks: 1 } });
  const relative = session.files.slice(0, MAX_FILES).map((f) => (path.isAbsolute(f) && f.startsWith(`${cwd}${path.sep}`) ? path.relative(cwd, f) : f));
  const files = relative.length ? `\n\nFiles edited: ${relative.join(', ')}${session.files.length > MAX_FILES ? ` and ${session.files.length - MAX_FILES} more` : ''}.` : '';
  const kept = [];
  const removed = { secrets: 0, privateBlocks: 0 };
  let size = head.length + files.length + 80;
  const clean = cleanTurns(session.turns, maxChars, removeSecretsFromEach);
  for (let i = session.turns.length - 1; i >= 0; i--) {
    const turn = clean(i);
    const block = `- Asked: ${indent(turn.asked)}${turn.concluded ? `\n  Concluded: ${indent(turn.concluded)}` : ''}`;
    if (size + block.length + 2 > maxChars && kept.length > 0) break;
    kept.unshift(block.length + size > maxChars ? cut(block, Math.max(maxChars - size, 200)) : block);
    size += block.length + 2;
    removed.secrets += turn.secrets;
    removed.privateBlocks += turn.privateBlocks;
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
