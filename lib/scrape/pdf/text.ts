import { raceAbort, ScrapeError, throwIfAborted } from '@/lib/scrape/errors';
import { SCAN_LIMITS, scannedPageItems } from '@/lib/scrape/pdf/scanned';
import { uprightRuns } from '@/lib/scrape/pdf/upright';

/**
 * The text of a PDF menu with positions (docs/shopping.md, "PDF menus"): read with unpdf, the
 * serverless build of Mozilla's PDF.js (pure JavaScript, no worker file, nothing fetched at run
 * time: no font or CMap URL is given; this build has no `eval` / `new Function`, so nothing in a PDF is run). Bounded by
 * PDF_LIMITS: pages read, text items kept, and the scan's signal between pages.
 */
export const PDF_LIMITS = {
  /** Bytes of one PDF fetched (the guarded fetch stops the transfer there; a cut PDF is not read). */
  maxBytes: 15 * 1024 * 1024,
  /** Pages of one PDF read (a longer PDF is read up to here). */
  maxPages: 60,
  /** Text items of one PDF kept (beyond: the rest of the PDF is not read). */
  maxItems: 80_000,
  /** PDFs read per menu URL (links, frames, objects / embeds, the URL itself). */
  maxPdfs: 4,
};

export interface PdfTextItem {
  str: string;
  /** Left edge, PDF units (1/72 in), from the page's left. */
  x: number;
  /** Baseline, PDF units, from the page's bottom. */
  y: number;
  width: number;
  /** Font size (the text matrix's vertical scale). */
  size: number;
  /** The PDF's font resource name (a bold run and a plain one differ). */
  font: string;
  /** 1-based page number. */
  page: number;
}

export interface PdfText {
  items: PdfTextItem[];
  /** Pages read. */
  pages: number;
  /** Pages the PDF has. */
  totalPages: number;
  /** Pages read by OCR (no text layer, a scanned picture; scanned.ts). */
  scannedPages: number;
}

/** The PDF signature, within the first KiB as readers allow. */
export const isPdfBytes = (b: Uint8Array | string): boolean => (typeof b === 'string' ? b.slice(0, 1024) : Buffer.from(b.subarray(0, 1024)).toString('latin1')).includes('%PDF-');

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export interface RawItem {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
}

/**
 * One PDF.js text item as a PdfTextItem, or null when it holds no text. A glyph with no Unicode
 * mapping (an emoji printed from a fallback font) comes as a control character: no text, but a
 * space where it stood, so the words around it stay one cell.
 */
export function textItem(it: RawItem, page: number): PdfTextItem | null {
  const t = it.transform;
  const raw = typeof it.str === 'string' ? it.str : '';
  const str = raw.replace(CONTROL, ' ');
  if (!t || (!raw.replace(CONTROL, '').trim() && str === raw)) return null;
  return { str, x: t[4], y: t[5], width: it.width ?? 0, size: Math.hypot(t[2], t[3]) || Math.abs(t[3]) || 10, font: it.fontName ?? '', page };
}

/**
 * A page's runs as text items on the page as shown (upright.ts): through its `/Rotate`, turned so
 * its main reading direction runs left to right (a landscape sheet drawn sideways on a portrait
 * page turned by `/Rotate 90` reads as the landscape sheet).
 */
export function pageItems(raw: readonly RawItem[], page: number, view: { transform: number[]; height: number } = { transform: [1, 0, 0, -1, 0, 0], height: 0 }): PdfTextItem[] {
  const runs = raw.flatMap((it) => {
    const item = textItem(it, page);
    return item && it.transform ? [{ item, matrix: it.transform, chars: item.str.trim().length }] : [];
  });
  return uprightRuns(runs, view.transform, view.height).map(({ item, x, y, size }) => ({ ...item, x, y, size }));
}

export async function readPdfText(bytes: Uint8Array, opts: { signal?: AbortSignal; maxPages?: number; maxItems?: number; ocr?: boolean } = {}): Promise<PdfText> {
  const maxPages = opts.maxPages ?? PDF_LIMITS.maxPages;
  const maxItems = opts.maxItems ?? PDF_LIMITS.maxItems;
  throwIfAborted(opts.signal);
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: PDF.js takes the buffer over.
    doc = await raceAbort(getDocumentProxy(new Uint8Array(bytes), { disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 }), opts.signal);
  } catch (e) {
    if (e instanceof ScrapeError) throw e;
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'pdf-unreadable', `Menu not accessible: the PDF could not be read (${(e as Error).message})`, { cause: e });
  }
  const items: PdfTextItem[] = [];
  let pages = 0;
  let scanned = 0;
  try {
    for (let n = 1; n <= Math.min(doc.numPages, maxPages) && items.length < maxItems; n++) {
      throwIfAborted(opts.signal);
      const page = await raceAbort(doc.getPage(n), opts.signal);
      const content = await raceAbort(page.getTextContent(), opts.signal);
      pages = n;
      let read = pageItems(content.items as RawItem[], n, page.getViewport({ scale: 1 }));
      // A page with no text layer is a scan: read its picture by OCR (scanned.ts), a few pages at most.
      if (!read.length && opts.ocr !== false && scanned < SCAN_LIMITS.maxPages) {
        read = await scannedPageItems(doc, n, page.view[2] - page.view[0], opts.signal);
        if (read.length) scanned++;
      }
      items.push(...read.slice(0, maxItems - items.length));
      page.cleanup();
    }
  } finally {
    await doc.loadingTask.destroy().catch(() => undefined);
  }
  return { items, pages, totalPages: doc.numPages, scannedPages: scanned };
}
