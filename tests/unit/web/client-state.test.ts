import { describe, expect, it } from 'vitest';
import { findImageUrl, relativeTime } from '@/components/admin/admin-page';
import { headlineStats } from '@/components/stats-panel';
import { matchesFilters, strainQuery } from '@/components/strains/strain-browser';
import type { Strain } from '@/lib/strains/types';
import { reduceStreamEvent, type NotebookStreamState, type StreamEvent } from '@/lib/client/use-notebook-stream';
import { applyRun, type MenuScanState } from '@/lib/client/use-menu-scan';

const idle: NotebookStreamState = { running: true, overallProgress: 0, completedSections: 0, totalSections: 0, sections: {}, error: null, finished: false };

describe('notebook stream reducer', () => {
  it('walks a two-section batch with one failure to the end', () => {
    const events: StreamEvent[] = [
      { type: 'batch_start', sectionKeys: ['overview', 'terpene_analysis'], totalSections: 2, overallProgress: 0 },
      { type: 'start', sectionKey: 'overview', overallProgress: 0, completedSections: 0, totalSections: 2 },
      { type: 'partial', sectionKey: 'overview', progress: 40, data: { headline: 'H' }, overallProgress: 20 },
      { type: 'partial', sectionKey: 'overview', progress: 30, data: { headline: 'He' }, overallProgress: 15 },
      { type: 'complete', sectionKey: 'overview', progress: 100, data: { headline: 'Hello' } as never, overallProgress: 50, completedSections: 1 },
      { type: 'start', sectionKey: 'terpene_analysis', overallProgress: 50 },
      { type: 'error', sectionKey: 'terpene_analysis', error: 'model timeout', overallProgress: 100 },
      { type: 'batch_complete', completedSections: 1, totalSections: 2, results: {} },
    ];
    const states = events.reduce<NotebookStreamState[]>((acc, ev) => [...acc, reduceStreamEvent(acc[acc.length - 1] ?? idle, ev)], []);
    // Progress never moves backwards, even when a late event reports less.
    expect(states[3].sections.overview.progress).toBe(40);
    expect(states[3].overallProgress).toBe(20);
    const end = states[states.length - 1];
    expect(end.sections.overview).toEqual({ status: 'complete', progress: 100, data: { headline: 'Hello' }, error: null });
    expect(end.sections.terpene_analysis.status).toBe('failed');
    expect(end.sections.terpene_analysis.error).toBe('model timeout');
    expect(end.completedSections).toBe(1);
    expect(end.finished).toBe(true);
    expect(end.overallProgress).toBe(100);
  });
});

describe('menu scan run mapping', () => {
  const base: MenuScanState = { phase: 'running', runId: null, status: null, metadata: {}, output: null, error: null, cached: false, runner: 'local' };
  it.each([
    [{ id: 'r1', status: 'EXECUTING', metadata: { currentStage: 'scrape', progress: 20 } }, 'running', null],
    [{ id: 'r1', status: 'COMPLETED', metadata: { currentStage: 'complete', progress: 100 }, output: { success: true } }, 'completed', null],
    [{ id: 'r1', status: 'COMPLETED', metadata: { status: 'no-products' }, output: { success: false } }, 'failed', 'No products were found on that menu.'],
    [{ id: 'r1', status: 'FAILED', error: { code: 'MENU_NOT_ACCESSIBLE', message: 'refused' } }, 'failed', 'refused (MENU_NOT_ACCESSIBLE)'],
    [{ id: 'r1', status: 'TIMED_OUT', error: { code: 'SCAN_TIMEOUT', message: 'too slow' } }, 'failed', 'too slow (SCAN_TIMEOUT)'],
    [{ id: 'r1', status: 'CRASHED' }, 'failed', 'Run crashed'],
  ])('%j → %s', (run, phase, error) => {
    const s = applyRun(base, run);
    expect(s.phase).toBe(phase);
    expect(s.error).toBe(error);
    expect(s.runId).toBe('r1');
  });

  it('keeps earlier metadata keys when an update carries only some', () => {
    const a = applyRun(base, { id: 'r', status: 'EXECUTING', metadata: { currentStage: 'scrape', progress: 10, extractionMethod: 'jsonld' } });
    const b = applyRun(a, { id: 'r', status: 'EXECUTING', metadata: { currentStage: 'match', progress: 45 } });
    expect(b.metadata).toEqual({ currentStage: 'match', progress: 45, extractionMethod: 'jsonld' });
  });
});

describe('strain browser queries', () => {
  const empty = { q: '', type: '', terpene: '', effect: '', thcMin: '', thcMax: '' };
  it('sends filters to the catalog list and text to search', () => {
    expect(strainQuery({ ...empty, type: 'indica', thcMin: '18', thcMax: '25', terpene: 'myrcene' }, 48)).toEqual({
      path: '/strains',
      query: { limit: 24, offset: 48, type: 'indica', terpene: 'myrcene', minThc: '18', maxThc: '25' },
      clientSide: false,
    });
    expect(strainQuery({ ...empty, q: '  blue ', type: 'indica' }, 24)).toEqual({ path: '/strains/search', query: { q: 'blue', limit: 100 }, clientSide: true });
  });

  it('filters search hits like the list endpoint would', () => {
    const s = { type: 'hybrid', thc: 18, thcMin: 15, thcMax: 24, terpenes: [{ name: 'myrcene', percentage: 0.4 }], effects: ['relaxed'] } as unknown as Strain;
    const table: Array<[Partial<typeof empty>, boolean]> = [
      [{}, true],
      [{ type: 'hybrid' }, true],
      [{ type: 'indica' }, false],
      [{ terpene: 'myrcene' }, true],
      [{ terpene: 'limonene' }, false],
      [{ effect: 'relaxed' }, true],
      [{ effect: 'sleepy' }, false],
      [{ thcMin: '20' }, true],
      [{ thcMin: '25' }, false],
      [{ thcMax: '16' }, true],
      [{ thcMax: '14' }, false],
    ];
    for (const [f, want] of table) expect(matchesFilters(s, { ...empty, ...f }), JSON.stringify(f)).toBe(want);
  });
});

describe('small page helpers', () => {
  it('picks the headline numbers from catalog statistics, skipping empty extras', () => {
    expect(headlineStats({ total: 175, byType: { hybrid: 90, indica: 50, sativa: 35 }, withTerpeneProfile: 170, universe: { total: 400 }, sources: { urls: 0 } })).toEqual([
      { label: 'strains in the catalog', value: 175 },
      { label: 'with terpene profiles', value: 170 },
      { label: 'names in the strain universe', value: 400 },
      { label: 'hybrid strains', value: 90 },
    ]);
  });

  it('finds an image URL in generation responses of any nesting', () => {
    expect(findImageUrl({ slug: 'a', imageUrl: '/api/v1/files/images/x.webp' })).toBe('/api/v1/files/images/x.webp');
    expect(findImageUrl({ heroImage: { url: '/api/v1/files/images/y.png', prompt: 'p' } })).toBe('/api/v1/files/images/y.png');
    expect(findImageUrl({ prompt: 'a field at dawn', title: 'no image' })).toBeNull();
  });

  it('says how far away a time is', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('2026-01-01T15:30:00Z', now)).toBe('in 3 h 30 min');
    expect(relativeTime('2026-01-01T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime(null, now)).toBe('—');
  });
});
