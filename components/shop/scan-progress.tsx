import type { MenuScanState } from '@/lib/client/use-menu-scan';
import { SCAN_STAGES } from '@/lib/client/use-menu-scan';
import { ProgressBar } from '../progress-bar';

const STAGE_LABEL: Record<string, string> = {
  'cache-check': 'Cache check',
  scrape: 'Scrape menu',
  match: 'Match strains',
  'queue-unmatched': 'Queue discoveries',
  personalize: 'Personalise',
  'cache-save': 'Save to cache',
  complete: 'Complete',
};

/** Stage checklist and progress bar; fixed size so the results below never jump as stages tick by. */
export function ScanProgress({ state }: { state: MenuScanState }) {
  const stage = state.metadata.currentStage ?? (state.phase === 'idle' ? null : 'cache-check');
  const idx = stage ? SCAN_STAGES.indexOf(stage as (typeof SCAN_STAGES)[number]) : -1;
  const progress = state.phase === 'completed' ? 100 : Number(state.metadata.progress ?? 0);
  const failed = state.phase === 'failed';
  return (
    <div className="card" style={{ minHeight: 190 }} data-testid="scan-progress" data-phase={state.phase}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>Progress</h2>
        <span className="small muted" aria-live="polite" data-testid="scan-stage">
          {state.phase === 'idle'
            ? 'Not started'
            : failed
              ? 'Failed'
              : state.phase === 'completed'
                ? state.cached
                  ? 'Served from cache'
                  : 'Complete'
                : `${STAGE_LABEL[stage ?? ''] ?? stage} · ${Math.round(progress)}%`}
        </span>
      </div>
      <div style={{ marginTop: '0.75rem' }}>
        <ProgressBar value={progress} label="Scan progress" failed={failed} />
      </div>
      <ol className="stage-list" aria-label="Scan stages">
        {SCAN_STAGES.map((s, i) => {
          const st = state.phase === 'idle' ? 'pending' : state.phase === 'completed' ? 'done' : i < idx ? 'done' : i === idx ? (failed ? 'failed' : 'active') : 'pending';
          return (
            <li key={s} data-state={st} data-stage={s}>
              <span aria-hidden="true">{st === 'done' ? '✓' : st === 'failed' ? '✕' : st === 'active' ? '●' : '○'}</span>
              {STAGE_LABEL[s]}
              <span className="visually-hidden">({st})</span>
            </li>
          );
        })}
      </ol>
      {state.error ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.runId ? (
        <p className="hint">
          Run {state.runId} · runner {state.runner}
          {state.metadata.extractionMethod ? ` · extraction ${state.metadata.extractionMethod}` : ''}
        </p>
      ) : null}
    </div>
  );
}
