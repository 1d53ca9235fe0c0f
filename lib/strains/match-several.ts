/**
 * What a name's other segments say about the segment the passes matched (match-decide.ts): a
 * product-form word in a catalog name beside another segment's clean strain name, a one-word
 * maker after a dose, and two strains named apart.
 */
import type { CatalogIndex } from '@/lib/strains/match-index';

/**
 * Words of a product's form a catalog name can hold ('Coconut Oil', 'Gummy Bears', 'Buddha
 * Syrup'): in a product with no strain category, such a name in the strain segment is more likely
 * the product ('Coconut Oil - Cannatonic') than the strain another segment names cleanly.
 */
const PRODUCT_FORM_WORD = /(^|\s)(oils?|tinctures?|syrups?|butter|balms?|salves?|lotions?|gumm(y|ies)|capsules?|drops|honey|sodas?)(?=\s|$)/;

export const holdsProductForm = (name: string) => PRODUCT_FORM_WORD.test(name.toLowerCase());

const MG_DOSE = /\d\s*mg\b/i;
/** Words of flower, vape and concentrate products: a dose in mg beside them is a cart's or a syringe's. */
const STRAIN_FORM =
  /\b(carts?|cartridges?|vapes?|pens?|pods?|dispos?|disposables?|pre-?rolls?|prerolls?|joints?|blunts?|flower|wax|shatter|badder|batter|budder|resin|rosin|distillate|sauce|diamonds|crumble|sugar|hash|kief|concentrates?|extracts?)\b/i;
/** A strain's type written in the name ('(CBD Rich Hybrid)', '(Indica)'). */
const TYPE_WORD = /\b(indica|sativa|hybrid|cbd rich)\b/i;

/**
 * The segments of a name that carry a strain's type in brackets right after them ('Coconut Oil -
 * Cannatonic (CBD Rich Hybrid)' → 'cannatonic'), lower-cased: the name's own mark of which
 * segment is the strain, whatever category the product is filed under.
 */
export function typedSegments(name: string): string[] {
  const out: string[] = [];
  for (const m of name.matchAll(/([^-|–—:()[\]]+?)\s*[([]([^)\]]*)[)\]]/g)) if (TYPE_WORD.test(m[2])) out.push(m[1].trim().toLowerCase());
  return out;
}

/**
 * A one-word segment beside the product's name, in a product dosed in mg that is no flower, vape or
 * concentrate (or an edible), is its maker when the name states no strain type: 'Balanced 100mg-
 * Ripple' (the brand Ripple, a catalog strain too), but 'Coconut Oil - Cannatonic (CBD Rich
 * Hybrid)' names its strain.
 */
export function makerAfterDose(name: string, edible: boolean, strainCategory: boolean): boolean {
  if (TYPE_WORD.test(name)) return false;
  return edible || (!strainCategory && MG_DOSE.test(name) && !STRAIN_FORM.test(name));
}

/**
 * Another segment than the strain segment and the leading one (where the brand goes) is a catalog
 * name of another strain: the product names several ('PV Farms | Slurricane/ Grape Pie | 2g Hash
 * Hole', a pack or a hash hole of two), none of them alone. A single word does not count (a
 * brand or a line more often: 'MVE - Sublime Infused - Acapulco Gold'), nor a flavour name where
 * the product may be a flavoured one (`flavour`: an edible, an 'Other').
 */
export function namesAnotherStrain(index: CatalogIndex, others: string[], strainId: string | null, flavour: (s: string) => boolean): boolean {
  return others.some((t) => {
    if (!t.includes(' ') || flavour(t)) return false;
    return index.exact(t).some((e) => e.strainId !== null && e.strainId !== strainId);
  });
}
