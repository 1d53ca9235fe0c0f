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

describe('research pages', () => {
  it('searches papers, filters them, and opens a paper', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/research/papers');
    await expect.poll(() => page.getByTestId('paper-item').count(), { timeout: 15_000 }).toBe(20);
    await expect.poll(async () => page.getByTestId('result-count').textContent(), { timeout: 10_000 }).toMatch(/^\d+ papers$/);
    await checkPage(tp, 'papers');

    await page.getByLabel('Search titles and abstracts').fill('entourage');
    await expect.poll(async () => (await page.getByTestId('paper-item').allTextContents()).every((t) => /entourage/i.test(t)), { timeout: 10_000 }).toBe(true);
    const before = await page.getByTestId('paper-item').count();
    expect(before).toBeGreaterThan(1);
    await page.getByLabel('Study type').selectOption('review');
    await expect.poll(async () => (await page.getByTestId('paper-item').allTextContents()).every((t) => /review/.test(t)), { timeout: 10_000 }).toBe(true);

    const first = page.getByTestId('paper-item').first().getByRole('link');
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/research\/papers\/[a-z0-9-]+$/);
    await expect.poll(async () => page.getByTestId('paper-title').textContent(), { timeout: 15_000 }).toBe(title);
    expect(await page.getByRole('heading', { name: 'Citation' }).count()).toBe(1);
    await checkPage(tp, 'paper');
    await tp.context.close();
  });

  it('runs a deep-research question with live stages to a report whose sources link to their pages', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/research/deep');
    await page.getByLabel('Your question').fill('Does the myrcene in Blue Dream help with sleep?');
    await page.getByRole('button', { name: 'Research' }).click();
    await expect.poll(async () => page.getByTestId('deep-progress').getAttribute('data-phase'), { timeout: 60_000 }).toBe('completed');
    await page.getByTestId('deep-report').waitFor();
    expect(await page.locator('[data-stage="complete"][data-state="done"]').count()).toBe(1);
    const links = page.getByTestId('deep-sources').getByRole('link');
    expect(await links.count()).toBeGreaterThan(2);
    expect(
      await page
        .getByTestId('deep-sources')
        .getByRole('link', { name: /Blue Dream/ })
        .getAttribute('href'),
    ).toBe('/strains/blue-dream');
    await checkPage(tp, 'deep-research');
    await tp.context.close();
  });
});
