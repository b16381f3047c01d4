import path from 'node:path';
import type { Brief, BriefQuery } from '../api/index.js';
import type { SearchEngine } from '../search/index.js';
import { PROJECT_NOTES, projectFolder, readTextIfExists, type VaultIndex } from '../vault/index.js';
import { fitSections, type BriefSection } from './fit-budget.js';
import { matchProject, type ProjectMatch } from './match-project.js';
import { bodyLines, latestEntries, openTasks } from './note-extracts.js';

export interface BriefDeps {
  root: string;
  index: VaultIndex;
  search: Pick<SearchEngine, 'search'>;
}

/** The notes every project has; the brief quotes them, and lists the others. */
const STANDARD: readonly string[] = Object.values(PROJECT_NOTES);
const RELATED = 8;
const tokensOf = (text: string) => Math.ceil(text.length / 4);

const intro = (repo: string, match: ProjectMatch) => {
  const scope = `project:${match.name}`;
  const how =
    match.by === 'search'
      ? ` (found by searching the vault for "${repo}": the names differ; if it is the wrong project, set KNOWER_PROJECT to the right folder name)`
      : match.by === 'given'
        ? ' (named by KNOWER_PROJECT)'
        : '';
  return [
    `# Knower: project ${match.name}`,
    `This repository (${repo}) is ${projectFolder(match.name)}/ in the person's Knower vault${how}. From its notes:`,
    `Knower's MCP tools: search and ask with scope "${scope}" look in this project; outline and section read a long note by heading; remember records a decision or fact worth keeping.`,
  ].join('\n');
};

/**
 * The brief a coding agent gets when a session starts in a repository: the matching project's
 * state, open tasks, latest changelog entries and related notes, within a token budget.
 * Deterministic and model-free: it reads a few notes and runs at most two searches.
 */
export function createBriefs(deps: BriefDeps) {
  const read = async (rel: string) => (deps.index.has(rel) ? await readTextIfExists(path.join(deps.root, rel)) : undefined);

  async function related(repo: string, project: string | undefined): Promise<{ lines: string[]; sources: string[] }> {
    const lines: string[] = [];
    const sources: string[] = [];
    const folder = project ? deps.index.folder(projectFolder(project)) : undefined;
    if (folder) {
      const others = [...deps.index.walk(folder)]
        .filter((e) => e.kind === 'note' && !STANDARD.includes(e.path.slice(folder.path.length + 1)))
        .sort((a, b) => (b.updated ?? '').localeCompare(a.updated ?? ''))
        .slice(0, RELATED);
      for (const e of others) {
        lines.push(`- ${e.path}${e.updated ? ` (updated ${e.updated.slice(0, 10)}` : ' ('}${e.tokens !== undefined ? `, ${e.tokens} tokens)` : ')'}`);
        sources.push(e.path);
      }
    }
    const found = await deps.search.search({ query: repo, mode: 'fast', limit: RELATED * 2 });
    for (const hit of found.results) {
      if (lines.length >= RELATED * 2) break;
      if (sources.includes(hit.path) || (project && hit.path.startsWith(`${projectFolder(project)}/`))) continue;
      // The title is shown already: the snippet's heading lines would repeat it.
      const snippet = hit.snippet
        .split('\n')
        .filter((l) => !/^\s*#/.test(l))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 140);
      lines.push(`- ${hit.path} — ${hit.title}${snippet ? `: ${snippet}` : ''}`);
      sources.push(hit.path);
    }
    return { lines, sources };
  }

  async function projectSections(name: string): Promise<{ sections: BriefSection[]; sources: string[] }> {
    const at = (file: string) => `${projectFolder(name)}/${file}`;
    const [state, description, tasks, changelog] = await Promise.all([PROJECT_NOTES.state, PROJECT_NOTES.description, PROJECT_NOTES.tasks, PROJECT_NOTES.changelog].map((f) => read(at(f))));
    const sources: string[] = [];
    const sections: BriefSection[] = [];
    const stateText = state && bodyLines(state).length ? state : description;
    if (stateText) {
      const file = stateText === state ? PROJECT_NOTES.state : PROJECT_NOTES.description;
      sections.push({ title: `State (${at(file)})`, lines: bodyLines(stateText), weight: 35, more: `read ${at(file)}` });
      sources.push(at(file));
    }
    if (tasks) {
      const t = openTasks(tasks);
      const count = t.done ? `${t.open} open, ${t.done} done` : `${t.open} open`;
      sections.push({ title: `Open tasks (${at(PROJECT_NOTES.tasks)}: ${count})`, lines: t.lines, weight: 25, more: `read ${at(PROJECT_NOTES.tasks)}` });
      if (t.lines.length) sources.push(at(PROJECT_NOTES.tasks));
    }
    if (changelog) {
      const entries = latestEntries(changelog);
      sections.push({
        title: `Latest changes (${at(PROJECT_NOTES.changelog)}, newest first)`,
        lines: entries.flat(),
        weight: 25,
        more: `outline ${at(PROJECT_NOTES.changelog)} and read older entries with section`,
      });
      if (entries.length) sources.push(at(PROJECT_NOTES.changelog));
    }
    return { sections, sources };
  }

  return {
    async brief(query: BriefQuery): Promise<Brief> {
      const budget = query.tokens * 4;
      const match = await matchProject(deps, query.repo, query.project);
      const rel = await related(query.repo, match?.name);
      if (!match) {
        const header = [
          `# Knower`,
          query.project !== undefined
            ? `KNOWER_PROJECT names "${query.project}", which is not a folder under projects/ in the person's Knower vault.`
            : `No project in the person's Knower vault matches this repository (${query.repo}).`,
          `Knower's MCP tools search, ask and remember work on the whole vault; set KNOWER_PROJECT to a folder name under projects/ to tie this repository to a project.`,
        ].join('\n');
        const markdown = fitSections(header, [{ title: `Notes that mention ${query.repo}`, lines: rel.lines, weight: 1, more: 'search the vault for more' }], budget);
        return { project: null, matched: null, markdown, tokens: tokensOf(markdown), sources: markdown === header ? [] : rel.sources };
      }
      const own = await projectSections(match.name);
      const sections = [...own.sections, { title: 'Related notes', lines: rel.lines, weight: 15, more: `search with scope "project:${match.name}"` }];
      const markdown = fitSections(intro(query.repo, match), sections, budget);
      const sources = [...own.sources, ...rel.sources].filter((s) => markdown.includes(s));
      return { project: match.name, matched: match.by, markdown, tokens: tokensOf(markdown), sources };
    },
  };
}

export type Briefs = ReturnType<typeof createBriefs>;
