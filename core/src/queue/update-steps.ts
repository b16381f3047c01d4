import type { UpdateInput } from '../agents/index.js';
import type { EventBus, UpdateStep } from '../events/index.js';
import type { Logger } from '../logger.js';

/** Steps kept on an update's record: the latest ones (a long run keeps its end, where it finished). */
export const KEPT_STEPS = 40;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' || !value) return undefined;
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** One tool call as a step: the tool, the path it touched (or the words it searched), the outcome. */
export function stepOf(n: number, at: Date, call: { name: string; input: unknown }, result: { content: string; isError?: boolean }): UpdateStep {
  const input = call.input !== null && typeof call.input === 'object' ? (call.input as Record<string, unknown>) : {};
  const path = text(input.path, 300) ?? text(input.from, 300);
  const to = text(input.to, 300);
  const query = call.name === 'search' ? text(input.query, 200) : undefined;
  return {
    n,
    at: at.toISOString(),
    tool: text(call.name, 40) ?? 'tool',
    ...(path !== undefined ? { path } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(query !== undefined ? { query } : {}),
    ok: !result.isError,
    ...(result.isError ? { error: text(result.content, 300) ?? 'failed' } : {}),
  };
}

/** The steps with one more, capped at the latest KEPT_STEPS. */
export function withStep(steps: readonly UpdateStep[], step: UpdateStep): UpdateStep[] {
  return [...steps.slice(-(KEPT_STEPS - 1)), step];
}

export interface StepFields {
  steps: UpdateStep[];
  step_count: number;
}

/**
 * Follows one run's tool calls: each becomes a step, published at once as `update_step` and
 * handed to `keep` with the capped list. A fault here is logged, never thrown into the run.
 */
export function recordSteps(
  id: string,
  deps: { clock: () => Date; bus: EventBus; log: Logger },
  keep: (fields: StepFields) => void,
): { onToolCall: NonNullable<UpdateInput['onToolCall']>; fields: () => StepFields } {
  let steps: UpdateStep[] = [];
  let count = 0;
  return {
    onToolCall(call, result) {
      try {
        const step = stepOf(++count, deps.clock(), call, result);
        steps = withStep(steps, step);
        keep({ steps, step_count: count });
        deps.bus.publish({ type: 'update_step', data: { id, step } });
      } catch (err) {
        deps.log.warn({ id, err }, 'could not record an update step');
      }
    },
    fields: () => ({ steps, step_count: count }),
  };
}
