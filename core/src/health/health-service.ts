import type { Agents } from '../agents/index.js';
import type { VaultLayout } from '../api/index.js';
import type { History } from '../history/index.js';
import { INBOX_DIR, REVIEW_FILE } from '../inbox/index.js';
import type { BackgroundJob, IndexingProgress } from '../jobs/index.js';
import type { UpdateQueue } from '../queue/index.js';
import type { SearchEngine } from '../search/index.js';
import type { Filesystem, FrontmatterChoice, RootNames, VaultIndex } from '../vault/index.js';
import type { DiskWatch } from './disk-space.js';
import { degradedReasons, searchNotices } from './health-report.js';

/** What /health looks at: each service's own status, never its internals. */
export interface HealthDeps {
  root: string;
  search: Pick<SearchEngine, 'status'>;
  queue: Pick<UpdateQueue, 'status'>;
  history: Pick<History, 'status'>;
  agents: Pick<Agents, 'provider'>;
  disks: Pick<DiskWatch, 'problems'>;
  rootNames: Pick<RootNames, 'notices'>;
  index: Pick<VaultIndex, 'totals'>;
  job: Pick<BackgroundJob, 'stats'>;
  frontmatter: FrontmatterChoice;
  filesystem: Filesystem;
  watching(): boolean;
  watchProblem(): string | undefined;
  indexing(): IndexingProgress;
  /** A running update silent this long is reported stuck. */
  stallMs?: number;
}

export type HealthService = ReturnType<typeof createHealth>;

/** The paths the web app shows the inbox by: from the inbox's own layout. */
const LAYOUT: VaultLayout = { inbox: INBOX_DIR, review: REVIEW_FILE };

/** The service's health in one report: what GET /health answers and `knower status` prints. */
export function createHealth(deps: HealthDeps) {
  return {
    async report() {
      const qmd = deps.search.status();
      const indexing = deps.indexing();
      const queue = deps.queue.status();
      const history = deps.history.status();
      const provider = deps.agents.provider;
      const degraded = degradedReasons({
        qmd,
        watchProblem: deps.watchProblem(),
        history,
        queue,
        provider,
        disks: await deps.disks.problems(),
        ...(deps.stallMs !== undefined ? { stallMs: deps.stallMs } : {}),
      });
      const notices = [...deps.rootNames.notices(), ...searchNotices(qmd)];
      // "ok" only once search covers the vault; a fault outranks a first pass still under way.
      const status = degraded.length ? 'degraded' : indexing.ready ? 'ok' : 'indexing';
      return {
        status,
        ...(degraded.length ? { degraded } : {}),
        ...(notices.length ? { notices } : {}),
        indexing,
        vault: {
          path: deps.root,
          layout: LAYOUT,
          ...deps.index.totals(),
          watching: deps.watching(),
          job: deps.job.stats(),
          frontmatter: deps.frontmatter,
          filesystem: { hardLinks: deps.filesystem.hardLinks, caseInsensitive: deps.filesystem.caseInsensitive },
        },
        qmd,
        history,
        queue,
        provider,
      };
    },
  };
}
