import { describe, expect, it } from 'vitest';
import { smallUnsureWords, stackCrops, SURE_AT, SURER_BY, withRereads } from '@/lib/vision/small-words';
import type { OcrResult, OcrWord } from '@/lib/vision/ocr-pool';

const word = (text: string, line: number, x0: number, y0: number, x1: number, y1: number, conf: number): OcrWord => ({ text, line, x0, y0, x1, y1, conf });

// A form row: a small capital key beside a large hand-written value (`STRAIN Jet Fuel` read `stam Jet Fuel`).
const row = [word('stam', 0, 37, 120, 101, 133, 50), word('Jet', 0, 120, 107, 157, 133, 75), word('Fuel', 0, 181, 112, 235, 135, 82)];

describe('smallUnsureWords: small print beside large print on its line, read unsure', () => {
  it('picks a small unsure key beside a large value', () => {
    expect(smallUnsureWords(row)).toEqual([0]);
  });

  it.each([
    ['sure of it', [{ ...row[0], conf: 90 }, row[1], row[2]]],
    ['as tall as its line (a lower-case word beside a capitalised one)', [{ ...row[0], y0: 112 }, row[1], row[2]]],
    ['alone on its line', [row[0]]],
    ['one character', [{ ...row[0], text: 's' }, row[1], row[2]]],
    ['of figures (a small figure beside a large one)', [{ ...row[0], text: '21' }, row[1], row[2]]],
  ])('leaves a word %s', (_, words) => {
    expect(smallUnsureWords(words)).toEqual([]);
  });
});

describe('stackCrops: each word cut out, enlarged, on a line of its own', () => {
  it('enlarges a 13 px word to about 30 px and stacks two words apart', () => {
    const page = { data: Buffer.alloc(300 * 200, 255), width: 300, height: 200 };
    for (let y = 120; y < 133; y++) for (let x = 40; x < 100; x++) page.data[y * 300 + x] = 0;
    const { page: stack, slots } = stackCrops(page, [row[0], { ...row[0], y0: 150, y1: 163 }]);
    expect(slots).toHaveLength(2);
    expect(slots[0].y1 - slots[0].y0).toBeGreaterThanOrEqual(50);
    expect(slots[1].y0).toBeGreaterThan(slots[0].y1);
    // The word's ink is in the first slot and enlarged (rows of ink ≈ 13 × 2.3).
    let inkRows = 0;
    for (let y = slots[0].y0; y < slots[0].y1; y++) if (stack.data.subarray(y * stack.width, (y + 1) * stack.width).some((v) => v < 128)) inkRows++;
    expect(inkRows).toBeGreaterThanOrEqual(28);
  });
});

describe('withRereads: a re-read word replaces the first reading when tesseract is surer of it', () => {
  const ocr: OcrResult = { text: 'DELI JAR\nstam Jet Fuel', confidence: 60, ms: 1, words: [word('DELI', -1, 0, 0, 50, 20, 90), word('JAR', -1, 60, 0, 100, 20, 90), ...row] };
  const slots = [{ y0: 24, y1: 64 }];

  it('puts the key in, in the words and the text', () => {
    const out = withRereads(ocr, [2], slots, [word('STRAIN', 0, 24, 30, 170, 60, 96)]);
    expect(out.words?.[2]).toMatchObject({ text: 'STRAIN', conf: 96, x0: 37 });
    expect(out.text).toBe('DELI JAR\nSTRAIN Jet Fuel');
  });

  it('joins a slot of several words (`THC %`)', () => {
    expect(withRereads(ocr, [2], slots, [word('THC', 0, 24, 30, 100, 60, 73), word('%', 0, 110, 30, 130, 60, 73)]).words?.[2].text).toBe('THC %');
  });

  it('keeps the word when the re-read is not surer by SURER_BY', () => {
    const one: OcrResult = { ...ocr, words: [{ ...row[0], conf: 65 }, row[1], row[2]] };
    expect(withRereads(one, [0], slots, [word('STRAIN', 0, 24, 30, 170, 60, 65 + SURER_BY - 1)])).toBe(one);
  });

  it.each([
    ['a figure lost', '5%', '%'],
    ['shorter by two characters', 'Uc.x', 'Le'],
    ['more than three words', 'stam', 'Bw Aus + vA'],
  ])('keeps the word when the re-read has %s', (_, old, reread) => {
    const words = [{ ...row[0], text: old, conf: 40 }, row[1], row[2]];
    const parts = reread.split(' ').map((t, i) => word(t, 0, 24 + 30 * i, 30, 50 + 30 * i, 60, 95));
    const one: OcrResult = { ...ocr, words, text: `${old} Jet Fuel` };
    expect(withRereads(one, [0], slots, parts)).toBe(one);
  });

  it('keeps the word when the re-read is surer but still unsure (below SURE_AT)', () => {
    const one: OcrResult = { ...ocr, words: [{ ...row[0], conf: 20 }, row[1], row[2]] };
    expect(withRereads(one, [0], slots, [word('STRAIN', 0, 24, 30, 170, 60, SURE_AT - 1)])).toBe(one);
  });

  it('drops the next word of the line caught at the crop edge', () => {
    expect(withRereads(ocr, [2], slots, [word('STRAIN', 0, 24, 30, 170, 60, 96), word('Jet', 0, 180, 30, 200, 60, 96)]).words?.[2].text).toBe('STRAIN');
  });

  it('keeps the word when nothing was read in its slot', () => {
    expect(withRereads(ocr, [2], slots, [word('STRAIN', 0, 24, 80, 170, 110, 96)])).toBe(ocr);
  });
});
