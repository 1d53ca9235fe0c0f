import type { CatalogPort } from '@/lib/notebooks/analysis';
import type { OrderInputT } from '@/lib/notebooks/input';
import type { Strain } from '@/lib/strains/types';

/** A realistic three-item order: label data for two items, the third left for the catalog. */
export const ORDER: OrderInputT = {
  orderItems: [
    {
      strainName: 'Blue Dream',
      grams: 3.5,
      price: 45,
      thcPct: 21,
      type: 'hybrid',
      terpenes: [
        { name: 'beta-Myrcene', percentage: 0.62 },
        { name: 'Pinene', percentage: 0.31 },
        { name: 'b-Caryophyllene', percentage: 0.18 },
      ],
      effects: ['relaxed', 'happy', 'creative'],
      aromas: ['berry', 'sweet'],
    },
    {
      strainName: 'Sour Diesel',
      grams: 7,
      price: 70,
      thcPct: 24.5,
      type: 'sativa',
      terpenes: [
        { name: 'Limonene', percentage: 0.48 },
        { name: 'Caryophyllene', percentage: 0.35 },
        { name: 'Myrcene', percentage: 0.2 },
      ],
      effects: ['energetic', 'uplifted', 'happy'],
      aromas: ['diesel', 'citrus'],
    },
    { strainName: 'Granddaddy Purple', grams: 1, price: 15 },
  ],
  orderMetadata: { dispensaryName: 'Green Leaf', orderDate: '2026-11-20', totalSpent: 130 },
};

function strain(p: Partial<Strain> & Pick<Strain, 'name' | 'slug'>): Strain {
  return {
    id: `id-${p.slug}`,
    type: null,
    thc: null,
    thcMin: null,
    thcMax: null,
    cbd: null,
    cbdMin: null,
    cbdMax: null,
    terpenes: [],
    effects: [],
    negatives: [],
    helpsWith: {},
    aromas: [],
    parents: [],
    akas: [],
    highFamily: null,
    popularityScore: 0,
    source: 'test',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...p,
  };
}

export const GDP = strain({
  name: 'Granddaddy Purple',
  slug: 'granddaddy-purple',
  type: 'indica',
  thc: 19,
  cbd: 0.1,
  terpenes: [
    { name: 'myrcene', percentage: 0.8 },
    { name: 'caryophyllene', percentage: 0.3 },
    { name: 'linalool', percentage: 0.12 },
  ],
  effects: ['sleepy', 'relaxed', 'hungry'],
  aromas: ['grape', 'berry'],
  highFamily: 'Relaxing',
});

export const CANDIDATES = [
  strain({
    name: 'Jack Herer',
    slug: 'jack-herer',
    type: 'sativa',
    thc: 18,
    terpenes: [
      { name: 'terpinolene', percentage: 0.5 },
      { name: 'pinene', percentage: 0.3 },
      { name: 'myrcene', percentage: 0.2 },
    ],
    effects: ['energetic', 'happy', 'creative'],
    highFamily: 'Energizing',
  }),
  strain({
    name: 'OG Kush',
    slug: 'og-kush',
    type: 'hybrid',
    thc: 23,
    terpenes: [
      { name: 'myrcene', percentage: 0.5 },
      { name: 'limonene', percentage: 0.4 },
      { name: 'caryophyllene', percentage: 0.3 },
    ],
    effects: ['relaxed', 'happy', 'euphoric'],
    highFamily: 'Relaxing',
  }),
  strain({ name: 'Blue Dream', slug: 'blue-dream', type: 'hybrid', thc: 19, terpenes: [{ name: 'myrcene', percentage: 0.5 }], effects: ['relaxed'] }),
];

/** Catalog double for pure analysis tests (route tests use the real catalog). */
export const fakeCatalog: CatalogPort = {
  async match(names) {
    return names.map((n) => (n.toLowerCase() === 'granddaddy purple' ? { strain: GDP, confidence: 'high' as const } : { strain: null, confidence: null }));
  },
  async terpeneAverages() {
    return { myrcene: 0.35, limonene: 0.2, caryophyllene: 0.22, pinene: 0.09, linalool: 0.07 };
  },
  async similar(_profile, limit) {
    return CANDIDATES.slice(0, limit);
  },
};
