import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';
import { launch, newTrackedPage } from '@/tests/e2e/browser';
import { checkPage } from '@/tests/e2e/quality';

let browser: Browser;
let fixture: FixtureServer;
beforeAll(async () => {
  [browser, fixture] = await Promise.all([launch(), startFixtureServer()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), fixture?.close()]);
});

// Records every stage label the page shows while the run is in flight.
const WATCH_STAGES = `
  window.__stages = [];
  const seen = () => {
    const el = document.querySelector('[data-testid="scan-stage"]');
    const t = el && el.textContent;
    if (t && window.__stages[window.__stages.length - 1] !== t) window.__stages.push(t);
  };
  new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
`;

describe('menu scan', () => {
  it('scans a loopback fixture menu with live stages and shows the results', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/shop');
    await page.evaluate(WATCH_STAGES);
    await page.getByLabel('Dispensary name').fill('Green Fixture Co');
    await page.getByLabel('Menu URLs').fill(fixture.menuUrl('static'));
    await page.getByRole('button', { name: 'Scan menu' }).click();

    await page.locator('[data-testid="scan-progress"][data-phase="completed"], [data-testid="scan-progress"][data-phase="failed"]').waitFor({ timeout: 120_000 });
    const error = await page.locator('[data-testid="scan-progress"] [role="alert"]').allTextContents();
    expect(error).toEqual([]);
    expect(await page.getByTestId('scan-progress').getAttribute('data-phase')).toBe('completed');

    // Every stage ticked off, and the page showed intermediate stages while it ran.
    const states = await page.locator('.stage-list li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(Array(7).fill('done'));
    const stages = (await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages)) as string[];
    expect(
      stages.some((s) => /%$/.test(s)),
      `stages seen: ${stages.join(' | ')}`,
    ).toBe(true);
    expect(stages[stages.length - 1]).toBe('Complete');

    const products = await page.getByTestId('product-row').count();
    expect(products).toBeGreaterThan(3);
    expect(Number(await page.getByTestId('products-count').textContent())).toBe(products);
    expect(await page.locator('[data-testid="product-row"] a[href^="/strains/"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('recommendation').count()).toBeGreaterThan(0);
    expect((await page.getByTestId('recommendation').first().textContent())?.length).toBeGreaterThan(20);
    const shot = page.locator('img.screenshot');
    if (await shot.count()) expect(await shot.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(fixture.requests.main.length).toBeGreaterThan(0);
    await checkPage(tp, 'shop');

    // A second scan of the same menu answers from the cache at once.
    await page.getByRole('button', { name: 'Scan menu' }).click();
    await expect.poll(() => page.getByTestId('scan-stage').textContent(), { timeout: 30_000 }).toBe('Served from cache');
    await tp.context.close();
  });
});
