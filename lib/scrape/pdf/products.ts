import { isSizeLabel, textSizes } from '@/lib/scrape/extract/card-sizes';
import { canonicalCategory, dedupeProducts, parsePrice, toScrapedProduct } from '@/lib/scrape/normalize';
import type { PdfLine } from '@/lib/scrape/pdf/lines';
import { headingLabel, joinWrapped, NOT_BRAND, spacedHyphens } from '@/lib/scrape/pdf/names';
import { addTierPrices, tierHeader, type TierHeader } from '@/lib/scrape/pdf/tiers';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * Products from a PDF menu's lines (lines.ts; docs/shopping.md, "PDF menus"). A line with a price
 * is a product: its text pieces (cells, and pieces cut at ` · `, ` | `, ` — `) are name then brand;
 * "THC 22%" / "22%" is potency, a bare weight the weight. A price line without text (a card's
 * price under its name and brand) takes its name and brand from the lines just above it; lines
 * under a named price line in a smaller or other font (a brand / THC line) complete that product.
 * Two prices on one line are the price paid (the lower) and the struck / "was" / regular price
 * (the higher), in either order (DECISIONS §12); sizes priced in the text ("1g $12 · 3.5g $30")
 * give one product per size (card-sizes.ts `textSizes`, as on HTML cards). Headings — lines
 * without a price, larger than the product lines — give the category of what follows; when a
 * page's headings only ever stand in its first column (a grid of cards under full-width headings),
 * a product takes the nearest heading above it on its page.
 */
const AMOUNT = /(?:US)?\$\s?\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|USD\s?\d+(?:\.\d{1,2})?/gi;
const HAS_AMOUNT = new RegExp(AMOUNT.source, 'i');
const PRICE_WORDS = /\b(?:now|was|reg(?:ular)?\.?(?: price)?|sale(?: price)?|special|only|just|orig(?:inal)?\.?|each|ea\.?)\b:?/gi;
const THC = /^(?:t(?:otal\s*)?hc[a]?\s*[:=]?\s*)?\d{1,2}(?:\.\d+)?\s*%(?:\s*thc[a]?)?$/i;
const WEIGHT = /^\d+(?:\.\d+)?\s*(?:g|gr|grams?|mg|oz)$|^1\/[248](?:th)?\s*(?:oz)?$/i;
/** Separators a menu may set between a product's name, brand and potency in one run of text. */
const SEPARATORS = ['·', '|', '•', '—', '–', '/'] as const;
const escape = (s: string) => s.replace(/[|/]/g, '\\$&');
const LEADER = /(?:\s*[.·…_]){3,}\s*/g;

interface Parsed {
  prices: string[];
  thc: string | null;
  weight: string | null;
  texts: string[];
  hint: string | null;
}

const sepRe = (kinds: readonly string[]) => new RegExp([...kinds.map((k) => `\\s+${escape(k)}\\s+`), '\\s{2,}'].join('|'));

/**
 * The separators this menu sets between fields: those standing (spaced) on at least a third of
 * its lines with text always cut (`split`); those on at least 15 % cut only before a field —
 * potency, weight, strain type (`fields`: "Brand | THC 22%" under a name). A name's own "|"
 * ("Tye Dye | Outdoor") is no separator on a menu whose fields are apart in cells or set off by " · ".
 */
export function menuSeparators(lines: readonly PdfLine[]): { split: RegExp; fields: RegExp } {
  const lettered = lines.filter((l) => /[a-z]{2}/i.test(l.text));
  const texts = lettered.map((l) => l.text);
  // A line whose name and brand already stand in cells of their own ("Vana | Energy Tincture"
  // beside "Vana") holds the separator inside its name: it does not count for the menu's.
  const nameCells = (l: PdfLine) => l.cells.filter((c) => /[a-z]{2}/i.test(c.text) && !HAS_AMOUNT.test(c.text) && !FIELD.test(c.text.trim())).length;
  const share = (k: string) => lettered.filter((l) => l.text.includes(` ${k} `) && nameCells(l) <= 1).length;
  // Of several separators on a third of the lines, the menu's are those on about as many lines as
  // the most used one ("Name · Brand" on every line; a name's own "|" on half of them is no field).
  const top = Math.max(0, ...SEPARATORS.map(share));
  return {
    split: sepRe(SEPARATORS.filter((k) => share(k) >= Math.max(2, texts.length / 3, 0.8 * top))),
    fields: sepRe(SEPARATORS.filter((k) => share(k) >= Math.max(2, texts.length * 0.15))),
  };
}

const FIELD = /^(?:(?:t(?:otal\s*)?hc[a]?|cbd[a]?)\b.*\d\s*%|\d{1,2}(?:\.\d+)?\s*%\s*(?:thc|cbd)?|\d+(?:\.\d+)?\s*(?:g|mg|oz)|indica|sativa|hybrid)$/i;
/** A potency field ("THC 22%", "18% CBD"): cut at any spaced separator before it, whatever the menu's share. */
const POTENCY = /^(?:(?:t(?:otal\s*)?hc[a]?|cbd[a]?)\b\s*[:=]?\s*\d{1,2}(?:\.\d+)?\s*%|\d{1,2}(?:\.\d+)?\s*%\s*(?:thc[a]?|cbd))$/i;
/** A potency label with no value ("THC —", "CBD: N/A"): no field, no name. */
const NO_POTENCY = /^(?:t(?:otal\s*)?hc[a]?|cbd[a]?)\s*[:=]?\s*(?:[-–—]+|n\/?a)?$/i;
const ANY_SEP = sepRe(SEPARATORS);

/** A line's pieces: prices (in order), potency, weight, a category word, and the name-like texts. */
export function parseLine(line: PdfLine, seps: { split: RegExp; fields: RegExp } = { split: /\s{2,}/, fields: /\s{2,}/ }): Parsed {
  const out: Parsed = { prices: [], thc: null, weight: null, texts: [], hint: null };
  const pieces = line.cells
    .flatMap((c) => c.text.replace(LEADER, '  ').split(seps.split))
    .flatMap((piece) => {
      const parts = piece.split(seps.fields);
      if (parts.length > 1 && parts.slice(1).every((q) => FIELD.test(q.trim()))) return parts;
      const potency = piece.split(ANY_SEP);
      return potency.length > 1 && potency.slice(1).every((q) => POTENCY.test(q.trim())) ? potency : [piece];
    });
  // A piece that is prices alone is the price; a name holding a price beside it ("3.5G Headband $20") keeps it.
  const pricePiece = (t: string) => HAS_AMOUNT.test(t) && !/[a-z]{2}/i.test(t.replace(AMOUNT, ' ').replace(PRICE_WORDS, ' '));
  const separate = pieces.some(pricePiece);
  for (const [k, raw] of pieces.entries()) {
    const prices = !separate || pricePiece(raw) ? (raw.match(AMOUNT) ?? []) : [];
    out.prices.push(...prices.map((p) => p.replace(/\s+/g, '')));
    const rest = (prices.length ? raw.replace(AMOUNT, ' ').replace(PRICE_WORDS, ' ') : raw)
      .replace(/\s+/g, ' ')
      .replace(/^[\s\-–—:,;*•]+|[\s:,;*•]+$/g, '')
      .trim();
    if (!rest || !/[a-z0-9]/i.test(rest)) continue;
    if (THC.test(rest)) out.thc ??= rest;
    else if (NO_POTENCY.test(rest)) continue;
    // A dose or weight leading the line before other text is the name's start ("200mg" / "Watermelon THC Syrup").
    else if (WEIGHT.test(rest) && !(k === 0 && pieces.slice(1).some((q) => /[a-z]{3}/i.test(q) && !HAS_AMOUNT.test(q)))) out.weight ??= rest;
    else if (/^(?:cbd[a]?\s*[:=]?\s*)?\d{1,2}(?:\.\d+)?\s*%\s*(?:cbd)?$/i.test(rest) || /^(?:indica|sativa|hybrid)$/i.test(rest)) continue;
    else if (
      out.texts.length > 0 &&
      rest.length <= 16 &&
      canonicalCategory(rest) &&
      /^[a-z\s-]+$/i.test(rest) &&
      /^(?:flower|pre-?rolls?|vapes?|vape pens?|edibles?|concentrates?|topicals?|tinctures?|accessories|gear|cartridges?)$/i.test(rest)
    )
      out.hint ??= rest;
    else out.texts.push(rest);
  }
  return out;
}

/** The middle value (the upper one of an even count), 0 for none: a page's body type size, an OCR line's word height. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

interface Draft {
  name: string;
  brand: string | null;
  prices: string[];
  thc: string | null;
  weight: string | null;
  hint: string | null;
  section: string | null;
  text: string;
  /** Made from a line that held its own name (details may follow it). */
  named: boolean;
  line: PdfLine;
  /** The product's last line (its first, or the last wrapped one). */
  tail: PdfLine;
  /** A row of a price-tier grid: its prices by the weight column they stand in (tiers.ts). */
  tiers: Map<string, string[]> | null;
  tierHead: TierHeader | null;
}

const amounts = (t: string) => (t.match(AMOUNT) ?? []).map((a) => a.replace(/\s+/g, ''));

/** A product's prices: two are the price paid and the regular price; more, the first is paid. */
function pricePair(prices: string[]): { price: string | null; regularPrice: string | null } {
  if (prices.length === 0) return { price: null, regularPrice: null };
  if (prices.length === 2) {
    const [a, b] = prices.map((p) => parsePrice(p) ?? 0);
    if (a !== b) return a < b ? { price: prices[0], regularPrice: prices[1] } : { price: prices[1], regularPrice: prices[0] };
  }
  return { price: prices[0], regularPrice: null };
}

function toProducts(d: Draft, url: string | null): ScrapedProduct[] {
  const common = { brand: d.brand, category: d.hint ?? (canonicalCategory(d.section) ? d.section : null), thc: d.thc, url, text: d.text };
  // A tier grid's row: one product per weight priced, `<name> <size>`.
  if (d.tiers?.size)
    return [...d.tiers.entries()]
      .map(([size, prices]) => toScrapedProduct({ ...common, name: `${d.name} ${size}`, ...pricePair(prices), weight: size }))
      .filter((p): p is ScrapedProduct => p !== null);
  // Sizes are read in the cells holding prices (the name cell before them is no size's piece).
  const priced = d.line.cells.filter((c) => HAS_AMOUNT.test(c.text)).map((c) => c.text);
  const sizes = d.prices.length >= 2 ? textSizes(priced.join(' · ')) : [];
  if (sizes.length >= 2)
    return sizes
      .map((s) => toScrapedProduct({ ...common, name: `${d.name} ${s.size}`, price: s.price, regularPrice: s.regularPrice, weight: s.size }))
      .filter((p): p is ScrapedProduct => p !== null);
  const p = toScrapedProduct({ ...common, name: d.name, ...pricePair(d.prices), weight: d.weight });
  return p ? [p] : [];
}

/** One type size: equal in a PDF's text layer; within a quarter for words read by OCR, whose sizes are estimates (scanned.ts). */
const sameSize = (a: PdfLine, b: PdfLine) => (a.font === 'ocr' && b.font === 'ocr' ? Math.abs(a.size - b.size) <= 0.25 * Math.max(a.size, b.size) : a.size === b.size);

/** Whether `l` continues `prev` in its cells: just under it, fewer cells, each under one of prev's. */
function wrapped(prev: PdfLine, tail: PdfLine, l: PdfLine): boolean {
  const gap = tail.y - l.y;
  return (
    prev.page === l.page &&
    prev.column === l.column &&
    gap > 0 &&
    gap <= 1.35 * l.size &&
    l.cells.length < prev.cells.length &&
    l.cells.every((c) => prev.cells.some((q) => c.x < q.x1 && c.x1 > q.x))
  );
}

export function pdfProducts(lines: PdfLine[], url: string | null = null): ScrapedProduct[] {
  const seps = menuSeparators(lines);
  const spaced = spacedHyphens(lines);
  const join = (a: string, b: string) => joinWrapped(a, b, spaced);
  const parsed = lines.map((l) => parseLine(l, seps));
  const body = median(lines.filter((_, i) => parsed[i].prices.length > 0).map((l) => l.size)) || 10;
  const heading = (i: number) => {
    const l = lines[i];
    const p = parsed[i];
    if (p.prices.length > 0 || l.text.length > 48 || !/[a-z]{2}/i.test(l.text) || l.text.split(/\s+/).length > 6) return false;
    if (l.font !== 'ocr') return l.size >= body * 1.15;
    // Read by OCR (scanned.ts), whose type sizes are estimates: a heading is set apart by space above
    // it (a name's wrapped last words, "500mg", "Salve", follow their line closely), and then is
    // larger than the body or a category's name alone on its line ("Edibles", "Vape Pens"), even
    // near the body's size. (A PDF's own text keeps the size rule: a product named "Vape Cart" on a
    // line of its own is a card's name.)
    const above = lines[i - 1];
    if (above && above.page === l.page && above.column === l.column && above.y - l.y < 1.5 * l.size) return false;
    const label = headingLabel(l.text);
    return l.size >= body * 1.15 || (l.cells.length === 1 && label.split(/\s+/).length <= 3 && canonicalCategory(label) !== null && l.size >= body * 0.9);
  };
  // Headings only in the first column of split pages: they stand over the whole width.
  const split = lines.map((l, i) => (heading(i) && l.columns > 1 ? l.column : -1)).filter((c) => c >= 0);
  const fullWidth = split.length > 0 && split.every((c) => c === 0);
  const sectionAt = new Array<string | null>(lines.length).fill(null);
  /** A sub-heading under a category heading (smaller than it, no category): the brand its products are grouped by. */
  const groupAt = new Array<string | null>(lines.length).fill(null);
  // The size category headings are set in (the most common one among headings naming a category,
  // the smaller on a tie: a title may name one too): smaller headings under them are sub-headings —
  // a brand's name over its products ("Herbal Edibles" under "Edibles") —, never a category.
  const sizes = new Map<number, number>();
  lines.forEach((l, i) => {
    if (heading(i) && canonicalCategory(headingLabel(l.text))) sizes.set(Math.round(l.size), (sizes.get(Math.round(l.size)) ?? 0) + 1);
  });
  const level = [...sizes.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]?.[0] ?? 0;
  let current: string | null = null;
  let group: string | null = null;
  lines.forEach((l, i) => {
    if (heading(i)) {
      const label = headingLabel(l.text);
      // A section carried on ("Flower (cont.)") keeps its brand header.
      if (Math.round(l.size) >= level) [current, group] = [canonicalCategory(label) ? label : null, label !== l.text.trim() && label === current ? group : null];
      else if (current) group = NOT_BRAND.test(label) || isSizeLabel(label) ? null : label;
    }
    sectionAt[i] = current;
    groupAt[i] = group;
  });
  if (fullWidth) {
    let carried: string | null = null;
    let page = -1;
    let pageHeads: Array<{ y: number; label: string | null }> = [];
    lines.forEach((l, i) => {
      if (l.page !== page) {
        if (pageHeads.length) carried = [...pageHeads].sort((a, b) => a.y - b.y)[0].label;
        page = l.page;
        pageHeads = lines
          .map((m, j) => ({ m, j }))
          .filter(({ m, j }) => m.page === page && heading(j))
          .map(({ m }) => ({ y: m.y, label: canonicalCategory(headingLabel(m.text)) ? headingLabel(m.text) : null }));
      }
      const above = pageHeads.filter((h) => h.y > l.y).sort((a, b) => a.y - b.y)[0];
      sectionAt[i] = above ? above.label : carried;
    });
  }

  const drafts: Draft[] = [];
  let pending: number[] = [];
  let last: Draft | null = null;
  /** Lines without a price that ended the previous column or page (a product broken across the break). */
  let orphans: number[] = [];
  let tier: TierHeader | null = null;
  let prev: PdfLine | null = null;
  /** Lines after a named product line complete it (its brand / THC line). */
  const completeLast = () => {
    if (last?.named) {
      for (const j of pending) {
        const p = parsed[j];
        if (!last.brand && p.texts[0]) last.brand = p.texts[0];
        last.thc ??= p.thc;
        last.weight ??= p.weight;
        last.text += ` ${lines[j].text}`;
      }
    }
    pending = [];
  };
  lines.forEach((l, i) => {
    const p = parsed[i];
    const moved = prev !== null && (prev.page !== l.page || prev.column !== l.column);
    prev = l;
    if (moved && pending.length && !last?.named) {
      orphans = pending;
      pending = [];
    }
    if (heading(i)) {
      completeLast();
      last = null;
      tier = null;
      return;
    }
    const head = tierHeader(l, p.prices.length > 0);
    if (head) {
      completeLast();
      last = null;
      tier = head;
      return;
    }
    if (
      last?.named &&
      pending.length === 0 &&
      /[a-z0-9]/i.test(l.text) &&
      wrapped(last.line, last.tail, l) &&
      (p.prices.length > 0 || (sameSize(l, last.line) && l.font === last.line.font))
    ) {
      // The rest of the line above, wrapped in its cells (a long name, the sale price under the struck one).
      const head = last.line.cells[0];
      const words = l.cells
        .filter((c) => c.x < head.x1 && c.x1 > head.x)
        .map((c) => c.text.replace(AMOUNT, ' ').replace(/\s+/g, ' ').trim())
        .join(' ');
      if (/[a-z0-9]/i.test(words)) last.name = join(last.name, words);
      const other = l.cells.filter((c) => !(c.x < head.x1 && c.x1 > head.x) && /[a-z0-9]/i.test(c.text) && !HAS_AMOUNT.test(c.text));
      if (last.brand && other.length) last.brand += ` ${other.map((c) => c.text).join(' ')}`;
      last.tail = l;
      last.prices.push(...p.prices);
      if (last.tiers && last.tierHead) addTierPrices(last.tierHead, l, amounts, last.tiers);
      last.text += ` ${l.text}`;
      return;
    }
    if (p.prices.length === 0) {
      pending.push(i);
      return;
    }
    if (p.texts.length > 0) {
      // A table row centred on its tallest cell: the wrapped name cell's first line stands less
      // than a line above the price line, left of all its cells (its next lines follow below).
      const k = pending.at(-1);
      const up = k === undefined ? null : lines[k];
      const lead =
        up && up.page === l.page && up.column === l.column && up.y > l.y && up.y - l.y < 0.8 * l.size && up.cells.length === 1 && up.cells[0].x1 < l.cells[0].x ? up : null;
      if (lead) pending.pop();
      completeLast();
      orphans = [];
      const tiers = new Map<string, string[]>();
      const inGrid = tier !== null && addTierPrices(tier, l, amounts, tiers);
      last = {
        name: lead ? lead.cells[0].text : p.texts[0],
        brand: (lead ? p.texts[0] : p.texts[1]) ?? null,
        prices: p.prices,
        thc: p.thc,
        weight: p.weight,
        hint: p.hint,
        section: sectionAt[i],
        text: lead ? `${lead.text} ${l.text}` : l.text,
        named: true,
        line: lead ? { ...l, cells: [lead.cells[0], ...l.cells] } : l,
        tail: l,
        tiers: inGrid ? tiers : null,
        tierHead: inGrid ? tier : null,
      };
      drafts.push(last);
      return;
    }
    // A price line alone: its name and brand are the lines above it (a name wrapped over lines in
    // one font and size is one name).
    const above = pending.filter((j) => /[a-z0-9]/i.test(lines[j].text) && lines[j].page === l.page && lines[j].column === l.column);
    pending = [];
    // A price cell wrapped under its product's line ("$14.00" / "$8.57" below it): that product's.
    if (!above.length && last?.named && last.line.page === l.page && last.line.column === l.column && last.line.y - l.y <= 1.8 * l.size) {
      last.prices.push(...p.prices);
      if (last.tiers && last.tierHead) addTierPrices(last.tierHead, l, amounts, last.tiers);
      last.text += ` ${l.text}`;
      return;
    }
    // The column's first line is a price line: its name ended the previous column or page.
    if (!above.length) above.push(...orphans.filter((j) => /[a-z0-9]/i.test(lines[j].text)));
    orphans = [];
    if (!above.length) return;
    const first = lines[above[0]];
    // A name wrapped over lines in one font and size is one name (when its first line holds the name alone).
    let n = 1;
    while (parsed[above[0]].texts.length <= 1 && n < above.length && lines[above[n]].font === first.font && lines[above[n]].size === first.size) n++;
    // Wrapped lines as written ("(25mg/250mg) (MEDICAL)", "100mg"): no field is cut from them.
    const name = [parsed[above[0]].texts[0] ?? first.text, ...above.slice(1, n).map((j) => lines[j].text)].reduce(join);
    const rest = [...parsed[above[n - 1]].texts.slice(1), ...above.slice(n).flatMap((j) => parsed[j].texts)];
    const more = above.slice(n).map((j) => parsed[j]);
    last = {
      name,
      brand: rest[0] ?? null,
      prices: p.prices,
      thc: p.thc ?? parsed[above[0]].thc ?? more.find((r) => r.thc)?.thc ?? null,
      weight: p.weight ?? parsed[above[0]].weight ?? more.find((r) => r.weight)?.weight ?? null,
      hint: p.hint,
      section: sectionAt[i],
      text: [...above.map((j) => lines[j].text), l.text].join(' '),
      named: false,
      line: l,
      tail: l,
      tiers: null,
      tierHead: null,
    };
    drafts.push(last);
  });
  completeLast();
  // Products without a brand of their own take their group's sub-heading (a brand header over them).
  drafts.forEach((d) => (d.brand ??= groupAt[lines.indexOf(d.line)] ?? null));
  return dedupeProducts(drafts.flatMap((d) => toProducts(d, url)));
}
