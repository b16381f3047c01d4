import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    const k = app.knower;
    const qmd = k.search.status();
    const totals = k.index.totals();
    const queue = k.queue.status();
    const degraded = [qmd.degraded].filter((d): d is string => Boolean(d));
    return {
      status: degraded.length ? 'degraded' : 'ok',
      ...(degraded.length ? { degraded } : {}),
      vault: { path: k.root, ...totals, watching: k.watching(), job: k.job.stats() },
      qmd,
      queue,
      provider: k.agents.provider,
    };
  });
}
