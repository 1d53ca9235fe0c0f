/**
 * The music table (docs/content.md explains it): what each leading terpene, strain type and
 * reported effect contributes to a strain's soundtrack. Energy, valence and acousticness are on
 * the 0–1 scales music services use (energy: intensity and activity; valence: how positive or
 * cheerful; acousticness: acoustic rather than electronic). Genres are names music services
 * accept as seed genres.
 */

export interface TerpeneMood {
  terpene: string;
  family: string;
  energy: number;
  valence: number;
  acousticness: number;
  tempoBpm: { min: number; max: number };
  genres: string[];
  activities: string[];
}

export const TERPENE_MOODS: readonly TerpeneMood[] = [
  {
    terpene: 'myrcene',
    family: 'Relaxing',
    energy: 0.25,
    valence: 0.45,
    acousticness: 0.7,
    tempoBpm: { min: 60, max: 85 },
    genres: ['chill', 'ambient', 'trip-hop'],
    activities: ['unwinding', 'movie night', 'stretching'],
  },
  {
    terpene: 'limonene',
    family: 'Uplifting',
    energy: 0.72,
    valence: 0.85,
    acousticness: 0.3,
    tempoBpm: { min: 108, max: 126 },
    genres: ['funk', 'pop', 'disco'],
    activities: ['socializing', 'cooking', 'cleaning the house'],
  },
  {
    terpene: 'caryophyllene',
    family: 'Balancing',
    energy: 0.45,
    valence: 0.55,
    acousticness: 0.5,
    tempoBpm: { min: 84, max: 100 },
    genres: ['soul', 'r-n-b', 'jazz'],
    activities: ['dinner', 'conversation', 'a slow walk'],
  },
  {
    terpene: 'pinene',
    family: 'Focusing',
    energy: 0.55,
    valence: 0.55,
    acousticness: 0.55,
    tempoBpm: { min: 90, max: 110 },
    genres: ['study', 'piano', 'post-rock'],
    activities: ['studying', 'creative work', 'reading'],
  },
  {
    terpene: 'terpinolene',
    family: 'Energizing',
    energy: 0.85,
    valence: 0.75,
    acousticness: 0.2,
    tempoBpm: { min: 120, max: 138 },
    genres: ['house', 'indie-pop', 'dance'],
    activities: ['workout', 'dancing', 'hiking'],
  },
  {
    terpene: 'linalool',
    family: 'Calming',
    energy: 0.18,
    valence: 0.5,
    acousticness: 0.85,
    tempoBpm: { min: 55, max: 75 },
    genres: ['classical', 'new-age', 'acoustic'],
    activities: ['meditation', 'yoga', 'a bath'],
  },
  {
    terpene: 'humulene',
    family: 'Grounding',
    energy: 0.4,
    valence: 0.5,
    acousticness: 0.65,
    tempoBpm: { min: 78, max: 96 },
    genres: ['folk', 'singer-songwriter', 'blues'],
    activities: ['journaling', 'gardening', 'a walk outside'],
  },
  {
    terpene: 'ocimene',
    family: 'Bright',
    energy: 0.65,
    valence: 0.75,
    acousticness: 0.4,
    tempoBpm: { min: 96, max: 116 },
    genres: ['reggae', 'afrobeat', 'world-music'],
    activities: ['a picnic', 'a road trip', 'friends over'],
  },
  {
    terpene: 'bisabolol',
    family: 'Soothing',
    energy: 0.3,
    valence: 0.6,
    acousticness: 0.75,
    tempoBpm: { min: 65, max: 85 },
    genres: ['bossanova', 'acoustic', 'jazz'],
    activities: ['reading', 'tea time', 'a lazy morning'],
  },
];

/** The fallback when a strain has no known terpene profile: the strain type's own row. */
export interface TypeMood {
  type: 'indica' | 'sativa' | 'hybrid';
  energyShift: number;
  tempoShift: number;
  base: Omit<TerpeneMood, 'terpene' | 'family'>;
}

export const TYPE_MOODS: readonly TypeMood[] = [
  {
    type: 'indica',
    energyShift: -0.08,
    tempoShift: -6,
    base: {
      energy: 0.3,
      valence: 0.5,
      acousticness: 0.65,
      tempoBpm: { min: 65, max: 90 },
      genres: ['chill', 'r-n-b', 'ambient'],
      activities: ['unwinding', 'movie night', 'sleep prep'],
    },
  },
  {
    type: 'hybrid',
    energyShift: 0,
    tempoShift: 0,
    base: {
      energy: 0.5,
      valence: 0.6,
      acousticness: 0.5,
      tempoBpm: { min: 88, max: 110 },
      genres: ['indie', 'soul', 'electronic'],
      activities: ['hanging out', 'cooking', 'a walk'],
    },
  },
  {
    type: 'sativa',
    energyShift: 0.08,
    tempoShift: 6,
    base: {
      energy: 0.7,
      valence: 0.7,
      acousticness: 0.35,
      tempoBpm: { min: 105, max: 125 },
      genres: ['funk', 'indie-pop', 'house'],
      activities: ['socializing', 'creative work', 'a hike'],
    },
  },
];

/** What a reported effect shifts (added after the terpene blend; each at most ±0.1). */
export interface EffectShift {
  effect: string;
  energy?: number;
  valence?: number;
  acousticness?: number;
  tempo?: number;
  activity?: string;
}

export const EFFECT_SHIFTS: readonly EffectShift[] = [
  { effect: 'relaxed', energy: -0.06, acousticness: 0.04, tempo: -4, activity: 'unwinding' },
  { effect: 'sleepy', energy: -0.1, acousticness: 0.06, tempo: -8, activity: 'sleep prep' },
  { effect: 'energetic', energy: 0.1, tempo: 8, activity: 'workout' },
  { effect: 'uplifted', valence: 0.08, energy: 0.04 },
  { effect: 'happy', valence: 0.1 },
  { effect: 'euphoric', valence: 0.08, energy: 0.04, activity: 'dancing' },
  { effect: 'focused', acousticness: 0.05, energy: 0.02, activity: 'studying' },
  { effect: 'creative', valence: 0.04, activity: 'creative work' },
  { effect: 'talkative', valence: 0.05, activity: 'socializing' },
  { effect: 'giggly', valence: 0.08, activity: 'friends over' },
  { effect: 'hungry', activity: 'cooking' },
  { effect: 'calm', energy: -0.05, acousticness: 0.05, activity: 'meditation' },
];
