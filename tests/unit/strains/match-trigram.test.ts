import { describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { roundSimilarity, similarity, trigramRatio, trigrams } from '@/lib/strains/match-trigram';
import seed from '@/supabase/seed/strains.json';

/** Menu-like variants of a name: a typo, a dropped letter, extra words, punctuation, case. */
function variants(name: string): string[] {
  const n = name.toLowerCase();
  const mid = Math.floor(n.length / 2);
  return [
    n,
    n.slice(0, mid) + n.slice(mid + 1),
    n.slice(0, mid) + 'x' + n.slice(mid),
    `${n} 3.5g`,
    `Elevated ${name} Live Resin (H)`,
    n.replace(/\s+/g, ''),
    n.split(' ').reverse().join(' '),
    `${name.toUpperCase()} #4`,
  ];
}

describe('in-process trigram similarity equals pg_trgm', () => {
  it('rounds float4 similarity like round(similarity()::numeric, 4)', () => {
    expect(roundSimilarity(Math.fround(0.4))).toBe(0.4);
    expect(roundSimilarity(Math.fround(0.6))).toBe(0.6);
    expect(roundSimilarity(Math.fround(2 / 3))).toBe(0.6667);
    expect(roundSimilarity(trigramRatio(7, 10, 11))).toBe(0.5);
    expect(roundSimilarity(0)).toBe(0);
    expect(trigramRatio(0, 0, 0)).toBe(0);
  });

  it('lists the trigrams show_trgm lists for ASCII names', async () => {
    const db = await ready();
    const names = ['Blue Dream', 'GG #4', 'Do-Si-Dos', "Charlotte's Web", 'a', 'OG   Kush 99'];
    const r = await db.query<{ t: string[] }>(`SELECT show_trgm(x) AS t FROM unnest($1::text[]) WITH ORDINALITY AS q(x, i) ORDER BY i`, [names]);
    names.forEach((n, i) => expect(trigrams(n).sort()).toEqual([...r.rows[i].t].sort()));
  });

  it('gives the numbers similarity() gives on catalog names and their menu spellings', async () => {
    const db = await ready();
    const names = (seed as { name: string }[]).map((s) => s.name);
    const pairs: [string, string][] = [];
    names.forEach((name, i) => {
      for (const v of variants(name)) pairs.push([name.toLowerCase(), v]);
      pairs.push([name.toLowerCase(), names[(i + 1) % names.length].toLowerCase()]);
    });
    pairs.push(['crème brûlée', 'creme brulee'], ['crème brûlée', 'Crème Brûlée OG'], ['zkittlez', 'ｚｋｉｔｔｌｅｚ'], ['', 'blue dream'], ['', '']);
    const r = await db.query<{ sim: string }>(
      `SELECT round(similarity(a, b)::numeric, 4)::text AS sim FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(a, b, i) ORDER BY i`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    const differ = pairs.map((p, i) => [p[0], p[1], Number(r.rows[i].sim), similarity(p[0], p[1])] as const).filter((x) => x[2] !== x[3]);
    expect(pairs.length).toBeGreaterThan(1500);
    expect(differ).toEqual([]);
  });
});
