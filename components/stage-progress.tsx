import type { ReactNode } from 'react';
import { ProgressBar } from '@/components/progress-bar';

export type StageState = 'pending' | 'active' | 'done' | 'failed';

/**
 * A run's progress card: status line, progress bar and stage checklist, fixed size so the results
 * below never jump as stages tick by. Used by the menu scan and the deep research pages; each
 * passes its own footer (hint, error) as children.
 */
export function StageProgress(p: {
  /** data-testid of the card and of its status line. */
  testId: string;
  statusTestId: string;
  phase: string;
  /** The status line while the run is at a stage, and once it completed. */
  running: string;
  completed: string;
  progress: number;
  barLabel: string;
  listLabel: string;
  stages: readonly string[];
  labels: Record<string, string>;
  /** Where the run is: every stage pending (not started), every stage done, or at stage `current` (-1 when unknown). */
  at: 'pending' | 'done' | { current: number; failed: boolean };
  children?: ReactNode;
}) {
  const failed = typeof p.at === 'object' && p.at.failed;
  const stateOf = (i: number): StageState => {
    if (p.at === 'pending') return 'pending';
    if (p.at === 'done') return 'done';
    return i < p.at.current ? 'done' : i === p.at.current ? (p.at.failed ? 'failed' : 'active') : 'pending';
  };
  return (
    <div className="card" style={{ minHeight: 190 }} data-testid={p.testId} data-phase={p.phase}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>Progress</h2>
        <span className="small muted" aria-live="polite" data-testid={p.statusTestId}>
          {p.phase === 'idle' ? 'Not started' : p.phase === 'failed' ? 'Failed' : p.phase === 'completed' ? p.completed : p.running}
        </span>
      </div>
      <div style={{ marginTop: '0.75rem' }}>
        <ProgressBar value={p.progress} label={p.barLabel} failed={failed} />
      </div>
      <ol className="stage-list" aria-label={p.listLabel}>
        {p.stages.map((s, i) => {
          const st = stateOf(i);
          return (
            <li key={s} data-state={st} data-stage={s}>
              <span aria-hidden="true">{st === 'done' ? '✓' : st === 'failed' ? '✕' : st === 'active' ? '●' : '○'}</span>
              {p.labels[s]}
              <span className="visually-hidden">({st})</span>
            </li>
          );
        })}
      </ol>
      {p.children}
    </div>
  );
}
