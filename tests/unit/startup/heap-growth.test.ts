/**
 * The server bounds V8's old-space growth at start (V8_HEAP_GROWING_PERCENT): the flag is passed
 * to V8 with the configured percentage, and 0 leaves V8's own heuristic alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', async (orig) => ({ ...(await orig<typeof import('node:v8')>()), setFlagsFromString }));

afterEach(() => setFlagsFromString.mockClear());

describe('applyHeapGrowth', () => {
  it('sets --heap-growing-percent to the configured value', async () => {
    const { applyHeapGrowth } = await import('@/lib/startup');
    applyHeapGrowth(100);
    expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith('--heap-growing-percent=100');
  });

  it('0 keeps V8 heuristic (no flag set)', async () => {
    const { applyHeapGrowth } = await import('@/lib/startup');
    applyHeapGrowth(0);
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });

  it('the default is 100', async () => {
    const { config, resetConfig } = await import('@/lib/config');
    const saved = process.env.V8_HEAP_GROWING_PERCENT;
    delete process.env.V8_HEAP_GROWING_PERCENT;
    resetConfig();
    try {
      expect(config().hotpath.heapGrowingPercent).toBe(100);
    } finally {
      if (saved !== undefined) process.env.V8_HEAP_GROWING_PERCENT = saved;
      resetConfig();
    }
  });
});
