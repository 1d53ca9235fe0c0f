import type { Page } from 'playwright-core';
import { markClickTarget } from '@/lib/scrape/browser-gates';
import { SCROLL_END, settlePage, textPrint, waitChange } from '@/lib/scrape/browser-wait';

/**
 * A page that shows no product after its gates may hold its menu where nothing loads until the
 * reader gets there: a lazily loaded part below the fold (a Turbo frame with `loading="lazy"`, an
 * htmx `revealed` trigger, any IntersectionObserver loader), or behind a single "Show menu" /
 * "View menu" button. The page is scrolled to its end (twice, for a loader that adds height),
 * else that button is pressed; true when the page's text changed.
 */
export async function revealMenu(page: Page, interactions: string[]): Promise<boolean> {
  const before = await textPrint(page);
  for (let i = 0; i < 2; i++) {
    await page.evaluate(SCROLL_END).catch(() => undefined);
    await settlePage(page, 2_500);
  }
  if (await waitChange(page, before, 1_500)) {
    interactions.push(`reveal-scroll@${new URL(page.url()).pathname}`);
    return true;
  }
  for (const frame of page.frames()) {
    const token = `reveal-${interactions.length}`;
    if (!(await markClickTarget(frame, 'reveal', token))) continue;
    await frame
      .locator(`[data-scan-click="${token}"]`)
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    interactions.push(`reveal@${new URL(frame.url()).pathname}`);
    await settlePage(page, 3_000);
    return waitChange(page, before, 2_000);
  }
  return false;
}
