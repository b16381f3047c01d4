import { rules } from '../vendor/secretlint-rules.mjs';

/**
 * What an automatic capture must never send: credentials, private keys, and what the person
 * marked `<private>…</private>`. Credential shapes come from secretlint's recommended rules
 * (vendored: see vendor/secretlint-rules.mjs); beside them, what those rules leave to a file's
 * context and a pasted message does not have: `PASSWORD=…` / `token: …` assignments, bearer
 * tokens, PEM private keys cut short or without their END line, and Anthropic keys of the
 * shapes the preset does not know (admin, OAuth).
 */

const SECRET_MARK = '[secret removed]';
const PRIVATE_MARK = '[private text removed]';

// An unclosed <private> hides the rest of the message: better too much than a secret.
const PRIVATE_BLOCK = /<private>[\s\S]*?(?:<\/private>|$)/gi;
const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
const ANTHROPIC_KEY = /(?<![A-Za-z0-9_-])sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}/g;
const BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{12,}=*)/g;
// A name ending in a secret's word, `=` or `:`, then a value: `DB_PASSWORD=…`, `"apiKey": "…"`,
// `token: …`. The name must end there (`maxTokens: 10` and `token_url=…` are not secrets).
const ASSIGNMENT =
  /(?<![A-Za-z0-9])([A-Za-z0-9_.-]{0,40}(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?))(["']?)[ \t]*(?:=|:(?!:))[ \t]*("[^"\n]*"|'[^'\n]*'|\$\{[^}\n]*\}|[^\s"',;()[\]{}<>]+)/gi;
// Values that name where a secret comes from, not the secret: `$DB_PASSWORD`, `${TOKEN}`,
// `<your-token>`, `process.env.X`, `***`, `true`, an empty string, one already removed.
const REFERENCE = /^(?:\$\{?[A-Za-z_]|%[A-Za-z_]|<[^>]*>$|process\.env|os\.environ|env\(|\*+$|x{3,}$|\.\.\.|(?:true|false|null|none|undefined|required|optional)$|\[secret removed\])/i;

// A reported range is widened to the whole token it touches: one rule reports from the start of
// `AWS_SECRET_ACCESS_KEY=` with the length of the value, leaving the value's end behind.
const TOKEN_EDGE = /[\s"'`,;()[\]{}<>]/;
const SEPARATOR = '\n\n';

function widen(text, [start, end]) {
  while (start > 0 && !TOKEN_EDGE.test(text[start - 1])) start--;
  while (end < text.length && !TOKEN_EDGE.test(text[end])) end++;
  return [start, end];
}

/** The ranges secretlint's rules report. Each rule is run on its own: one that throws costs its shapes only. */
function ruleRanges(text) {
  const found = [];
  const context = {
    createTranslator: () => (id) => id,
    report: ({ range }) => Array.isArray(range) && found.push([range[0], range[1]]),
    ignore: () => undefined,
  };
  const source = { content: text, filePath: '/capture.md', ext: '.md', contentType: 'text' };
  for (const rule of rules) {
    // A capture is a message, not a file in a repository: no comment may switch a rule off.
    if (rule.meta.id.endsWith('filter-comments')) continue;
    try {
      // The AWS rule checks key IDs (AKIA…) only when asked.
      rule.create(context, { enableIDScanRule: true }).file?.(source);
    } catch {
      // a rule's own fault: the other rules and the patterns below still apply
    }
  }
  return found.map((range) => widen(text, range));
}

function patternRanges(text, pattern, group = 0) {
  const found = [];
  for (const m of text.matchAll(pattern)) {
    if (group === 0) found.push([m.index, m.index + m[0].length]);
    else {
      // The value ends the match; a quoted one keeps its quotes.
      const value = m[group];
      const quoted = /^(["']).*\1$/.test(value ?? '') ? 1 : 0;
      const bare = value?.slice(quoted, value.length - quoted);
      if (!bare || REFERENCE.test(bare)) continue;
      const start = m.index + m[0].length - value.length + quoted;
      found.push([start, start + bare.length]);
    }
  }
  return found;
}

/** Overlapping or touching ranges as one, in order. */
function merge(ranges) {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

function replace(text, ranges, mark) {
  let out = text;
  for (let i = ranges.length - 1; i >= 0; i--) out = `${out.slice(0, ranges[i][0])}${mark}${out.slice(ranges[i][1])}`;
  return out;
}

/**
 * Each text without its secrets and private blocks, and how many of each were removed from it.
 * Private blocks go first (a secret inside one is counted with the block), then private keys,
 * each text on its own: neither may run from one text into the next. The other shapes are
 * looked for in all the texts at once, joined by blank lines (no shape spans one): running the
 * rules costs much more per call than per character.
 */
export function removeSecretsFromEach(texts) {
  const hidden = texts.map((text) => merge(patternRanges(text, PRIVATE_BLOCK)));
  const open = texts.map((text, i) => replace(text, hidden[i], PRIVATE_MARK));
  const keys = open.map((text) => patternRanges(text, PEM_BLOCK));
  const joined = open.join(SEPARATOR);
  const found = [...ruleRanges(joined), ...patternRanges(joined, ANTHROPIC_KEY), ...patternRanges(joined, BEARER, 1), ...patternRanges(joined, ASSIGNMENT, 3)];
  let offset = 0;
  return open.map((text, i) => {
    // The ranges within this text, moved to its own positions (one touching a separator is cut at it).
    const own = found.map(([s, e]) => [Math.max(s - offset, 0), Math.min(e - offset, text.length)]);
    offset += text.length + SEPARATOR.length;
    const secrets = merge([...keys[i], ...own]);
    return { text: replace(text, secrets, SECRET_MARK), secrets: secrets.length, privateBlocks: hidden[i].length };
  });
}
