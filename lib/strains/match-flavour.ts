/**
 * Flavour names (match-decide.ts): an edible, a topical or a product of no strain category
 * 'matching' a strain made only of flavour words is naming its flavour.
 */

/** Food, flavour and scent words: an edible or topical 'matching' a strain made only of these is naming its flavour. */
const FLAVOUR_WORDS = new Set(
  `apple banana berry berries blueberry strawberry raspberry blackberry cherry cherries grape grapes lemon lime orange mango peach pear
   pineapple watermelon melon cantaloupe kiwi guava coconut passion fruit fruity citrus tangerine grapefruit pomegranate huckleberry
   boysenberry cranberry plum apricot papaya lychee dragonfruit chocolate choco cream ice vanilla caramel toffee cake cookie cookies candy
   mint mints sour sweet honey pie creamsicle sherbet sherbert sorbet pink lemonade punch rootbeer root beer cola limeade tea coffee espresso milk
   dark white mixed blue red green oil butter sugar cinnamon gummy bubblegum gum jelly bean beans sundae split shake smoothie fizz soda
   chai latte mocha marshmallow s'mores smores truffle fudge brownie peanut almond pecan nut hazelnut maple syrup taffy tropical
   razz blast splash twist wild original classic pudding butterscotch tropic and & n cinnamon churro horchata
   lavender eucalyptus peppermint spearmint chamomile unscented hawaiian limoncello margarita mojito colada pina`.split(/\s+/),
);

export function isFlavourName(name: string): boolean {
  const words = name.split(/[^a-z']+/).filter(Boolean);
  return words.length > 0 && words.every((w) => FLAVOUR_WORDS.has(w));
}

export const STRAIN_CATEGORY_RE = /flower|pre-?roll|vape|concentrate|cart|extract/;
const RATIO_RE = /\b\d+(\.\d+)?\s*:\s*\d+(\.\d+)?\b/;

/**
 * Does the product's own category or name leave a flavour-only name in doubt? A category that is
 * not a strain product's ('Other', a menu's unknown) does; no category at all (a receipt line, a
 * single name looked up) does not.
 */
export function flavourRisk(category: string | null | undefined, name: string): boolean {
  const c = (category ?? '').trim().toLowerCase();
  return (c !== '' && !STRAIN_CATEGORY_RE.test(c)) || RATIO_RE.test(name);
}
