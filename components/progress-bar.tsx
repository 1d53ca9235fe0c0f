/** Accessible progress bar: a real role=progressbar with its value, fixed height so it never shifts layout. */
export function ProgressBar({ value, label, failed = false }: { value: number; label: string; failed?: boolean }) {
  const v = Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <div className={failed ? 'progress failed' : 'progress'} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={v}>
      <span style={{ width: `${v}%` }} />
    </div>
  );
}
