import type { MenuScanState } from '@/lib/client/use-menu-scan';
import { SCAN_STAGES } from '@/lib/client/use-menu-scan';
import { StageProgress } from '@/components/stage-progress';

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
    <StageProgress
      testId="scan-progress"
      statusTestId="scan-stage"
      phase={state.phase}
      running={`${STAGE_LABEL[stage ?? ''] ?? stage} · ${Math.round(progress)}%`}
      completed={state.cached ? 'Served from cache' : 'Complete'}
      progress={progress}
      barLabel="Scan progress"
      listLabel="Scan stages"
      stages={SCAN_STAGES}
      labels={STAGE_LABEL}
      at={state.phase === 'idle' ? 'pending' : state.phase === 'completed' ? 'done' : { current: idx, failed }}
    >
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
    </StageProgress>
  );
}
