/**
 * A card's name cut short by its theme (docs/menus.md, thirteenth markup style): storefront themes
 * truncate long product titles to fit the card (PrestaShop Classic's `truncate:30:'...'`, CSS-less
 * Smarty / Twig / Liquid `truncate` filters) and end them with "..." or "…". The whole name is
 * then still written elsewhere in the same card — the picture's alt, a link's title or
 * aria-label — and is the product's name: the cut title is no name a catalog knows.
 */
import type { Element } from 'domhandler';

/** A title that ends in an ellipsis after some words ("Wana - Exotic Yuzu 2:1 -..."). */
const CUT = /^(.*?\p{L}.*?)\s*(?:\.{3}|…)$/u;
/** Whether a title ends in an ellipsis after some words. */
export const isCut = (name: string): boolean => CUT.test(name.trim());
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The whole name a cut title stands for: the first candidate (most trusted first, attr-names.ts)
 * that starts with the title's words and is longer; the title itself when it is not cut or no
 * candidate continues it.
 */
export function wholeName(name: string, candidates: readonly string[]): string {
  const m = CUT.exec(name.trim());
  if (!m) return name;
  const stem = norm(m[1]).replace(/[\s,.:;·•–—-]+$/u, '');
  if (stem.length < 3) return name;
  return candidates.find((c) => c.length > stem.length && norm(c).startsWith(stem)) ?? name;
}

/**
 * Where a cut title's whole name may be written: the card, or — when the card found around the
 * prices is only the card's text block (the picture beside it, a sale's price block read as its
 * own card) — the nearest enclosing element (up to three levels) that holds no other card.
 */
export function cutNameScope(card: Element, others: readonly Element[]): Element {
  const holds = (box: Element, el: Element) => {
    for (let p: Element | null = el; p; p = p.parent as Element | null) if (p === box) return true;
    return false;
  };
  let scope = card;
  for (let i = 0; i < 3; i++) {
    const up = scope.parent as Element | null;
    if (!up || up.type !== 'tag' || up.name === 'body' || others.some((o) => o !== card && !holds(card, o) && holds(up, o))) break;
    scope = up;
  }
  return scope;
}
