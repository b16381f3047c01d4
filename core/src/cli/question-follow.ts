import type { Context } from './context.js';
import { stepLine } from './format/steps.js';
import { asRecord } from './format/text.js';
import type { Watch } from './watch.js';

/**
 * Says what a question is doing while `asking` (the POST that answers it) runs: when the service
 * took it, then each tool call of its search agent, on stderr. The question is recognised by its
 * `question_status` "pending" event (`isOurs`); its steps by its id. Stops when `asking` settles.
 */
export async function followQuestion<T>(ctx: Context, watch: Watch | undefined, isOurs: (question: Record<string, unknown>) => boolean, asking: Promise<T>): Promise<T> {
  if (!watch?.live) return asking;
  const stop = new AbortController();
  const following = (async () => {
    let id: string | undefined;
    for (;;) {
      const event = await watch.next((e) => {
        const data = asRecord(e.data);
        if (id === undefined) return e.type === 'question_status' && data.status === 'pending' && isOurs(data);
        return e.type === 'question_step' && data.id === id;
      }, stop.signal);
      if (!event) return;
      const data = asRecord(event.data);
      if (id === undefined) {
        id = String(data.id);
        ctx.out.warn(`question ${id}: the search agent is looking…`);
      } else {
        ctx.out.writeErr(`${stepLine(data.step)}\n`);
      }
    }
  })();
  try {
    return await asking;
  } finally {
    stop.abort();
    await following;
  }
}
