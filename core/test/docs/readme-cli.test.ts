// The README says what the CLI and the settings do: these tests hold it to the product — each
// command and option it names exists, the help texts agree with it, the exit codes and npm
// scripts it gives are real, and its .env snippets load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/outcome.js';
import { HELP, loadVerb, verbNames, type Verb } from '../../src/cli/verbs/index.js';
import { loadConfig } from '../../src/config/index.js';
import { parseEnvFile } from '../../src/config/env-file.js';
import { repoRoot } from '../../src/config/paths.js';
import { codeSpans, envSnippets, readme, section, shellCommands, tableRows } from './readme.js';

// Each command's module is loaded when it runs: the README's checks look at all of them.
const verbs = new Map(await Promise.all(verbNames.map(async (name) => [name, (await loadVerb(name)) as Verb] as const)));

/** `--image`, `-f` … in a usage text. */
const optionsIn = (text: string) => [...text.matchAll(/(?<![\w-])(--?[a-z][\w-]*)/g)].map((m) => m[1] ?? '');

/** A verb's own option names, long and short, `--help` included. */
function optionNames(name: string): Set<string> {
  const verb = verbs.get(name);
  if (!verb) throw new Error(`no verb ${name}`);
  const names = new Set(['--help', '-h']);
  for (const [long, spec] of Object.entries(verb.options)) {
    names.add(`--${long}`);
    if (spec.short) names.add(`-${spec.short}`);
  }
  return names;
}

/** The commands of the README's CLI table: `./knower add "text" [--image F]…` → verb and options; `logs [-f]` is a verb too. */
function tableCommands(): Array<{ verb: string; options: string[]; text: string }> {
  const usingIt = readme.slice(readme.indexOf('- **Command line**'), readme.indexOf('- **MCP**'));
  return tableRows(usingIt).flatMap((row) =>
    codeSpans(row[0] ?? '').map((span) => {
      const words = span.replace(/^\.\/knower /, '').split(/\s+/);
      return { verb: words[0] ?? '', options: optionsIn(words.slice(1).join(' ')), text: span };
    }),
  );
}

describe("the README's command line", () => {
  it('names only commands that exist, with options they take', () => {
    const commands = tableCommands();
    expect(commands.length).toBeGreaterThan(12);
    for (const { verb, options, text } of commands) {
      if (verb === '--version') continue;
      expect(verbs.has(verb), text).toBe(true);
      const known = optionNames(verb);
      expect(
        options.filter((o) => !known.has(o)),
        text,
      ).toEqual([]);
    }
  });

  it('lists every command (help and test in the quick start)', () => {
    const listed = new Set(tableCommands().map((c) => c.verb));
    const quickStart = section('Quick start');
    for (const name of verbs.keys()) {
      if (name === 'help') continue;
      expect(listed.has(name) || quickStart.includes(`./knower ${name}`), name).toBe(true);
    }
  });

  it('agrees with `knower help`: every command there, with options it takes', () => {
    for (const [name, verb] of verbs) {
      if (name === 'help') continue;
      const line = HELP.split('\n').find((l) => l.startsWith(`  ${name} `) || l === `  ${name}`);
      expect(line, `${name} in the help overview`).toBeDefined();
      const known = optionNames(name);
      expect(
        optionsIn(line ?? '').filter((o) => !known.has(o)),
        line,
      ).toEqual([]);
      // Its own help: the usage line takes only real options, and every option is explained.
      const usage = verb.help.slice(0, verb.help.indexOf('\n\n'));
      expect(
        optionsIn(usage).filter((o) => !known.has(o)),
        usage,
      ).toEqual([]);
      for (const long of Object.keys(verb.options)) {
        if (long === 'print' || long === 'fast') continue; // undocumented aliases kept for scripts
        expect(verb.help, `${name} --help explains --${long}`).toContain(`--${long}`);
      }
    }
  });

  it('gives the exit codes the CLI uses, as its help does', () => {
    const codes = Object.values(EXIT);
    const readmeLine = /Exit codes: ([^.]*(?:\.[^.]*)?)/.exec(section('Using it'))?.[1] ?? '';
    for (const code of codes) {
      expect(readmeLine, `exit ${String(code)} in the README`).toMatch(new RegExp(`\\b${String(code)} \\w`));
      expect(HELP, `exit ${String(code)} in knower help`).toMatch(new RegExp(`\\b${String(code)} \\w`));
    }
  });
});

describe("the README's other commands and snippets", () => {
  it('runs only npm scripts that exist', () => {
    const rootScripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const npmRuns = shellCommands().filter((c) => c.startsWith('npm run ') || c === 'npm test');
    expect(npmRuns.length).toBeGreaterThan(5);
    for (const command of npmRuns) {
      const [, script = 'test'] = /^npm run ([\w:-]+)/.exec(command) ?? [];
      const workspace = /-w (\S+)/.exec(command)?.[1];
      const scripts = workspace ? (JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts : rootScripts;
      expect(scripts[script], command).toBeDefined();
    }
  });

  it('gives .env snippets the service loads as written', () => {
    const snippets = envSnippets();
    expect(snippets.length).toBeGreaterThanOrEqual(3);
    for (const snippet of snippets) {
      const settings = Object.fromEntries(parseEnvFile(snippet));
      expect(Object.keys(settings).length, snippet).toBeGreaterThan(1);
      expect(() => loadConfig(settings, repoRoot), snippet).not.toThrow();
    }
  });
});
