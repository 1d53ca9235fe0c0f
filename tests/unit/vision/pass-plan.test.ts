import { describe, expect, it } from 'vitest';
import { EMPTY_BELOW, RESCUE_BELOW, rescueFirst, rescueSettles } from '@/lib/vision/pass-plan';

/** When a receipt's faded-print rescue is read before its second preparation, and when it ends the tries (pass-plan.ts). */
describe('the rescue read first on an empty reading of faded print (rescueFirst)', () => {
  it('an empty first reading of a page whose print was repaired: rescue first', () => {
    expect(rescueFirst({ coverage: 0 }, true)).toBe(true);
    expect(rescueFirst({ coverage: EMPTY_BELOW - 0.01 }, true)).toBe(true);
  });

  it('a first reading that found something keeps the old order (second preparation, rescue last)', () => {
    expect(rescueFirst({ coverage: EMPTY_BELOW }, true)).toBe(false);
    expect(rescueFirst({ coverage: 0.5 }, true)).toBe(false);
  });

  it('a page without faded print is never rescued first', () => {
    expect(rescueFirst({ coverage: 0 }, false)).toBe(false);
    expect(rescueFirst({ coverage: 0 }, undefined)).toBe(false);
  });
});

describe('a rescue that settles the page skips the second preparation (rescueSettles)', () => {
  it('a rescue reading no longer failed and better than the first settles it', () => {
    expect(rescueSettles({ coverage: 0.83 }, { coverage: 0 })).toBe(true);
    expect(rescueSettles({ coverage: RESCUE_BELOW }, { coverage: 0.2 })).toBe(true);
  });

  it('a thin rescue, or none (page not stretched), leaves the second preparation to be read', () => {
    expect(rescueSettles({ coverage: RESCUE_BELOW - 0.01 }, { coverage: 0 })).toBe(false);
    expect(rescueSettles(null, { coverage: 0 })).toBe(false);
  });

  it('a rescue no better than the first reading does not settle it', () => {
    expect(rescueSettles({ coverage: 0.2 }, { coverage: 0.2 })).toBe(false);
  });
});
