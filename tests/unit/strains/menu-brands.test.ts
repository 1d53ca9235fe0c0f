import { beforeEach, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { countMenuBrands, readMenuMakers, recordMenuBrands } from '@/lib/strains/repo';
import { matchProducts } from '@/lib/strains/match';

beforeEach(async () => {
  await (await ready()).query('DELETE FROM menu_brands');
});

describe('menu_brands: the makers learned from scans', () => {
  it('a spelling is trusted once two scans of different menus showed it; a rescan of the same menu does not count', async () => {
    const db = await ready();
    await recordMenuBrands(db, 'a.example', ['bloom', 'bloom', 'typo brand']);
    expect(await readMenuMakers(db)).toEqual([]);
    await recordMenuBrands(db, 'a.example', ['bloom']);
    expect(await readMenuMakers(db)).toEqual([]);
    await recordMenuBrands(db, 'b.example', ['bloom']);
    expect(await readMenuMakers(db)).toEqual(['bloom']);
    expect(await countMenuBrands(db)).toEqual({ rows: 2, trusted: 1 });
    // the menu is kept only as a hash
    const r = await db.query<{ last_menu: string }>(`SELECT last_menu FROM menu_brands WHERE spelling = 'bloom'`);
    expect(r.rows[0].last_menu).not.toContain('example');
  });

  it('keeps at most the bound, the most-seen first, and reads at most the limit', async () => {
    const db = await ready();
    await recordMenuBrands(db, 'a', ['keep one', 'keep two']);
    await recordMenuBrands(db, 'b', ['keep one', 'keep two']);
    await recordMenuBrands(db, 'c', ['x1', 'x2', 'x3', 'x4'], 3);
    expect(await countMenuBrands(db)).toEqual({ rows: 3, trusted: 2 });
    expect((await readMenuMakers(db, 1)).length).toBe(1);
    expect(await readMenuMakers(db)).toEqual(expect.arrayContaining(['keep one', 'keep two']));
  });

  it('trims only after a scan that added rows (a scan of known spellings sorts nothing)', async () => {
    const db = await ready();
    await recordMenuBrands(db, 'a', ['one', 'two', 'three']);
    await recordMenuBrands(db, 'b', ['one', 'two'], 1);
    expect((await countMenuBrands(db)).rows).toBe(3);
    await recordMenuBrands(db, 'c', ['four'], 3);
    expect(await countMenuBrands(db)).toEqual({ rows: 3, trusted: 2 });
    expect(await readMenuMakers(db)).toEqual(expect.arrayContaining(['one', 'two']));
  });

  it('the matcher sees a maker after its second scan, not after its first', async () => {
    const db = await ready();
    const item = { name: 'Blue Dream Vortexa 1g' };
    await recordMenuBrands(db, 'a', ['vortexa']);
    expect((await matchProducts(db, [item]))[0].strain).toBe(null);
    await recordMenuBrands(db, 'b', ['vortexa']);
    const [r] = await matchProducts(db, [item]);
    expect({ strain: r.strain?.name, confidence: r.confidence }).toEqual({ strain: 'Blue Dream', confidence: 'high' });
  });
});
