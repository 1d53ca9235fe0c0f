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

describe('discover', () => {
  it('lists the computed lists, opens one and pages through its strains', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/discover');
    await expect.poll(() => page.getByTestId('discover-card').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
    await checkPage(tp, 'discover');
    await page.getByTestId('discover-card').filter({ hasText: 'Newest in the catalog' }).click();
    await page.waitForURL(/\/discover\/newest$/);
    await expect.poll(async () => page.getByTestId('discover-title').textContent(), { timeout: 15_000 }).toBe('Newest in the catalog');
    await expect.poll(() => page.getByTestId('strain-card').count(), { timeout: 15_000 }).toBe(12);
    const first = await page.getByTestId('strain-card').first().textContent();
    await page.getByTestId('next-page').click();
    await expect.poll(async () => page.getByTestId('strain-card').first().textContent(), { timeout: 15_000 }).not.toBe(first);
    await checkPage(tp, 'discover-list');
    await tp.context.close();
  });

  it('shows the music card on a strain page', async () => {
    const tp = await newTrackedPage(browser);
    await tp.page.goto('/strains/blue-dream');
    await tp.page.getByTestId('music-card').waitFor({ timeout: 20_000 });
    expect(await tp.page.locator('[data-testid="music-card"] rect.bar').count()).toBe(3);
    expect(await tp.page.getByTestId('music-card').textContent()).toMatch(/BPM/);
    await tp.context.close();
  });
});

describe('dispensaries', () => {
  it('a scanned menu appears in /dispensaries with its price chart', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    // A scan through the shop page makes the dispensary row (the pipeline's hook).
    await page.goto('/shop');
    await page.getByLabel('Dispensary name').fill('Content Fixture Dispensary');
    await page.getByLabel('Menu URLs').fill(fixture.menuUrl('jsonld'));
    await page.getByRole('button', { name: 'Scan menu' }).click();
    await page.locator('[data-testid="scan-progress"][data-phase="completed"], [data-testid="scan-progress"][data-phase="failed"]').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('scan-progress').getAttribute('data-phase')).toBe('completed');

    await page.goto('/dispensaries');
    const card = page.getByTestId('dispensary-card').filter({ hasText: 'Content Fixture Dispensary' });
    await card.first().waitFor({ timeout: 20_000 });
    await checkPage(tp, 'dispensaries');
    await page.getByTestId('dispensary-search').fill('content fixture');
    await expect.poll(() => page.getByTestId('dispensary-card').count(), { timeout: 10_000 }).toBe(1);
    await card.first().click();
    await page.waitForURL(/\/dispensaries\/[^/]+$/);
    await expect.poll(async () => page.getByTestId('dispensary-name').textContent(), { timeout: 15_000 }).toBe('Content Fixture Dispensary');
    expect(await page.locator('[data-testid="price-chart"] rect.bar').count()).toBeGreaterThan(0);
    await checkPage(tp, 'dispensary');
    await tp.context.close();
  });
});
