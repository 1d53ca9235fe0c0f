import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/** DOM helpers the heuristic card reader's parts share (cheerio trees of a rendered menu). */

/** Marker text of an element: class, itemprop, data-testid (lower-cased), for field lookup. */
export const marks = (e: Element) => `${e.attribs.class ?? ''} ${e.attribs.itemprop ?? ''} ${e.attribs['data-testid'] ?? ''}`.toLowerCase();

/** Visible text of an element with spaces between text nodes (cheerio's .text() glues them). */
export function visibleText($: CheerioAPI, el: Cheerio<AnyNode>): string {
  const parts: string[] = [];
  const walk = (nodes: AnyNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') parts.push((n as unknown as { data: string }).data);
      else if (n.type === 'tag') {
        const tag = (n as Element).name;
        if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template') continue;
        walk((n as Element).children as AnyNode[]);
      }
    }
  };
  walk(el.toArray());
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The tag and every class token, sorted: elements of one card template share it. */
export const signature = (el: Element) => `${el.name}.${(el.attribs.class ?? '').split(/\s+/).filter(Boolean).sort().join('.')}`;

export function descendants(el: Element): Element[] {
  const out: Element[] = [];
  const walk = (n: Element) => {
    for (const c of n.children) {
      if (c.type === 'tag') {
        out.push(c as Element);
        walk(c as Element);
      }
    }
  };
  walk(el);
  return out;
}
