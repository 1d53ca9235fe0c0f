import { generateText, Output } from 'ai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { z } from 'zod';
import { dedupeProducts, toScrapedProduct } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { resolveAiProvider, textModel } from '@/lib/ai/provider';

/**
 * Single-page extraction by a language model: the page is reduced to its visible text (links
 * kept as "text <url>" so product URLs survive), capped, and the model returns products through
 * a zod schema. Output goes through the same normalisers as every other path.
 */

export const AiProductsSchema = z.object({
  products: z
    .array(
      z.object({
        name: z.string().describe('product name exactly as written on the menu'),
        brand: z.string().nullable().describe('brand or producer, null when not shown'),
        category: z.enum(['Flower', 'Concentrate', 'Edible', 'Vape', 'Pre-Roll', 'Topical', 'Tincture', 'Other']).nullable(),
        price: z.string().nullable().describe('price as written, e.g. "$35.00" or "$35 / 3.5g"'),
        weight: z.string().nullable().describe('net weight as written, e.g. "3.5g", "1/8 oz"'),
        thcPct: z.number().nullable(),
        cbdPct: z.number().nullable(),
        strainType: z.enum(['indica', 'sativa', 'hybrid']).nullable(),
        url: z.string().nullable(),
      }),
    )
    .describe('every purchasable product on the page; empty when the page is not a menu'),
});
export type AiProducts = z.infer<typeof AiProductsSchema>;

export const AI_MAX_CHARS = 24_000;

// cheerio's append parses HTML, so the URL text is escaped to stay text.
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Visible page text for the prompt, with link targets, capped to keep the call bounded. */
export function pageTextForModel($: CheerioAPI, baseUrl: string, maxChars = AI_MAX_CHARS): string {
  const body: Cheerio<AnyNode> = $('body').length ? $('body').clone() : $.root().clone();
  body.find('script, style, noscript, template, svg, head').remove();
  body.find('a[href]').each((_, a) => {
    const href = $(a).attr('href');
    try {
      if (href && !href.startsWith('#')) $(a).append(` (${escapeHtml(new URL(href, baseUrl).href)})`);
    } catch {
      // unparseable href: keep the text only
    }
  });
  body.find('br, p, div, li, tr, h1, h2, h3, h4, h5, h6, section, article').each((_, el) => {
    $(el).append('\n');
  });
  const text = visibleText($, body).replace(/ ?\n ?/g, '\n');
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n[truncated]` : text;
}

export async function extractWithModel($: CheerioAPI, baseUrl: string, model: LanguageModelV3, signal?: AbortSignal): Promise<ScrapedProduct[]> {
  const text = pageTextForModel($, baseUrl);
  if (text.trim().length < 20) return [];
  const { output } = await generateText({
    model,
    output: Output.object({ schema: AiProductsSchema, name: 'menu_products' }),
    system:
      'You extract cannabis dispensary menu products from page text. Return only products that are listed for sale, ' +
      'with fields copied from the text. Never invent products, prices or potency.',
    prompt: `Page URL: ${baseUrl}\n\nPage text:\n${text}`,
    temperature: 0,
    maxRetries: 1,
    abortSignal: signal,
  });
  const products = (output?.products ?? []).map((p) =>
    toScrapedProduct({
      name: p.name,
      brand: p.brand,
      category: p.category,
      price: p.price,
      weight: p.weight,
      thc: p.thcPct,
      cbd: p.cbdPct,
      strainType: p.strainType,
      url: p.url,
    }),
  );
  return dedupeProducts(products.filter((p): p is ScrapedProduct => p !== null));
}

/** The scan's model for the AI step (moved from scrape-menu.ts): the configured text model unless the provider is `local` or unavailable. */
export function defaultMenuModel(): LanguageModelV3 | null {
  try {
    const status = resolveAiProvider();
    return status.name !== 'local' && status.available ? textModel() : null;
  } catch {
    return null;
  }
}
