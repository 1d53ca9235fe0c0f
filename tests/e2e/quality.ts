import { expect } from 'vitest';
import { a11yBasics, cls, screenshot, type TrackedPage } from '@/tests/e2e/browser';

/** The most layout shift a page may accumulate (Lighthouse calls < 0.1 "good"). */
export const MAX_CLS = 0.1;

/**
 * The checks every page under test passes: no console errors, alt text on images, labelled
 * form controls, layout shift under the bound; then a full-page screenshot for review.
 */
export async function checkPage(tp: TrackedPage, name: string, opts: { ignoreConsole?: RegExp[] } = {}): Promise<void> {
  const file = await screenshot(tp.page, name);
  const errors = tp.consoleErrors.filter((e) => !(opts.ignoreConsole ?? []).some((r) => r.test(e)));
  expect(errors, `console errors on ${name} (failed responses: ${tp.failedResponses.join(', ') || 'none'})`).toEqual([]);
  const a11y = await a11yBasics(tp.page);
  expect(a11y.imagesWithoutAlt, `images without alt on ${name}`).toEqual([]);
  expect(a11y.unlabelledControls, `unlabelled controls on ${name}`).toEqual([]);
  const shift = await cls(tp.page);
  expect(shift.value, `layout shift on ${name}: ${JSON.stringify(shift.shifts)}`).toBeLessThan(MAX_CLS);
  expect(file).toMatch(/\.png$/);
}
