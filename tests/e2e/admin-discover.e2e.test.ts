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

describe('admin: curated discover lists', () => {
  it('creates a curated list in the dashboard; it is served first on /discover with its strains in order, then deleted', async () => {
    expect(ADMIN_KEY, 'E2E_ADMIN_KEY must be set by scripts/e2e.ts').not.toBe('');
    // Two real catalog strains, in a chosen order (the second before the first).
    const strains = ((await (await fetch(`${BASE_URL}/api/v1/strains?limit=2`)).json()) as { data: { slug: string; name: string }[] }).data;
    expect(strains).toHaveLength(2);
    const order = [strains[1].slug, strains[0].slug];
    const slug = `staff-picks-${Date.now().toString(36)}`;

    const tp = await newTrackedPage(browser);
    const { page } = tp;
    expect((await page.request.post('/api/v1/admin/session', { data: { key: ADMIN_KEY } })).status()).toBe(200);
    await page.goto('/admin/discover');
    await page.getByRole('heading', { name: 'Discover lists' }).waitFor();
    await page.getByTestId('computed-list').first().waitFor({ timeout: 20_000 });
    await checkPage(tp, 'admin-discover');

    const form = page.getByRole('form', { name: 'New curated list' });
    await form.getByLabel('Slug', { exact: true }).fill(slug);
    await form.getByLabel('Title', { exact: true }).fill('Staff picks');
    await form.getByLabel('Description', { exact: true }).fill('What the shop staff reach for');
    await form.getByLabel(/Strain slugs/).fill(order.join('\n'));
    await form.getByRole('button', { name: 'Create list' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const card = page.getByTestId('curated-list').filter({ hasText: slug });
    await card.waitFor();
    expect(await card.textContent()).toContain('2 strains');

    // Served by the public API, curated first, members in the order given.
    const lists = ((await (await fetch(`${BASE_URL}/api/v1/discover`)).json()) as { data: { slug: string; kind: string }[] }).data;
    expect(lists[0]).toMatchObject({ slug, kind: 'curated' });
    const detail = ((await (await fetch(`${BASE_URL}/api/v1/discover/${slug}`)).json()) as { data: { strains: { slug: string }[] } }).data;
    expect(detail.strains.map((s) => s.slug)).toEqual(order);

    // Delete it from the dashboard (confirm dialog accepted): gone from the API too.
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    expect((await fetch(`${BASE_URL}/api/v1/discover/${slug}`)).status).toBe(404);
    await tp.context.close();
  });
});
