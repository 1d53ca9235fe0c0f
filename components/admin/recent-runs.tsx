'use client';

import { Fragment, useState } from 'react';
import type { RunRecord } from '@/lib/tasks/schemas';
import { useApi } from '@/lib/client/use-api';
import { DataView } from '@/components/data-view';
import { ProgressBar } from '@/components/progress-bar';
import { AdminPage, LoadState, relativeTime } from '@/components/admin/admin-page';

const BADGE: Record<string, string> = { COMPLETED: 'badge badge-ok', FAILED: 'badge badge-fail', TIMED_OUT: 'badge badge-fail', EXECUTING: 'badge badge-warn', QUEUED: 'badge' };

export function RecentRuns() {
  const [task, setTask] = useState('');
  const { data, error, loading, reload } = useApi<RunRecord[] | { runs: RunRecord[] }>('/admin/runs', { limit: 50, task: task || undefined });
  const runs = Array.isArray(data) ? data : (data?.runs ?? []);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <AdminPage
      title="Recent runs"
      intro="Background tasks (menu scans, strain research) with their stage, progress and failures."
      actions={
        <div className="row">
          <label htmlFor="run-task" className="visually-hidden">
            Task
          </label>
          <select id="run-task" value={task} onChange={(e) => setTask(e.target.value)} style={{ width: 'auto' }}>
            <option value="">All tasks</option>
            <option value="shopping-menu-scan">Menu scans</option>
            <option value="strain-research">Strain research</option>
          </select>
          <button type="button" className="btn" onClick={reload}>
            Refresh
          </button>
        </div>
      }
    >
      <LoadState loading={loading && !data} error={error} empty={!loading && runs.length === 0}>
        <div className="card table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Status</th>
                <th scope="col">Stage</th>
                <th scope="col" style={{ width: 140 }}>
                  Progress
                </th>
                <th scope="col">Started</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => {
                const m = (r.metadata ?? {}) as Record<string, unknown>;
                const failed = r.status === 'FAILED' || r.status === 'TIMED_OUT';
                return (
                  <Fragment key={r.id}>
                    <tr data-testid="run-row">
                      <td>
                        {r.taskIdentifier}
                        <div className="mono muted small">{r.id}</div>
                      </td>
                      <td>
                        <span className={BADGE[r.status] ?? 'badge'}>{r.status}</span>
                      </td>
                      <td>{String(m.currentStage ?? m.stage ?? '—')}</td>
                      <td>
                        <ProgressBar value={r.status === 'COMPLETED' ? 100 : Number(m.progress ?? 0)} label={`Run ${r.id} progress`} failed={failed} />
                      </td>
                      <td className="small">{relativeTime(r.createdAt)}</td>
                      <td>
                        {r.error ? (
                          <span className="small" style={{ color: 'var(--danger)' }}>
                            {r.error.code}: {r.error.message}
                          </span>
                        ) : null}{' '}
                        <button type="button" className="btn btn-small" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}>
                          {open === r.id ? 'Hide' : 'Show'} metadata
                        </button>
                      </td>
                    </tr>
                    {open === r.id ? (
                      <tr>
                        <td colSpan={6}>
                          <DataView value={r.metadata} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </LoadState>
    </AdminPage>
  );
}
