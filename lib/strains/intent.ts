/**
 * Free text ("something for sleep with citrus taste, not too strong") → what the user wants:
 * effects, aromas, conditions, type and potency, with negations ("not sleepy") as avoidances.
 */
import type { StrainType } from '@/lib/strains/types';

export interface Intent {
  effects: string[];
  avoidEffects: string[];
  aromas: string[];
  helps: string[];
  type: StrainType | null;
  potency: 'low' | 'medium' | 'high' | null;
  /** The words that produced each want, for the plain-language reason. */
  phrases: Record<string, string>;
}

const EFFECT_WORDS: [RegExp, string[], string?][] = [
  [/\b(sleep|sleepy|insomnia|bed ?time|night ?time|knock (me )?out|rest)\b/, ['sleepy', 'relaxed'], 'insomnia'],
  [/\b(relax\w*|chill\w*|unwind\w*|calm\w*|mellow|couch)\b/, ['relaxed', 'calm']],
  [/\b(stress\w*|anxi\w*|nervous)\b/, ['relaxed', 'calm'], 'anxiety'],
  [/\b(energ\w*|wake|awake|morning|daytime|day ?time|active|workout|hike)\b/, ['energetic', 'uplifted']],
  [/\b(focus\w*|concentrat\w*|study\w*|work|productive|clear ?head\w*)\b/, ['focused']],
  [/\b(creativ\w*|art|music|writing|paint\w*)\b/, ['creative']],
  [/\b(happy|mood|cheer\w*|depress\w*|blues)\b/, ['happy', 'uplifted'], 'depression'],
  [/\b(euphori\w*|buzz)\b/, ['euphoric']],
  [/\b(social|party|talk\w*|friends|giggl\w*|laugh\w*)\b/, ['talkative', 'giggly', 'happy']],
  [/\b(hungry|appetite|munchies)\b/, ['hungry'], 'appetite'],
  [/\b(pain|ache|sore|cramps?|arthritis|migraine|headache)\b/, ['relaxed'], 'pain'],
  [/\b(tingl\w*|body high)\b/, ['tingly']],
];

const AROMA_WORDS: [RegExp, string[]][] = [
  [/\b(citrus\w*|citrusy)\b/, ['citrus', 'lemon', 'orange', 'lime']],
  [/\b(lemon\w*)\b/, ['lemon', 'citrus']],
  [/\b(orange|tangerine|tangie)\b/, ['orange', 'citrus']],
  [/\b(lime|grapefruit)\b/, ['lime', 'citrus', 'grapefruit']],
  [/\b(berr(y|ies)|blueberr\w*|strawberr\w*)\b/, ['berry', 'blueberry', 'strawberry']],
  [/\b(grape\w*)\b/, ['grape']],
  [/\b(sweet|candy|sugary|dessert)\b/, ['sweet', 'vanilla']],
  [/\b(fruit\w*|tropical|mango|pineapple)\b/, ['fruity', 'tropical', 'mango', 'pineapple']],
  [/\b(earth\w*)\b/, ['earthy']],
  [/\b(pine\w*|forest)\b/, ['pine', 'woody']],
  [/\b(wood\w*)\b/, ['woody']],
  [/\b(diesel|fuel|gas\w*|chemical)\b/, ['diesel', 'chemical']],
  [/\b(skunk\w*|pungent|dank)\b/, ['skunk', 'pungent']],
  [/\b(spic\w*|pepper\w*)\b/, ['spicy', 'pepper']],
  [/\b(floral|flower\w*|lavender)\b/, ['floral', 'lavender']],
  [/\b(mint\w*)\b/, ['mint']],
  [/\b(cheese|cheesy)\b/, ['cheese']],
  [/\b(vanilla|cream\w*)\b/, ['vanilla', 'creamy']],
  [/\b(coffee)\b/, ['coffee']],
  [/\b(herb\w*)\b/, ['herbal']],
];

const NEG = /\b(not|no|without|avoid|never|less|nothing|don'?t want|isn'?t)\b(\s+\w+){0,3}\s*$/;

function negated(text: string, index: number): boolean {
  return NEG.test(text.slice(Math.max(0, index - 40), index));
}

export function parseIntent(q: string): Intent {
  const text = q.toLowerCase().normalize('NFKC').slice(0, 500);
  const intent: Intent = { effects: [], avoidEffects: [], aromas: [], helps: [], type: null, potency: null, phrases: {} };
  const add = (arr: string[], xs: string[], phrase: string) => {
    for (const x of xs) {
      if (!arr.includes(x)) arr.push(x);
      intent.phrases[x] ??= phrase;
    }
  };
  for (const [re, effects, helps] of EFFECT_WORDS) {
    const m = re.exec(text);
    if (!m) continue;
    // "not sleepy" avoids sleepiness, not the relaxation that usually comes with it.
    if (negated(text, m.index)) add(intent.avoidEffects, effects.slice(0, 1), m[0]);
    else {
      add(intent.effects, effects, m[0]);
      if (helps) add(intent.helps, [helps], m[0]);
    }
  }
  for (const [re, aromas] of AROMA_WORDS) {
    const m = re.exec(text);
    if (m && !negated(text, m.index)) add(intent.aromas, aromas, m[0]);
  }
  const t = /\b(indica|sativa|hybrid)\b/.exec(text);
  if (t && !negated(text, t.index)) intent.type = t[1] as StrainType;
  if (/\b(not (too |very |that |so )?(strong|potent|intense)|mild|gentle|light|low[- ]thc|beginner|newbie|first time|microdos\w*|easy)\b/.test(text)) intent.potency = 'low';
  else if (/\b(strong\w*|potent|heavy|intense|high[- ]thc|knock (me )?out|veteran|powerful)\b/.test(text)) intent.potency = 'high';
  else if (/\b(moderate|medium|balanced)\b/.test(text)) intent.potency = 'medium';
  intent.effects = intent.effects.filter((e) => !intent.avoidEffects.includes(e));
  return intent;
}

export function potencyFits(potency: Intent['potency'], thc: number | null): number {
  if (!potency || thc === null) return 0;
  if (potency === 'low') return thc <= 15 ? 1 : thc <= 18 ? 0.5 : thc >= 22 ? -1 : -0.3;
  if (potency === 'high') return thc >= 22 ? 1 : thc >= 19 ? 0.5 : -0.5;
  return thc >= 15 && thc <= 20 ? 1 : 0;
}
