import { describe, expect, it } from 'vitest';
import { highFamily } from '@/lib/strains/high-family';
import { canonicalName, slugify } from '@/lib/strains/slug';
import { KNOWN_TERPENES, normalizeTerpeneName, normalizeTerpeneProfile } from '@/lib/strains/terpenes';
import { parseIntent } from '@/lib/strains/intent';

describe('normalizeTerpeneName', () => {
  it.each<[string, string | null]>([
    ['b-myrcene', 'myrcene'],
    ['beta-Myrcene', 'myrcene'],
    ['β-myrcene', 'myrcene'],
    ['Myrcene', 'myrcene'],
    ['b-caryophyllene', 'caryophyllene'],
    ['beta-caryophyllene', 'caryophyllene'],
    ['Caryophyllene', 'caryophyllene'],
    ['trans-Caryophyllene', 'caryophyllene'],
    ['Caryophyllene oxide', 'caryophyllene oxide'],
    ['alpha-pinene', 'pinene'],
    ['α-Pinene', 'pinene'],
    ['d-Limonene', 'limonene'],
    ['delta-3-carene', 'carene'],
    ['1,8-cineole', 'eucalyptol'],
    ['alpha-bisabolol', 'bisabolol'],
    ['trans-nerolidol', 'nerolidol'],
    ['kryptonite', null],
    ['', null],
    ['x'.repeat(61), null],
  ])('%s → %s', (input, out) => expect(normalizeTerpeneName(input)).toBe(out));

  it('every known terpene normalises to itself', () => {
    for (const t of KNOWN_TERPENES) expect(normalizeTerpeneName(t)).toBe(t);
  });

  it('a profile merges synonyms, sums pinenes, drops bad shares, sorts by share', () => {
    expect(
      normalizeTerpeneProfile([
        { name: 'alpha-pinene', percentage: 0.2 },
        { name: 'beta-pinene', percentage: 0.15 },
        { name: 'b-Myrcene', percentage: 0.5 },
        { name: 'Linalool', percentage: -1 },
        { name: 'Humulene', percentage: 'NaN' },
        { name: 'Farnesene', percentage: '0.05' },
      ]),
    ).toEqual([
      { name: 'myrcene', percentage: 0.5 },
      { name: 'pinene', percentage: 0.35 },
      { name: 'farnesene', percentage: 0.05 },
    ]);
  });
});

describe('highFamily (docs/contract.md §6)', () => {
  const t = (...xs: [string, number][]) => xs.map(([name, percentage]) => ({ name, percentage }));
  it.each<[string, ReturnType<typeof t>, string | null]>([
    ['myrcene leads', t(['myrcene', 0.8], ['pinene', 0.2]), 'Relaxing'],
    ['limonene leads', t(['limonene', 0.6], ['myrcene', 0.3]), 'Uplifting'],
    ['caryophyllene leads (synonym)', t(['b-caryophyllene', 0.6], ['myrcene', 0.3]), 'Balancing'],
    ['pinene leads (alpha+beta summed)', t(['alpha-pinene', 0.3], ['beta-pinene', 0.3], ['myrcene', 0.4]), 'Focusing'],
    ['terpinolene leads', t(['terpinolene', 0.9]), 'Energizing'],
    ['linalool leads', t(['linalool', 0.5], ['myrcene', 0.2]), 'Calming'],
    ['top two within 15%', t(['myrcene', 0.5], ['limonene', 0.43]), 'Balanced'],
    ['top two 16% apart', t(['myrcene', 0.5], ['limonene', 0.42]), 'Relaxing'],
    ['leader without a family', t(['humulene', 0.5], ['myrcene', 0.1]), null],
    ['no profile', [], null],
  ])('%s', (_n, terps, family) => expect(highFamily(terps)).toBe(family));
});

describe('slugify and canonicalName', () => {
  it.each<[string, string]>([
    ['Gorilla Glue #4', 'gorilla-glue-4'],
    ["Charlotte's Web", 'charlottes-web'],
    ['Crème Brûlée', 'creme-brulee'],
    ['Cookies & Cream', 'cookies-and-cream'],
    ['  AK-47  ', 'ak-47'],
    ['🌿', ''],
  ])('%s → %s', (a, b) => expect(slugify(a)).toBe(b));
  it('canonical name is lower-cased, trimmed, spaces collapsed', () => expect(canonicalName('  Blue   DREAM ')).toBe('blue dream'));
});

describe('parseIntent', () => {
  it.each<[string, Partial<ReturnType<typeof parseIntent>>]>([
    ['something for sleep with citrus taste, not too strong', { potency: 'low' }],
    ['strong sativa for focus', { potency: 'high', type: 'sativa' }],
    ['relaxing but not sleepy', { potency: null }],
  ])('%s', (q, expected) => expect(parseIntent(q)).toMatchObject(expected));
  it('wants and avoidances', () => {
    const a = parseIntent('something for sleep with citrus taste, not too strong');
    expect(a.effects).toEqual(expect.arrayContaining(['sleepy', 'relaxed']));
    expect(a.aromas).toContain('citrus');
    expect(a.helps).toContain('insomnia');
    const b = parseIntent('relaxing but not sleepy');
    expect(b.effects).toContain('relaxed');
    expect(b.avoidEffects).toContain('sleepy');
    expect(b.effects).not.toContain('sleepy');
  });
});

describe('prototype member names are plain data', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s', async (name) => {
    const { normalizeTerpeneName } = await import('@/lib/strains/terpenes');
    const { highFamily } = await import('@/lib/strains/high-family');
    expect(normalizeTerpeneName(name)).toBeNull();
    expect(highFamily([{ name, percentage: 1 }])).toBeNull();
    expect(
      highFamily([
        { name, percentage: 1 },
        { name: 'myrcene', percentage: 0.1 },
      ]),
    ).toBeNull();
  });
});
