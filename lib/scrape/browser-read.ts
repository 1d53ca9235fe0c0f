import type { Frame, Page } from 'playwright-core';
import { dedupeProducts } from '@/lib/scrape/normalize';
import type { PageExtraction } from '@/lib/scrape/extract';
import type { RenderOptions } from '@/lib/scrape/browser-page';
import { ALL_ELEMENTS } from '@/lib/scrape/browser-wait';
import type { ScrapedProduct } from '@/lib/scrape/types';

/** Reading a rendered page: every frame's flattened HTML (shadow roots, generated text, struck styles marked) through the extractor. */

/**
 * Text drawn by CSS generated content (`.price::before { content: "$" attr(data-price) }`, a
 * cents part in `::after`): the buyer sees it, `innerHTML` does not hold it. Written into the
 * DOM as a `<span data-scan-generated>` at the pseudo-element's place, struck (`<s>`) when the
 * pseudo-element is struck through. Only leaf elements, only content with a letter, digit or
 * currency sign and at most 40 characters (icon-font glyphs, quotes and separators stay out);
 * once per element.
 */
const GENERATED_TEXT = String.raw`function generatedText() {
  const useful = /[A-Za-z0-9$€£]/;
  for (const el of allElements()) {
    if (el.childElementCount > 0 || el.hasAttribute('data-scan-generated-done') || /^(SCRIPT|STYLE|TEMPLATE|svg|path)$/.test(el.nodeName)) continue;
    for (const which of ['::before', '::after']) {
      const st = getComputedStyle(el, which);
      const c = st.content;
      if (!c || c === 'none' || c === 'normal' || c[0] !== '"') continue;
      let t;
      try { t = JSON.parse(c); } catch { continue; }
      if (typeof t !== 'string' || !t.trim() || t.length > 40 || !useful.test(t)) continue;
      const span = document.createElement(/line-through/.test(st.textDecorationLine || st.textDecoration || '') ? 's' : 'span');
      span.setAttribute('data-scan-generated', '');
      span.textContent = t;
      if (which === '::before') el.insertBefore(span, el.firstChild); else el.appendChild(span);
    }
    el.setAttribute('data-scan-generated-done', '');
  }
}`;

/**
 * What only the rendered styles tell, written into the DOM before it is read: a short price
 * element struck through by a stylesheet rule (CSS-in-JS classes, a theme's `s.price-item`) gets
 * `data-scan-struck`, one the theme hides (`display: none`, Dawn's `.price--on-sale
 * .price__regular`) gets `data-scan-hidden`. Only elements of at most 80 characters holding a
 * price are looked at: a hidden tab panel full of products stays readable.
 */
const MARK_STYLES = String.raw`(() => {
  ${ALL_ELEMENTS};
  ${GENERATED_TEXT};
  generatedText();
  const price = /[$]\s?\d/;
  for (const el of allElements()) {
    if (el.childElementCount > 12) continue;
    const t = el.textContent || '';
    if (t.length > 80 || !price.test(t)) continue;
    const st = getComputedStyle(el);
    if (st.display === 'none') el.setAttribute('data-scan-hidden', '');
    else if (/line-through/.test(st.textDecorationLine || st.textDecoration || '')) {
      const parent = el.parentElement ? getComputedStyle(el.parentElement) : null;
      if (!parent || !/line-through/.test(parent.textDecorationLine || parent.textDecoration || '')) el.setAttribute('data-scan-struck', '');
    }
  }
  return true;
})()`;

/**
 * The document with its shadow roots (open, and closed ones the scan kept) written in place (each host's shadow content before its
 * light children), or null when the document has none (then `frame.content()` is read as before).
 */
const FLAT_HTML = String.raw`(() => {
  ${ALL_ELEMENTS};
  if (!allElements().some((el) => shadowOf(el))) return null;
  const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const quote = (t) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const ser = (n) => {
    if (n.nodeType === 3) return n.parentNode && /^(SCRIPT|STYLE)$/.test(n.parentNode.nodeName) ? n.data : esc(n.data);
    if (n.nodeType === 11) return Array.from(n.childNodes).map(ser).join('');
    if (n.nodeType !== 1) return '';
    const tag = n.localName;
    let open = '<' + tag;
    for (const a of Array.from(n.attributes)) open += ' ' + a.name + '="' + quote(a.value) + '"';
    open += '>';
    if (VOID.has(tag)) return open;
    const sr = shadowOf(n);
    const inner = (sr ? ser(sr) : '') + Array.from((tag === 'template' ? n.content : n).childNodes).map(ser).join('');
    return open + inner + '</' + tag + '>';
  };
  return '<!doctype html>' + ser(document.documentElement);
})()`;

export async function frameHtml(frame: Frame): Promise<string | null> {
  const flat = await frame.evaluate<string | null>(FLAT_HTML).catch(() => null);
  return flat ?? (await frame.content().catch(() => null));
}

export async function readFrames(page: Page, opts: RenderOptions): Promise<{ products: ScrapedProduct[]; method: PageExtraction['method']; urls: string[] }> {
  const all: ScrapedProduct[] = [];
  const urls: string[] = [];
  let best: PageExtraction = { products: [], method: 'none' };
  for (const frame of page.frames()) {
    const url = frame.url();
    // A frame written by the page itself (`srcdoc`, a `blob:` URL, a document written into
    // about:blank) is read with the page's address; it has none of its own to fetch.
    const own = /^(about:(srcdoc|blank)|blob:)/i.test(url);
    if (!/^https?:/i.test(url) && !own) continue;
    await frame.evaluate(MARK_STYLES).catch(() => undefined);
    const html = await frameHtml(frame);
    if (!html) continue;
    if (!own) urls.push(url);
    const r = await opts.extract(html, own ? page.url() : url);
    all.push(...r.products);
    if (r.products.length > best.products.length) best = r;
  }
  return { products: dedupeProducts(all), method: best.method, urls };
}
