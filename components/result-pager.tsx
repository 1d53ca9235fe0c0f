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
