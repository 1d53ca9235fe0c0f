import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelStyle, labelSvg, labelTruth } from '@/tests/fixtures/vision/labels';
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

describe('assistant (/chat)', () => {
  it('streams a grounded comparison with linked sources, keeps the conversation, and reads an attached label photo', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message' }).fill('Compare Sour Diesel vs OG Kush');
    await page.getByRole('button', { name: 'Send' }).click();

    const answer = page.getByRole('article', { name: 'Assistant' }).first();
    await answer.getByRole('table').waitFor({ timeout: 60_000 });
    expect(await answer.getByRole('columnheader').allTextContents()).toEqual(['', 'Sour Diesel', 'OG Kush']);
    const sources = answer.getByRole('navigation', { name: 'Sources' });
    await sources.waitFor();
    expect(await sources.getByRole('link', { name: 'Sour Diesel' }).getAttribute('href')).toBe('/strains/sour-diesel');
    // The conversation list shows it once the answer is stored.
    await page
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: /^Compare Sour Diesel vs OG Kush/ })
      .waitFor({ timeout: 15_000 });

    // A label photo: preview before sending, the label engine's reading in the answer.
    // A generated label that names a strain (some name products only).
    const truth = Array.from({ length: 40 }, (_, i) => labelTruth(21 + i)).find((t) => t.strainName)!;
    const png = await rasterize(labelSvg(truth, { ...labelStyle(1, 'compact'), font: 'DejaVu Sans', size: 18, width: 720, dates: 'us', paper: '#ffffff', ink: '#111111' }), 'png');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-chat-')), 'label.png');
    writeFileSync(file, png);
    await page.getByLabel('Attach photos').setInputFiles(file);
    await page.getByRole('img', { name: 'Photo 1 to send' }).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('What is this?');
    await page.getByRole('button', { name: 'Send' }).click();
    const second = page.getByRole('article', { name: 'Assistant' }).nth(1);
    await expect.poll(() => second.textContent(), { timeout: 120_000 }).toContain(`this label says ${truth.strainName}`);
    expect(await page.getByRole('article', { name: 'You' }).nth(1).getByRole('img').count()).toBe(1);
    await checkPage(tp, 'chat');
    await tp.context.close();
  });
});

describe('daily story (/stories)', () => {
  it("shows the day's story with its strain link and highlights", async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await page.goto('/stories');
    const story = page.getByRole('article', { name: /Strain of the day: / });
    await story.waitFor({ timeout: 60_000 });
    const link = story.getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^\/strains\/[a-z0-9-]+$/);
    expect(await story.getByRole('list', { name: 'Highlights' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    expect((await story.textContent())!.split(/\s+/).length).toBeGreaterThan(150);
    await checkPage(tp, 'stories');
    await tp.context.close();
  });
});
