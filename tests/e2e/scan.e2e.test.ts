import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptStyle, receiptSvg, receiptTruth } from '@/tests/fixtures/vision/receipts';
import { rasterize } from '@/tests/fixtures/vision/render';
import { launch, newTrackedPage } from '@/tests/e2e/browser';
import { checkPage } from '@/tests/e2e/quality';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('receipt photo', () => {
  it('parses a generated receipt image and matches its strains', async () => {
    const seed = 7;
    const truth = receiptTruth(seed, 3);
    const png = await rasterize(receiptSvg(truth, receiptStyle(seed), seed), 'png');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-receipt-')), 'receipt.png');
    writeFileSync(file, png);

    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/scan');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(file);
    await page.getByRole('img', { name: 'Selected receipt photo' }).waitFor();
    await page.getByRole('button', { name: 'Parse receipt' }).click();
    await page.getByTestId('receipt-result').waitFor({ timeout: 150_000 });

    const items = page.getByTestId('receipt-item');
    expect(await items.count()).toBeGreaterThanOrEqual(truth.items.length - 1);
    const text = (await page.getByTestId('receipt-result').textContent()) ?? '';
    const found = truth.items.filter((i) => text.toLowerCase().includes((i.strainName ?? i.productName).toLowerCase().split(' ')[0]));
    expect(found.length, `receipt text: ${text}`).toBeGreaterThanOrEqual(Math.max(1, truth.items.length - 1));
    expect(await page.locator('[data-testid="receipt-item"] a[href^="/strains/"]').count()).toBeGreaterThan(0);
    await checkPage(tp, 'scan-receipt');
    await tp.context.close();
  });
});
