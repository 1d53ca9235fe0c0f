import * as cheerio from 'cheerio';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { logger } from '@/lib/log';
import { throwIfAborted } from '@/lib/scrape/errors';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import { LOAD_MORE_CONTROL } from '@/lib/scrape/pagination';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { extractWithModel } from '@/lib/scrape/extract/ai';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { extractAppState, productsOfStates } from '@/lib/scrape/extract/app-state';
import { encodedStates } from '@/lib/scrape/extract/encoded-state';
import { extractJsonLd } from '@/lib/scrape/extract/json-ld';
import { extractSheetTables } from '@/lib/scrape/extract/sheet-table';
import { switchedInPlace, weightToggle, withChosenWeight } from '@/lib/scrape/weight-toggle';
import { textifyPricePictures } from '@/lib/scrape/extract/price-pictures';
import { canonicalizeLocaleMoney } from '@/lib/scrape/extract/locale-money';
import { extractProductPage } from '@/lib/scrape/extract/product-page';
import { unwrapInertTemplates, unwrapNoscript } from '@/lib/scrape/extract/inert-markup';
import { englishStorefrontWords } from '@/lib/scrape/extract/storefront-words';
import { relayoutTables } from '@/lib/scrape/extract/layout-tables';
import { controlPrices } from '@/lib/scrape/extract/control-prices';
import { resolveSizeSurcharges } from '@/lib/scrape/extract/size-surcharges';
import { strikeLabelledRegular } from '@/lib/scrape/extract/labelled-values';
import { resolveSurchargeText } from '@/lib/scrape/extract/surcharge-text';
import { rewriteLabelledRecords } from '@/lib/scrape/extract/labelled-records';
import { currencyColumns } from '@/lib/scrape/extract/currency-columns';
import { dropHiddenRepeats } from '@/lib/scrape/extract/hidden-repeats';
import { OPENER_LABEL, PRICE_RANGE } from '@/lib/scrape/browser-popovers';
import { categoryListbox } from '@/lib/scrape/browser-listbox';
import { inPlaceMoreControl } from '@/lib/scrape/section-more';
import { pickLetterButtons } from '@/lib/scrape/letter-buttons';

export type ExtractionMethod = 'json-ld' | 'app-state' | 'ai' | 'heuristic' | 'none';

export interface PageExtraction {
  products: ScrapedProduct[];
  method: ExtractionMethod;
}

export interface ExtractOptions {
  /** A hosted model for the AI step; null/undefined uses the heuristic reader instead. */
  model?: LanguageModelV3 | null;
  signal?: AbortSignal;
}

/**
 * One page, cascaded: structured data (JSON-LD, then embedded app state), then the AI step (the
 * configured model, or the heuristic reader with the local provider). The cheap heuristic also
 * runs beside structured data: a page whose JSON-LD describes one featured product while its
 * grid lists forty must not be reported as a one-product menu.
 */
export async function extractFromHtml(html: string, url: string, opts: ExtractOptions = {}): Promise<PageExtraction> {
  const $ = cheerio.load(html);
  // One weight chosen for the whole menu (weight-toggle.ts): it belongs to every card's name.
  const chosen = weightToggle($)?.chosen ?? null;
  let r = await extractLoaded($, url, opts);
  // Nothing on the page as scripts render it: its <noscript> fallback (inert-markup.ts) is the menu.
  if (!r.products.length && html.includes('<noscript')) {
    const $n = cheerio.load(html);
    if (unwrapNoscript($n)) r = await extractLoaded($n, url, opts);
  }
  return chosen ? { ...r, products: withChosenWeight(r.products, chosen) } : r;
}

async function extractLoaded($: cheerio.CheerioAPI, url: string, opts: ExtractOptions): Promise<PageExtraction> {
  unwrapShadowTemplates($);
  unwrapInertTemplates($);
  inlineSrcdocFrames($);
  textifyPricePictures($);
  canonicalizeLocaleMoney($);
  englishStorefrontWords($);
  relayoutTables($);
  controlPrices($);
  resolveSizeSurcharges($);
  resolveSurchargeText($);
  rewriteLabelledRecords($);
  strikeLabelledRegular($);
  dropHiddenRepeats($);
  const heuristic = () => extractHeuristic($, url);
  for (const [method, run] of [
    ['json-ld', () => extractJsonLd($, url)],
    ['app-state', () => extractAppState($, url)],
  ] as const) {
    const products = run();
    if (products.length) {
      const h = heuristic();
      return h.length > products.length * 2 ? { products: h, method: 'heuristic' } : { products, method };
    }
  }
  // A menu published as a spreadsheet (sheet-table.ts): read by its header, not as cards.
  const sheet = extractSheetTables($, url);
  if (sheet.length >= 3) return { products: sheet, method: 'heuristic' };
  // Bare amounts under a "Price (USD)" header (currency-columns.ts), for the card readers.
  currencyColumns($);
  if (opts.model) {
    try {
      const products = await extractWithModel($, url, opts.model, opts.signal);
      if (products.length) return { products, method: 'ai' };
    } catch (e) {
      throwIfAborted(opts.signal);
      // A failing or refusing model must not fail the scan: the heuristic reader still runs.
      logger().warn({ err: (e as Error).message, url }, 'scrape: AI extraction failed, using heuristic reader');
    }
  }
  const products = heuristic();
  if (products.length) return { products, method: 'heuristic' };
  // Nothing rendered and no plain state: state the page keeps encoded (encoded-state.ts).
  const encoded = productsOfStates(encodedStates($), url);
  return { products: encoded, method: encoded.length ? 'app-state' : 'none' };
}

/**
 * Declarative shadow DOM (`<template shadowrootmode="open">` inside a custom element, as embeds
 * server-render it): the browser shows the template's content in place of the template, so the
 * readers see it there too (other templates stay inert).
 */
export function unwrapShadowTemplates($: cheerio.CheerioAPI): void {
  $('template[shadowrootmode], template[shadowroot]').each((_, el) => {
    $(el).replaceWith($(el).html() ?? '');
  });
}

/**
 * A frame whose document is written in its `srcdoc` attribute (the page's own markup, no
 * request): the readers see the document's styles and body in place of the frame.
 */
export function inlineSrcdocFrames($: cheerio.CheerioAPI): void {
  $('iframe[srcdoc]').each((_, el) => {
    const doc = cheerio.load($(el).attr('srcdoc') ?? '');
    const styles = doc('style')
      .map((_, s) => doc.html(s))
      .get()
      .join('');
    doc('style, script').remove();
    $(el).replaceWith(`<div data-srcdoc-frame>${styles}${doc('body').html() ?? ''}</div>`);
  });
}

export interface PageSignals {
  scriptRendered: boolean;
  ageGate: boolean;
  storePicker: boolean;
  iframes: number;
  /** A "load more" / "show more" button (not a link): the rest of the menu needs the browser. */
  loadMore: boolean;
  /** Numbered page buttons or a next button without links (pager.ts): the other pages need the browser. */
  scriptPager: boolean;
  /** Visible text length (scripts and styles excluded). */
  textLength: number;
  /** Cards priced by a range with a control that opens each one's sizes (browser-popovers.ts). */
  popovers: boolean;
  /** A stylesheet draws text from attributes (`content: "$" attr(data-price)`): only a rendered page shows it. */
  generatedText: boolean;
  /** An inline script that loads more when the page or a box in it scrolls (infinite scroll over a server-rendered first batch). */
  scrollLoads: boolean;
  /** A custom select (listbox) whose options are categories: the other categories need the browser (browser-listbox.ts). */
  categoryListbox: boolean;
  /** A weight toggle switched in place (weight-toggle.ts): the other weights need the browser. */
  weightButtons: boolean;
  /** An A–Z bar of buttons with no link (letter-buttons.ts): the other letters need the browser. */
  letterButtons: boolean;
}

/** A page whose products were read over HTTP but whose other products only the browser shows. */
export const restNeedsBrowser = (s: PageSignals, postPager: boolean): boolean =>
  s.loadMore || (s.scriptPager && !postPager) || s.popovers || s.scrollLoads || s.categoryListbox || s.weightButtons || s.letterButtons;

const AGE_GATE =
  /\b(are you (?:over |at least )?(?:18|19|21)|(?:must|have to) be (?:at least |over )?(?:18|19|21)|age verification|verify (?:your )?age|(?:18|19|21) (?:years|or older)|of legal age)\b/i;
const STORE_PICKER = /\b(?:choose|select|pick|set|find) (?:a |your |the )?(?:store|location|dispensary|shop|pickup location)\b/i;

/** A script that fetches content (fetch, XHR, an event stream, jQuery / axios calls). */
const LOADS = /\bnew EventSource\(|\bfetch\(|\bXMLHttpRequest\b|\$\.(?:ajax|get|getJSON)\(|\baxios\./;
/** A script that acts on scrolling: a scroll listener (on the window or an element) or an intersection observer. */
const ON_SCROLL = /addEventListener\(\s*['"]scroll['"]|\.onscroll\s*=|\$\([^)]*\)\.(?:on\(\s*['"]scroll|scroll\()|\bnew IntersectionObserver\(/;

/** What a plain HTTP fetch tells about a page that yielded no products. */
export function pageSignals(html: string): PageSignals {
  const $ = cheerio.load(html);
  const scripts = $('script[src], script:not([type]), script[type="module"], script[type="text/javascript"]').length;
  // An inline script that loads content (fetch, XHR, an event stream): the list it fills is empty over HTTP.
  const inline = $('script:not([src])')
    .toArray()
    .map((el) => $(el).text());
  const loads = inline.some((t) => LOADS.test(t));
  const scrollLoads = inline.some((t) => LOADS.test(t) && ON_SCROLL.test(t));
  const generatedText = $('style')
    .toArray()
    .some((el) => /\bcontent\s*:[^;}]*\battr\(/i.test($(el).text()));
  // (Read before the noscript elements go with the scripts below: the page is parsed once.)
  const listbox = categoryListbox($);
  const weightButtons = switchedInPlace($, weightToggle($));
  const noscriptJs = /enable javascript|requires javascript|javascript (?:is )?(?:disabled|required)/i.test($('noscript').text());
  $('script, style, noscript, template').remove();
  const text = visibleText($, $('body'));
  const controls = describeControls($);
  const mount = $('#root, #__next, #app, #__nuxt, [data-reactroot], app-root').filter((_, el) => $(el).text().trim().length < 40).length > 0;
  return {
    scriptRendered: scripts > 0 && (mount || noscriptJs || loads || text.length < 400),
    ageGate: AGE_GATE.test(text),
    storePicker: STORE_PICKER.test(text),
    iframes: $('iframe[src]').length,
    // The browser's "load more" labels (browser-gates.ts MORE), "More products" too.
    loadMore:
      $('button, [role="button"], input[type="button"]')
        .toArray()
        .some((el) => LOAD_MORE_CONTROL.test(($(el).text() || $(el).attr('value') || '').replace(/\s+/g, ' ').trim())) || inPlaceMoreControl($),
    // A lone "›" button is as often a carousel's: over HTTP only a pager with numbers counts.
    scriptPager: (() => {
      const step = pickPagerControl(controls);
      return step !== null && (step.kind === 'number' || step.current !== null);
    })(),
    letterButtons: pickLetterButtons(controls).length > 0,
    textLength: text.length,
    generatedText,
    scrollLoads,
    categoryListbox: listbox,
    weightButtons,
    popovers: popoverSignal($, text),
  };
}

/**
 * A product's own page reached from a listing (detail-pages.ts): its one product read as a
 * product page (title and the price around it, `product-page.ts`); when that finds no priced
 * product, the page read like any other.
 */
export async function extractDetailPage(html: string, url: string): Promise<PageExtraction> {
  const $ = cheerio.load(html);
  unwrapShadowTemplates($);
  textifyPricePictures($);
  canonicalizeLocaleMoney($);
  const one = extractProductPage($, url);
  if (one && one.priceValue !== null) return { products: [one], method: 'heuristic' };
  return extractFromHtml(html, url);
}

/** A page worth opening in the browser: scripts render it, a gate/picker/frame hides the menu, or CSS draws its text. */
export const needsBrowser = (s: PageSignals): boolean => s.scriptRendered || s.ageGate || s.storePicker || s.iframes > 0 || s.generatedText;

/**
 * Several price ranges and several in-place controls that open a card (or cards that are buttons
 * showing a range). A labelled opener counts for the card it sits in (the nearest element around
 * it showing a $ amount): a quick view on every card of a grid where only a few cards show a
 * range (a BigCommerce store's "Quick view" beside "$25.00 - $80.00" on one flower in ten) opens
 * no sizes the card hides — its ranged cards are lead-in prices; openers in ranged cards must be
 * at least as many as those in fixed-price ones.
 */
function popoverSignal($: cheerio.CheerioAPI, text: string): boolean {
  const range = new RegExp(PRICE_RANGE, 'gi');
  if ((text.match(range) ?? []).length < 2) return false;
  const opener = new RegExp(OPENER_LABEL, 'i');
  const one = new RegExp(PRICE_RANGE, 'i');
  let ranged = 0;
  let fixed = 0;
  $('button, a, [role="button"], [aria-haspopup="dialog"], [style*="cursor"]').each((_, el) => {
    const href = $(el).attr('href');
    if (el.tagName === 'a' && $(el).attr('role') !== 'button' && href && !/^(#|javascript:)/i.test(href)) return;
    const t = visibleText($, $(el));
    if (t.length < 400 && one.test(t) && !/^(button|a)$/.test(el.tagName)) ranged++;
    else if ((t.length < 40 && opener.test(t)) || $(el).attr('aria-haspopup') === 'dialog') {
      let card: string | undefined;
      for (const p of $(el).parents().slice(0, 8).toArray()) {
        // Its text as shown (block boundaries kept: "Brand" then "From $6.50", not "BrandFrom $6.50").
        const x = visibleText($, $(p));
        if (/[$]\s?\d/.test(x)) {
          card = x;
          break;
        }
      }
      if (card === undefined || one.test(card)) ranged++;
      else fixed++;
    }
  });
  return ranged >= 2 && ranged >= fixed;
}
