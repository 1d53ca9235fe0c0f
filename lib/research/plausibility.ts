/**
 * Is a submitted name a plausible strain name (docs/contract.md §7)? Pure and synchronous: URLs, e-mail
 * addresses, fewer than two letters, mostly digits or symbols, a character repeated five times
 * in a row, profanity. The model check (when a hosted model is configured) lives in verify.ts.
 */
export type RejectionReason = 'url' | 'email' | 'too_few_letters' | 'mostly_symbols' | 'repeated_character' | 'profanity' | 'model_verification_failed';

export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
  url: 'Strain names cannot contain web addresses',
  email: 'Strain names cannot contain e-mail addresses',
  too_few_letters: 'A strain name needs at least two letters',
  mostly_symbols: 'A strain name cannot be mostly digits or symbols',
  repeated_character: 'A strain name cannot repeat one character five times in a row',
  profanity: 'A strain name cannot contain profanity',
  model_verification_failed: 'The name was not recognised as a plausible cannabis strain name',
};

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const URL_SCHEME = /\b(?:https?|ftp):\/\/|\bwww\.|:\/\//i;
// A bare domain: word.tld with a common TLD ("Dr. Who" or "O.G. Kush" must not trip this).
const BARE_DOMAIN = /\b[a-z0-9-]{2,}\.(?:com|net|org|io|co|xyz|info|biz|me|ly|app|dev|shop|store|online|site|ca|uk|de|us|ru|cn|gg|tv)(?:\/|\b)/i;

// Light punctuation that real names use ("AK-47", "Jack's", "Dr. Grinspoon", "GSC #4") weighs half.
const LIGHT = /[-'’.#&+(),/!:]/u;

/**
 * Whole-token words (after undoing common letter substitutions), and a few stems that are
 * offensive anywhere in a token. Kept short on purpose: real strain names such as "Cat Piss",
 * "Moby Dick" and "Bitchin'" must pass, so only unambiguous profanity and slurs are listed.
 */
const BLOCKED_WORDS = new Set([
  'shit',
  'shits',
  'shitty',
  'bullshit',
  'cunt',
  'cunts',
  'asshole',
  'assholes',
  'whore',
  'slut',
  'sluts',
  'retard',
  'retarded',
  'fag',
  'fags',
  'wank',
  'wanker',
  'twat',
  'porn',
  'rape',
  'rapist',
  'nazi',
  'spic',
  'spics',
  'kike',
  'kikes',
  'chink',
  'chinks',
]);
const BLOCKED_STEMS = ['fuck', 'fuk', 'nigger', 'nigga', 'faggot', 'motherf'];

function unLeet(s: string): string {
  return s.toLowerCase().replace(/0/g, 'o').replace(/[1!|]/g, 'i').replace(/3/g, 'e').replace(/[4@]/g, 'a').replace(/[5$]/g, 's').replace(/7/g, 't').replace(/\*/g, 'u');
}

export function containsProfanity(name: string): boolean {
  const tokens = unLeet(name)
    .split(/[^a-z]+/)
    .filter(Boolean);
  const joined = tokens.join('');
  if (tokens.some((t) => BLOCKED_WORDS.has(t))) return true;
  return BLOCKED_STEMS.some((stem) => tokens.some((t) => t.startsWith(stem)) || (stem.length >= 5 && joined.includes(stem)));
}

/** null when the name is plausible, else the first reason it is not. */
export function implausibleReason(raw: string): RejectionReason | null {
  const name = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (EMAIL.test(name)) return 'email';
  if (URL_SCHEME.test(name) || BARE_DOMAIN.test(name)) return 'url';
  const chars = [...name].filter((c) => c !== ' ');
  const letters = chars.filter((c) => /\p{L}/u.test(c)).length;
  if (letters < 2) return 'too_few_letters';
  const weight = chars.reduce((w, c) => (/\p{L}/u.test(c) ? w : w + (LIGHT.test(c) ? 0.5 : 1)), 0);
  if (weight / chars.length > 0.6) return 'mostly_symbols';
  if (/(.)\1{4,}/u.test(name.toLowerCase())) return 'repeated_character';
  if (containsProfanity(name)) return 'profanity';
  return null;
}
