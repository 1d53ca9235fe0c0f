import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverMenuUrls, parseSitemap, robotsSitemaps, sameSite, scoreMenuUrl } from '@/lib/scrape/sitemap';
import { isWildcardUrl, matchingLinks, wildcardPattern } from '@/lib/scrape/wildcard';
import { startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';

describe('robots.txt and sitemap parsing', () => {
  it('reads every Sitemap line, case-insensitively, resolving relative ones', () => {
    const robots = 'User-agent: *\nDisallow: /admin\nSitemap: https://shop.test/a.xml\nsitemap:/b.xml\n# Sitemap: https://shop.test/commented.xml\n';
    expect(robotsSitemaps(robots, 'https://shop.test/robots.txt')).toEqual(['https://shop.test/a.xml', 'https://shop.test/b.xml']);
  });
  it('separates sitemap indexes from url sets', () => {
    const index = '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc> https://s.test/1.xml </loc></sitemap></sitemapindex>';
    const set = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://s.test/menu</loc></url><url><loc>https://s.test/about</loc></url></urlset>';
    expect(parseSitemap(index)).toEqual({ sitemaps: ['https://s.test/1.xml'], urls: [] });
    expect(parseSitemap(set)).toEqual({ sitemaps: [], urls: ['https://s.test/menu', 'https://s.test/about'] });
  });
  it('ranks menu-like paths above others and drops blog/about/contact', () => {
    const start = new URL('https://shop.test/');
    const score = (p: string) => scoreMenuUrl(new URL(p, start), start);
    expect(score('/menu')).toBeGreaterThan(score('/shop'));
    expect(score('/shop/flower')).toBeGreaterThan(0);
    expect(score('/products/blue-dream')).toBeGreaterThan(0);
    for (const p of ['/about-us', '/blog/menu-tips', '/contact', '/privacy-policy']) expect(score(p)).toBeLessThanOrEqual(0);
  });
  it('treats subdomains of one registrable domain as one site, IP hosts by host:port', () => {
    expect(sameSite(new URL('https://menu.shop.com/x'), new URL('https://www.shop.com/'))).toBe(true);
    expect(sameSite(new URL('https://shop.com/'), new URL('https://evil.com/'))).toBe(false);
    expect(sameSite(new URL('http://127.0.0.1:3000/'), new URL('http://127.0.0.1:4000/'))).toBe(false);
  });
});

describe('wildcard patterns', () => {
  it.each([
    [
      'https://shop.test/menu/*',
      'https://shop.test/menu/',
      ['https://shop.test/menu/', 'https://shop.test/menu/flower', 'https://shop.test/menu/flower?page=2', 'https://shop.test/menu/a/b#x'],
      ['https://shop.test/about', 'https://shop.test/menus', 'https://other.test/menu/x'],
    ],
    ['https://shop.test/menu/page-*', 'https://shop.test/menu/', ['https://shop.test/menu/page-2'], ['https://shop.test/menu/flower']],
    ['https://SHOP.test:443/c/*/products', 'https://shop.test/c/', ['https://shop.test/c/flower/products'], ['https://shop.test/c/flower/deals']],
  ])('%s', (pattern, start, yes, no) => {
    expect(isWildcardUrl(pattern)).toBe(true);
    const p = wildcardPattern(pattern);
    expect(p.start).toBe(start);
    for (const u of yes) expect([u, p.test(u)]).toEqual([u, true]);
    for (const u of no) expect([u, p.test(u)]).toEqual([u, false]);
  });
  it('collects matching same-origin links only', () => {
    const p = wildcardPattern('https://shop.test/menu/*');
    const html = `<a href="/menu/flower">F</a><a href="flower?page=2#top">F2</a><a href="/about">A</a><a href="https://evil.test/menu/x">E</a><a href="javascript:void(0)">J</a><a href="/menu/flower#dup">F</a>`;
    expect(matchingLinks(html, 'https://shop.test/menu/', p).sort()).toEqual(['https://shop.test/menu/flower', 'https://shop.test/menu/flower?page=2']);
  });
});

describe('discoverMenuUrls against the fixture sitemap site', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    server = await startFixtureServer();
  });
  afterAll(async () => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    await server.close();
  });

  it('follows robots.txt → sitemap index → url sets and returns the menu page first', async () => {
    const { urls, sitemapsRead } = await discoverMenuUrls(server.menuUrl('sitemap'));
    expect(urls[0]).toBe(`${server.secondOrigin}/sitemap-site/shop/full-menu`);
    expect(urls.some((u) => /about|contact|blog/.test(u))).toBe(false);
    expect(sitemapsRead).toEqual([`${server.secondOrigin}/sitemap_index.xml`, `${server.secondOrigin}/sitemaps/pages.xml`, `${server.secondOrigin}/sitemaps/shop.xml`]);
  });
  it('returns nothing for a site without robots.txt or sitemaps', async () => {
    const { urls, sitemapsRead } = await discoverMenuUrls(server.menuUrl('static'));
    expect(urls).toEqual([]);
    expect(sitemapsRead).toEqual([]);
  });
  it('refuses to read sitemaps on refused addresses', async () => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    const { urls } = await discoverMenuUrls(server.menuUrl('sitemap'));
    expect(urls).toEqual([]);
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  });
});
