import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './after-load.ts';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a later task, not among the current task’s microtasks', async () => {
    let resolved = false;
    const waiting = nextTask().then(() => {
      resolved = true;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(resolved).toBe(false);
    await waiting;
    expect(resolved).toBe(true);
  });

  it('uses the browser’s scheduler.yield where there is one', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledOnce();
  });
});
