import type { Browser } from 'playwright-core';
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

/** A plausible, unique strain name (letters only: the research check rejects digit-heavy names). */
function uniqueName(): string {
  const letters = Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'klmnoprstu'[Number(d)]);
  return `Velvet Quasar ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

describe('admin dashboard', () => {
  it('signs in with the admin key, reviews and approves a research draft', async () => {
    expect(ADMIN_KEY, 'E2E_ADMIN_KEY must be set by scripts/e2e.ts').not.toBe('');
    const name = uniqueName();

    const tp = await newTrackedPage(browser);
    const { page } = tp;

    // 1. Submit the strain through the public research page.
    await page.goto('/research');
    await page.getByLabel('Strain name').fill(name);
    await page.getByLabel('THC %').fill('21');
    await page.getByRole('button', { name: 'Submit for research' }).click();
    await page.locator('[data-testid="research-result"][data-status="queued"]').waitFor({ timeout: 30_000 });
    await checkPage(tp, 'research');

    // 2. The dashboard is behind the sign-in; a wrong key is refused, the key never lands in a page script.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await checkPage(tp, 'admin-sign-in');
    await page.getByLabel('Admin key').fill('definitely-not-the-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'ADMIN_AUTH_INVALID' }).waitFor();
    tp.consoleErrors.length = 0; // the refused sign-in's 401 is expected
    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 15_000 });
    const cookies = await tp.context.cookies(BASE_URL);
    const session = cookies.find((c) => c.name === 'ci_admin_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(session?.value).not.toContain(ADMIN_KEY);
    expect(await page.evaluate(() => document.cookie)).not.toContain('ci_admin_session');
    const html = await page.content();
    expect(html).not.toContain(ADMIN_KEY);
    // The overview reads the catalog, queue and runs through the admin API with the cookie alone.
    await page.locator('[data-testid="stat"] .stat-value:not(.skeleton)').first().waitFor({ timeout: 15_000 });
    await page.locator('[aria-labelledby="cat-h"] dl.kv').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(
        () =>
          page
            .getByRole('link', { name: /Research queue/ })
            .locator('.stat-value')
            .textContent(),
        { timeout: 15_000 },
      )
      .toMatch(/^\d+$/);
    await checkPage(tp, 'admin-overview');

    // 3. The research task drafts a profile; wait for it in the review queue and approve it.
    await page.goto('/admin/research');
    const card = page.getByTestId('submission').filter({ hasText: name });
    await expect
      .poll(
        async () => {
          if ((await card.count()) === 0 || (await card.first().getAttribute('data-status')) !== 'pending_review') {
            await page.getByRole('button', { name: 'Refresh' }).click();
            await page.waitForTimeout(1000);
          }
          return (await card.count()) > 0 ? card.first().getAttribute('data-status') : null;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe('pending_review');
    await checkPage(tp, 'admin-research');
    await card.first().getByRole('button', { name: 'Approve' }).click();
    await card.first().getByRole('status').filter({ hasText: 'Approved' }).waitFor({ timeout: 15_000 });

    // 4. The approved strain is in the public catalog.
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    const res = await page.request.get(`/api/v1/strains/slug/${slug}`);
    expect(res.status()).toBe(200);
    expect((await res.json()).data.name).toBe(name);
    await tp.context.close();
  });

  it('shows runs, scan cache, blog images, landing cards and rate limits to a signed-in admin', async () => {
    const tp = await newTrackedPage(browser);
    const { page } = tp;
    const signIn = await page.request.post('/api/v1/admin/session', { data: { key: ADMIN_KEY } });
    expect(signIn.status()).toBe(200);

    await page.goto('/admin/runs');
    await page.getByTestId('run-row').first().waitFor({ timeout: 15_000 });
    await checkPage(tp, 'admin-runs');

    await page.goto('/admin/rate-limits');
    await expect.poll(() => page.getByTestId('rate-tier').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
    await checkPage(tp, 'admin-rate-limits');

    await page.goto('/admin/scan-cache');
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    await checkPage(tp, 'admin-scan-cache');

    // Blog: preview a post's prompt, generate its image, see it in place.
    await page.goto('/admin/blog');
    const post = page.getByTestId('blog-post').first();
    await post.waitFor({ timeout: 15_000 });
    await post.getByRole('button', { name: 'Preview prompt' }).click();
    await post.locator('pre.json').waitFor({ timeout: 15_000 });
    expect(((await post.locator('pre.json').textContent()) ?? '').length).toBeGreaterThan(20);
    await post.getByRole('button', { name: /Generate image|Regenerate image/ }).click();
    const blogImg = post.locator('img.preview-img');
    await blogImg.waitFor({ timeout: 60_000 });
    await expect.poll(() => blogImg.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await checkPage(tp, 'admin-blog');

    // Landing cards: generate one card's illustration.
    await page.goto('/admin/landing');
    const landing = page.getByTestId('landing-card').first();
    await landing.waitFor({ timeout: 15_000 });
    await landing.getByRole('button', { name: /Generate image|Regenerate image/ }).click();
    const landingImg = landing.locator('img.preview-img');
    await landingImg.waitFor({ timeout: 60_000 });
    await expect.poll(() => landingImg.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await checkPage(tp, 'admin-landing');

    // Signing out drops the session: the admin API refuses the browser again.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    // (A development server skips admin checks by design, so the refusal is asserted on production builds.)
    const health = await (await page.request.get('/api/v1/health')).json();
    if (health.data.environment === 'production') expect((await page.request.get('/api/v1/admin/runs')).status()).toBe(401);
    await tp.context.close();
  });
});
