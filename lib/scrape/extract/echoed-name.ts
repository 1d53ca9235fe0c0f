import type { Element } from 'domhandler';
import { NAME_PREDICATES } from '@/lib/scrape/extract/card-names';

/**
 * A text that only repeats the product's name written in a name element of the same card, as an
 * accessible label does (`<button>Add<span class="sr-only">, $10 Shake 1/8th</span></button>`,
 * Tailwind UI's product lists): when that name holds an amount ("$10 Shake 1/8th"), the echo is
 * no price of the card and no card of its own.
 */
const trimmed = (t: string) => t.replace(/^[\s,.:;·•–—-]+|[\s,.:;·•–—-]+$/g, '');
const named = (e: Element) => NAME_PREDICATES.slice(0, 7).some((p) => p(e));

export function echoesName(textOf: (el: Element) => string, el: Element): boolean {
  const t = trimmed(textOf(el));
  // Only words with an amount among them can echo a name (a bare "$25.00" never does).
  if (t.length < 4 || t.length > 160 || !/\p{L}{3,}/u.test(t.replace(/\$\s?\d[\d.,]*/g, ' '))) return false;
  const holds = (a: Element, b: Element) => {
    for (let p: Element | null = b; p; p = p.parent as Element | null) if (p === a) return true;
    return false;
  };
  // `skip`: the subtree searched one level down already (each ancestor adds only its other children).
  const find = (n: Element, skip: Element): boolean =>
    n.children.some(
      (c) => c.type === 'tag' && c !== el && c !== skip && ((named(c as Element) && !holds(c as Element, el) && trimmed(textOf(c as Element)) === t) || find(c as Element, skip)),
    );
  let below: Element = el;
  let a = el.parent as Element | null;
  for (let i = 0; a && a.type === 'tag' && a.name !== 'body' && i < 5; i++, below = a, a = a.parent as Element | null) if (find(a, below)) return true;
  return false;
}
