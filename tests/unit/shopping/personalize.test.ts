import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { parseWeightGrams } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { categoryMedians, resolveContext, tagProducts } from '@/lib/shopping/personalize';
import { matchMenu, type MatchedItem } from '@/lib/shopping/products';
import { recommend } from '@/lib/shopping/recommend';
import type { UserContext } from '@/lib/shopping/schemas';
import { PRODUCTS, money } from '@/tests/fixtures/dispensaries/products';

let db: Db;
beforeAll(async () => {
  db = await ready();
});

const menu = (over: Record<string, number> = {}): ScrapedProduct[] =>
  PRODUCTS.map((p) => {
    const price = over[p.id] ?? p.price;
    return {
      rawName: p.name,
      brand: p.brand,
      category: p.category,
      price: money(price),
      priceValue: price,
      weightGrams: parseWeightGrams(p.weight),
      thcPct: p.thc,
      cbdPct: p.cbd,
      strainType: p.strainType,
      url: null,
    };
  });

async function personalize(uc: UserContext | undefined, over?: Record<string, number>) {
  const items = await matchMenu(db, menu(over));
  const ctx = await resolveContext(db, uc);
  const similar = tagProducts(items, ctx);
  const recs = await recommend(items, ctx, { similar, medians: categoryMedians(items), limit: 10 });
  const byName = (raw: string) => items.find((i) => i.product.rawName === raw)!;
  return { items, ctx, recs, byName };
}
const tagsOf = (it: MatchedItem) => it.product.tags;

describe('tags (docs/contract.md §6)', () => {
  it('favorite_in_stock, running_low, bought_before, new_discovery by slug or name', async () => {
    const { byName } = await personalize({
      favorites: [{ name: 'Blue Dream', slug: null, strainType: 'hybrid' }],
      stashItems: [
        { name: 'Jack Herer', slug: 'jack-herer', remainingGrams: 2, strainType: 'sativa' },
        { name: 'OG Kush', slug: null, remainingGrams: 10, strainType: null },
      ],
      recentOrders: [{ name: 'sour diesel', slug: null, purchasedAt: '2026-11-01' }],
      dislikes: [{ name: 'Wedding Cake', slug: null }],
    });
    expect(tagsOf(byName('OMC - Blue Dream 3.5g'))).toContain('favorite_in_stock');
    expect(tagsOf(byName('Packwoods - Blue Dream - Infused Pre Roll - [2.5g]'))).toContain('favorite_in_stock');
    expect(tagsOf(byName('Jack Herer | Sativa | 1/8 oz'))).toContain('running_low');
    expect(tagsOf(byName('OG Kush - Premium Flower 1oz'))).not.toContain('running_low'); // 10 g is not low
    expect(tagsOf(byName('Sour Diesel - 24.8% THC - Eighth'))).toContain('bought_before');
    for (const raw of ['OMC - Blue Dream 3.5g', 'Sour Diesel - 24.8% THC - Eighth', 'OG Kush - Premium Flower 1oz', 'Wedding Cake [14g]']) {
      expect(tagsOf(byName(raw))).not.toContain('new_discovery');
    }
    expect(tagsOf(byName('Northern Lights 0.7g Blend Joint'))).toContain('new_discovery');
  });

  it('similar_to_favorite: same highFamily (Relaxing) as a favorite, not the favorite itself', async () => {
    const { byName } = await personalize({ favorites: [{ name: 'Granddaddy Purple', slug: null, strainType: 'indica' }] });
    // Blue Dream, OG Kush, Northern Lights are Relaxing (myrcene) like Granddaddy Purple
    for (const raw of ['OMC - Blue Dream 3.5g', 'OG Kush - Premium Flower 1oz', 'Northern Lights 0.7g Blend Joint']) {
      expect(tagsOf(byName(raw))).toContain('similar_to_favorite');
    }
    expect(tagsOf(byName('Granddaddy Purple Smalls 7g'))).not.toContain('similar_to_favorite');
    expect(tagsOf(byName('Jack Herer | Sativa | 1/8 oz'))).not.toContain('similar_to_favorite'); // Energizing
  });

  it('matches_preferences needs every given preference', async () => {
    const { byName } = await personalize({
      preferences: { preferredTypes: ['Indica'], thcRange: { min: 20, max: 30 }, budgetRange: { min: null, max: 100 }, preferredCategories: ['flower'] },
    });
    expect(tagsOf(byName('Wedding Cake [14g]'))).toContain('matches_preferences'); // indica 25.5% $90 flower
    expect(tagsOf(byName('Granddaddy Purple Smalls 7g'))).not.toContain('matches_preferences'); // 19.9% THC
    expect(tagsOf(byName('Wedding Cake | Live Resin Cart 1g'))).not.toContain('matches_preferences'); // a vape
    expect(tagsOf(byName('OG Kush - Premium Flower 1oz'))).not.toContain('matches_preferences'); // hybrid, $160
  });

  it('great_deal: price per gram at least 20% below the category median', async () => {
    const { byName, items } = await personalize(undefined);
    const med = categoryMedians(items).get('Flower')!;
    for (const it of items.filter((i) => i.product.category === 'Flower')) {
      const deal = it.product.pricePerGram! <= med * 0.8;
      expect(tagsOf(it).includes('great_deal')).toBe(deal);
    }
    expect(tagsOf(byName('OG Kush - Premium Flower 1oz'))).toContain('great_deal'); // $5.71/g
    expect(tagsOf(byName('GELATO #41 (Indoor) 3.5g'))).not.toContain('great_deal'); // $15.71/g
    // edibles have no weight: never a deal
    expect(items.filter((i) => i.product.category === 'Edible').every((i) => !tagsOf(i).includes('great_deal'))).toBe(true);
  });
});

describe('recommendations', () => {
  const uc: UserContext = {
    favorites: [{ name: 'Blue Dream', slug: null, strainType: 'hybrid' }],
    stashItems: [{ name: 'Jack Herer', slug: null, remainingGrams: 1, strainType: 'sativa' }],
    dislikes: [
      { name: 'OG Kush', slug: null },
      { name: 'Granddaddy Purple', slug: 'granddaddy-purple' },
    ],
  };

  it('ranks 1..n with plain-language reasons, one product per strain, favorites first, disliked never', async () => {
    const { recs } = await personalize(uc);
    expect(recs.length).toBeGreaterThan(3);
    expect(recs.map((r) => r.rank)).toEqual(recs.map((_, i) => i + 1));
    expect(recs[0].product.strainName).toBe('Blue Dream');
    expect(recs[0].reason).toMatch(/favorite/i);
    expect(recs[1].product.strainName).toBe('Jack Herer');
    expect(recs[1].reason).toMatch(/running low on Jack Herer \(1 g left\)/);
    const names = recs.map((r) => r.product.strainName);
    expect(names).not.toContain('OG Kush');
    expect(names).not.toContain('Granddaddy Purple');
    expect(new Set(names).size).toBe(names.length);
    for (const r of recs) expect(r.reason).toMatch(/^[A-Z].+\.$/);
  });

  it('is deterministic', async () => {
    const a = (await personalize(uc)).recs.map((r) => [r.product.rawName, r.reason]);
    const b = (await personalize(uc)).recs.map((r) => [r.product.rawName, r.reason]);
    expect(a).toEqual(b);
  });

  it('a cheaper offer of the same strain represents it; a great deal says by how much', async () => {
    const { recs } = await personalize(undefined, { f7: 100 });
    const og = recs.find((r) => r.product.strainName === 'OG Kush');
    expect(og?.product.rawName).toBe('OG Kush - Premium Flower 1oz');
    expect(og?.reason).toMatch(/\$3\.57\/g it is \d+% below this menu's median flower price/);
  });
});

describe('model re-ranking (hosted model configured)', () => {
  const reply = (obj: unknown) =>
    new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: JSON.stringify(obj) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
        warnings: [],
      }),
    });
  const uc: UserContext = { favorites: [{ name: 'Blue Dream', slug: null, strainType: 'hybrid' }], dislikes: [{ name: 'OG Kush', slug: null }] };

  async function run(model: InstanceType<typeof MockLanguageModelV3>) {
    const items = await matchMenu(db, menu());
    const ctx = await resolveContext(db, uc);
    const similar = tagProducts(items, ctx);
    const base = await recommend(items, ctx, { similar, medians: categoryMedians(items), limit: 5, model: null });
    const out = await recommend(items, ctx, { similar, medians: categoryMedians(items), limit: 5, model });
    return { base, out };
  }

  it('re-orders the scorer list and rephrases reasons, keeping every candidate once', async () => {
    const model = reply({
      order: [
        { index: 2, reason: 'Model pick: bright and cheap today.' },
        { index: 0, reason: 'Your favorite, restocked.' },
        { index: 2, reason: 'duplicate ignored' },
        { index: 99, reason: 'out of range ignored' },
      ],
    });
    const { base, out } = await run(model);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(out.map((r) => r.product.rawName)).toEqual([base[2], base[0], base[1], base[3], base[4]].map((r) => r.product.rawName));
    expect(out.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(out[0].reason).toBe('Model pick: bright and cheap today.');
    expect(out[2].reason).toBe(base[1].reason); // not mentioned by the model: scorer's reason
    expect(out.some((r) => r.product.strainName === 'OG Kush')).toBe(false);
  });

  it('a failing model keeps the scorer order', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => Promise.reject(new Error('rate limited')) });
    const { base, out } = await run(model);
    expect(out).toEqual(base);
  });
});
