'use client';

import { useCallback, useEffect, useState } from 'react';
import { api, describeError, type ApiMeta, type ApiRequest } from '@/lib/client/api';

/** GET an API route on mount and whenever `path`/`query` change; `reload` refetches (after an action). */
export function useApi<T>(path: string | null, query?: ApiRequest['query']) {
  const [data, setData] = useState<T | null>(null);
  const [meta, setMeta] = useState<ApiMeta>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});

  useEffect(() => {
    if (path === null) return;
    const ctl = new AbortController();
    api<T>(path, { query: JSON.parse(key) as ApiRequest['query'], signal: ctl.signal })
      .then((r) => {
        setData(r.data);
        setMeta(r.meta);
        setError(null);
      })
      .catch((e) => {
        if (!ctl.signal.aborted) setError(describeError(e));
      })
      .finally(() => {
        if (!ctl.signal.aborted) setLoading(false);
      });
    return () => ctl.abort();
  }, [path, key, tick]);

  const reload = useCallback(() => {
    setLoading(true);
    setTick((t) => t + 1);
  }, []);
  return { data, meta, error, loading, reload };
}
