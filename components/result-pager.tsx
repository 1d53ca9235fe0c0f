/** Previous / "Page n of m" / Next over an offset-paginated list (the strain and paper browsers). */
export function ResultPager({ offset, pageSize, total, onOffset }: { offset: number; pageSize: number; total: number | null; onOffset: (offset: number) => void }) {
  const pages = total !== null ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const page = Math.floor(offset / pageSize) + 1;
  return (
    <nav className="pagination" aria-label="Result pages" style={{ margin: 0, marginLeft: 'auto' }}>
      <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        ← Previous
      </button>
      <span className="small muted" style={{ minWidth: '6.5rem', textAlign: 'center' }}>
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => onOffset(offset + pageSize)}>
        Next →
      </button>
    </nav>
  );
}

/**
 * The heading row of a paged result list (the strain and paper browsers): title, the live count
 * ("1,234 strains"), the pager, and the load error below it.
 */
export function ResultHead({
  headingId,
  title,
  noun,
  total,
  offset,
  pageSize,
  onOffset,
  error,
}: {
  headingId: string;
  title: string;
  noun: string;
  total: number | null;
  offset: number;
  pageSize: number;
  onOffset: (offset: number) => void;
  error: string | null;
}) {
  return (
    <>
      <div className="row" style={{ marginBottom: '0.75rem' }}>
        <h2 id={headingId} style={{ margin: 0 }}>
          {title}
        </h2>
        <span className="muted small" aria-live="polite" data-testid="result-count">
          {total !== null ? `${total.toLocaleString('en-US')} ${noun}${total === 1 ? '' : 's'}` : 'Loading…'}
        </span>
        <ResultPager offset={offset} pageSize={pageSize} total={total} onOffset={onOffset} />
      </div>
      {error ? (
        <p className="alert alert-error">
          Could not load {noun}s: {error}
        </p>
      ) : null}
    </>
  );
}
