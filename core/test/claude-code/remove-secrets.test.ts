// The capture hooks' secret removal (integrations/claude-code/hooks/lib/remove-secrets.mjs) on
// its own: the shapes beside secretlint's rules, and what must stay (a capture is about code:
// `maxTokens: 1000` is not a secret).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeSecrets } from './fake-secrets.js';
import { pluginRoot } from './hook-runner.js';

type Removal = { text: string; secrets: number; privateBlocks: number };
let removeSecretsFromEach: (texts: string[]) => Removal[];
const removeSecrets = (text: string): Removal => removeSecretsFromEach([text])[0]!;

beforeAll(async () => {
  const mod = (await import(pathToFileURL(path.join(pluginRoot, 'hooks', 'lib', 'remove-secrets.mjs')).href)) as { removeSecretsFromEach: typeof removeSecretsFromEach };
  removeSecretsFromEach = mod.removeSecretsFromEach;
});

describe('removeSecretsFromEach', () => {
  it("removes what secretlint's recommended rules recognise, each counted once", () => {
    const s = fakeSecrets();
    const out = removeSecrets(
      `key ${s.anthropic}\nAWS_ACCESS_KEY_ID=${s.awsKeyId}\naws_secret_access_key = "${s.awsSecret}"\ngit clone https://${s.github}@github.com/a/b\nnpm token npm_${'a1B2'.repeat(9)}`,
    );
    expect(out.secrets).toBe(5);
    for (const secret of [s.anthropic, s.awsKeyId, s.awsSecret, s.github, 'a1B2a1B2']) expect(out.text).not.toContain(secret);
    expect(out.text).toContain('key [secret removed]\n');
  });

  it('removes assignments to a secret-named key, keeping the name', () => {
    const out = removeSecrets('DB_PASSWORD=hunter2-x\n"apiKey": "abc123def"\nclient_secret = \'s3cret\'\ntoken: tok-9f8e7d\nREDIS_PASSWORD: "p@ss word"');
    expect(out.text).toBe('DB_PASSWORD=[secret removed]\n"apiKey": "[secret removed]"\nclient_secret = \'[secret removed]\'\ntoken: [secret removed]\nREDIS_PASSWORD: "[secret removed]"');
    expect(out.secrets).toBe(5);
  });

  it('keeps references to secrets and words that only look like their names', () => {
    const kept = [
      'password: $DB_PASSWORD',
      'token=${GITHUB_TOKEN}',
      'API_KEY=process.env.API_KEY',
      'secret: true',
      'maxTokens: 1000 and tokens: 12',
      'PWD=/home/dev/code',
      'token_url=https://example.com/oauth/token',
      'let t = Token::new();',
      'password: ""',
    ].join('\n');
    expect(removeSecrets(kept)).toEqual({ text: kept, secrets: 0, privateBlocks: 0 });
  });

  it('removes private keys, also cut short, bearer tokens and Anthropic keys of other shapes', () => {
    const s = fakeSecrets();
    const cutShort = s.pem.slice(0, 300);
    const out = removeSecrets(`curl -H "Authorization: Bearer abcDEF123456789xyz" …\nadmin sk-ant-admin01-${'Zz9'.repeat(12)}\nthe key:\n${cutShort}`);
    expect(out.text).toBe('curl -H "Authorization: Bearer [secret removed]" …\nadmin [secret removed]\nthe key:\n[secret removed]');
    expect(out.secrets).toBe(3);
  });

  it('removes <private> blocks whole, counted apart, and an unclosed one to the end', () => {
    const s = fakeSecrets();
    const out = removeSecrets(`a <private>note ${s.github}</private> b <PRIVATE>two</PRIVATE> c <private>never closed\nstill private`);
    expect(out).toEqual({ text: 'a [private text removed] b [private text removed] c [private text removed]', secrets: 0, privateBlocks: 3 });
  });

  it('cleans several messages in one pass, each on its own: nothing runs from one into the next', () => {
    const s = fakeSecrets();
    const out = removeSecretsFromEach([`an unclosed <private>diary`, `key ${s.github}`, `-----BEGIN RSA PRIVATE KEY-----\nMIIEow`, 'DB_PASSWORD=x1y2z3', 'nothing here']);
    expect(out).toEqual([
      { text: 'an unclosed [private text removed]', secrets: 0, privateBlocks: 1 },
      { text: 'key [secret removed]', secrets: 1, privateBlocks: 0 },
      { text: '[secret removed]', secrets: 1, privateBlocks: 0 },
      { text: 'DB_PASSWORD=[secret removed]', secrets: 1, privateBlocks: 0 },
      { text: 'nothing here', secrets: 0, privateBlocks: 0 },
    ]);
  });
});
