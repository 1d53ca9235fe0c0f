/**
 * How long a post is, counted the way each platform counts (DECISIONS §11):
 *
 * - x: 280, weighted as twitter-text v3 does: a URL counts 23 whatever its length; an emoji
 *   (any pictographic grapheme, skin tones and ZWJ sequences included) counts 2; any other
 *   grapheme counts 1 when its first code point is in the Latin/punctuation ranges
 *   (U+0000–U+10FF, U+2000–U+200D, U+2010–U+201F, U+2032–U+2037) and 2 otherwise (CJK, …).
 * - bluesky: 300 graphemes. threads 500, instagram 2,200, facebook 63,206: graphemes.
 *
 * Graphemes come from Intl.Segmenter, so "👍🏽", "🇩🇪" and "é" written as e + U+0301 are one each.
 */
export const PLATFORMS = ['x', 'bluesky', 'threads', 'instagram', 'facebook'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LIMITS: Record<Platform, number> = { x: 280, bluesky: 300, threads: 500, instagram: 2200, facebook: 63206 };

/** What X counts a link as (t.co wrapping), whatever the URL's length. */
export const X_LINK_LENGTH = 23;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Intl.Segmenter is quadratic on long inputs in V8 (16,000 graphemes take seconds), so text is
 * segmented in pieces of about CHUNK characters, cut between two characters both below U+0300
 * (the first not CR): a grapheme boundary always falls there (nothing below U+0300 is Extend,
 * ZWJ, SpacingMark, Prepend or a regional indicator), so the count is exactly the same.
 */
const CHUNK = 512;

function* pieces(s: string): Generator<string> {
  let start = 0;
  while (s.length - start > CHUNK) {
    let cut = -1;
    for (let i = start + CHUNK; i < s.length && i < start + CHUNK * 4; i++) {
      const a = s.charCodeAt(i - 1);
      if (a < 0x300 && a !== 13 && s.charCodeAt(i) < 0x300) {
        cut = i;
        break;
      }
    }
    if (cut < 0) break;
    yield s.slice(start, cut);
    start = cut;
  }
  yield s.slice(start);
}

export function graphemes(s: string): string[] {
  const out: string[] = [];
  for (const p of pieces(s)) for (const g of segmenter.segment(p)) out.push(g.segment);
  return out;
}

export function graphemeCount(s: string): number {
  let n = 0;
  for (const p of pieces(s)) for (const _ of segmenter.segment(p)) n++;
  return n;
}

// twitter-text's URL extraction, reduced: an explicit scheme, or www., or a bare domain with a
// common TLD. Trailing punctuation that ends a sentence is not part of the link.
const URL_RE = /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|app|co|dev|ly|me|info|us|ca|uk)(?:\/[^\s<>"']*)?)/gi;
const TRAILING = /[.,;:!?)\]'"]+$/;

export function findLinks(text: string): { start: number; end: number; url: string }[] {
  const out: { start: number; end: number; url: string }[] = [];
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(TRAILING, '');
    const start = m.index ?? 0;
    // Part of an e-mail address or a word: not a link.
    if (start > 0 && /[@\w]/.test(text[start - 1])) continue;
    out.push({ start, end: start + url.length, url });
  }
  return out;
}

const PICTO = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const LIGHT: [number, number][] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

function xWeight(g: string): number {
  if (PICTO.test(g)) return 2;
  const cp = g.codePointAt(0) ?? 0;
  return LIGHT.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2;
}

/** X's weighted length of a text. */
export function xLength(text: string): number {
  let n = 0;
  let pos = 0;
  for (const link of findLinks(text)) {
    for (const g of graphemes(text.slice(pos, link.start))) n += xWeight(g);
    n += X_LINK_LENGTH;
    pos = link.end;
  }
  for (const g of graphemes(text.slice(pos))) n += xWeight(g);
  return n;
}

/** The length of a post as `platform` counts it. */
export function platformLength(platform: Platform, text: string): number {
  return platform === 'x' ? xLength(text) : graphemeCount(text);
}

/**
 * The text that is posted: the draft's text, then its link on a line of its own (unless the
 * text already carries it), then its hashtags as `#tag` separated by spaces.
 */
export function composePost(d: { text: string; hashtags: string[]; link: string | null }): string {
  const parts = [d.text.trim()];
  if (d.link && !d.text.includes(d.link)) parts.push(d.link);
  if (d.hashtags.length) parts.push(d.hashtags.map((h) => `#${h}`).join(' '));
  return parts.filter(Boolean).join('\n\n');
}

export interface LengthCheck {
  platform: Platform;
  length: number;
  limit: number;
  fits: boolean;
}

export function checkLength(platform: Platform, d: { text: string; hashtags: string[]; link: string | null }): LengthCheck {
  const length = platformLength(platform, composePost(d));
  const limit = PLATFORM_LIMITS[platform];
  return { platform, length, limit, fits: length <= limit };
}

/**
 * Shorten `text` (at a word boundary when one is near, with an ellipsis) until the composed post
 * fits the platform. Graphemes are never split.
 */
export function fitText(platform: Platform, d: { text: string; hashtags: string[]; link: string | null }): string {
  if (checkLength(platform, d).fits) return d.text;
  const gs = graphemes(d.text);
  let lo = 0;
  let hi = gs.length;
  const build = (n: number) => {
    let s = gs.slice(0, n).join('');
    const space = s.lastIndexOf(' ');
    if (space > s.length * 0.7) s = s.slice(0, space);
    return `${s.trimEnd()}…`;
  };
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (checkLength(platform, { ...d, text: build(mid) }).fits) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? build(lo) : '';
}
