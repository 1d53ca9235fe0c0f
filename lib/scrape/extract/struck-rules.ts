import type { Element } from 'domhandler';

/**
 * The entry a page's struck-through CSS rule adds to the set `struckClasses` returns. A selector
 * ending in a class (`.was`), or in a class and a tag inside it (`.struck text`, `.was span`: the
 * holder's drawn text is struck), counts for that class wherever it is. A selector whose last
 * compound is a class inside other classes (`.old-price .price`, `.ritz .waffle .s7`) counts only
 * inside them: Magento's Luma strikes `.old-price .price`, and every amount of its price box is a
 * `span.price` — the paid price too. Such an entry is written "ancestor … class" (spaces apart).
 */
export function struckEntry(selector: string): string | null {
  const sel = selector.trim();
  const tagTail = /\.(-?[_a-zA-Z][\w-]*)(?:\s+|\s*>\s*)[a-z][\w-]*$/.exec(sel);
  if (tagTail) return tagTail[1];
  const parts = sel.split(/\s*>\s*|\s+/).filter(Boolean);
  const last = /\.(-?[_a-zA-Z][\w-]*)$/.exec(parts.at(-1) ?? '');
  if (!last) return null;
  const ancestors = parts
    .slice(0, -1)
    .map((p) => /\.(-?[_a-zA-Z][\w-]*)$/.exec(p)?.[1])
    .filter((c): c is string => !!c);
  return [...ancestors, last[1]].join(' ');
}

const classesOf = (el: Element) => (el.attribs.class ?? '').split(/\s+/).filter(Boolean);

/** Whether an element's classes make it struck under the page's rules (scoped entries checked against its ancestors). */
export function struckByClass(el: Element, classes: ReadonlySet<string>): boolean {
  const own = classesOf(el);
  if (own.some((c) => classes.has(c))) return true;
  for (const entry of classes) {
    if (!entry.includes(' ')) continue;
    const need = entry.split(' ');
    if (!own.includes(need.at(-1)!)) continue;
    let i = need.length - 2;
    for (let p = el.parent as Element | null; p && p.type === 'tag' && i >= 0; p = p.parent as Element | null) if (classesOf(p).includes(need[i])) i--;
    if (i < 0) return true;
  }
  return false;
}
