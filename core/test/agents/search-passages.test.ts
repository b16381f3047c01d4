// The search agent's tools through the real SDK and a fake Messages API: search names each hit's
// passage and brings its text when asked for context; find looks files up by name; read takes
// the lines of a passage. The prompt tells the model so.
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResults, startFakeAnthropicServer, text, toolUse, turn, type FakeAnthropicServer } from '../fakes/fake-anthropic-server.js';
import { makeVault, project, type VaultFixture } from './helpers/vault-fixture.js';

let vault: VaultFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  await vault?.cleanup();
  server = vault = undefined;
});

const MEETINGS = [
  '# Meetings',
  '',
  '## January',
  '',
  'Budget approved for the kiln.',
  '',
  '## February',
  '',
  'The kiln arrives on March 3; Dana signs for it.',
  '',
  '## March',
  '',
  'Kiln installed; first firing on the 20th.',
  '',
].join('\n');

describe('the search agent reads passages, not whole notes', () => {
  it('search with context returns each hit with its heading path, lines and text; read takes those lines', async () => {
    vault = await makeVault({ ...project('pottery', 'Studio set up.'), 'projects/pottery/meetings.md': MEETINGS });
    server = await startFakeAnthropicServer([
      turn(toolUse('search', { query: 'kiln arrives', context: 1 })),
      turn(toolUse('read', { path: 'projects/pottery/meetings.md', from: 7, to: 9 })),
      turn(text('The kiln arrives on March 3 (`projects/pottery/meetings.md`).')),
    ]);
    const answer = await vault.agents({ baseURL: server.baseURL }).answer({ query: 'When does the kiln arrive?' });
    expect(answer.sources).toEqual(['projects/pottery/meetings.md']);
    const found = lastToolResults(server.requests[1]!.body)[0]!.content as string;
    expect(found).toContain('1. projects/pottery/meetings.md — Meetings\n   § Meetings > February · lines 7-9\n   lines 3-13:\n   | ## January');
    expect(found).toContain('   | The kiln arrives on March 3; Dana signs for it.');
    expect(found).toContain('   | Kiln installed; first firing on the 20th.');
    const read = lastToolResults(server.requests[2]!.body)[0]!.content as string;
    expect(read).toBe('projects/pottery/meetings.md, lines 7-9 of 13:\n\n## February\n\nThe kiln arrives on March 3; Dana signs for it.');
    // The prompt tells the model it can ask for context and read lines.
    expect(server.requests[0]!.body.system![0]!.text).toMatch(/Ask search for context/);
    expect(server.requests[0]!.body.tools!.find((t) => t.name === 'search')!.input_schema).toMatchObject({ properties: { context: { type: 'integer', maximum: 5 } } });
  });

  it('find looks a file up by its name, as the palette does, and says when nothing is called so', async () => {
    vault = await makeVault({ ...project('pottery', 'Studio set up.'), 'projects/pottery/meetings.md': MEETINGS, 'bucket/kiln manual.md': '# Manual\n\nFire slowly.\n' });
    server = await startFakeAnthropicServer([turn(toolUse('find', { query: 'kiln' }), toolUse('find', { query: 'glaze recipes' })), turn(text('The manual is `bucket/kiln manual.md`.'))]);
    await vault.agents({ baseURL: server.baseURL }).answer({ query: 'Where is the kiln manual?' });
    const [found, none] = lastToolResults(server.requests[1]!.body);
    expect(found).toMatchObject({ content: expect.stringMatching(/^1 file named like "kiln":\n1\. bucket\/kiln manual\.md \(note, /) });
    expect(found!.is_error).toBeFalsy();
    expect(none).toMatchObject({ content: 'No file names or paths hold "glaze recipes". Try fewer words, or search for what the note says.' });
  });
});
