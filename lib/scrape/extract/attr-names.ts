import type { Element } from 'domhandler';
import { NOT_A_NAME } from '@/lib/scrape/extract/card-names';

/**
 * A card's name written only in attributes (docs/menus.md, sixteenth round): themes that show a
 * product picture with the name drawn in it, or hide the title, leave the name to the picture's
 * `alt`, a link's `title` or `aria-label`, the card's own `aria-label`, or an SVG's `<title>`.
 * An action label keeps only the product it names ("Add to cart: “X”", "Add X to cart").
 * Candidates come in that order (labels first: a picture's alt is the likeliest to be something
 * else, a logo or "product image"); the caller drops values many cards share.
 */
const ACTION = [/^add to (?:cart|bag|basket)\s*:?\s*(.+)$/i, /^add\s+(.+?)\s+to (?:cart|bag|basket)$/i, /^(?:view|shop|buy|open|see)\s*:?\s+(.+)$/i];
const GENERIC = /^(?:(?:product|item|menu)\s+)?(?:image|photo|picture|thumbnail|img|logo|placeholder)\b|\.(?:jpe?g|png|webp|gif|svg|avif)$/i;

function clean(v: string | undefined): string | null {
  let t = (v ?? '').replace(/\s+/g, ' ').trim();
  for (const re of ACTION) {
    const m = re.exec(t);
    if (m) {
      t = m[1].trim();
      break;
    }
  }
  t = t.replace(/^[“"'‘]+|[”"'’]+$/g, '').trim();
  if (t.length < 3 || t.length > 160 || !/\p{L}.*\p{L}/u.test(t) || NOT_A_NAME.test(t) || GENERIC.test(t) || /\$\s?\d/.test(t)) return null;
  return t;
}

/** The name candidates a card's attributes give, most trusted first (`els`: the card then its descendants). */
export function attributeNames(els: Element[]): string[] {
  const out: string[] = [];
  const add = (v: string | undefined) => {
    const t = clean(v);
    if (t && !out.includes(t)) out.push(t);
  };
  for (const e of els) if (e.name === 'a' || e === els[0] || e.name === 'article') add(e.attribs['aria-label']);
  for (const e of els) if (e.name === 'a') add(e.attribs.title);
  for (const e of els) if (e.name === 'button') add(e.attribs['aria-label']);
  for (const e of els) if (e.name === 'img') add(e.attribs.alt);
  for (const e of els)
    if (e.name === 'svg')
      for (const c of e.children)
        if (c.type === 'tag' && (c as Element).name === 'title') add((c as Element).children.map((n) => (n as unknown as { data?: string }).data ?? '').join(''));
  return out;
}
