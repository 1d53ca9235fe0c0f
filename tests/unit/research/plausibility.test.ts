import { describe, expect, it } from 'vitest';
import { containsProfanity, implausibleReason } from '@/lib/research/plausibility';

describe('implausibleReason', () => {
  it.each([
    // real or realistic strain names pass
    ['Blue Dream', null],
    ['AK-47', null],
    ['GSC #4', null],
    ["Jack's Cleaner", null],
    ['Dr. Grinspoon', null],
    ['O.G. Kush', null],
    ['Moby Dick', null],
    ['Cat Piss', null],
    ['Area 51', null],
    ['818 Headband', null],
    ['Crème Brûlée', null],
    ['Zkittlez', null],
    ['Kosher Kush x Gelato 33', null],
    ['OG', null],
    // URLs
    ['https://spam.example', 'url'],
    ['visit www.cheapweed', 'url'],
    ['bestbuds.com kush', 'url'],
    ['ftp://files', 'url'],
    // e-mail addresses
    ['me@example.com', 'email'],
    ['Kush dealer@mail.org', 'email'],
    // fewer than two letters
    ['X1', 'too_few_letters'],
    ['12345', 'too_few_letters'],
    ['!!', 'too_few_letters'],
    ['🌿🌿🌿', 'too_few_letters'],
    // mostly digits or symbols
    ['12345 OG', 'mostly_symbols'],
    ['???%%%abc', 'mostly_symbols'],
    ['$$$%%%^^^ ab', 'mostly_symbols'],
    // one character five times in a row
    ['Kushhhhh', 'repeated_character'],
    ['Aaaaa Dream', 'repeated_character'],
    ['Blue Dream!!!!!', 'repeated_character'],
    // profanity (whole words, stems, simple letter swaps)
    ['Fucking Kush', 'profanity'],
    ['Holy Sh1t', 'profanity'],
    ['Dream Cunt', 'profanity'],
    ['Blue F*ck', 'profanity'],
  ])('%j → %s', (name, reason) => {
    expect(implausibleReason(name)).toBe(reason);
  });

  it('does not flag innocent words that contain a blocked word (Scunthorpe)', () => {
    for (const n of ['Shitake Haze', 'Scunthorpe Skunk', 'Passion Fruit', 'Cockburn Cookies', 'Spicy Lemon']) {
      expect(containsProfanity(n), n).toBe(false);
    }
  });
});
