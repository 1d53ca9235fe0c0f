import { describe, expect, it } from 'vitest';
import { decideMatches, type MatchInput } from '@/lib/strains/match-decide';
import { CatalogIndex } from '@/lib/strains/match-index';
import { MakerLexicon, menuBrandSpellings, quotedNames } from '@/lib/strains/match-maker';
import { slugify } from '@/lib/strains/slug';

// A small catalog in memory: names are stored lower-case, as strain_names holds them.
const CATALOG = ['King Louie', 'Animal Mints', 'Animal Cookies', 'Mint Cake', 'Gary Payton', 'Blue Dream', 'Gelato', 'Sour Diesel', 'Strawberry', 'Bloom Town'];
const index = new CatalogIndex(
  CATALOG.map((n, i) => ({ strain_id: `s${i}`, name: n.toLowerCase(), slug: slugify(n), is_alias: false, strain_slug: slugify(n), popularity: 1 })),
  [{ name: 'bloom king louie kush', slug: 'bloom-king-louie-kush' }],
);
const byId = new Map(CATALOG.map((n, i) => [`s${i}`, n]));
// What two scans taught: 'Bloom', 'Growers Reserve Farms', 'Tree Co.', and 'Animal' (a maker whose name is a strain word).
const makers = new MakerLexicon(['bloom', 'growers reserve farms', 'animal', 'tree co']);

type Row = [string | MatchInput, string | null, 'high' | 'medium' | 'low' | null];
const check =
  (lex: MakerLexicon) =>
  ([item, strain, confidence]: Row) => {
    const [d] = decideMatches(index, [typeof item === 'string' ? { name: item } : item], lex);
    expect({ strain: d.entry?.strainId ? (byId.get(d.entry.strainId) ?? null) : null, confidence: d.confidence }).toEqual({ strain, confidence });
  };

describe('known makers (a lexicon learned from two scans or more)', () => {
  it.each<Row>([
    ['Bloom King Louie', 'King Louie', 'high'],
    ['King Louie Bloom 1g Cart', 'King Louie', 'high'],
    ['Growers Reserve Animal Mints', 'Animal Mints', 'high'],
    ['Growers Reserve Farms Animal Mints 3.5g', 'Animal Mints', 'high'],
    // the trigram pass also tries the name less the maker
    ['Bloom Kng Louie', 'King Louie', 'medium'],
  ])('%s → %s (%s)', (...row) => check(makers)(row));

  it.each<Row>([
    // a maker whose word starts several catalog names never strips a strain: 'Animal' is Animal Mints', Animal Cookies'
    ['Animal Mint Cake', null, null],
    // a known name that starts with the maker stays itself
    ['Bloom Town', 'Bloom Town', 'high'],
    // a universe strain the catalog lacks is that strain, not the rest
    ['Bloom King Louie Kush', null, null],
    // the maker inside a name is not taken off
    ['King Bloom Louie', null, null],
    // edibles: no strain from the rest
    [{ name: 'Bloom Strawberry', category: 'Other' }, null, null],
  ])('not: %s → %s', (...row) => check(makers)(row));

  it('without the lexicon (a single scan teaches nothing) the same names stay unmatched', () => {
    for (const name of ['Bloom King Louie', 'King Louie Bloom 1g Cart', 'Bloom Kng Louie']) check(new MakerLexicon([]))([name, null, null]);
  });
});

describe('quoted cut names', () => {
  it.each<Row>([
    ['Cookies "Gary Payton" 3.5g', 'Gary Payton', 'medium'],
    ["Tree Co. 'Blue Dream' Pre-Roll", 'Blue Dream', 'high'],
    ["Gelato Co 'Blue Dream'", 'Blue Dream', 'medium'],
  ])('%s → %s (%s)', (...row) => check(new MakerLexicon([]))(row));

  it.each<Row>([
    // not a catalog name in the quotes
    ['Cookies "Hat Trick" 3.5g', null, null],
    // an apostrophe is no quote
    ["AJ's Sour Diesel", null, null],
    // a flavour in quotes on an unsure product
    [{ name: 'Wana "Strawberry" 10pk', category: 'Other' }, null, null],
  ])('not: %s → %s', (...row) => check(new MakerLexicon([]))(row));

  it('reads double and single quotes, not apostrophes', () => {
    expect(quotedNames('Cookies "Gary Payton" 3.5g')).toEqual(['gary payton']);
    expect(quotedNames("Tree Co. 'Blue Dream 1g'")).toEqual(['blue dream']);
    expect(quotedNames("Cake 'n' Chem, AJ's Cut")).toEqual([]);
  });
});

describe('menu brand spellings', () => {
  it('keeps only brand field spellings, normalised, distinct, no empty or overlong ones', () => {
    expect(menuBrandSpellings(['Bloom', 'BLOOM', ' Growers Reserve® ', null, '', '$$', 'a'.repeat(80), 'One Two Three Four Five'])).toEqual(['bloom', 'growers reserve']);
  });
});
