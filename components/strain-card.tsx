import Link from 'next/link';
import type { Strain } from '@/lib/strains/types';
import { TypeBadge } from '@/components/type-badge';

/** A full strain or the summary the complete profile lists under `similar`. */
export type StrainSummary = Pick<Strain, 'slug' | 'name' | 'thc' | 'highFamily'> & { type: string | null } & Partial<
    Omit<Strain, 'slug' | 'name' | 'type' | 'thc' | 'highFamily'>
  > & { dominantTerpene?: string | null };

function thcLabel(s: Pick<StrainSummary, 'thc' | 'thcMin' | 'thcMax'>): string | null {
  if (s.thcMin != null && s.thcMax != null && s.thcMin !== s.thcMax) return `THC ${s.thcMin}–${s.thcMax}%`;
  if (s.thc != null) return `THC ${s.thc}%`;
  return null;
}

/** One strain in a result list: name, type, potency, top terpenes and effects. */
export function StrainCard({ strain }: { strain: StrainSummary }) {
  const thc = thcLabel(strain);
  const terps = [...(strain.terpenes ?? [])].sort((a, b) => b.percentage - a.percentage).slice(0, 3);
  return (
    <Link href={`/strains/${encodeURIComponent(strain.slug)}`} className="card card-link strain-card" data-testid="strain-card">
      <h3>{strain.name}</h3>
      <div className="meta">
        <TypeBadge type={strain.type} />
        {thc ? <span>{thc}</span> : null}
        {strain.highFamily ? <span>· {strain.highFamily}</span> : null}
      </div>
      {terps.length ? (
        <p className="small muted">Terpenes: {terps.map((t) => t.name).join(', ')}</p>
      ) : strain.dominantTerpene ? (
        <p className="small muted">Dominant terpene: {strain.dominantTerpene}</p>
      ) : null}
      {strain.effects?.length ? (
        <div className="chips">
          {strain.effects.slice(0, 4).map((e) => (
            <span key={e} className="chip">
              {e}
            </span>
          ))}
        </div>
      ) : null}
    </Link>
  );
}
