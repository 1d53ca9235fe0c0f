import { isSizeLabel } from '@/lib/scrape/extract/card-sizes';
import { canonicalCategory } from '@/lib/scrape/normalize';
import type { PdfLine } from '@/lib/scrape/pdf/lines';

/**
 * One PDF menu line's pieces (products.ts; docs/shopping.md, "PDF menus"): its prices, potency,
 * weight, a category word and its name-like texts, cut at the separators the menu sets between
 * fields (`menuSeparators`).
 */
export const AMOUNT = /(?:US)?\$\s?\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|USD\s?\d+(?:\.\d{1,2})?/gi;
export const HAS_AMOUNT = new RegExp(AMOUNT.source, 'i');
export const PRICE_WORDS = /\b(?:now|was|reg(?:ular)?\.?(?: price)?|sale(?: price)?|special|only|just|orig(?:inal)?\.?|each|ea\.?)\b:?/gi;
const THC = /^(?:t(?:otal\s*)?hc[a]?\s*[:=]?\s*)?\d{1,2}(?:\.\d+)?\s*%(?:\s*thc[a]?)?$/i;
const WEIGHT = /^\d+(?:\.\d+)?\s*(?:g|gr|grams?|mg|oz)$|^1\/[248](?:th)?\s*(?:oz)?$/i;
/** Separators a menu may set between a product's name, brand and potency in one run of text. */
const SEPARATORS = ['·', '|', '•', '—', '–', '/'] as const;
const escape = (s: string) => s.replace(/[|/]/g, '\\$&');
const LEADER = /(?:\s*[.·…_]){3,}\s*/g;

export interface Parsed {
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
    // Sizes alone, the rest of a cell pricing several ("1g $12 | 3.5g $35"): read by the sizes, no name.
    else if (/\d/.test(rest) && rest.split(/\s*[|·•,/]\s*|\s+/).every((w) => !w || isSizeLabel(w)) && rest.split(/\s*[|·•,/]\s*/).filter(Boolean).length > 1) continue;
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

/** A column header naming THC ("THC %", "THC (%)", "Total THC"). */
const THC_HEAD = /^(?:total\s*)?thc[a]?\s*(?:%|\(%\))?$/i;

/**
 * Bare numbers under a column headed "THC %" (a spreadsheet's potency column: "22.5") written as
 * the potency they are ("THC 22.5%"). The header holds for the lines after it, across pages, until
 * another header line; a number stands under it when their extents overlap.
 */
export function thcColumns(lines: readonly PdfLine[]): PdfLine[] {
  let head: { x: number; x1: number } | null = null;
  return lines.map((l) => {
    const h = !HAS_AMOUNT.test(l.text) && l.cells.length >= 3 ? l.cells.find((c) => THC_HEAD.test(c.text.trim())) : undefined;
    if (h) {
      head = { x: h.x, x1: h.x1 };
      return l;
    }
    if (!head || !HAS_AMOUNT.test(l.text)) return l;
    const at = head;
    const cells = l.cells.map((c) => (/^\d{1,2}(?:\.\d+)?$/.test(c.text) && c.x < at.x1 && c.x1 > at.x ? { ...c, text: `THC ${c.text}%` } : c));
    return cells.some((c, k) => c !== l.cells[k]) ? { ...l, cells, text: cells.map((c) => c.text).join(' ') } : l;
  });
}
