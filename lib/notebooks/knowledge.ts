/**
 * Reference knowledge the local analyst writes from: what each common terpene is known for,
 * how it tends to interact with THC/CBD, what it tastes like, where it boils (vaporiser
 * temperatures) and what goes with it. Commonly cited descriptions, not medical claims.
 */
export interface TerpeneKnowledge {
  knownFor: string[];
  aromas: string[];
  family: string;
  boilingC: number;
  withThc: string;
  withCbd: string;
  foods: string[];
  drinks: string[];
}

export const TERPENES: Record<string, TerpeneKnowledge> = {
  myrcene: {
    knownFor: ['relaxation', 'body calm', 'sleepiness at higher levels'],
    aromas: ['earthy', 'musky', 'mango', 'clove'],
    family: 'earthy',
    boilingC: 167,
    withThc: 'is often described as deepening THC body effects toward couch-lock',
    withCbd: 'pairs with CBD for a calm, heavy-limbed relaxation',
    foods: ['ripe mango', 'lemongrass curry', 'thyme-roasted vegetables'],
    drinks: ['chamomile tea', 'hoppy pale ale'],
  },
  limonene: {
    knownFor: ['elevated mood', 'stress relief', 'bright energy'],
    aromas: ['citrus', 'lemon', 'orange'],
    family: 'citrus',
    boilingC: 176,
    withThc: 'lifts the mood side of THC and can make the high feel brighter',
    withCbd: 'with CBD, a clear-headed, upbeat calm',
    foods: ['lemon tart', 'citrus salad', 'ceviche'],
    drinks: ['sparkling lemonade', 'wheat beer with orange'],
  },
  caryophyllene: {
    knownFor: ['body ease', 'calm focus', 'binds CB2 receptors'],
    aromas: ['pepper', 'spicy', 'woody', 'clove'],
    family: 'spicy',
    boilingC: 130,
    withThc: 'may round off THC edginess with a grounded body feel',
    withCbd: 'acts on CB2 like a cannabinoid itself, stacking with CBD for body comfort',
    foods: ['black-pepper steak', 'spiced chai cookies', 'Thai basil stir-fry'],
    drinks: ['chai', 'rye whiskey'],
  },
  pinene: {
    knownFor: ['alertness', 'focus', 'memory retention'],
    aromas: ['pine', 'fresh', 'herbal'],
    family: 'herbal',
    boilingC: 155,
    withThc: 'is reported to counter THC short-term memory fog and keep the head clear',
    withCbd: 'with CBD, a fresh, functional clarity',
    foods: ['pesto pasta', 'rosemary focaccia', 'pine-nut salad'],
    drinks: ['gin and tonic (or a juniper soda)', 'green tea'],
  },
  linalool: {
    knownFor: ['calm', 'anxiety relief', 'sleep support'],
    aromas: ['floral', 'lavender', 'sweet'],
    family: 'floral',
    boilingC: 198,
    withThc: 'softens racy THC moments into a tranquil, sedated calm',
    withCbd: 'with CBD, one of the most soothing combinations',
    foods: ['lavender shortbread', 'honey-glazed carrots', 'earl grey cake'],
    drinks: ['lavender lemonade', 'earl grey tea'],
  },
  terpinolene: {
    knownFor: ['uplift', 'creativity', 'energy'],
    aromas: ['fruity', 'floral', 'pine', 'herbal'],
    family: 'fruity',
    boilingC: 186,
    withThc: 'gives THC a buzzy, creative, heady character',
    withCbd: 'with CBD, gentle uplift without much sedation',
    foods: ['apple-fennel slaw', 'tropical fruit bowl', 'lime sorbet'],
    drinks: ['cold brew', 'cider'],
  },
  humulene: {
    knownFor: ['appetite suppression', 'body ease'],
    aromas: ['hoppy', 'woody', 'earthy'],
    family: 'earthy',
    boilingC: 106,
    withThc: 'may temper the THC munchies',
    withCbd: 'adds a mellow, woody body ease to CBD',
    foods: ['sage brown-butter gnocchi', 'mushroom risotto'],
    drinks: ['IPA', 'hop water'],
  },
  ocimene: {
    knownFor: ['uplift', 'freshness'],
    aromas: ['sweet', 'herbal', 'woody', 'tropical'],
    family: 'fruity',
    boilingC: 100,
    withThc: 'adds a sweet, energetic lift to THC',
    withCbd: 'with CBD, a light and airy feel',
    foods: ['mint-basil fruit salad', 'mango salsa'],
    drinks: ['mojito mocktail', 'passion-fruit soda'],
  },
  bisabolol: {
    knownFor: ['soothing', 'skin comfort', 'calm'],
    aromas: ['floral', 'chamomile', 'honey'],
    family: 'floral',
    boilingC: 153,
    withThc: 'rounds THC off with a gentle, soothing finish',
    withCbd: 'complements CBD for quiet, topical-style comfort',
    foods: ['chamomile honey cake', 'vanilla panna cotta'],
    drinks: ['chamomile tea', 'oat latte'],
  },
  nerolidol: {
    knownFor: ['sedation', 'deep relaxation'],
    aromas: ['woody', 'floral', 'citrus peel'],
    family: 'woody',
    boilingC: 122,
    withThc: 'pushes THC toward a sleepy, sedative finish',
    withCbd: 'with CBD, a heavy calm for late evenings',
    foods: ['jasmine rice pudding', 'citrus-glazed salmon'],
    drinks: ['jasmine tea'],
  },
};

export const UNKNOWN_TERPENE: TerpeneKnowledge = {
  knownFor: ['minor aromatic contribution'],
  aromas: ['herbal'],
  family: 'herbal',
  boilingC: 180,
  withThc: 'adds a minor note to the overall THC experience',
  withCbd: 'adds a minor note alongside CBD',
  foods: ['herb-roasted vegetables'],
  drinks: ['sparkling water with citrus'],
};

/**
 * Own-property lookup: keys come from client input ('constructor', '__proto__' are valid
 * effect or aroma words) and must never reach Object.prototype.
 */
export function own<T>(rec: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(rec, key) ? rec[key] : undefined;
}

export function terpeneInfo(name: string): TerpeneKnowledge {
  return own(TERPENES, name) ?? UNKNOWN_TERPENE;
}

/** Effects that push toward day use or night use (catalog effect words are lower-case). */
export const DAY_EFFECTS = new Set(['energetic', 'uplifted', 'focused', 'creative', 'talkative', 'happy', 'euphoric', 'alert']);
export const NIGHT_EFFECTS = new Set(['sleepy', 'relaxed', 'hungry', 'tingly', 'calm', 'sedated']);

/** Typical flower effects per type, used when neither the order nor the catalog has effect data. */
export const TYPE_EFFECTS: Record<string, string[]> = {
  indica: ['relaxed', 'sleepy', 'hungry'],
  sativa: ['uplifted', 'energetic', 'creative'],
  hybrid: ['happy', 'relaxed', 'euphoric'],
};

export const NEGATIVE_MITIGATION: Record<string, string> = {
  'dry mouth': 'keep water nearby and sip through the session',
  'dry eyes': 'lubricating eye drops before starting help',
  dizzy: 'stay seated, eat something and keep doses small',
  paranoid: 'choose a familiar setting, lower the dose, and keep a CBD-rich option at hand',
  anxious: 'start low; linalool- or CBD-rich strains tend to steady the experience',
  headache: 'hydrate and take breaks between sessions',
};

/**
 * Typical US retail flower price per gram by package size (a reference, not market data): the
 * per-gram price falls as the package grows. Documented in docs/notebooks.md.
 */
export function typicalPricePerGram(grams: number): number {
  if (grams <= 1.5) return 14;
  if (grams <= 4) return 12;
  if (grams <= 8) return 10;
  if (grams <= 15) return 8.5;
  return 7;
}
