import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dotPrintDates, nameBeforeNetWeight } from '@/lib/vision/label-dot-print';
import { parseLabelText } from '@/lib/vision/label-parser';
import { fromSticker, stickerPatch, stickerReading } from '@/lib/vision/label-sticker';

/** The rules added after the eleventh label round's blind run (a sticker over a brand label, a thermal dot-font print). */

describe('a date from a small label printer', () => {
  it('reads MM-DD-YY on a date line as the slash form (the slashes read as dashes)', () => {
    expect(dotPrintDates('TESTED: 05-09-26')).toBe('TESTED: 05/09/26');
  });

  it('gives a month or a day that starts with 8 and cannot be one its zero back', () => {
    expect(dotPrintDates('PKG: 89-86-26')).toBe('PKG: 09/06/26');
    expect(dotPrintDates('TESTED: 88-23-26')).toBe('TESTED: 08/23/26');
    expect(dotPrintDates('PKG: 12-85-26')).toBe('PKG: 12/05/26');
  });

  it('leaves lines without a date key, and figures that are no date, as they are', () => {
    for (const line of ['LOT: 12-34-56', 'LOT: 89-86-26', 'PKG: 13-45-26', 'Packaged 2026-05-09', 'Tested 05-09-2026', 'PKG: 80-86-26']) expect(dotPrintDates(line)).toBe(line);
  });

  it('reads the dates of a thermal print', () => {
    const p = parseLabelText(
      'MOUNTAIN TOP EXTRACTS\nCALI KUSH WHOLE FLOWER\nINDICA FLOWER\nTHC: 29.2% CBD: 1.0%\nLOT: CK2679-81\nPKG: 89-86-26\nTESTED: 88-23-26\nLAB: AMRESCO LABORATORIES',
    );
    expect(p.packageDate).toBe('2026-09-06');
    expect(p.testDate).toBe('2026-08-23');
  });
});

describe('potency keys of a sticker and of a thermal print', () => {
  it('takes no figure after "<": a brand’s typical CBD below a limit, and the sticker’s keyed figure instead', () => {
    const p = parseLabelText(
      'SEED JUNKY\nHash Plant Vape Cart\nHybrid - Vape\nTHC 82-88%* CBD <1%*\nCOMPLIANCE LABEL\nBatch: HP2698-32\nTHC: 88.7% CBD: 0.5%\nTotal Cannabinoids: 91.3%',
    );
    expect(p.cbdPct).toBe(0.5);
    expect(p.thcPct).toBe(88.7);
    expect(parseLabelText('Blue Dream Flower\nTHC 21.0% CBD < 0.5 %').cbdPct).toBeNull();
  });

  it('reads TOT CANN (also with its N read as M) as the total cannabinoids', () => {
    expect(parseLabelText('BLACK DUCK\nBANANA OG LIVE ROSIN\nTHC: 77.3% CBD: 0.8%\nTOT CANN: 80.5%').totalCannabinoidsPct).toBe(80.5);
    expect(parseLabelText('PHARMERS\nTRIANGLE KUSH FLOWER\nTHC: 29.9% CBD: 1.0%\nTOT CAMM: 34.1%').totalCannabinoidsPct).toBe(34.1);
  });
});

describe('a name line with the net weight at its end', () => {
  it('is the name before the key', () => {
    expect(nameBeforeNetWeight('Jack Herer Vape Cart Net Wt .59')).toBe('Jack Herer Vape Cart');
    expect(nameBeforeNetWeight('Kush Mints Premium Flower NET WT 3.5g')).toBe('Kush Mints Premium Flower');
  });

  it('leaves descriptor lines and keys alone', () => {
    for (const line of ['Hybrid · Flower · Net Wt 1 g', 'Net Wt 3.5g', 'THC 21.4% Net Wt 3.5g', 'Sativa Flower — Net Wt 1g']) expect(nameBeforeNetWeight(line)).toBe(line);
  });

  it('is the product name of a label whose description is cut by a sticker', () => {
    const text =
      'BLOOM\nJack Herer Vape Cart                                Net Wt .59\nHybrid - Vape\nNol batch. Hand trimmed. Slow cured\nTHC 72-78%     BD <1%*                               Lo     dried\nQE CEIESIEE COMPLIANCE LABEL\nBCRINY Batch: JH2661 45\nTotal Cannabinoids: 81.9%';
    const p = parseLabelText(text);
    expect(p.productName).toBe('Jack Herer Vape Cart');
    expect(p.netWeightGrams).toBe(0.5);
  });
});

/** A label on coloured stock, print all over it, and (optionally) a white sticker turned over its middle; or a white card on a plain table. */
function page(kind: 'sticker' | 'bare' | 'card' | 'white'): Promise<Buffer> {
  const stock = kind === 'card' ? '#5a5f66' : kind === 'white' ? '#ffffff' : '#1f3d2b';
  const ink = kind === 'white' ? '#111111' : '#f3efe2';
  const print =
    kind === 'card'
      ? ''
      : Array.from(
          { length: 14 },
          (_, i) => `<text x="24" y="${40 + i * 28}" font-family="DejaVu Sans" font-size="18" fill="${ink}">Grown with care under the sun, hand trimmed ${i}</text>`,
        ).join('');
  const white =
    kind === 'sticker' || kind === 'card'
      ? `<g transform="rotate(3 350 230)"><rect x="150" y="130" width="400" height="200" fill="#ffffff"/><text x="170" y="170" font-family="DejaVu Sans" font-size="18" fill="#111111">THC: 21.4%   CBD: 0.3%</text><text x="170" y="210" font-family="DejaVu Sans" font-size="18" fill="#111111">Batch: PB2657-76</text></g>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="460"><rect width="100%" height="100%" fill="${stock}"/>${print}${white}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('a white sticker over a label on coloured stock', () => {
  it('is cut out of the page, the stock beside it painted white', async () => {
    const patch = await stickerPatch(await page('sticker'));
    expect(patch).not.toBeNull();
    const meta = await sharp(patch as Buffer).metadata();
    // About the sticker's size (400 × 200 turned 3°), not the page's.
    expect(meta.width).toBeGreaterThan(380);
    expect(meta.width).toBeLessThan(460);
    expect(meta.height).toBeLessThan(260);
    const stats = await sharp(patch as Buffer).stats();
    // White with dark print: no stock green left in it.
    expect(stats.channels[0].mean).toBeGreaterThan(200);
  });

  it('is not found on a label without one, on white paper, or in a white card on a plain table', async () => {
    for (const kind of ['bare', 'white', 'card'] as const) expect(await stickerPatch(await page(kind)), kind).toBeNull();
  });

  const base = parseLabelText('SEED JUNKY\nHash Plant Vape Cart\nHybrid - Vape\nNet Wt .5g\nTHC 82-88%* CBD <1%*\nbatch is d Batch: HP26');

  it('gives its keyed figures in place of the page’s; the name, brand and weight stay the page’s', () => {
    const sticker = parseLabelText('COMPLIANCE LABEL\nBatch: HP2698-32\nTHC: 88.7% CBD: 0.5%\nTotal Cannabinoids: 91.3%\nPackaged: 2026-07-16\nLab: Digipath Labs');
    const merged = fromSticker(base, sticker);
    expect(merged.productName).toBe(base.productName);
    expect(merged.brand).toBe(base.brand);
    expect(merged.netWeightGrams).toBe(0.5);
    expect(merged).toMatchObject({ thcPct: 88.7, cbdPct: 0.5, totalCannabinoidsPct: 91.3, batchNumber: 'HP2698-32', packageDate: '2026-07-16', labName: 'Digipath Labs' });
  });

  it('counts only when it reads as a sticker (two of a THC figure, a batch, a date)', () => {
    expect(fromSticker(base, parseLabelText('Store in a cool dry place\nTHC: 12.0%'))).toBe(base);
  });

  it('is read once more with the second preparation when its first reading has no THC figure, the gaps filled from it', async () => {
    const first = parseLabelText('p= LANCE LA RRs\nBatch: PB2657-76\nTotal Cannabinoids: 24.9%\nHarvested: 06/26/2026\nLab: Digipath Labs');
    const second = parseLabelText('Batch: PB2657-76\nTHC: 21.4% CBD: 0.3%\nTotal Cannabinoids: 24.9%\nH ed: 06/26/2026');
    const seen: object[] = [];
    const read = async (o: object) => (seen.push(o), seen.length === 1 ? first : second);
    const got = await stickerReading(read, { median: 0 }, { median: 3 });
    expect(seen).toEqual([{ median: 0 }, { median: 3 }]);
    expect(got).toMatchObject({ thcPct: 21.4, cbdPct: 0.3, batchNumber: 'PB2657-76', harvestDate: '2026-06-26', labName: 'Digipath Labs' });
    // A first reading with its THC figure is read once only.
    seen.length = 0;
    const once = async (o: object) => (seen.push(o), second);
    expect((await stickerReading(once, {}, { median: 3 })).thcPct).toBe(21.4);
    expect(seen).toHaveLength(1);
  });
});
