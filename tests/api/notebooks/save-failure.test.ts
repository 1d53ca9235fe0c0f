/**
 * Nothing the user asked to keep is dropped silently: when the finished notebook cannot be
 * stored, the batch is not reported as saved and the stream ends with an error event naming it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { DatabaseError } from '@/lib/db/errors';
import { listNotebooksForUser } from '@/lib/notebooks/repo';
import { streamBatch } from '@/lib/notebooks/service';
import { eventStreamResponse } from '@/lib/http';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import { readSse } from '@/tests/helpers/sse';

let db: Db;
beforeAll(async () => {
  db = await ready();
}, 180_000);

/** The real database, except that storing a notebook fails the way PostgreSQL refuses a value. */
function failingSaves(real: Db): Db {
  return {
    ...real,
    query: (sql: string, params?: unknown[]) => {
      if (/INSERT INTO notebooks/.test(sql)) return Promise.reject(new DatabaseError('unsupported Unicode escape sequence', '22P05'));
      return real.query(sql, params);
    },
  } as Db;
}

describe('a notebook that cannot be saved', () => {
  it('ends its stream with an error event and is never reported as saved', async () => {
    const res = eventStreamResponse(
      await streamBatch({ sectionKeys: ['overview', 'terpene_analysis'], ...ORDER }, { db: failingSaves(db), userId: 'save-fail-user', requestId: 'req-save-fail' }),
      new AbortController().signal,
    );
    const { events } = await readSse(res);
    const complete = events.find((e) => e.event === 'batch_complete');
    expect(complete?.data).toMatchObject({ completedSections: 2, notebookId: null, saved: false });
    const last = events[events.length - 1];
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ type: 'error', sectionKey: 'notebook' });
    expect(last.data.error).toMatch(/could not be saved/);
    expect((await listNotebooksForUser(db, 'save-fail-user', { limit: 10, offset: 0 })).items).toHaveLength(0);
  });

  it('a notebook that is saved says so, and no error follows', async () => {
    const res = eventStreamResponse(
      await streamBatch({ sectionKeys: ['overview'], ...ORDER }, { db, userId: 'save-ok-user', requestId: 'req-save-ok' }),
      new AbortController().signal,
    );
    const { events } = await readSse(res);
    const last = events[events.length - 1];
    expect(last.event).toBe('batch_complete');
    expect(last.data.saved).toBe(true);
    expect(typeof last.data.notebookId).toBe('string');
  });
});
