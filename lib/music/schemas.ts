import { z } from 'zod';

const Unit = z.number().min(0).max(1);
const Tempo = z.object({ min: z.number().int(), max: z.number().int() });
export const StrainMusicSchema = z.object({
  strain: z.object({ slug: z.string(), name: z.string(), type: z.string().nullable() }),
  mood: z.object({ energy: Unit, valence: Unit, acousticness: Unit }),
  tempoBpm: Tempo,
  genres: z.array(z.string()),
  activities: z.array(z.string()),
  description: z.string(),
  seeds: z.object({ seed_genres: z.array(z.string()).max(5), target_energy: Unit, target_valence: Unit, target_tempo: z.number().int() }),
  basis: z.object({ terpenes: z.array(z.object({ name: z.string(), weight: z.number() })), type: z.string().nullable(), effects: z.array(z.string()) }),
});
export type StrainMusic = z.output<typeof StrainMusicSchema>;

export const MoodsSchema = z.object({
  terpenes: z.array(
    z.object({
      terpene: z.string(),
      family: z.string(),
      energy: Unit,
      valence: Unit,
      acousticness: Unit,
      tempoBpm: Tempo,
      genres: z.array(z.string()),
      activities: z.array(z.string()),
    }),
  ),
  types: z.array(
    z.object({
      type: z.string(),
      energyShift: z.number(),
      tempoShift: z.number(),
      fallback: z.object({ energy: Unit, valence: Unit, acousticness: Unit, tempoBpm: Tempo, genres: z.array(z.string()), activities: z.array(z.string()) }),
    }),
  ),
  effects: z.array(z.object({ effect: z.string(), energy: z.number(), valence: z.number(), acousticness: z.number(), tempo: z.number(), activity: z.string().nullable() })),
  rules: z.array(z.string()),
});
