import type { Terpene } from '@/lib/strains/types';
import { normalizeTerpeneName } from '@/lib/strains/terpenes';

/** docs/contract.md §6: the family a strain belongs to by its dominant terpene. */
export const HIGH_FAMILIES: Readonly<Record<string, string>> = {
  myrcene: 'Relaxing',
  limonene: 'Uplifting',
  caryophyllene: 'Balancing',
  pinene: 'Focusing',
  terpinolene: 'Energizing',
  linalool: 'Calming',
};

/**
 * `Balanced` when the top two terpenes are within 15% of each other (no clear leader), the
 * leader's family otherwise, null when there is no profile or the leader has no family.
 */
export function highFamily(terpenes: Terpene[]): string | null {
  const byName = new Map<string, number>();
  for (const t of terpenes ?? []) {
    if (typeof t?.name !== 'string') continue;
    const name = normalizeTerpeneName(t.name) ?? t.name.toLowerCase();
    const pct = Number(t.percentage);
    if (!Number.isFinite(pct) || pct <= 0) continue;
    byName.set(name, (byName.get(name) ?? 0) + pct);
  }
  const sorted = [...byName.entries()].sort((a, b) => b[1] - a[1]);
  if (sorted.length === 0) return null;
  if (sorted.length > 1 && sorted[1][1] >= sorted[0][1] * 0.85) return 'Balanced';
  const leader = sorted[0][0];
  return Object.hasOwn(HIGH_FAMILIES, leader) ? HIGH_FAMILIES[leader] : null;
}
