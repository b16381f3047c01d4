/** One part of a brief: a heading, its lines, and what to say when not all of them fit. */
export interface BriefSection {
  title: string;
  lines: string[];
  /** Relative importance when the budget is short (the shares of what is left). */
  weight: number;
  /** Said after the lines that fit when some are left out, e.g. "read projects/acme/state.md". */
  more: string;
}

const render = (title: string, lines: string[]) => `## ${title}\n${lines.join('\n')}`;
/** Below this a section says too little to be worth its heading. */
const MIN_USEFUL = 80;

/** The lines that fit in `chars`, whole lines first; a single long first line is cut. */
function take(section: BriefSection, chars: number): string[] | undefined {
  const full = render(section.title, section.lines);
  if (full.length <= chars) return section.lines;
  const tail = (left: number) => `… ${left} more line${left === 1 ? '' : 's'}: ${section.more}`;
  const kept: string[] = [];
  let used = render(section.title, []).length;
  for (const line of section.lines) {
    const cost = line.length + 1;
    if (used + cost + tail(section.lines.length - kept.length - 1).length + 1 > chars) break;
    kept.push(line);
    used += cost;
  }
  if (kept.length === 0) {
    const room = chars - used - tail(section.lines.length - 1).length - 3;
    if (room < MIN_USEFUL / 2) return undefined;
    kept.push(`${section.lines[0]!.slice(0, room)}…`);
  }
  return [...kept, tail(section.lines.length - kept.length)];
}

/**
 * Fits sections into `budgetChars` after the header: each gets a share of what is left by its
 * weight; a section smaller than its share takes only what it needs and the rest goes to the
 * others (water-filling), so a short state leaves room for more tasks.
 */
export function fitSections(header: string, sections: readonly BriefSection[], budgetChars: number): string {
  const present = sections.filter((s) => s.lines.length > 0);
  let remaining = budgetChars - header.length;
  const grant = new Map<BriefSection, number>();
  let open = present.map((s) => ({ s, need: render(s.title, s.lines).length + 2 }));
  while (open.length) {
    const weights = open.reduce((sum, o) => sum + o.s.weight, 0);
    const fits = open.filter((o) => o.need <= (remaining * o.s.weight) / weights);
    if (fits.length === 0) {
      for (const o of open) grant.set(o.s, Math.floor((remaining * o.s.weight) / weights));
      break;
    }
    for (const o of fits) {
      grant.set(o.s, o.need);
      remaining -= o.need;
    }
    open = open.filter((o) => !fits.includes(o));
  }
  const parts = [header];
  for (const section of present) {
    const chars = (grant.get(section) ?? 0) - 2;
    // Whole, however short; cut, only where enough of it fits to be worth its heading.
    if (chars < render(section.title, section.lines).length && chars < MIN_USEFUL) continue;
    const lines = take(section, chars);
    if (lines) parts.push(render(section.title, lines));
  }
  return parts.join('\n\n');
}
