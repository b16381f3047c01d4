import type { FastifyInstance } from 'fastify';
import { degradedReasons } from '../health/index.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    const k = app.knower;
    const qmd = k.search.status();
    const indexing = k.indexing();
    const queue = k.queue.status();
    const history = k.history.status();
    const provider = k.agents.provider;
    const degraded = degradedReasons({ qmd, watchProblem: k.watchProblem(), history, queue, provider, disks: await k.disks.problems(), ...(k.queueStallMs !== undefined ? { stallMs: k.queueStallMs } : {}) });
    const notices = k.rootNames.notices();
    // "ok" only once search covers the vault; a fault outranks a first pass still under way.
    const status = degraded.length ? 'degraded' : indexing.ready ? 'ok' : 'indexing';
    return {
      status,
      ...(degraded.length ? { degraded } : {}),
      ...(notices.length ? { notices } : {}),
      indexing,
      vault: {
        path: k.root,
        ...k.index.totals(),
        watching: k.watching(),
        job: k.job.stats(),
        frontmatter: k.frontmatter,
        filesystem: { hardLinks: k.filesystem.hardLinks, caseInsensitive: k.filesystem.caseInsensitive },
      },
      qmd,
      history,
      queue,
      provider,
    };
  });
}
