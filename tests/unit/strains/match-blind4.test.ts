/**
 * Rows from the fourth, blind labelled set (tests/fixtures/matching/labelled-4.json, split blind-4):
 * the general causes its blind run showed, each with the product, the catalog it is matched
 * against, and the expected answer (docs/matching.md, "The fourth labelled set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Blue Dream and Gelato are in the seed.
  for (const name of ['Lavender', 'Purple Urkle', 'Strawberry Cough', 'Jungle Cake']) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
});

describe("a topical's scent is no strain", () => {
  it.each<MatchRow>([
    // a massage oil filed under Concentrates: a topical, and 'Lavender' in its own segment its scent
    [{ name: 'Sacred Flower Massage Oil / 100mg / Lavender', brand: 'Sacred Flower', category: 'Concentrates' }, null, null],
    // filed under Topicals: the scent alone, in a segment of its own
    [{ name: 'Kullu Kush Relief / Lavender', category: 'Topicals' }, null, null],
    // a flower or a concentrate of the strain keeps it
    [{ name: 'Lavender | Live Resin', category: 'Concentrates' }, 'Lavender', 'high'],
    [{ name: 'Lavender 3.5g', category: 'Flower' }, 'Lavender', 'high'],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});

describe("a cart's 'Profile' after the name", () => {
  it.each<MatchRow>([
    // the cart carries the strain's terpene profile
    [{ name: 'Kullu Kush 1g - Strawberry Cough Profile', category: 'Vape Pens' }, 'Strawberry Cough', 'high'],
    [{ name: 'Kullu Kush 1g - Purple Urkle Profile', category: 'Vape Pens' }, 'Purple Urkle', 'high'],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});

describe('a leading maker word and a line code after the name', () => {
  it.each<MatchRow>([
    // 'Airo' (no brand field names it) before the name, 'LF' after it
    [{ name: '.5G Airo Pod Jungle Cake LF', brand: 'Assurance Labratories LLC', category: 'Vape Pens' }, 'Jungle Cake', 'high'],
    [{ name: 'Qwxz Blue Dream Plumbus', category: 'Flower' }, 'Blue Dream', 'high'],
    // not the word after the name alone (a maker learned from scans first, or a company's name),
    // not after a catalog name of one word, not two words after it, not a word with digits
    [{ name: 'Blue Dream Plumbus', category: 'Flower' }, null, null],
    [{ name: 'Qwxz Gelato Plumbus 1g', category: 'Flower' }, null, null],
    [{ name: 'Qwxz Blue Dream Plumbus Zorbon', category: 'Flower' }, null, null],
    [{ name: 'Qwxz Purple Urkle X7', category: 'Flower' }, null, null],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});
