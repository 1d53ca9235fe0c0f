import { load, type CheerioAPI } from 'cheerio';
import type { Resolver } from '@/lib/scrape/address';
import type { CookieJar } from '@/lib/scrape/cookie-jar';
import { ScrapeError } from '@/lib/scrape/errors';
import { guardedRequest } from '@/lib/scrape/guarded-fetch';
import { resolveLink } from '@/lib/scrape/pagination';
import { pdfLines } from '@/lib/scrape/pdf/lines';
import { pdfProducts } from '@/lib/scrape/pdf/products';
import { isPdfBytes, PDF_LIMITS, readPdfText } from '@/lib/scrape/pdf/text';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * PDF menus (docs/shopping.md): the PDFs a menu page gives — a link to a `.pdf` (or a link whose
 * text says PDF), an `<object>` / `<embed>` / frame showing one — and a menu URL that answers
 * with a PDF itself. Each is fetched through the scan's guarded fetch (DECISIONS §6: every hop's
 * address checked, a refused address never contacted; the scan's cookies) with the PDF caps of
 * PDF_LIMITS (text.ts), then read: text items → lines (lines.ts) → products (products.ts).
 */
const PDF_HREF = /\.pdf(?:$|[?#])/i;
const PDF_TYPE = /^application\/(?:x-)?pdf$/i;
const MENUISH = /menu|price|strain|flower|product|inventory|list/i;

/**
 * The PDFs a page links to or embeds, menu-like ones first, at most PDF_LIMITS.maxPdfs. A page
 * that holds products of its own (`menuOnly`) gives only its menu-like PDFs (an embedded PDF, a
 * link saying menu / prices), not its lab results or terms.
 */
export function pdfSources($: CheerioAPI, pageUrl: string, menuOnly = false): string[] {
  const found: Array<{ url: string; menu: boolean }> = [];
  const add = (raw: string | undefined, menu: boolean) => {
    const u = resolveLink(raw?.trim(), pageUrl);
    if (u && !found.some((f) => f.url === u)) found.push({ url: u, menu });
  };
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href');
    const text = $(el).text().replace(/\s+/g, ' ').trim();
    const pdf = PDF_HREF.test(href ?? '') || PDF_TYPE.test($(el).attr('type') ?? '') || /\bpdf\b/i.test(text);
    if (pdf) add(href, MENUISH.test(`${href} ${text}`));
  });
  $('object[data], embed[src], iframe[src]').each((_, el) => {
    const name = (el as { name?: string }).name;
    const src = name === 'object' ? $(el).attr('data') : $(el).attr('src');
    if (PDF_TYPE.test($(el).attr('type') ?? '') || PDF_HREF.test(src ?? '')) add(src, true);
  });
  return [...found.filter((f) => f.menu), ...found.filter((f) => !f.menu && !menuOnly)].slice(0, PDF_LIMITS.maxPdfs).map((f) => f.url);
}

/**
 * The PDFs of a page as the browser rendered it (a link or an embed a script adds after load, absent
 * from the page's HTML): `pdfSources` on the rendered DOM. The scan reads those its HTTP crawl did
 * not (scrape-menu.ts), through the same guarded fetch and caps. A page that never says "pdf" is not parsed
 * (the browser reads every frame after every round).
 */
export const renderedPdfSources = (html: string, pageUrl: string, menuOnly = false): string[] => (/pdf/i.test(html) ? pdfSources(load(html), pageUrl, menuOnly) : []);

export interface PdfMenu {
  /** Final URL after redirects. */
  url: string;
  products: ScrapedProduct[];
  /** PDF pages read / in the PDF. */
  pages: number;
  totalPages: number;
}

export interface PdfFetchOptions {
  signal?: AbortSignal;
  resolver?: Resolver;
  cookies?: CookieJar;
  /** The PDF's bytes when the menu URL itself answered with them (whole, within the caps): not fetched again. */
  raw?: Buffer;
}

/** Fetches and reads one PDF menu; null when the answer is no PDF (a link that said PDF but gave a page). */
export async function readPdfMenu(url: string, opts: PdfFetchOptions = {}): Promise<PdfMenu | null> {
  if (opts.raw && opts.raw.length <= PDF_LIMITS.maxBytes && isPdfBytes(opts.raw)) {
    const text = await readPdfText(opts.raw, { signal: opts.signal });
    return { url, products: pdfProducts(pdfLines(text.items), url), pages: text.pages, totalPages: text.totalPages };
  }
  const { raw: _raw, ...fetchOpts } = opts;
  const res = await guardedRequest(url, { ...fetchOpts, maxBytes: PDF_LIMITS.maxBytes, headers: { accept: 'application/pdf,*/*;q=0.8' } });
  if (res.status >= 400) throw new ScrapeError('MENU_NOT_ACCESSIBLE', `http-${res.status}`, `Menu not accessible: ${res.url} answered ${res.status}`);
  if (!isPdfBytes(res.body)) return null;
  if (res.truncated)
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'pdf-too-large', `Menu not accessible: the PDF at ${res.url} is larger than ${Math.round(PDF_LIMITS.maxBytes / 1048576)} MiB`);
  const text = await readPdfText(res.body, { signal: opts.signal });
  return { url: res.url, products: pdfProducts(pdfLines(text.items), res.url), pages: text.pages, totalPages: text.totalPages };
}
