import { z } from 'zod';
import { statsSchema, type Stats } from '../../api/index.js';
import { READ_ONLY, shown } from '../../tools/index.js';
import { defineMcpTool } from './tool.js';

const pct = (ratio: number | null) => (ratio === null ? 'unknown' : `${Math.round(ratio * 100)}%`);
const count = (n: number | null) => (n === null ? '?' : String(n));

function format(s: Stats): string {
  const lines = [`Vault: ${s.vault.notes} notes, ${s.vault.tokens} tokens. Activity over the last ${s.days} day${s.days === 1 ? '' : 's'}.`, ''];
  lines.push('Projects (notes · tokens · last updated · updates · hand edits):');
  for (const p of s.projects) lines.push(`- ${p.name}: ${p.notes} · ${p.tokens} · ${p.updated?.slice(0, 10) ?? '-'} · ${p.updates} · ${count(p.hand_edits)}`);
  if (s.projects.length === 0) lines.push('- (no project folders yet)');
  lines.push(`Outside projects/: ${s.elsewhere.notes} notes · ${s.elsewhere.tokens} tokens · ${s.elsewhere.updates} updates · ${count(s.elsewhere.hand_edits)} hand edits`);
  lines.push('', `Search index: ${count(s.index.indexed)} of ${s.index.indexable} notes (${pct(s.index.coverage)})${s.index.problem ? ` — ${s.index.problem}` : ''}.`);
  lines.push(
    `Embeddings for deep search: ${count(s.embeddings.embedded)} embedded, ${count(s.embeddings.pending)} pending (${pct(s.embeddings.coverage)}); models ${s.embeddings.models_present ? 'present' : 'not downloaded'}.`,
  );
  if (s.recent_updates.length) {
    lines.push('', 'Latest updates:');
    for (const u of s.recent_updates)
      lines.push(
        `- ${u.created.slice(0, 16).replace('T', ' ')} ${u.id} (${u.status}${u.projects.length ? `; ${u.projects.join(', ')}` : ''}): ${(u.summary ?? u.text).replace(/\s+/g, ' ').slice(0, 160)}`,
      );
  }
  if (s.recent_notes.length) {
    lines.push('', 'Recently changed notes:');
    for (const n of s.recent_notes) lines.push(`- ${n.path} (${n.updated.slice(0, 16).replace('T', ' ')})`);
  }
  if (s.history_problem) lines.push('', `Hand edits are not counted: ${s.history_problem}.`);
  return lines.join('\n');
}

export const statsTool = defineMcpTool({
  name: 'stats',
  title: 'Vault statistics',
  description:
    "What the user's vault holds and what changed lately: notes and tokens per project, updates and hand edits per project over recent days, the latest updates and changed notes, and how much of the vault search and deep search cover. " +
    'Use it to get your bearings when resuming work (after a context compaction, say) or before deciding where to look; use search, read and outline for the content itself.',
  input: z.object({
    days: z.number().int().min(1).max(365).default(7).describe('How many days count as recent (1-365, default 7).'),
  }),
  output: statsSchema,
  annotations: READ_ONLY,
  async run({ days }, deps) {
    const stats = await deps.stats.stats(days);
    return shown(format(stats), stats as unknown as Record<string, unknown>);
  },
});
