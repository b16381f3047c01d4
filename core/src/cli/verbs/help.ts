import { EXIT, usageError } from '../outcome.js';
import type { Verb } from './verb.js';

export const HELP = `Usage: knower <command> [options]        (knower <command> --help for details)

Service
  start [--rebuild] [--wait]  start the service (Docker if an engine answers, else natively)
  stop                     stop it
  status [--json]          running or stopped, with a summary of /health
  logs [-f] [-n LINES]     show the service log
  visualize                run the web app's dev server against the service
  vault [--path]           open the vault folder (or print its path)

Vault
  add "text" [--url URL] [--file FILE]… [--inbox-ref ID] [--wait [--timeout S]]   send an update
  ask "question" [--deep] [--scope project:NAME] [--json]             ask the search agent
  search "words" [--deep] [--scope project:NAME] [--limit N] [--json]  raw search hits
  inbox [--json]           list the items waiting for your answer
  show ID [--json]         one update or question: status, files, steps, answer or error
  retry ID [--wait]        run a failed update again, or ask a failed question again
  transcribe [PATH…] [--list]  transcribe the voice notes waiting for a transcriber
  history [--all] [--json] what changed the vault: updates (ids, summaries, files), undos
  undo ID                  reverse one update (exit 4: done in part, see the inbox)
  restore PATH [--to COMMIT]  a note's versions, or the note back to one of them
  forget --text -|PATH… [--yes]  remove a text or files from the vault and its history
                           (--status, --confirm, --restore: the backup it keeps)
  embed                    refresh search embeddings now
  models [pull]            deep search's models: which are on disk; download the missing ones

Coding agents
  claude install [--scope user|project|local] [--mcp-only]   the Claude Code plugin and MCP server
  claude uninstall [--mcp-only] | doctor   remove what install added; check the setup from this folder

Project
  test                     typecheck, lint, unit, integration and end-to-end tests
  help [command]           this text, or a command's
  --version                the versions of Knower, qmd and Node

Exit codes: 0 ok (undo: also already undone), 1 failure, 2 usage error, 3 the service is not
running, 4 undone in part (forget: some files left), 5 gave up waiting (--wait --timeout, Ctrl-C): the update goes on.
Settings: environment variables or .env at the repo root (see .env.example).
`;

/** `help [command]`: the verb list, or one verb's help (looked up, and loaded, by the table it is given). */
export function helpVerb(helpOf: (name: string) => Promise<string | undefined>): Verb {
  return {
    name: 'help',
    help: HELP,
    options: {},
    takesWords: true,
    async run(args, ctx) {
      const [topic] = args.positionals;
      if (topic === undefined) {
        ctx.out.write(HELP);
        return EXIT.ok;
      }
      const text = await helpOf(topic);
      if (text === undefined) return usageError(`unknown command '${topic}'`);
      ctx.out.write(text);
      return EXIT.ok;
    },
  };
}
