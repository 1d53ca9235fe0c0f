import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newTrackedPage } from '@/tests/e2e/browser';
import { checkPage } from '@/tests/e2e/quality';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('catalog pages', () => {
  it('home shows live catalog numbers', async () => {
    const tp = await newTrackedPage(browser);
    await tp.page.goto('/');
    const first = tp.page.getByTestId('stat').first().locator('.stat-value');
    await expect.poll(async () => Number((await first.textContent())?.replace(/,/g, '')), { timeout: 15_000 }).toBeGreaterThan(100);
    await checkPage(tp, 'home');
    await tp.context.close();
  });

  it('searches as you type, filters, and opens a complete profile', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/strains');
    await expect.poll(() => page.getByTestId('strain-card').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await checkPage(tp, 'strains');

    await page.getByLabel('Search', { exact: true }).fill('blue dre');
    const card = page.getByTestId('strain-card').filter({ hasText: 'Blue Dream' }).first();
    await card.waitFor({ timeout: 15_000 });

    // A filter narrows the search hits in place (Blue Dream is a sativa-leaning hybrid in the seed).
    await page.getByLabel('Type', { exact: true }).selectOption('indica');
    await expect.poll(() => page.getByTestId('strain-card').filter({ hasText: 'Blue Dream' }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByLabel('Type', { exact: true }).selectOption('');
    await card.waitFor({ timeout: 10_000 });

    await card.click();
    await page.waitForURL(/\/strains\/blue-dream$/);
    await expect.poll(async () => page.getByTestId('strain-name').textContent(), { timeout: 15_000 }).toBe('Blue Dream');
    expect(await page.locator('[data-testid="terpene-chart"] rect.bar').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Similar strains' }).count()).toBe(1);
    await checkPage(tp, 'strain-profile');
    await tp.context.close();
  });

  it('renders the profile in dark mode on a phone-sized screen', async () => {
    const tp = await newTrackedPage(browser, { colorScheme: 'dark', width: 390 });
    await tp.page.goto('/strains/blue-dream');
    await tp.page.getByTestId('strain-name').waitFor({ timeout: 15_000 });
    const bg = await tp.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(17, 21, 17)');
    await checkPage(tp, 'strain-profile-dark-mobile');
    await tp.context.close();
  });
});
