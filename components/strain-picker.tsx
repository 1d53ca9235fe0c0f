'use client';

import { useEffect, useId, useState } from 'react';
import { api } from '@/lib/client/api';
import type { Strain } from '@/lib/strains/types';
import { useDebounced } from '@/lib/client/use-debounced';

/**
 * Catalog-backed combobox: type a name, pick a strain from /strains/search. Free text is kept
 * too (a strain the catalog lacks can still go into an order).
 */
export function StrainPicker({ label, value, onText, onPick }: { label: string; value: string; onText: (name: string) => void; onPick: (s: Strain) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Strain[]>([]);
  const [active, setActive] = useState(-1);
  const q = useDebounced(value, 150);

  useEffect(() => {
    if (!open || q.trim().length < 2) return;
    const ctl = new AbortController();
    api<Strain[] | { strains?: Strain[] }>('/strains/search', { query: { q: q.trim(), limit: 8 }, signal: ctl.signal })
      .then(({ data }) => setOptions(Array.isArray(data) ? data : (data.strains ?? [])))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [q, open]);

  const shown = open && q.trim().length >= 2 ? options : [];

  function choose(s: Strain) {
    onPick(s);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div style={{ position: 'relative' }}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder="Start typing a strain…"
        value={value}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') return setOpen(false);
          const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
          if (move !== 0) {
            e.preventDefault();
            setActive((a) => Math.max(0, Math.min(shown.length - 1, a + move)));
          } else if (e.key === 'Enter' && active >= 0 && shown[active]) {
            e.preventDefault();
            choose(shown[active]);
          }
        }}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="card"
        hidden={shown.length === 0}
        style={{ position: 'absolute', zIndex: 4, left: 0, right: 0, top: '100%', margin: '4px 0 0', padding: 4, listStyle: 'none', maxHeight: 260, overflow: 'auto' }}
      >
        {shown.map((s, i) => (
          <li
            key={s.slug}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => (e.preventDefault(), choose(s))}
            style={{ padding: '0.4rem 0.5rem', borderRadius: 6, cursor: 'pointer', background: i === active ? 'var(--accent-soft)' : undefined }}
          >
            <strong>{s.name}</strong>{' '}
            <span className="muted small">
              {s.type ?? ''}
              {s.thc != null ? ` · THC ${s.thc}%` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
