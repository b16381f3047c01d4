import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    const k = app.knower;
    const qmd = k.search.status();
    const indexing = k.indexing();
    const queue = k.queue.status();
    const history = k.history.status();
    const degraded = [qmd.degraded, k.watchProblem(), history.problem && `history and undo unavailable: ${history.problem}`].filter((d): d is string => Boolean(d));
    // "ok" only once search covers the vault; a fault outranks a first pass still under way.
    const status = degraded.length ? 'degraded' : indexing.ready ? 'ok' : 'indexing';
    return {
      status,
      ...(degraded.length ? { degraded } : {}),
      indexing,
      vault: { path: k.root, ...k.index.totals(), watching: k.watching(), job: k.job.stats(), frontmatter: k.frontmatter },
      qmd,
      history,
      queue,
      provider: k.agents.provider,
    };
  });
}
