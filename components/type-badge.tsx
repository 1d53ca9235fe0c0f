/** Strain type pill (indica / sativa / hybrid), colour plus text so it never relies on colour alone. */
export function TypeBadge({ type }: { type: string | null | undefined }) {
  if (!type) return <span className="badge">unknown type</span>;
  const t = type.toLowerCase();
  const cls = t === 'indica' || t === 'sativa' || t === 'hybrid' ? `badge badge-${t}` : 'badge';
  return <span className={cls}>{t}</span>;
}
