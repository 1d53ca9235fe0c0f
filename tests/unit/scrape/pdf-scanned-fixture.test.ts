import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { browserAvailable, chromiumPath } from '@/lib/scrape/browser';
import { buildPdfSites } from '@/tests/fixtures/menus-pdf/generate';
import { menuDataPresent } from '@/tests/fixtures/menus-sites/generate';

/**
 * The scanned PDF fixture (tests/fixtures/menus-pdf/scanned.ts) prints fixed-height sheets with
 * overflow hidden: every product its ground truth lists must sit wholly inside a sheet, or the
 * bench counts as missed a row that was never printed.
 */
describe.runIf(browserAvailable() && menuDataPresent())('the scanned PDF fixture in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([13, 29])(
    'prints every ground-truth product wholly inside a sheet (seed %i)',
    async (seed) => {
      const site = buildPdfSites(seed).find((s) => s.layout === 'scanned')!;
      const page = await browser.newPage({ viewport: { width: 900, height: 1100 } });
      try {
        await page.setContent(site.menuHtml, { waitUntil: 'load' });
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll('.sheet')].flatMap((sheet) => {
            const s = sheet.getBoundingClientRect();
            return [...sheet.querySelectorAll('.row')]
              .filter((row) => {
                const r = row.getBoundingClientRect();
                return r.top >= s.top && r.bottom <= s.bottom && r.left >= s.left && r.right <= s.right;
              })
              .map((row) => row.querySelector('.n')?.textContent ?? '');
          }),
        );
        expect(shown.sort()).toEqual(site.products.map((p) => p.name).sort());
      } finally {
        await page.close();
      }
    },
    60_000,
  );
});
