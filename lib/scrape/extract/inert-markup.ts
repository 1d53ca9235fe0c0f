import * as cheerio from 'cheerio';

/**
 * Markup a page holds but does not render: the `<noscript>` fallback (what the page shows when
 * scripts do not run; a browser keeps it as raw text) and inert `<template>`s (cards a page
 * script stamps into the list on a click, a choice or the first input). Both are the page's own
 * products when they carry real prices; a placeholder card (`{{name}}`, `$0.00`) is not.
 */

/** A positive amount of money (`$12`, `$0.50`, `&#36;9.99`), not `$0.00`. */
const AMOUNT = /(?:[$€£]|&#36;|&#x24;)\s?(?:0*[1-9]\d*(?:[.,]\d+)?|0[.,]\d*[1-9]\d*)/i;
/** Template syntax of a placeholder card (Handlebars / Liquid / ERB / JS template literals, `%NAME%`). */
const PLACEHOLDER = /\{\{|\{%|<%|\$\{|%[A-Z_]{3,}%/;

const carriesProducts = (markup: string) => AMOUNT.test(markup.replace(/<[^>]*>/g, '')) && !PLACEHOLDER.test(markup);

/**
 * Inert templates (not declarative shadow roots, see unwrapShadowTemplates) whose content carries
 * a real price are read in place, as the page shows them once stamped. Returns how many.
 */
export function unwrapInertTemplates($: cheerio.CheerioAPI): number {
  let n = 0;
  $('template:not([shadowrootmode]):not([shadowroot])').each((_, el) => {
    const inner = $(el).html() ?? '';
    if (!carriesProducts(inner)) return;
    // Table rows keep their table (a div would lose the row and cell tags).
    $(el).replaceWith(/^\s*<tr\b/i.test(inner) ? `<table data-inert-template><tbody>${inner}</tbody></table>` : `<div data-inert-template>${inner}</div>`);
    n++;
  });
  return n;
}

/** The `<noscript>` fallbacks that carry priced markup, read in place as markup. Returns how many. */
export function unwrapNoscript($: cheerio.CheerioAPI): number {
  let n = 0;
  $('noscript').each((_, el) => {
    const inner = $(el).text();
    if (!/<[a-z]/i.test(inner) || !carriesProducts(inner)) return;
    $(el).replaceWith(`<div data-noscript>${inner}</div>`);
    n++;
  });
  return n;
}

/** A link text that leads to a menu ("View the basic menu", "Browse products", "Shop"). */
const MENU_LINK = /\b(?:menu|products|shop|catalog(?:ue)?|order online)\b/i;

/**
 * Pages a `<noscript>` fallback points to on the page's own origin: a frame's source, or a link
 * named like a menu (the menu without scripts). Tracking frames of other origins are not pages
 * of the menu and are left out.
 */
export function noscriptSources($: cheerio.CheerioAPI, pageUrl: string): string[] {
  const out: string[] = [];
  const origin = new URL(pageUrl).origin;
  $('noscript').each((_, el) => {
    const inner = $(el).text();
    if (!/<(?:iframe|a)\b/i.test(inner)) return;
    const doc = cheerio.load(inner);
    const add = (src: string | undefined) => {
      let u: URL;
      try {
        u = new URL(src ?? '', pageUrl);
      } catch {
        return;
      }
      u.hash = '';
      if (src && u.origin === origin && u.href !== pageUrl && !out.includes(u.href)) out.push(u.href);
    };
    doc('iframe[src]').each((_, f) => add(doc(f).attr('src')));
    doc('a[href]').each((_, a) => {
      if (MENU_LINK.test(doc(a).text())) add(doc(a).attr('href'));
    });
  });
  return out;
}
