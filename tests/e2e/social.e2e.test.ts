import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, BASE_URL, launch, newTrackedPage } from '@/tests/e2e/browser';
import { checkPage } from '@/tests/e2e/quality';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The sign-in form itself is covered by admin.e2e.test.ts; here the session cookie is set through its API. */
async function signIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/v1/admin/session', { data: { key: ADMIN_KEY } });
  expect(res.status()).toBe(200);
}

async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

describe('admin: social drafts board', () => {
  it('filters, counts live, saves, approves, schedules, and shows a conflict', async () => {
    expect(ADMIN_KEY, 'E2E_ADMIN_KEY must be set by scripts/e2e.ts').not.toBe('');
    // Drafts for the seeded blog posts (published before the default 7-day window).
    const gen = await adminApi<{ created: number; skipped: number }>('POST', '/social/drafts/generate', { since: '2020-01-01T00:00:00Z' });
    expect(gen.created + gen.skipped).toBeGreaterThanOrEqual(25);

    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await signIn(page);
    await page.goto('/admin/social');
    await page.getByRole('heading', { name: 'Social drafts' }).waitFor();
    await page.locator('[data-testid="social-draft"]').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('social-stats').waitFor();
    await checkPage(tp, 'admin-social');
    await page.getByLabel('Platform').selectOption('x');
    const cards = page.locator('[data-testid="social-draft"][data-platform="x"][data-status="draft"]');
    await cards.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid="social-draft"]:not([data-platform="x"])').count()).toBe(0);

    // Follow one card by its draft id (its data-status changes as it moves through the table).
    const id = (await cards.first().locator('textarea').getAttribute('id'))!.replace(/^text-/, '');
    const mine = page.locator(`[data-testid="social-draft"]:has(#text-${id})`);
    const count = mine.getByTestId('char-count');

    // The live count is X's: a link counts 23, an emoji 2.
    await mine.locator('textarea').fill('Short post 👍🏽 https://example.com/a/very/long/path/that/is/longer/than/twenty-three');
    const shown = await count.textContent();
    const tags = (await mine.getByLabel('Hashtags').inputValue()).split(/\s+/).filter(Boolean);
    const expected = 'Short post '.length + 2 + 1 + 23 + (tags.length ? 2 + tags.map((t) => t.length + 1).reduce((a, b) => a + b, 0) + tags.length - 1 : 0);
    expect(shown).toBe(`${expected} / 280`);
    await mine.locator('textarea').fill('x'.repeat(300));
    await expect.poll(() => count.getAttribute('class')).toContain('badge-fail');
    expect(await mine.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await mine.locator('textarea').fill('Edited in the browser');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await mine.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('approved');
    await mine.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('scheduled');

    // Someone else edits it meanwhile: the next action here is refused and both versions shown.
    const current = (await adminApi<{ id: string; version: number }[]>('GET', `/social/drafts?platform=x&status=scheduled&limit=100`)).find((d) => d.id === id)!;
    await adminApi('PATCH', '/social/drafts', { updates: [{ id, version: current.version, text: 'Changed by another editor' }] });
    tp.consoleErrors.length = 0;
    await mine.getByRole('button', { name: 'Mark published' }).click();
    await mine.getByTestId('draft-conflict').waitFor();
    expect(await mine.getByTestId('draft-conflict').textContent()).toContain('Changed by another editor');
    await mine.getByRole('button', { name: 'Load their version' }).click();
    expect(await mine.locator('textarea').inputValue()).toBe('Changed by another editor');
    await mine.getByRole('button', { name: 'Mark published' }).click();
    await expect.poll(() => mine.getAttribute('data-status')).toBe('published');
    expect(await mine.locator('textarea').isDisabled()).toBe(true);
    await tp.context.close();
  });
});

describe('admin: hero images and mascot', () => {
  it('generates a strain hero and a mascot pose', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    await signIn(page);
    await page.goto('/admin/hero-mascot');
    await page.getByRole('heading', { name: 'Hero images & mascot' }).waitFor();
    await page.getByLabel('Subject').selectOption('strain');
    await page.getByLabel('Slug').fill('blue-dream');
    await page.getByRole('button', { name: 'Generate hero' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Generated|reused/ })
      .waitFor({ timeout: 60_000 });
    const hero = page.getByTestId('hero-image').filter({ hasText: 'blue-dream' });
    await hero.waitFor();
    await expect.poll(() => hero.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1600);

    const welcome = page.getByTestId('mascot-pose').filter({ hasText: 'welcome' });
    await welcome.getByRole('button', { name: /Generate image|Regenerate image/ }).click();
    await welcome.locator('img').waitFor({ timeout: 60_000 });
    await expect.poll(() => welcome.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1024);
    await checkPage(tp, 'admin-hero-mascot');
    await tp.context.close();
  });
});
