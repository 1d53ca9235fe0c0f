import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeOrder } from '@/lib/notebooks/analysis';
import { OrderInput } from '@/lib/notebooks/input';
import { SECTION_WRITERS } from '@/lib/notebooks/local-analyst';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { AI_SECTION_KEYS } from '@/lib/notebooks/sections';
import { fakeCatalog } from '@/tests/unit/notebooks/fixtures';

const word = fc.oneof(
  fc.constantFrom('relaxed', 'happy', 'sleepy', 'citrus', 'diesel', 'pine', 'berry', 'energetic', 'Ünïcode 🌿', 'constructor', '__proto__', 'toString'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const item = fc.record(
  {
    strainName: fc.oneof(fc.constantFrom('Granddaddy Purple', 'Blue Dream', 'x', 'OG Kush 3.5g'), fc.string({ minLength: 1, maxLength: 30 })),
    grams: fc.double({ min: 0.01, max: 500, noNaN: true }),
    price: fc.double({ min: 0, max: 2000, noNaN: true }),
    thcPct: fc.double({ min: 0, max: 100, noNaN: true }),
    cbdPct: fc.double({ min: 0, max: 100, noNaN: true }),
    type: fc.constantFrom('sativa', 'indica', 'hybrid', 'INDICA'),
    terpenes: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('beta-Myrcene', 'Limonene', 'alpha-Pinene', 'Linalool', 'Nerolidol', 'constructor', 'alpha-constructor', '__proto__', 'hasOwnProperty'),
          fc.string({ minLength: 1, maxLength: 20 }),
        ),
        percentage: fc.double({ min: 0, max: 100, noNaN: true }),
      }),
      { maxLength: 6 },
    ),
    effects: fc.array(word, { maxLength: 6 }),
    aromas: fc.array(word, { maxLength: 6 }),
  },
  { requiredKeys: ['strainName', 'grams'] },
);

describe('property: every local section validates for any valid order', () => {
  it('prototype member names as terpenes, effects or aromas are plain data', async () => {
    const a = await analyzeOrder(
      {
        orderItems: [
          {
            strainName: 'constructor',
            grams: 1,
            terpenes: [
              { name: 'constructor', percentage: 0.5 },
              { name: 'Limonene', percentage: 0.3 },
            ],
            effects: ['constructor', 'toString'],
            aromas: ['__proto__'],
          },
        ],
      },
      fakeCatalog,
    );
    expect(a.items[0].terpenes).toEqual([{ name: 'limonene', percentage: 0.3 }]);
    for (const key of AI_SECTION_KEYS) expect(SECTION_SCHEMAS[key].safeParse(SECTION_WRITERS[key](a)).success, key).toBe(true);
  });

  it('generated orders → twelve schema-valid sections', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 8 }),
        fc.record({ dispensaryName: fc.string({ maxLength: 40 }), totalSpent: fc.double({ min: 0, max: 5000, noNaN: true }) }, { requiredKeys: [] }),
        async (orderItems, orderMetadata) => {
          const parsed = OrderInput.safeParse({ orderItems, orderMetadata });
          fc.pre(parsed.success);
          const a = await analyzeOrder(parsed.data!, fakeCatalog);
          for (const key of AI_SECTION_KEYS) {
            const out = SECTION_WRITERS[key](a);
            const r = SECTION_SCHEMAS[key].safeParse(out);
            expect(r.success, `${key}: ${JSON.stringify(r.error?.issues[0])}`).toBe(true);
            expect(JSON.parse(JSON.stringify(out))).toEqual(out);
          }
        },
      ),
      { numRuns: 150, seed: 20261121 },
    );
  });
});
