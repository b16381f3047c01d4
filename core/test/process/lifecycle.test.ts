import { describe, expect, it } from 'vitest';
import { startInOrder, type RunningParts } from '../../src/lifecycle.js';
import { silentLogger } from '../../src/logger.js';

/** A step that finishes when told to, recording when it was reached. */
function gate(name: string, steps: string[]) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    run: async () => {
      steps.push(name);
      await done;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("the service's start-up", () => {
  it('collects garbage once, after the first pass and the history have caught up', async () => {
    const steps: string[] = [];
    const pass = gate('first pass', steps);
    const catchUp = gate('history catch-up', steps);
    let historyStarted = false;
    const parts: RunningParts = {
      sync: { ready: Promise.resolve(), problem: () => undefined, close: async () => undefined } as unknown as RunningParts['sync'],
      job: { start: pass.run, whenIdle: async () => undefined, stats: () => ({ pending: 0 }), close: () => undefined } as unknown as RunningParts['job'],
      treeWriter: { whenIdle: async () => undefined, cancel: () => undefined },
      queue: { start: async () => undefined, close: async () => undefined },
      history: {
        start: () => {
          historyStarted = true;
        },
        whenIdle: () => (historyStarted ? catchUp.run() : Promise.resolve()),
        close: async () => undefined,
      } as unknown as RunningParts['history'],
      search: { close: async () => undefined },
      release: () => undefined,
      log: silentLogger,
      collectGarbage: () => steps.push('garbage collected'),
    };
    const lifecycle = startInOrder(parts);
    await tick();
    expect(steps).toEqual(['first pass']);
    pass.open();
    await tick();
    expect(steps).toEqual(['first pass', 'history catch-up']);
    // Nothing collected while the history still catches up.
    await tick();
    expect(steps).not.toContain('garbage collected');
    catchUp.open();
    await tick();
    expect(steps).toEqual(['first pass', 'history catch-up', 'garbage collected']);
    await lifecycle.whenSettled();
    expect(steps.filter((s) => s === 'garbage collected')).toHaveLength(1);
  });
});
