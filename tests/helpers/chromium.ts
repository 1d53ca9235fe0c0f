import { browserAvailable, chromiumPath } from '@/lib/scrape/browser';

/**
 * Browser tests on a machine without Chromium are skipped, visibly (the reason is in the test's
 * name), never passed by returning early. CI installs Chromium and sets REQUIRE_CHROMIUM=1: there
 * nothing is skipped, so a missing browser fails the run instead of thinning it.
 */
export const hasChromium = browserAvailable();
export const chromiumRequired = process.env.REQUIRE_CHROMIUM === '1';
/** The skip condition for `it.skipIf` / `describe.skipIf`. */
export const noChromium = !hasChromium && !chromiumRequired;
/** Appended to the names of browser tests, so that a skip says why. */
export const needsChromium = noChromium ? ` [skipped: no Chromium at ${chromiumPath()}]` : '';
