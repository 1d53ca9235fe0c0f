import type { CheerioAPI } from 'cheerio';

/**
 * Which classes the page's own CSS hides, read the way a desktop browser reads it (docs/menus.md,
 * twenty-second round). Themes render a mobile and a desktop copy of one list and switch them with
 * media queries: Bootstrap's `.d-none` hides a block that `.d-md-block` inside `@media
 * (min-width:768px)` shows again, Dawn's `.medium-hide` hides only from 750 px, Elementor's
 * `.elementor-hidden-desktop` only from 1025 px. A reader that took `.d-none{display:none}` alone
 * would drop the desktop copy, and one that ignored the media query would keep the mobile copy as
 * shown. Rules of one class (`.x{display:…}`) are read at the top level and in `@media` blocks whose
 * width conditions hold at a desktop width (1280 px); the last rule wins, `!important` over the rest.
 */
export const DESKTOP_WIDTH = 1280;

interface Rule {
  cls: string;
  none: boolean;
  important: boolean;
}

/** Whether a media query's width conditions hold at `width` (other features are taken to hold; `print` does not). */
export function mediaHolds(query: string, width = DESKTOP_WIDTH): boolean {
  if (/\bprint\b/i.test(query) && !/\bscreen\b/i.test(query)) return false;
  for (const m of query.matchAll(/\(\s*(min|max)-width\s*:\s*([\d.]+)(px|em|rem)?\s*\)/gi)) {
    const v = Number(m[2]) * (m[3] && m[3].toLowerCase() !== 'px' ? 16 : 1);
    if (m[1].toLowerCase() === 'min' ? width < v : width > v) return false;
  }
  return true;
}

/** The one-class display rules that apply at a desktop width, in order. */
function displayRules(css: string, width: number): Rule[] {
  const out: Rule[] = [];
  const add = (block: string) => {
    for (const m of block.matchAll(/(?<=^|[}\s,])\.([\w-]+)\s*\{([^{}]*)\}/g)) {
      const d = /display\s*:\s*([\w-]+)\s*(!important)?/i.exec(m[2]);
      if (d) out.push({ cls: m[1], none: d[1].toLowerCase() === 'none', important: !!d[2] });
    }
  };
  // Top-level text with the media blocks cut out, then each media block that holds, in order.
  let top = '';
  let i = 0;
  const re = /@media([^{]*)\{/gi;
  let m: RegExpExecArray | null;
  const parts: Array<[number, string]> = [];
  while ((m = re.exec(css))) {
    let depth = 1;
    let j = re.lastIndex;
    for (; j < css.length && depth; j++) depth += css[j] === '{' ? 1 : css[j] === '}' ? -1 : 0;
    top += css.slice(i, m.index);
    if (mediaHolds(m[1], width)) parts.push([top.length, css.slice(re.lastIndex, j - 1)]);
    i = j;
    re.lastIndex = j;
  }
  top += css.slice(i);
  // Keep source order: top-level rules before the cut point of each media block.
  let at = 0;
  for (const [cut, inner] of parts) {
    add(top.slice(at, cut));
    add(inner);
    at = cut;
  }
  add(top.slice(at));
  return out;
}

/** A test of whether an element with these classes is hidden by the page's CSS at a desktop width. */
export function classHider($: CheerioAPI, width = DESKTOP_WIDTH): (classes: string[]) => boolean {
  const css = $('style')
    .toArray()
    .map((s) => $(s).text())
    .join('\n');
  const rules = /display\s*:/i.test(css) ? displayRules(css, width) : [];
  const touched = new Set(rules.map((r) => r.cls));
  return (classes) => {
    if (!classes.some((c) => touched.has(c))) return false;
    let none = false;
    let important = false;
    for (const r of rules) {
      if (!classes.includes(r.cls) || (important && !r.important)) continue;
      none = r.none;
      important = important || r.important;
    }
    return none;
  };
}
