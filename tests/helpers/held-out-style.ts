import { expect } from 'vitest';
import { buildSites, HELDOUT_STYLES, splitOf, STYLES, TAILWIND_TECHNIQUES, type Style, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';

/** The fixture tests of the held-out markup styles (menus-fixtures-<style>.test.ts): what they share. */

/** A discounted flower card every style's card test renders. */
export const SALE_CARD: TruthProduct = { id: '9', name: 'Blue Dream 3.5g', brand: 'Kure', category: 'Flower', label: 'Flower', price: 25, regularPrice: 35, thc: 21.5 };

export const money = (v: number) => `$${v.toFixed(2)}`;

/** One style's generated sites, and its site of one technique. */
export function styleSites(style: Style) {
  const sites = () => buildSites().filter((s) => s.style === style);
  const site = (technique: string) => buildSites().find((s) => s.key === `${technique}-${style}`)!;
  return { sites, site };
}

/** A held-out style: not among the seven tuned ones, built for every TAILWIND_TECHNIQUES technique, each site scored as held out and serving the grid site's products. */
export function expectHeldOutStyle(style: Style): void {
  expect(HELDOUT_STYLES).toContain(style);
  expect(STYLES).not.toContain(style);
  const { sites } = styleSites(style);
  expect(sites().map((s) => s.technique)).toEqual([...TAILWIND_TECHNIQUES]);
  for (const s of sites()) {
    expect(splitOf(s)).toBe('held-out');
    expect(s.products).toEqual(buildSites().find((x) => x.key === `${s.technique}-grid`)!.products);
  }
}
