import { describe, expect, it } from 'vitest';
import { pairByPosition } from '@/lib/vision/label-columns';
import { parseLabelText } from '@/lib/vision/label-parser';
import { linesFromWords, type WordBox } from '@/lib/vision/parse-common';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { wordsFromTsv } from '@/lib/vision/ocr-pool';

/**
 * Word boxes as tesseract reports them: rows laid out from cells placed at x positions in a
 * monospaced or proportional print (charW px per character, a word space of `space` px).
 */
function row(line: number, cells: [string, number][], opts: { charW?: number; space?: number; y?: number; conf?: number } = {}): WordBox[] {
  const charW = opts.charW ?? 10;
  const space = opts.space ?? 8;
  const y0 = opts.y ?? line * 30;
  const out: WordBox[] = [];
  for (const [text, x] of cells) {
    let cx = x;
    for (const w of text.split(' ')) {
      out.push({ text: w, line, x0: cx, y0, x1: cx + w.length * charW, y1: y0 + 20, conf: opts.conf ?? 92 });
      cx += w.length * charW + space;
    }
  }
  return out;
}

describe('rows and columns from word boxes', () => {
  it('splits a row into cells at gaps measured on the page, not at the spaces tesseract wrote', () => {
    const words = [
      ...row(0, [
        ['Blue Dream Whole Flower 3.5g', 20],
        ['$35.00', 600],
      ]),
      ...row(1, [['Flower · THC 21.6%', 40]]),
    ];
    const lines = linesFromWords(words);
    expect(lines.map((l) => l.text)).toEqual(['Blue Dream Whole Flower 3.5g   $35.00', 'Flower · THC 21.6%']);
    expect(lines[0].cells.map((c) => [c.x0, c.x1])).toEqual([
      [20, 292],
      [600, 660],
    ]);
  });

  it('a monospaced word space (wider than the letters) is still a word space; two character gaps are a column', () => {
    const mono = { charW: 12, space: 14 };
    const lines = linesFromWords([
      ...row(
        0,
        [
          ['Type: Hybrid', 20],
          ['Category: Flower', 20 + 12 * 12 + 40],
        ],
        mono,
      ),
    ]);
    expect(lines[0].cells.map((c) => c.text)).toEqual(['Type: Hybrid', 'Category: Flower']);
  });

  it('drops specks at a row end and keeps the row confidence', () => {
    const lines = linesFromWords([
      ...row(
        0,
        [
          ['Grape Ape Preroll', 20],
          [':', 700],
        ],
        { conf: 80 },
      ),
    ]);
    expect(lines[0].text).toBe('Grape Ape Preroll');
    expect(lines[0].conf).toBe(80);
  });

  it('reads the TSV output of tesseract into words with their line numbers', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t',
      '5\t1\t1\t1\t1\t1\t20\t10\t50\t20\t95.1\tTOTAL',
      '5\t1\t1\t1\t1\t2\t600\t10\t70\t20\t91.0\t$42.50',
      '5\t1\t1\t1\t2\t1\t20\t40\t60\t20\t90.0\tCash',
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: 'TOTAL', line: 0, x0: 20, y0: 10, x1: 70, y1: 30, conf: 95.1 },
      { text: '$42.50', line: 0, x0: 600, y0: 10, x1: 670, y1: 30, conf: 91 },
      { text: 'Cash', line: 1, x0: 20, y0: 40, x1: 80, y1: 60, conf: 90 },
    ]);
  });
});

describe('labels read by geometry', () => {
  it('pairs a row of keys with the values under them by position, also when a value is missing', () => {
    const [keys, values] = linesFromWords([
      ...row(0, [
        ['NET WT', 20],
        ['BATCH', 300],
        ['THC', 560],
      ]),
      ...row(1, [
        ['3.5 g', 20],
        ['23.1%', 560],
      ]),
    ]);
    expect(pairByPosition(keys, values)).toEqual(['NET WT: 3.5 g', 'THC: 23.1%']);
  });

  it('boxed cells: the batch and weight under their keys are read although the rows hold a different number of cells', () => {
    const words = [
      ...row(0, [['ENCHANTED BOTANICALS', 20]]),
      ...row(1, [['Harle-Tsu Flower', 20]]),
      ...row(2, [
        ['NET WT', 20],
        ['BATCH', 360],
      ]),
      ...row(3, [
        ['1g', 20],
        ['HT2606-37', 360],
      ]),
      ...row(4, [
        ['HARVESTED', 20],
        ['TESTED', 360],
        ['LAB', 620],
      ]),
      ...row(5, [
        ['2026-03-02', 20],
        ['2026-04-11', 360],
      ]),
    ];
    const p = parseLabelText('', words);
    expect(p).toMatchObject({
      brand: 'ENCHANTED BOTANICALS',
      productName: 'Harle-Tsu Flower',
      netWeightGrams: 1,
      batchNumber: 'HT2606-37',
      harvestDate: '2026-03-02',
      testDate: '2026-04-11',
    });
  });

  it('a row tesseract was unsure of (the photo margin read as words) is not the brand', () => {
    const words = [
      ...row(0, [['m = SE h', 20]], { conf: 19 }),
      ...row(1, [['OASIS Cannabis Co', 20]]),
      ...row(2, [['Pink Runtz Flower', 20]]),
      ...row(3, [['Total THC 20.9%', 20]]),
    ];
    expect(parseLabelText('', words)).toMatchObject({ brand: 'OASIS Cannabis Co', productName: 'Pink Runtz Flower', thcPct: 20.9 });
  });

  it.each([
    // the brand row as tesseract scored it (blurred bold print) → kept or not
    ['Stoned Ape', 44, 'Stoned Ape'],
    ['Stoned Ape', 31, 'Stoned Ape'],
    ['Stoned Ape', 22, null],
    ['ERs sea a 3', 31, null],
  ] as [string, number, string | null][])('a clean name row of low confidence is still the brand: %s at %i', (text, conf, brand) => {
    const words = [
      ...row(0, [['ERs sea a 3', 600]], { conf: 31 }),
      ...row(1, [[text, 20]], { conf }),
      ...row(2, [['Banana Kush Smalls', 20]]),
      ...row(3, [['Total THC 21.5%', 20]]),
    ];
    const p = parseLabelText('', words);
    if (brand) expect(p).toMatchObject({ brand, productName: 'Banana Kush Smalls' });
    else expect(p).toMatchObject({ brand: null, productName: 'Banana Kush Smalls' });
  });

  it('a keyed lab ends at its column gap (two panels on one row)', () => {
    const p = parseLabelText('SUBLIME\nSFV OG Smalls\nBatch: SF2624-38   D-Limonene   0.43%\nLab: Steep Hill   trans-Caryophyllene   0.15%');
    expect(p.labName).toBe('Steep Hill');
    expect(p.terpenes).toEqual([
      { name: 'limonene', percentage: 0.43 },
      { name: 'caryophyllene', percentage: 0.15 },
    ]);
  });

  it('terpenes in parentheses after a "Top terpenes:" key', () => {
    const p = parseLabelText(
      'Brand X\nBlue Dream Flower\nTotal THC 22.1%\nTop terpenes: Limonene (1.30%), beta-Myrcene (1.15%)\n  a-Bisabolol (0.63%)\nLot: PR2632-70   Packaged: 2026-06-21',
    );
    expect(p.terpenes).toEqual([
      { name: 'limonene', percentage: 1.3 },
      { name: 'myrcene', percentage: 1.15 },
      { name: 'bisabolol', percentage: 0.63 },
    ]);
  });
});

describe('receipts read by geometry', () => {
  it('the store is not a margin row tesseract was unsure of', () => {
    const words = [
      ...row(0, [['gain ot SY pn', 20]], { conf: 15 }),
      ...row(1, [['EMERALD COAST DISPENSARY', 200]]),
      ...row(2, [['Date: 2026-03-04', 20]]),
      ...row(3, [
        ['Blue Dream 3.5g', 20],
        ['$35.00', 600],
      ]),
      ...row(4, [['Flower · THC 21.6%', 40]]),
      ...row(5, [
        ['TOTAL', 20],
        ['$35.00', 600],
      ]),
    ];
    const p = parseReceiptText('', words);
    expect(p.dispensaryName).toBe('EMERALD COAST DISPENSARY');
    expect(p.items).toMatchObject([{ productName: 'Blue Dream 3.5g', price: 35, thcPct: 21.6, category: 'Flower' }]);
  });

  it('columns come from the boxes, whatever spacing tesseract wrote', () => {
    // tesseract's text may glue them with single spaces ("Blue Dream 3.5g 2 x $17.50 $35.00").
    const words = [
      ...row(0, [['Green Leaf', 20]]),
      ...row(1, [
        ['Blue Dream 3.5g', 20],
        ['2 x $17.50', 400],
        ['$35.00', 640],
      ]),
      ...row(2, [
        ['TOTAL', 20],
        ['$35.00', 640],
      ]),
    ];
    expect(parseReceiptText('', words).items).toMatchObject([{ productName: 'Blue Dream 3.5g', quantity: 2, unitPrice: 17.5, price: 35 }]);
  });
});

describe('receipt item lines', () => {
  it('a name split by a wide gap between its words is one name', () => {
    const p = parseReceiptText('Sweet Leaf Market\nWana   Edibles - Pound Cake Premium Flower 1/8oz   $66.56\nFlower · Qty 2 @ $33.28 · THC 20.96%\nTOTAL   $66.56');
    expect(p.items).toMatchObject([{ productName: 'Wana Edibles - Pound Cake Premium Flower 1/8oz', quantity: 2, price: 66.56, thcPct: 20.96, grams: 3.5 }]);
  });

  it('a price line that starts with its quantity belongs to the name above, also when OCR garbled its unit price', () => {
    const p = parseReceiptText('Green Leaf Dispensary\nDo-Si-Dos Pre-Roll Pack 1g\n   1@su51   $11.51\nTOTAL   $11.51');
    expect(p.items).toMatchObject([{ productName: 'Do-Si-Dos Pre-Roll Pack 1g', quantity: 1, price: 11.51, category: 'Pre-Roll' }]);
  });
});

describe('label net weight and margin rows', () => {
  it('the dot after a net-weight key glued to the number is its decimal point; a lost point after a leading 0', () => {
    expect(parseLabelText('Black Duck\nBerry White Cartridge\nNetwt.5g\nBatch/Lot # BW2637-92').netWeightGrams).toBe(0.5);
    expect(parseLabelText('Under Dawg\nLemon Kush Disposable\nVape - Sativa - Net Wt. 05g').netWeightGrams).toBe(0.5);
    expect(parseLabelText('Brand\nBlue Dream Flower\nNet Wt. 3.5g (1/8 oz)').netWeightGrams).toBe(3.5);
  });

  it('a margin row tesseract was unsure of is not a brand even when it splits into cells', () => {
    const words = [
      ...row(
        0,
        [
          ['AA ER EA EA', 20],
          ['RE Re EE SR ER TD', 300],
          ['TES Pr', 600],
        ],
        { conf: 21 },
      ),
      ...row(1, [['MOUNTAINTOP EXTRACTS', 20]]),
      ...row(2, [["Charlotte's Web Badder", 20]]),
      ...row(3, [
        ['Type: Sativa', 20],
        ['Total THC', 400],
        ['78.0%', 700],
      ]),
    ];
    expect(parseLabelText('', words)).toMatchObject({ brand: 'MOUNTAINTOP EXTRACTS', productName: "Charlotte's Web Badder", thcPct: 78 });
  });
});

describe('label potency in other forms (added after the third-round blind run)', () => {
  it('potency in mg/g is a tenth of the percentage; plain mg stays an edible content', () => {
    const p = parseLabelText('Package UID: 1A4056981500087913\nItem: Maui Wowie Premium Flower\nTotal THC: 213.0 mg/g   Total CBD: 4.0 mg/g\nTotal Cannabinoids: 250.0 mg/g');
    expect(p).toMatchObject({ thcPct: 21.3, cbdPct: 0.4, totalCannabinoidsPct: 25, thcMg: null });
    expect(parseLabelText('Kiva\nCamino Gummies\nTHC 100 mg per package').thcMg).toBe(100);
  });

  it('the value before its key in a sentence, but not the THC figure before a keyed CBD', () => {
    expect(parseLabelText('PurLife\nCali Kush Pre-Roll\nLab tested 04/14/2026 by CannaSafe:\n24.1% THC, 0.3% CBD, 26.8% total cannabinoids.')).toMatchObject({
      thcPct: 24.1,
      cbdPct: 0.3,
      totalCannabinoidsPct: 26.8,
    });
    expect(parseLabelText('Brand: X\nProduct: Y\nTHC: 22.4%   CBD: 1.1%')).toMatchObject({ thcPct: 22.4, cbdPct: 1.1 });
    expect(parseLabelText('X\nY Flower\nTotal THC 20.90% Total CBD 0.80%')).toMatchObject({ thcPct: 20.9, cbdPct: 0.8 });
  });
});

describe('label keys (added after the third-round blind run)', () => {
  it('Sample / Client / Item / Licensee / Testing Facility keys; a keyed value ends at its column gap', () => {
    expect(parseLabelText('SC Labs\nSample: Tropicana Cookies Pre-Roll   Sample ID: 3200048916\nClient: Happy   Matrix: Pre-Roll')).toMatchObject({
      productName: 'Tropicana Cookies Pre-Roll',
      brand: 'Happy',
    });
    expect(parseLabelText('Package UID: 1A4056981500087913\nItem: Maui Wowie Premium Flower\nLicensee: Vana\nTesting Facility: EVIO Labs   Test Date: 2026-08-23')).toMatchObject({
      productName: 'Maui Wowie Premium Flower',
      brand: 'Vana',
      labName: 'EVIO Labs',
      testDate: '2026-08-23',
    });
  });
});

describe('receipt item cards (added after the third-round blind run)', () => {
  it('a keyed card: name after Product:, potency on the line between, price on the last line', () => {
    const p = parseReceiptText(
      [
        'TOKER KING',
        'Order placed: Apr 13, 2026, 2:12 PM',
        'Item 1 of 2',
        'Product: TROPICANA COOKIES DISPOSABLE 1 G',
        'Category: Vape    THC: 88.1%',
        'Qty: 1    Unit price: $39.82        Line total: $39.82',
        'Discount:        -$3.98',
        'Item 2 of 2',
        'Product: BIG BUD WHOLE FLOWER 1/4OZ',
        'Category: Flower    THC: 29.2%    CBD: 1.3%',
        'Qty: 2    Unit price: $64.14        Line total: $128.28',
        'Subtotal:        $164.12',
        'Order Total:        $196.94',
      ].join('\n'),
    );
    expect(p.items).toMatchObject([
      { productName: 'TROPICANA COOKIES DISPOSABLE 1 G', category: 'Vape', thcPct: 88.1, quantity: 1, price: 39.82, discount: 3.98 },
      { productName: 'BIG BUD WHOLE FLOWER 1/4OZ', category: 'Flower', thcPct: 29.2, cbdPct: 1.3, quantity: 2, unitPrice: 64.14, price: 128.28, grams: 7 },
    ]);
  });
});
