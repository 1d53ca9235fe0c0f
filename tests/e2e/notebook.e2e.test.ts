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

const SECTIONS = ['overview', 'effects_breakdown', 'terpene_analysis'];

describe('notebook', () => {
  it('streams a three-section notebook and every section completes', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/notebook');
    await expect.poll(() => page.locator('input[name="section"]').count(), { timeout: 15_000 }).toBe(16);

    // Strain picker backed by the catalog search.
    const picker = page.getByRole('combobox', { name: 'Strain' });
    await picker.fill('Blue Dre');
    await page
      .getByRole('option', { name: /Blue Dream/ })
      .first()
      .click();
    await expect.poll(() => picker.inputValue()).toBe('Blue Dream');
    await page.getByLabel('Grams').fill('3.5');
    await page.getByLabel('Price ($)').fill('40');

    // Exactly the three ai sections, plus one computed chart drawn in the page.
    for (const box of await page.locator('input[name="section"]').all()) {
      const key = await box.getAttribute('value');
      const want = SECTIONS.includes(key ?? '') || key === 'terpene_chart';
      if ((await box.isChecked()) !== want) await box.click();
    }
    await page.getByRole('button', { name: 'Generate notebook' }).click();

    for (const key of SECTIONS) {
      await page.locator(`[data-testid="section-${key}"][data-status="complete"]`).waitFor({ timeout: 90_000 });
    }
    await expect.poll(() => page.getByTestId('overall-progress').textContent(), { timeout: 10_000 }).toBe('3/3 sections · 100%');
    expect(await page.locator('[data-status="failed"]').count()).toBe(0);
    // Streamed content is rendered, not just the status.
    const overview = await page.getByTestId('section-overview').textContent();
    expect(overview).toContain('Blue Dream');
    expect(await page.locator('[data-testid="section-terpene_chart"] [data-testid="terpene-chart"] rect.bar').count()).toBeGreaterThan(0);
    await checkPage(tp, 'notebook');
    await tp.context.close();
  });
});
