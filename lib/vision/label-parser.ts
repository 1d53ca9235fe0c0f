import { trimTrailingNoise } from '@/lib/vision/strain-noise';
import {
  categorize,
  categorizeLast,
  lastCategoryAt,
  cleanLine,
  dropMarginJunk,
  letters,
  linesFromWords,
  NAME_MIN_CONF,
  nameFix as commonNameFix,
  parseWeightGrams,
  stripCategoryWords,
  strainTypeIn,
  tidyName,
  type BoxLine,
  type WordBox,
} from '@/lib/vision/parse-common';
import { columnLines, withoutUnsureTail } from '@/lib/vision/label-columns';
import { byFoldPanels } from '@/lib/vision/label-folds';
import { readDates } from '@/lib/vision/label-dates';
import { dotPrintDates, nameBeforeNetWeight } from '@/lib/vision/label-dot-print';
import { BELOW_LIMIT, CANN_AFTER, CBD, CBD_AFTER, pct, potency, THC, THC_AFTER, TOTAL_CANN, TOTAL_CBD, TOTAL_THC } from '@/lib/vision/label-potency';
import { batchCode, batchLetters, capitalGAsSix, gramsBesideOunces, lostPointGrams, netWeightText, ouncesOverGrams, withoutTrailingWeight } from '@/lib/vision/label-values';
import { isTerpeneRow, readTerpenes } from '@/lib/vision/label-terpene-rows';
import { readLab } from '@/lib/vision/label-lab';
import { gapKeyed, makerBrand, nineAsGrams, unkeyedWeight, withoutRuleSpecks, withoutSideRemark } from '@/lib/vision/label-keys';
import { joinWrappedValues } from '@/lib/vision/label-wrap';
import { expandAbbreviations } from '@/lib/vision/label-abbrev';
import { splitStampCells } from '@/lib/vision/label-stamp';
import { capsKeyed, formRow } from '@/lib/vision/label-form';
import { unheadedLoqRows } from '@/lib/vision/label-loq-rows';
import { fuzzyKeys } from '@/lib/vision/label-fuzzy-keys';
import { holeTotals } from '@/lib/vision/label-hole';
import { mgPerGramRows, unglued, withoutBar, withoutPillEdges } from '@/lib/vision/label-rows';
import { fromSpanish } from '@/lib/vision/label-spanish';
import { fromGerman } from '@/lib/vision/label-german';
import { bareTotal, valueFirst } from '@/lib/vision/label-value-first';
import { barApart } from '@/lib/vision/label-cart';
import { slashPairs } from '@/lib/vision/label-slash-pairs';
import { isCannabinoidName, tableRows } from '@/lib/vision/label-table-rows';
import { packingCodes } from '@/lib/vision/label-packing-codes';
import { computedTotal } from '@/lib/vision/label-formula';
import { withoutStampWords } from '@/lib/vision/label-stamp-words';
import { dayFirstSlashDates, medicalKeys } from '@/lib/vision/label-medical';
import { classCodeShares } from '@/lib/vision/label-class-share';
import { garbledStrainType } from '@/lib/vision/label-strain-type';
import { terpeneName } from '@/lib/vision/terpenes';
import type { ParsedLabel } from '@/lib/vision/types';

/** Re-exported for the label tests, which import the parser's helpers from here. */
export { batchCode, batchLetters, capitalGAsSix, gramsBesideOunces, netWeightText, ouncesOverGrams, withoutTrailingWeight };
export { mgPerGramRows, unglued, withoutBar, withoutPillEdges };

/**
 * Label text (OCR output) → product facts. Keyed lines ("THC: 22.4%", "Batch #", "Harvest Date")
 * are read by pattern; unkeyed lines at the top are the brand and the product name, in the
 * order labels print them (brand first when there are two).
 */

// The abbreviation's dot only before a space: in "Netwt.5g" the dot is the weight's decimal point.
// Also the key as blur leaves it ("Net Wr.", "NeW 1g"): a weight must follow (parseWeightGrams).
const NET_WT = /\b(?:net\s*(?:wt|weight|contents?|w[a-z])|ne[tw]\s*w?|weight)\b(?:\.(?=\s))?\s*:?\s*(.{1,30})/i;
// "Batch/Lot #" also with its slash misread ("BatchiLot #", "BatchvLot"); the code's hyphen may
// be read as a point or colon before its last digits ("CW2683.23", "PX2673:71"), undone in batchCode.
// The key's t read as l ("Balch: FO2679-72", blurred print); a space read inside the code before
// its last group ("HK26 70.96" for HK2670-96) is dropped in batchCode.
const BATCH =
  /\b(?:batch\s*[/|\\il1v]?\s*lot|ba[tl]ch|lot)\s*(?:#|no\.?|number|id|code)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{2,24}(?: \d{2,4}[-.:]\d{2,3}(?![\w.,%]))?(?:[.:]\d{1,3})?)(?!\w|[.:]\d)/i;
// "Grown by" / "Cultivated by" are keys also without their colon ("GROWN BY MOUNTAIN TOP EXTRACTS").
// A dispensing label names the maker after `Mfr:` or `Grower/Processor:` (the dispensary heads it).
const BRAND = /\b(?:(?:brand|producer|processor|cultivator|grown\s+by|manufacturer|mfr\.?|manufactured\s+by|licensee|client)\s*:|(?:grown|cultivated)\s+by\b)\s*(.{2,60})/i;
const PRODUCT = /\b(?:product(?:\s*name)?|item(?:\s*name)?|sample(?:\s*name)?)\s*:\s*(.{2,80})/i;
const STRAIN = /\b(?:strain|cultivar|genetics)(?:\s*name)?\s*:\s*(.{2,60})/i;
const CATEGORY = /\b(?:category\s*:|(?:product\s+)?form\s*:|product\s*type\s*:?)\s*(.{2,40})/i;
/** `CBO` / `CB0` before a figure (after its colon at most): a blurred CBD. */
const CBD_AS_CBO = /\bCB[O0](?=\s*:?\s*\d)/g;
const KEYED =
  /:|\b(thc|cbd|cannabinoids?|batch|lot|harvest|tested|test date|packaged|net\s*wt|weight|terpenes?|warning|keep out|license|lic\b|lab\b|for use|government|www\.|ingredients|(?:product|strain)\s+type)\b|%|\d{3,}/i;

/**
 * `words`: tesseract's word boxes, when the reading has them: rows are rebuilt from the boxes
 * (`linesFromWords`) and a row of keys is paired with the values beneath it by position.
 */
export function parseLabelText(raw: string, words?: readonly WordBox[]): ParsedLabel {
  // The first two rows (the brand's) without a tagline set far to their right (label-keys.ts).
  // A label of panels divided by fold lines is read panel by panel (label-folds.ts).
  const wordRows = words?.length ? linesFromWords(byFoldPanels(words)) : null;
  const boxes = wordRows ? withoutRemarks(wordRows.map(withoutUnsureTail)) : null;
  const rows = boxes ? boxes.map((l) => l.text) : raw.split(/\r?\n/).map(dropMarginJunk);
  // Slash-joined keys a cell per key, before the Spanish rewrite (label-slash-pairs.ts); a turned or headed table name by name (label-table-rows.ts); a total's formula out of its row (label-formula.ts).
  const paired = tableRows(
    slashPairs(rows.map((r) => computedTotal(withoutRuleSpecks(r)))),
    wordRows?.map((l) => l.text),
  );
  const rowLines = splitStampCells(
    columnLines(
      // A hand-filled form's rows first (label-form.ts): marked boxes, keys with their unit before the value.
      // Spanish keys, words and dates in English first (label-spanish.ts); a cartridge's bar kept off its mg (label-cart.ts).
      // Keys OCR garbled slightly (`weicht 3.59`, `rackeo 9/19/26`) read as keys (label-fuzzy-keys.ts).
      // German keys and day-first dotted dates too (label-german.ts); value-first chips (`24.1% THC`) turned round (label-value-first.ts).
      // A certificate's table rows whose shaded head OCR lost, read by their limit column (label-loq-rows.ts).
      unheadedLoqRows(fuzzyKeys(paired.map((r) => gapKeyed(unglued(barApart(valueFirst(withoutPillEdges(formRow(capsKeyed(fromGerman(fromSpanish(medicalKeys(r))))))))))))),
      boxes,
    )
      .map(withoutBar)
      .map(withoutStampWords)
      .map((r) => expandAbbreviations(packingCodes(bareTotal(r)))), // an inkjet code's compact dates written out (label-packing-codes.ts); a paired bare `TOTAL` named
  );
  // A percentage split at its decimal point by blur ("Total CBD 0. 5%") is one figure again.
  // Its point read as a space ("Terpinolene 1 07%", "Total Active Cannabinoids 25 45%"): one space, two digits, a percent sign.
  // CBD with its D read as O or 0 by blur (a tile's caption `TOTAL CBO` paired with its value: `TOTAL CBO: 0.4%`).
  // A value wrapped onto the line after its key (a run-on paragraph of small print) is moved back; a donut's total above its key gets the key.
  const lines = joinWrappedValues(
    holeTotals(
      mgPerGramRows(
        rowLines.map((l) =>
          cleanLine(l)
            .replace(/(\d[.,])\s(\d{1,2}\s?%)/g, '$1$2')
            .replace(/(?<![\d.,])(\d{1,2}) (\d{2})\s?%/g, '$1.$2%')
            .replace(CBD_AS_CBO, 'CBD'),
        ),
      ),
    ).filter((l) => l.length > 0),
  );
  const text = classCodeShares(lines).join('\n'); // a keyed share's lost point beside a class code (label-class-share.ts)

  // "Jul 14,2026": the space after the comma lost; "May 26. 2026": the comma read as a point.
  // "10.05.26" (month, day, two-digit year, as the slash form "10/05/26" is read); slashed dates day first on a label that writes them so (label-medical.ts).
  const dates = readDates(
    dayFirstSlashDates(lines, rows)
      .map((l) =>
        l
          .replace(/\b([A-Za-z]{3,9}\.?\s*\d{1,2}),(\d{4})\b/g, '$1, $2')
          .replace(/\b([A-Za-z]{3,9}\.?\s+\d{1,2})\.\s(\d{4})\b/g, '$1, $2')
          .replace(/\b(\d{1,2})\.(\d{1,2})\.(\d{2})\b(?![.,]\d)/g, '$1/$2/$3'),
      )
      .map(dotPrintDates),
  );
  const thc = potency(text, TOTAL_THC, THC_AFTER, THC, BELOW_LIMIT('THC'));
  const cbd = potency(text, TOTAL_CBD, CBD_AFTER, CBD, BELOW_LIMIT('CBD'));
  const totalCann = TOTAL_CANN.exec(text) ?? CANN_AFTER.exec(text);

  const terpenes = readTerpenes(lines);

  let netWeightGrams: number | null = null;
  // The keyed weight's text (the one read, else the first key's): its decimal point may be lost (lostPointGrams, below).
  let weightText: string | null = null;
  for (const line of lines) {
    const m = NET_WT.exec(line);
    const w = m
      ? (gramsBesideOunces(m[1]) ?? ouncesOverGrams(m[1]) ?? parseWeightGrams(netWeightText(m[1]), { allowTrailingNine: true }) ?? capitalGAsSix(m[1]) ?? nineAsGrams(m[1]))
      : null;
    if (m && (w || weightText === null)) weightText = m[1];
    if (w) {
      netWeightGrams = w.grams;
      break;
    }
  }
  // No "Net Wt" key: a weight printed near the top (e.g. "HYBRID | 3.5g") is the package size (label-keys.ts).
  if (netWeightGrams === null) netWeightGrams = unkeyedWeight(lines);

  // Batch codes mix letters and digits on purpose: read them before the digit fix-ups.
  const rawLines = rowLines.map((l) => l.replace(/\s+/g, ' ').trim());
  // Every key on the row: a bilingual key's own words may come first (`Lot number / Numéro de lot  CT2615-05`).
  // Else in tesseract's own lines: a word box it made as wide as its row (a rule under the print) puts
  // that word first when the row is rebuilt from the boxes (`Lot: Packaged: PO2670-52 09/26/2026`).
  const batchIn = (ls: readonly string[]) => ls.flatMap((l) => [...l.matchAll(new RegExp(BATCH.source, 'gi'))]).find((m) => /\d/.test(m[1]));
  const batchHit = batchIn(rawLines) ?? (boxes ? batchIn(raw.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim())) : undefined);
  // A keyed lab ends at its column gap ("Lab: Steep Hill   trans-Caryophyllene  0.15%": two panels on one row).
  const cells = rowLines
    .flatMap((l) => l.split(/\s{3,}/))
    .map(cleanLine)
    .filter((c) => c.length > 0);
  // Keyed values end at their column gap ("Sample: Blue Dream Flower   Sample ID: 32000…").
  const brandKey = cells.map((c) => BRAND.exec(c)).find(Boolean) ?? lines.map((l) => BRAND.exec(l)).find(Boolean);
  const productKey = cells.map((c) => PRODUCT.exec(c)).find(Boolean) ?? lines.map((l) => PRODUCT.exec(l)).find(Boolean);
  const strainKey = lines.map((l) => STRAIN.exec(l)).find(Boolean);
  const categoryKey = lines.map((l) => CATEGORY.exec(l)).find(Boolean);

  // Unkeyed name lines at the top: brand then product (or only the product).
  // Rows tesseract was unsure of (the photo's margin read as words) are never the brand or product.
  // A row that reads as a clean name (capitalised words of letters) is kept down to a confidence of 30:
  // blurred bold print ("Stoned Ape", 44) scores there too, margin junk ("ERs sea a “3") does not look like a name.
  const nameLike = (t: string) => /^[A-Z][A-Za-z'&.-]+(?: [A-Z][A-Za-z'&.-]+){0,3}$/.test(t.trim());
  const unsure = new Set(
    (boxes ?? []).filter((b) => b.conf < NAME_MIN_CONF && !(b.conf >= 30 && nameLike(b.text))).flatMap((b) => [b.text, ...b.cells.map((c) => c.text)].map(cleanLine)),
  );
  // Not a name: a line of running text (a warning paragraph: more than seven words, or a sentence).
  // A one-word name may end in a point (the brand "ghost."), a sentence's last line does too.
  const prose = (l: string) => l.split(' ').length > 7 || /[a-z]{2}[.,;]\s+[A-Za-z]|\s\S*[a-z]{2}\.$/.test(l);
  // The first eight lines that are not running text (a warning paragraph printed above the names does not push them out).
  const banners = new Set(rowLines.filter((l) => BANNER.test(l.trim())).map(cleanLine));
  const free = lines
    .filter((l) => !banners.has(l))
    .map((l) => nameBeforeNetWeight(withoutLeadingSpeck(l)))
    .filter((l) => !prose(l))
    .slice(0, 8)
    .filter(
      (l) =>
        !KEYED.test(l) &&
        !BRAND.test(l) &&
        !SECTION.test(l) &&
        letters(l) >= 3 &&
        !unsure.has(l) &&
        !isOnlyDescriptors(l) &&
        !terpeneName(l) &&
        !isTerpeneRow(l) &&
        !isCannabinoidName(l),
    );
  let brand = brandKey ? nameFix(makerBrand(brandKey[1], free)) : null;
  let productName = productKey ? nameFix(productKey[1]) : null;
  if (!productName) {
    if (!brand && free.length >= 2) {
      brand = nameFix(free[0]);
      productName = nameFix(free[1]);
    } else {
      // With the brand keyed, the name is the first free line that ends with the product's kind
      // ("KUSH MINTS BULK FLOWER"; a store's name may come first on a deli sticker, and name a
      // kind word elsewhere: "BUDS N MORE DISPENSARY"), else the first free line.
      const others = free.filter((l) => tidyName(l).toLowerCase() !== brand?.toLowerCase());
      productName = (brandKey ? others.slice(0, 4).find(endsWithKind) : undefined) ?? others[0] ?? null;
    }
    if (productName && boxes) productName += wrappedRest(productName, lines, boxes, unsure);
    productName = productName ? nameFix(withoutTrailingWeight(productName)) : null;
  }
  const strainName = strainKey ? nameFix(strainKey[1]) : productName ? strainFromProduct(productName, brand) : null;
  // Not from the brand's own words ("Cheeba Chews" makes no flower an edible).
  const categoryText = brand && letters(brand) >= 3 ? text.split(brand).join(' ') : text;
  // The product name's kind word printed last decides ("Sour Space Candy Premium Flower", "Kush
  // Mints Bulk Flower": a strain's Candy / Mints first, the kind last), then the whole label.
  const nameKind = productName ? categorizeLast(productName) : 'Other';
  const fallback = netWeightGrams !== null && thc.pct !== null ? 'Flower' : 'Other';
  const category = categoryKey ? categorize(categoryKey[1], fallback) : nameKind !== 'Other' ? nameKind : categorize(categoryText, fallback);
  netWeightGrams = (weightText !== null ? lostPointGrams(weightText, category) : null) ?? netWeightGrams;

  const parsed: Omit<ParsedLabel, 'coverage'> = {
    productName,
    strainName,
    brand,
    category,
    type: strainTypeIn(text) ?? garbledStrainType(lines),
    thcPct: thc.pct,
    cbdPct: cbd.pct,
    thcMg: thc.mg,
    cbdMg: cbd.mg,
    totalCannabinoidsPct: totalCann ? pct(totalCann).pct : null,
    terpenes,
    netWeightGrams,
    batchNumber: batchHit ? batchLetters(batchCode(batchHit[1]), productName) : null,
    harvestDate: dates.harvest,
    testDate: dates.test,
    packageDate: dates.package,
    labName: readLab(cells, lines, rows),
  };
  return { ...parsed, coverage: labelCoverage(parsed) };
}

/**
 * A line whose last word names the product's kind ("KUSH MINTS BULK FLOWER", "Bruce Banner
 * Preroll"), or whose last two words do together and neither alone ("Blue Dream Live Resin"):
 * not "HERRERA BUDS CO", a store's name with a kind word inside it.
 */
function endsWithKind(line: string): boolean {
  const words = line.trim().split(/\s+/);
  const kind = (w: string) => categorize(w) !== 'Other';
  const last = words[words.length - 1] ?? '';
  const prev = words[words.length - 2] ?? '';
  return kind(last) || (prev !== '' && kind(`${prev} ${last}`) && !kind(prev));
}

/** A banner line framed by marks ("*** WEIGHED TO ORDER ***", "-- BULK FLOWER --"): a slogan, not a name. */
/** A panel's or section's heading alone on its row (`POTENCY`, `Cannabinoid Profile`, `Potency Analysis`, `Test Results`): never a name. */
const SECTION =
  /^(?:(?:potency|cannabinoids?|terpenes?)(?:\s+(?:profile|analysis|results|summary))?|(?:test|lab)\s+results|(?:label|product)\s+info(?:rmation)?|ingredients|warnings?|directions|nutrition\s+facts)\s*:?$/i;

const BANNER = /^\W*(?:[*=~#-]\s?){2,}.*(?:[*=~#-]\s?){2,}\W*$/;

/**
 * A printed name (parse-common's nameFix), and "OG" read as "06" / "O6" / "0G" when it starts a
 * name before a capitalised word ("06 Chem Badder" → "OG Chem Badder"; OG is the commonest
 * two-letter start of a strain name, and no name starts with a bare 06).
 */
export function nameFix(s: string): string {
  return commonNameFix(s.replace(/^(?:06|O6|0G)(?=\s+[A-Z][a-z])/, 'OG'));
}

/** 0..1: share of the facts a label normally prints that were found. */
export function labelCoverage(p: Omit<ParsedLabel, 'coverage'>): number {
  const found = [p.productName, p.thcPct ?? p.thcMg, p.cbdPct ?? p.cbdMg, p.netWeightGrams, p.batchNumber, p.testDate ?? p.harvestDate, p.labName, p.terpenes.length ? 1 : null];
  return found.filter((v) => v !== null && v !== undefined).length / found.length;
}

/**
 * The second line of a product name wrapped onto two lines (a round sticker's short centred lines:
 * "Colombian Gold" / "Premium Flower"): the row right under the name, printed the same size
 * (row heights within 30 %) and lined up with it (same centre or same left edge, within 4 % of
 * the page's width), read with confidence, no digits, no key, no strain-type word (that is the descriptor line
 * "Hybrid Flower"), at most four words. Returns " rest" or "".
 */
function wrappedRest(name: string, lines: string[], boxes: readonly BoxLine[], unsure: Set<string>): string {
  const i = lines.findIndex((l) => withoutLeadingSpeck(l) === name);
  const next = i >= 0 ? lines[i + 1] : undefined;
  if (
    !next ||
    unsure.has(next) ||
    /\d|:/.test(next) ||
    KEYED.test(next) ||
    BRAND.test(next) ||
    /\b(indica|sativa|hybrid)\b/i.test(next) ||
    next.split(' ').length > 4 ||
    letters(next) < 3
  )
    return '';
  const box = (t: string) => boxes.find((b) => withoutLeadingSpeck(cleanLine(b.text)) === t);
  const a = box(name);
  const b = box(next);
  if (!a || !b || b.y0 < a.y1 - 2) return '';
  const width = Math.max(...boxes.map((x) => x.cells.at(-1)?.x1 ?? 0));
  const span = (x: BoxLine) => [x.cells[0]?.x0 ?? 0, x.cells.at(-1)?.x1 ?? 0];
  const [a0, a1] = span(a);
  const [b0, b1] = span(b);
  const ha = a.y1 - a.y0;
  const hb = b.y1 - b.y0;
  const aligned = Math.abs((a0 + a1) / 2 - (b0 + b1) / 2) < 0.04 * width || Math.abs(a0 - b0) < 0.04 * width;
  return aligned && Math.max(ha, hb) <= 1.3 * Math.min(ha, hb) ? ` ${next}` : '';
}

/**
 * A name line without a speck of one or two characters at its start ("jr Cereal Milk Cartridge":
 * a letter of vertical print beside the row, or the paper's edge): lower case or a symbol, so
 * "OG" or "Mr" stays.
 */
function withoutLeadingSpeck(line: string): string {
  return line.replace(/^(?:[a-z(|)[\]~][A-Za-z(|)[\]~]?|[[(|]\S{1,3}|[A-Za-z]{1,2}[\])|])\s+(?=[A-Z][a-z])/, '');
}

function withoutRemarks(rows: BoxLine[]): BoxLine[] {
  const width = Math.max(1, ...rows.map((r) => r.cells.at(-1)?.x1 ?? 0));
  return rows.map((r, i) => {
    // Each cell without the marks a ruled table's erased rules leave (label-keys.ts withoutRuleSpecks).
    const cells = r.cells.map((c) => ({ ...c, text: withoutRuleSpecks(c.text) }));
    const clean = { ...r, cells, text: cells.map((c) => c.text).join('   ') };
    return i < 2 ? withoutSideRemark(clean, width) : clean;
  });
}

function isOnlyDescriptors(line: string): boolean {
  const rest = stripCategoryWords(line.replace(/\d[\d./]*\s?(g|mg|oz)\b/gi, ' ')).replace(
    /\b(indica|sativa|hybrid|dominant|premium|cannabis|marijuana|marihuana|medical|medicinal|recreational|product|infused|[a-z]+[\s-]+infused(?=\s+(?:product|edible)s?\b))\b/gi,
    '',
  );
  return letters(rest) < 3;
}

/** Product name minus brand, weight, type and category words: what the matcher should see. */
/** Words of a product name that say its type or grade, never its strain. */
const TYPE_OR_GRADE = /\b(indica|sativa|hybrid|dominant|premium|whole|infused|cured|live|pack|single|full\s+spectrum|bars?|pieces?|hemp|thca)\b/i;

export function strainFromProduct(productName: string, brand: string | null): string | null {
  let s = productName;
  if (brand) s = s.replace(new RegExp(brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ');
  const w = parseWeightGrams(s);
  if (w) s = s.slice(0, w.index) + ' ' + s.slice(w.end);
  s = s.replace(/\s[x×]\s?\d{1,2}\b/gi, ' ');
  // Bud, Candy and Mint(s) are also words of strain names: followed by another word they are part
  // of the name, not its kind ("Big Bud Flower", "Cotton Candy Pre-Roll", "Thin Mint GSC Live
  // Resin"); kept by a mark inside the word until the category words are gone.
  // Likewise any category word before the one that names the product's kind, when a plain word
  // follows it: "Chocolate Thai Flower", "Ice Cream Cake Pre-Roll", "Hash Plant Smalls" are the
  // strains Chocolate Thai, Ice Cream Cake and Hash Plant (a kind word printed last is the kind;
  // "Gummies Watermelon", with no later kind word, still loses "Gummies").
  const kindAt = lastCategoryAt(s);
  const kindWord = (x: string) => categorize(x) !== 'Other' || TYPE_OR_GRADE.test(x);
  s = s.replace(/\b([A-Za-z]+)(?=\s+([A-Za-z-]+))/g, (w, _w: string, next: string, at: number) =>
    (/^(?:buds?|cand(?:y|ies)|mints?)$/i.test(w) || ((at < kindAt || /\S\s+$/.test(s.slice(0, at))) && categorize(w) !== 'Other' && !kindWord(next))) && /^[A-Za-z]/.test(next)
      ? `${w[0]}\u0001${w.slice(1)}`
      : w,
  );
  // Between two plain words, or joined to the word before by `and`, a category word is the
  // strain's own ("Ice Cream Cake", "Vana Hash Plant", "Cookies and Cream"); only a name's first
  // word may be its kind with no later kind word ("Gummies Watermelon").
  s = s.replace(/(^|\s)(and|&|n|'n)\s+([A-Za-z]+)\b/gi, (m, pre: string, and: string, w: string) => (categorize(w) !== 'Other' ? `${pre}${and} ${w[0]}\u0001${w.slice(1)}` : m));
  // "Fruit Chews", "Sour Gummies" are kinds of edible ("Fruit", "Sour" alone may be a strain's word: Fruit Punch, Sour Diesel).
  s = stripCategoryWords(s.replace(/\b(?:fruit|sour)\s+(?:chews?|gumm(?:y|ies)|belts?|bites?)\b/gi, ' ')).replace(new RegExp(TYPE_OR_GRADE.source, 'gi'), ' ');
  // A strain-type tag in brackets ("[H]", "(I)") is no part of the name.
  s = s.replace(/[[(]\s*[ISHish]\s*[\])]/g, ' ');
  s = tidyName(s.replace(/\u0001/g, '').replace(/[|·•()[\]]/g, ' '));
  // Pack and form words left at the end ("… Sugar", "… 5pk"): the matcher's own noise lists.
  s = trimTrailingNoise(s);
  return letters(s) >= 2 ? s : null;
}
