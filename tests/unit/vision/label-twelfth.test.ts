import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { foldBand, foldPanels, fromPanels, fromSpine, joinPanels, spineNames } from '@/lib/vision/label-panels';
import { parseLabelText } from '@/lib/vision/label-parser';
import { CBD, pct, TOTAL_THC } from '@/lib/vision/label-potency';
import { lostPointGrams, netWeightText } from '@/lib/vision/label-values';
import type { ParsedLabel } from '@/lib/vision/types';

/** The rules added after the twelfth label round's blind run (a Canadian bilingual mg/g label, a fold-out with a spine). */

const CANADIAN = [
  'Derived',
  'Chocolate Thai Badder',
  'Cannabis extract / Extrait de cannabis      THC',
  'Sativa / Sativa',
  'THC                                   3 mglg',
  'Total THC / THC total                 774 mglg',
  'CBD                                   3 mglg',
  'Total CBD / CBD total                 9 mgig',
  'Net weight / Poids net                1g',
  'Lot number / Numéro de lot            CT2615-05',
  "Packaging date / Date d'emballage     2026-07-06",
].join('\n');

describe('a Canadian label: potency in mg/g, keys in English and French', () => {
  it('reads mg/g with its slash misread (mglg, mgig, mg|g, mg1g) as mg/g, a tenth of the percentage', () => {
    for (const unit of ['mg/g', 'mglg', 'mgig', 'mg|g', 'mg1g', 'mg Ig', 'MGIG']) expect(pct(TOTAL_THC.exec(`Total THC 241 ${unit}`)).pct).toBe(24.1);
    // Milligrams alone stay milligrams (an edible's content), also before a word.
    expect(pct(TOTAL_THC.exec('Total THC 100 mg per package')).mg).toBe(100);
    expect(pct(TOTAL_THC.exec('Total THC: 10mg')).mg).toBe(10);
  });

  it('takes Total THC and Total CBD, not the delta-9 rows above them', () => {
    const p = parseLabelText(CANADIAN);
    expect(p.thcPct).toBe(77.4);
    expect(p.cbdPct).toBe(0.9);
    expect(p.thcMg).toBeNull();
    expect(p.cbdMg).toBeNull();
  });

  it('reads the French key order first (THC total / Total THC, CBD total | Total CBD)', () => {
    const p = parseLabelText(['THC          3 mglg', 'THC total / Total THC     289 mg/g', 'CBD          1mglg', 'CBD total | Total CBD     3mglg'].join('\n'));
    expect(p.thcPct).toBe(28.9);
    expect(p.cbdPct).toBe(0.3);
    expect(parseLabelText('THC total   19.8 %\nCBD total   0.4 %').cbdPct).toBe(0.4);
  });

  it('reads the lot after a bilingual key whose words come before it (Lot number / Numéro de lot)', () => {
    expect(parseLabelText(CANADIAN).batchNumber).toBe('CT2615-05');
    expect(parseLabelText('Numéro de lot / Lot number     SO2647-16').batchNumber).toBe('SO2647-16');
    // The key's t read as l on blurred print.
    expect(parseLabelText('Total THC: 26.6%\n Balch: FO2679-72').batchNumber).toBe('FO2679-72');
    // A space read inside the code, its hyphen read as a point.
    expect(parseLabelText('CBD 02%      i       Batch: HK26 70.96').batchNumber).toBe('HK2670-96');
    expect(parseLabelText('Batch: HK2670 Tested 12.05.2026').batchNumber).toBe('HK2670');
    expect(parseLabelText('Batch: HK2670 14.5%').batchNumber).toBe('HK2670');
  });
});

/** A grey page w × h: paper 240, `bands` filled dark, `print` rows of thin strokes in the given x ranges. */
function page(w: number, h: number, bands: [number, number][], print: [number, number][]): Uint8Array {
  const g = new Uint8Array(w * h).fill(240);
  for (const [a, b] of bands) for (let y = 0; y < h; y++) for (let x = a; x <= b; x++) g[y * w + x] = 60;
  for (const [a, b] of print) for (let y = 10; y < h - 10; y += 8) for (let x = a; x <= b; x += 3) g[y * w + x] = 20;
  return g;
}

describe('a fold-out label: two panels beside a spine', () => {
  it('finds the spine: a band filled top to bottom between two printed panels', () => {
    const band = foldBand(
      page(
        400,
        200,
        [[190, 210]],
        [
          [20, 170],
          [230, 380],
        ],
      ),
      400,
      200,
    );
    expect(band).toEqual({ x0: 190, x1: 210 });
  });

  it('finds none on a page without one, beside an empty side, at the edge, or too wide to be a spine', () => {
    expect(foldBand(page(400, 200, [], [[20, 380]]), 400, 200)).toBeNull();
    expect(foldBand(page(400, 200, [[190, 210]], [[20, 170]]), 400, 200)).toBeNull();
    expect(foldBand(page(400, 200, [[10, 30]], [[40, 380]]), 400, 200)).toBeNull();
    expect(
      foldBand(
        page(
          400,
          200,
          [[150, 250]],
          [
            [20, 140],
            [260, 380],
          ],
        ),
        400,
        200,
      ),
    ).toBeNull();
    // A filled run inside a wide half-filled area (a dark photo's shading) is no spine.
    const shaded = page(
      400,
      200,
      [[190, 210]],
      [
        [20, 170],
        [230, 380],
      ],
    );
    for (let y = 0; y < 200; y += 2) for (let x = 100; x <= 300; x++) shaded[y * 400 + x] = 60;
    expect(foldBand(shaded, 400, 200)).toBeNull();
    // A printed rule (two pixels) is no spine either.
    expect(
      foldBand(
        page(
          400,
          200,
          [[199, 200]],
          [
            [20, 170],
            [230, 380],
          ],
        ),
        400,
        200,
      ),
    ).toBeNull();
  });

  it('cuts the two panels out of a photo of the page', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="#ffffff"/>' +
      '<rect x="380" y="0" width="40" height="300" fill="#2e7d32"/>' +
      '<g font-family="DejaVu Sans" font-size="22" fill="#111111"><text x="30" y="60">VANA</text><text x="30" y="100">Fire OG Whole Flower</text><text x="30" y="140">Net Wt. 3.5 g</text>' +
      '<text x="450" y="60">Total THC: 26.6%</text><text x="450" y="100">Batch: FO2679-72</text><text x="450" y="140">Tested: Jun 14, 2026</text></g></svg>';
    const panels = await foldPanels(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(panels).not.toBeNull();
    const [a, b, spine] = await Promise.all([...panels!.panels, panels!.spine].map((p) => sharp(p).metadata()));
    expect(a.width).toBeGreaterThan(340);
    expect(a.width).toBeLessThan(380);
    expect(b.width).toBeGreaterThan(340);
    expect(b.width).toBeLessThan(380);
    // The spine turned a quarter: as wide as the page is tall.
    expect(spine.width).toBe(300);
    expect(spine.height).toBeLessThan(60);
    expect(
      await foldPanels(
        await sharp(Buffer.from(svg.replace('fill="#2e7d32"', 'fill="#ffffff"')))
          .png()
          .toBuffer(),
      ),
    ).toBeNull();
  });

  it('reads the front panel first, whichever side it is on, and keeps its brand, name and weight', () => {
    const back = { text: 'LAB RESULTS\nTotal THC: 85.0%\nCBD: 0.2%\nBatch: HK2670-96\nTested: 08/10/2026\nTesting Lab: Digipath Labs' };
    const front = { text: 'MOUNTAINTOP EXTRACTS\nHindu Kush Vape Cart\nIndica · Vape\nTHC 85.0%\nCBD 0.2%\nNet Wt. .5g' };
    for (const joined of [joinPanels(back, front), joinPanels(front, back)]) {
      expect(joined.text.startsWith('MOUNTAINTOP')).toBe(true);
      const p = parseLabelText(joined.text, joined.words.length ? joined.words : undefined);
      expect(p.brand?.toLowerCase()).toBe('mountaintop extracts');
      expect(p.productName).toBe('Hindu Kush Vape Cart');
      expect(p.netWeightGrams).toBe(0.5);
      expect(p.batchNumber).toBe('HK2670-96');
      expect(p.thcPct).toBe(85);
    }
  });

  it('numbers the second panel’s word rows after the first’s', () => {
    const w = (text: string, line: number) => ({ text, line, x0: 0, y0: 0, x1: 10, y1: 10, conf: 90 });
    const joined = joinPanels({ text: 'VANA\nFire OG', words: [w('VANA', 0), w('Fire', 1), w('OG', 1)] }, { text: 'Batch: X1\nLab: Y: Z', words: [w('Batch:', 0), w('X1', 0)] });
    expect(joined.words.map((x) => x.line)).toEqual([0, 1, 1, 2, 2]);
  });

  it('keeps the fuller reading’s fields and fills its gaps from the other', () => {
    const base = parseLabelText('');
    const pageRead: ParsedLabel = { ...base, productName: 'Hindu Kush Vape Cart', thcPct: 85, cbdPct: 2, batchNumber: 'HK26', coverage: 0.5 };
    const panels: ParsedLabel = {
      ...base,
      productName: 'Hindu Kush Vape Cart',
      brand: 'Mountaintop Extracts',
      thcPct: 85,
      cbdPct: 0.2,
      batchNumber: 'HK2670-96',
      netWeightGrams: 0.5,
      coverage: 0.75,
    };
    const p = fromPanels(pageRead, panels);
    expect(p).toMatchObject({ brand: 'Mountaintop Extracts', cbdPct: 0.2, batchNumber: 'HK2670-96', netWeightGrams: 0.5 });
    expect(fromPanels({ ...pageRead, labName: 'Digipath Labs', coverage: 0.9 }, panels)).toMatchObject({
      cbdPct: 2,
      brand: 'Mountaintop Extracts',
      labName: 'Digipath Labs',
      // The page's batch was cut short: the panels' whole one.
      batchNumber: 'HK2670-96',
    });
    expect(fromPanels({ ...pageRead, batchNumber: 'ZZ1234-01', coverage: 0.9 }, panels).batchNumber).toBe('ZZ1234-01');
  });

  it('reads the brand and name along the spine, without stray marks, at its separator (also read as © or -)', () => {
    expect(spineNames('|    Mountaintop Extracts - Hindu Kush Vape Cart    oo\n')).toEqual({ brand: 'Mountaintop Extracts', name: 'Hindu Kush Vape Cart' });
    expect(spineNames('i         Mountaintop Extracts © Hindu Kush Vape Cart                i\n')).toEqual({ brand: 'Mountaintop Extracts', name: 'Hindu Kush Vape Cart' });
    expect(spineNames('EE RRR RRRRRRRRRRRRRRDIIDD=\n1 Vana · Fire OG Whole Flower _—_——\nJ\n')).toEqual({ brand: 'Vana', name: 'Fire OG Whole Flower' });
    expect(spineNames('[|  Vana Fire OG Whole Flower                        1\n')).toEqual({ brand: null, name: 'Vana Fire OG Whole Flower' });
    expect(spineNames('| i ~\n')).toBeNull();
  });

  it('fills a missing brand and name from the spine, and a name that was the brand', () => {
    const base = { ...parseLabelText(''), thcPct: 26.6 };
    expect(fromSpine(base, 'Vana · Fire OG Whole Flower')).toMatchObject({ brand: 'Vana', productName: 'Fire OG Whole Flower', strainName: 'Fire OG', category: 'Flower' });
    // The separator lost: the name the reading took (the brand) starts the spine.
    expect(fromSpine({ ...base, productName: 'VANA', strainName: 'VANA' }, '[|  Vana Fire OG Whole Flower   1')).toMatchObject({
      brand: 'Vana',
      productName: 'Fire OG Whole Flower',
    });
    // Without a separator and nothing known, the spine says nothing.
    expect(fromSpine(base, 'Vana Fire OG Whole Flower')).toMatchObject({ brand: null, productName: null });
    // A reading's own name and brand stay.
    expect(fromSpine({ ...base, brand: 'VANA', productName: 'Fire OG Flower' }, 'Vana · Fire OG Whole Flower')).toMatchObject({ brand: 'VANA', productName: 'Fire OG Flower' });
  });
});

describe('figures whose decimal point OCR lost', () => {
  it('reads a potency figure with a leading zero as the point lost after it (CBD:02% is 0.2 %)', () => {
    expect(pct(CBD.exec('CBD:02%')).pct).toBe(0.2);
    expect(pct(CBD.exec('CBD 0.2%')).pct).toBe(0.2);
    expect(pct(CBD.exec('CBD 12%')).pct).toBe(12);
    expect(parseLabelText('Fire OG Whole Flower\nTotal THC: 26.6%\n| CBD:02%').cbdPct).toBe(0.2);
  });

  it('reads 35g / 359 as 3.5 g, and 5g / 59 on a vape as 0.5 g', () => {
    expect(lostPointGrams(' 35g', 'Flower')).toBe(3.5);
    expect(lostPointGrams('359', 'Flower')).toBe(3.5);
    expect(lostPointGrams('25 g', 'Flower')).toBe(2.5);
    expect(lostPointGrams('59', 'Vape')).toBe(0.5);
    expect(lostPointGrams('5g', 'Vape')).toBe(0.5);
    // Weights that are package sizes stay.
    for (const [t, c] of [
      ['5g', 'Flower'],
      ['28g', 'Flower'],
      ['2 g', 'Vape'],
      ['1g', 'Vape'],
      ['3.5 g', 'Flower'],
      ['14g', 'Flower'],
    ])
      expect(lostPointGrams(t, c)).toBeNull();
    expect(parseLabelText('Hindu Kush Vape Cart\nIndica Vape - Net Wt. 59\nTotal THC: 85.0%').netWeightGrams).toBe(0.5);
    expect(parseLabelText('Fire OG Whole Flower\nIndica - Flower\nTHC 26.6%\nNetWt. 35g').netWeightGrams).toBe(3.5);
    expect(parseLabelText('Fire OG Whole Flower\nIndica - Flower\nTHC 26.6%\nNet Wt. 3.5 g').netWeightGrams).toBe(3.5);
  });

  it('reads the key’s dot glued to a whole weight as the key’s (NetWt.1g), and 05g after a bilingual key as 0.5 g', () => {
    expect(netWeightText('.1g')).toBe('1g');
    expect(netWeightText('.5g')).toBe('.5g');
    expect(netWeightText('/ Net weight 05g')).toBe('/ Net weight 0.5g');
    expect(parseLabelText('Pennywise Live Resin\nTHC 77.9%\nNetWt.1g').netWeightGrams).toBe(1);
    expect(parseLabelText('Hindu Kush Vape Cart\nTHC 85.0%\nNetwt.5g').netWeightGrams).toBe(0.5);
    expect(parseLabelText('Pound Cake Disposable\nTotal THC / THC total 896 mg/g\nPoids net / Net weight      05g').netWeightGrams).toBe(0.5);
  });
});
