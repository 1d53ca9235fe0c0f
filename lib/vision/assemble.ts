import type { Queryable } from '@/lib/db';
import type { MatchResult } from '@/lib/strains/match';
import { matchStrainGuesses } from '@/lib/vision/strain-guess';
import { strainFromProduct } from '@/lib/vision/label-parser';
import type { LabelData, ParsedLabel, ParsedReceipt, ReceiptData, StrainRef } from '@/lib/vision/types';

/**
 * Parsed readings → response `data`: product names through the catalog matcher (one set-based
 * call per image), strain fields from the match, and one confidence number.
 */

function ref(m: MatchResult | undefined): StrainRef {
  if (!m?.strain || !m.confidence) return null;
  return { id: m.strain.id, slug: m.strain.slug, name: m.strain.name, matchConfidence: m.confidence };
}

/**
 * The matched strain when the match is trusted (high or medium): a `low` match ("Chocolate Thai" →
 * Thai by trigram) stays in `strain` with its confidence for the client to judge, but does not
 * replace the strain name printed on the paper or supply its type.
 */
function trusted(m: MatchResult | undefined): MatchResult['strain'] {
  return m?.confidence === 'high' || m?.confidence === 'medium' ? m.strain : null;
}

function clamp01(n: number): number {
  return Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
}

/**
 * Confidence: how sure the reader was (OCR word confidence; a model gives none, so a neutral
 * 0.8), how complete the reading is (fields found, totals that add up) and how many names the
 * catalog recognised. Nothing found at all is 0.
 */
export function confidenceOf(engineConfidence: number | null, coverage: number, matchedShare: number): number {
  if (coverage === 0) return 0;
  return clamp01((engineConfidence ?? 0.8) * 0.35 + coverage * 0.5 + matchedShare * 0.15);
}

export interface ReceiptContext {
  engine: ReceiptData['engine'];
  engineConfidence: number | null;
  attemptId: string | null;
  dispensaryName?: string | null;
  orderDate?: string | null;
}

export async function assembleReceipt(db: Queryable, parsed: ParsedReceipt, ctx: ReceiptContext): Promise<ReceiptData> {
  const matches = parsed.items.length
    ? await matchStrainGuesses(
        db,
        // The printed name carries weight, pack and product words: the matcher sees the strain part.
        parsed.items.map((it) => ({ name: it.strainName ?? strainFromProduct(it.productName, it.brand) ?? it.productName, category: it.category, brand: it.brand })),
        // The printed name too: a catalog name the guess cut short ('Chocolate Thai 28 g' → 'Thai').
        parsed.items.map((it) => (it.strainName ? null : it.productName)),
      )
    : [];
  const items = parsed.items.map((it, i) => {
    const strain = ref(matches[i]);
    return {
      productName: it.productName,
      strainName: trusted(matches[i])?.name ?? it.strainName ?? strainFromProduct(it.productName, it.brand),
      category: it.category,
      grams: it.grams,
      quantity: it.quantity,
      unitPrice: it.unitPrice,
      price: it.price,
      discount: it.discount,
      thcPct: it.thcPct,
      cbdPct: it.cbdPct,
      type: it.type ?? trusted(matches[i])?.type ?? null,
      strain,
    };
  });
  const matched = items.length ? items.filter((i) => i.strain).length / items.length : 0;
  return {
    attemptId: ctx.attemptId,
    // What the caller states wins over what was read from the paper.
    dispensaryName: ctx.dispensaryName ?? parsed.dispensaryName,
    orderDate: ctx.orderDate ?? parsed.orderDate,
    items,
    discount: parsed.discount,
    subtotal: parsed.subtotal,
    tax: parsed.tax,
    total: parsed.total,
    confidence: confidenceOf(ctx.engineConfidence, parsed.coverage, matched),
    engine: ctx.engine,
  };
}

export async function assembleLabel(db: Queryable, parsed: ParsedLabel, engine: LabelData['engine'], engineConfidence: number | null): Promise<LabelData> {
  const name = parsed.strainName ?? parsed.productName;
  const [m] = name ? await matchStrainGuesses(db, [{ name, category: parsed.category, brand: parsed.brand }], [parsed.productName]) : [];
  const strain = ref(m);
  const { coverage, ...fields } = parsed;
  return {
    ...fields,
    strainName: trusted(m)?.name ?? parsed.strainName,
    type: parsed.type ?? trusted(m)?.type ?? null,
    strain,
    confidence: confidenceOf(engineConfidence, coverage, strain ? 1 : 0),
    engine,
  };
}
