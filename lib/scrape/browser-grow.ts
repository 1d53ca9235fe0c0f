import type { Page } from 'playwright-core';
import { abortError } from '@/lib/scrape/errors';
import { markClickTarget } from '@/lib/scrape/browser-gates';
import { dismissOverlays } from '@/lib/scrape/browser-overlays';
import { domSize, SCROLL_END, waitGrowth } from '@/lib/scrape/browser-wait';
import type { RenderOptions } from '@/lib/scrape/browser-page';

/**
 * Lazy lists and "Load more" buttons (moved out of browser-page.ts): scroll every frame to its
 * end and press the "load more" control until the document stops growing; a pop-up laid over the
 * page since the last round is closed first (browser-overlays.ts).
 */

/** Scroll / "load more" rounds until nothing new appears; answers the rounds that grew the menu. */
export async function growMenu(page: Page, maxRounds: number, interactions: string[], opts: RenderOptions): Promise<number> {
  let prev = await domSize(page);
  let grew = 0;
  let idle = 0;
  for (let round = 0; grew < maxRounds && idle < 2; round++) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    // Scroll to the end; a page too short to scroll still hears a scroll event (lists that load
    // on scroll but start shorter than the window).
    for (const f of page.frames()) await f.evaluate(SCROLL_END).catch(() => undefined);
    let clicked = false;
    // A pop-up that appeared since (a newsletter offer shown after a delay) would take the click.
    await dismissOverlays(page, interactions);
    for (const frame of page.frames()) {
      const token = `more-${interactions.length}-${round}`;
      if (!(await markClickTarget(frame, 'more', token))) continue;
      const target = frame.locator(`[data-scan-click="${token}"]`);
      if ((await target.count().catch(() => 0)) > 0) {
        await target
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        clicked = true;
        interactions.push(`more@${new URL(frame.url()).pathname}`);
      }
      break;
    }
    const size = await waitGrowth(page, prev, clicked ? 4_000 : 1_500);
    if (size > prev) {
      prev = size;
      grew++;
      idle = 0;
      opts.onRound?.(`${page.url()}#${clicked ? 'load-more' : 'scroll'}-${grew}`);
    } else if (!clicked) break;
    else idle++;
  }
  return grew;
}
