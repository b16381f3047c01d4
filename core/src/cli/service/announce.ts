import type { Context } from '../context.js';
import type { HttpClient } from '../http-client.js';
import type { ProbedHealth } from './health-probe.js';
import { followIndexing, type Followed } from './readiness.js';

/**
 * What a person needs once the service answers: which frontmatter mode it chose and why, then
 * indexing progress (see followIndexing). The caller prints the URL last.
 */
export async function announceService(ctx: Context, client: HttpClient, health: ProbedHealth, wait: boolean): Promise<Followed> {
  const frontmatter = health.vault.frontmatter;
  if (frontmatter) ctx.out.say(`Frontmatter: ${frontmatter.mode} — ${frontmatter.reason}`);
  const followed = await ctx.interruptible((signal) => followIndexing(health, { client, out: ctx.out, wait, signal }));
  if (followed === 'interrupted') ctx.out.say('Stopped waiting: Knower keeps indexing in the background (./knower status shows how far it is).');
  return followed;
}
