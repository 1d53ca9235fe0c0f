import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';

/**
 * App state holding several menus of mostly the same products, one per store (twenty-first round:
 * `stores: [{ id, menu: […] }, …]` beside `selectedStoreId`): the page shows one, the others are
 * other stores' prices. Of an array of two or more records whose product names are mostly the same
 * (70 % of the smaller list's), the one a sibling key names as selected (`selectedStoreId`,
 * `currentLocation`, `activeStore`, … equal to its id, slug or name) is kept, else the first.
 * Lists of other products (categories, pages) share no names and are all read.
 */
const SELECTED_KEY = /^(?:selected|current|active|default|chosen)[A-Za-z]*$/;
const ID_KEYS = ['id', 'slug', 'key', 'handle', 'name', 'code'];
const SHARE = 0.7;

/** The id-like values of a record (its id, slug, key, … as strings). */
const idsOf = (o: Obj) =>
  ID_KEYS.map((k) => o[k])
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);

/** The entries of `node` to walk: every value, but of an array of alternative menus only the selected one. */
export function withoutAlternatives(node: Obj, namesOf: (x: Json) => string[]): Json[] {
  const selected = Object.entries(node)
    .filter(([k, v]) => SELECTED_KEY.test(k) && (typeof v === 'string' || typeof v === 'number'))
    .map(([, v]) => String(v));
  return Object.values(node).map((v) => {
    if (!Array.isArray(v) || v.length < 2 || !v.every(isObj)) return v;
    const names = v.map((x) => new Set(namesOf(x).map((n) => n.toLowerCase())));
    if (names.some((s) => s.size < 3)) return v;
    const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((n) => b.has(n)).length / Math.min(a.size, b.size);
    if (!names.slice(1).every((s) => overlap(names[0], s) >= SHARE)) return v;
    const pick = (v as Obj[]).find((x) => idsOf(x).some((id) => selected.includes(id))) ?? v[0];
    return [pick];
  });
}
