import { categorize, cleanLine, letters, nameFix, parseDate, parseWeightGrams, round2, stripCategoryWords, strainTypeIn, tidyName } from './parse-common';
import { terpeneName } from './terpenes';
import type { ParsedLabel } from './types';

/**
 * Label text (OCR output) → product facts. Keyed lines ("THC: 22.4%", "Batch #", "Harvest Date")
 * are read by pattern; unkeyed lines at the top are the brand and the product name, in the
 * order labels print them (brand first when there are two).
 */

const NUM = String.raw`(\d{1,3}(?:[.,]\d{1,3})?)`;
const TOTAL_THC = new RegExp(String.raw`\btota[l1]\s*(?:THC|A9-?THC|Δ9-?THC)\b[^0-9\n]{0,12}${NUM}\s*(%|mg)`, 'i');
const THC = new RegExp(String.raw`\b(?:Δ9-?|d9-?|delta[- ]?9[- ]?)?THC\b(?!\s*-?a\b)[^0-9\n%]{0,10}${NUM}\s*(%|mg)`, 'i');
const TOTAL_CBD = new RegExp(String.raw`\btota[l1]\s*CBD\b[^0-9\n]{0,12}${NUM}\s*(%|mg)`, 'i');
const CBD = new RegExp(String.raw`\bCBD\b(?!\s*-?a\b)[^0-9\n%]{0,10}${NUM}\s*(%|mg)`, 'i');
const TOTAL_CANN = new RegExp(String.raw`\btota[l1]\s+cannabinoids?\b[^0-9\n]{0,12}${NUM}\s*%`, 'i');
const NET_WT = /\b(?:net\s*(?:wt|weight|contents?)|weight)\b\.?\s*:?\s*(.{1,30})/i;
const BATCH = /\b(?:batch|lot)\s*(?:#|no\.?|number|id|code)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{2,24})\b/i;
const HARVEST = /\bharvest(?:ed)?(?:\s*date)?\b\s*(?:on)?\s*:?\s*(.{6,30})/i;
const TESTED = /\b(?:test(?:ed)?(?:\s*date)?|tested\s+on|lab\s+date)\b\s*(?:on)?\s*:?\s*(.{6,30})/i;
const PACKAGED = /\bpack(?:aged|age\s*date|ed)(?:\s*on)?\b\s*:?\s*(.{6,30})/i;
const LAB = /\b(?:tested\s+by|testing\s+lab(?:oratory)?|lab(?:oratory)?(?:\s*name)?\s*:|analy[sz]ed\s+by)\s*:?\s*([A-Za-z][A-Za-z0-9 &.'-]{1,60})/i;
const BRAND = /\b(?:brand|producer|cultivator|grown\s+by|manufacturer)\s*:\s*(.{2,60})/i;
const PRODUCT = /\bproduct(?:\s*name)?\s*:\s*(.{2,80})/i;
const STRAIN = /\b(?:strain|cultivar|genetics)(?:\s*name)?\s*:\s*(.{2,60})/i;
const CATEGORY = /\b(?:category|product\s*type)\s*:\s*(.{2,40})/i;
const KEYED = /:|\b(thc|cbd|cannabinoids?|batch|lot|harvest|tested|test date|packaged|net\s*wt|weight|terpenes?|warning|keep out|license|lic\b|lab\b|for use|government|www\.|ingredients)\b|%|\d{3,}/i;
const TERP = /([A-Za-z][A-Za-z\- ]{2,30}?)\s*[:.\-]*\s*(\d{1,2}(?:[.,]\d{1,3})?)\s*(%|mg\/g)/g;

function num(s: string): number {
  return Number(s.replace(',', '.'));
}

function pct(m: RegExpExecArray | null): { pct: number | null; mg: number | null } {
  if (!m) return { pct: null, mg: null };
  const v = num(m[1]);
  if (m[2].toLowerCase() === 'mg') return { pct: null, mg: v };
  return { pct: v <= 100 ? v : null, mg: null };
}

function dateAfter(re: RegExp, text: string): string | null {
  for (const line of text.split('\n')) {
    const m = re.exec(line);
    if (m) {
      const d = parseDate(m[1]);
      if (d) return d;
    }
  }
  return null;
}

export function parseLabelText(raw: string): ParsedLabel {
  const lines = raw.split(/\r?\n/).map(cleanLine).filter((l) => l.length > 0);
  const text = lines.join('\n');

  const thc = pct(TOTAL_THC.exec(text) ?? THC.exec(text));
  const cbd = pct(TOTAL_CBD.exec(text) ?? CBD.exec(text));
  const totalCann = TOTAL_CANN.exec(text);

  const terpenes: { name: string; percentage: number }[] = [];
  for (const line of lines) {
    if (/\b(thc|cbd|cannabinoids?|cbg|cbn)\b/i.test(line) && !/terp/i.test(line)) continue;
    for (const m of line.replace(/^\s*terpenes?\s*:?/i, '').matchAll(TERP)) {
      const name = terpeneName(m[1]);
      if (!name || terpenes.some((t) => t.name === name)) continue;
      const v = num(m[2]);
      terpenes.push({ name, percentage: m[3] === '%' ? v : round2(v / 10) });
    }
  }

  let netWeightGrams: number | null = null;
  for (const line of lines) {
    const m = NET_WT.exec(line);
    const w = m ? parseWeightGrams(m[1], { allowTrailingNine: true }) : null;
    if (w) {
      netWeightGrams = w.grams;
      break;
    }
  }
  // No "Net Wt" key: a weight printed near the top (e.g. "HYBRID | 3.5g") is the package size.
  if (netWeightGrams === null) {
    for (const line of lines.slice(0, 6)) {
      if (/[%$]|\bmg\b/i.test(line)) continue;
      const w = parseWeightGrams(line, { allowTrailingNine: true });
      if (w) {
        netWeightGrams = w.grams;
        break;
      }
    }
  }

  // Batch codes mix letters and digits on purpose: read them before the digit fix-ups.
  const rawLines = raw.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim());
  const batch = rawLines.map((l) => BATCH.exec(l)).find((m) => m && /\d/.test(m[1]));
  const lab = lines.map((l) => LAB.exec(l) ?? /\btested\b.*\bby\s+([A-Za-z][A-Za-z0-9 &.'-]{1,60})/i.exec(l)).find(Boolean);
  const brandKey = lines.map((l) => BRAND.exec(l)).find(Boolean);
  const productKey = lines.map((l) => PRODUCT.exec(l)).find(Boolean);
  const strainKey = lines.map((l) => STRAIN.exec(l)).find(Boolean);
  const categoryKey = lines.map((l) => CATEGORY.exec(l)).find(Boolean);

  // Unkeyed name lines at the top: brand then product (or only the product).
  const free = lines.slice(0, 8).filter((l) => !KEYED.test(l) && letters(l) >= 3 && !isOnlyDescriptors(l) && !terpeneName(l));
  let brand = brandKey ? nameFix(brandKey[1]) : null;
  let productName = productKey ? nameFix(productKey[1]) : null;
  if (!productName) {
    if (!brand && free.length >= 2) {
      brand = nameFix(free[0]);
      productName = nameFix(free[1]);
    } else productName = free.find((l) => tidyName(l) !== brand) ?? null;
    productName = productName ? nameFix(productName) : null;
  }
  const strainName = strainKey ? nameFix(strainKey[1]) : productName ? strainFromProduct(productName, brand) : null;
  const category = categorize(categoryKey ? categoryKey[1] : text, netWeightGrams !== null && thc.pct !== null ? 'Flower' : 'Other');

  const parsed: Omit<ParsedLabel, 'coverage'> = {
    productName,
    strainName,
    brand,
    category,
    type: strainTypeIn(text),
    thcPct: thc.pct,
    cbdPct: cbd.pct,
    thcMg: thc.mg,
    cbdMg: cbd.mg,
    totalCannabinoidsPct: totalCann ? num(totalCann[1]) : null,
    terpenes,
    netWeightGrams,
    batchNumber: batch ? batch[1].toUpperCase() : null,
    harvestDate: dateAfter(HARVEST, text),
    testDate: dateAfter(TESTED, text),
    packageDate: dateAfter(PACKAGED, text),
    labName: lab ? labNameOf(lab[1]) : null,
  };
  return { ...parsed, coverage: labelCoverage(parsed) };
}

/** 0..1: share of the facts a label normally prints that were found. */
export function labelCoverage(p: Omit<ParsedLabel, 'coverage'>): number {
  const found = [p.productName, p.thcPct ?? p.thcMg, p.cbdPct ?? p.cbdMg, p.netWeightGrams, p.batchNumber, p.testDate ?? p.harvestDate, p.labName, p.terpenes.length ? 1 : null];
  return found.filter((v) => v !== null && v !== undefined).length / found.length;
}

/** The lab's name without what follows it on the same line ("SC Labs  Test Date: …"). */
function labNameOf(s: string): string | null {
  const name = tidyName(s.replace(/\s+(on|at|test(ed)?|date|harvest(ed)?|batch|lot|packaged|license|lic)\b.*$/i, '').replace(/\s+\d.*$/, ''));
  return letters(name) >= 2 ? name : null;
}

function isOnlyDescriptors(line: string): boolean {
  const rest = stripCategoryWords(line.replace(/\d[\d./]*\s?(g|mg|oz)\b/gi, ' ')).replace(/\b(indica|sativa|hybrid|dominant|premium|cannabis|marijuana|product)\b/gi, '');
  return letters(rest) < 3;
}

/** Product name minus brand, weight, type and category words: what the matcher should see. */
export function strainFromProduct(productName: string, brand: string | null): string | null {
  let s = productName;
  if (brand) s = s.replace(new RegExp(brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ');
  const w = parseWeightGrams(s);
  if (w) s = s.slice(0, w.index) + ' ' + s.slice(w.end);
  s = stripCategoryWords(s).replace(/\b(indica|sativa|hybrid|dominant|premium)\b/gi, ' ');
  s = tidyName(s.replace(/[|·•]/g, ' '));
  return letters(s) >= 2 ? s : null;
}
