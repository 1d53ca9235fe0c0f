import type { z } from 'zod';

/**
 * zod issues as the specification's VALIDATION_ERROR details: `code`, `message`, `path` (array)
 * and the constraint fields (`minimum`, `maximum`, `type`, `inclusive`, `exact`, `expected`, …).
 * The offending input is not echoed back.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, unknown>[] {
  return issues.map((issue) => {
    const { input: _input, path, ...rest } = issue as z.core.$ZodIssue & { input?: unknown; origin?: string };
    const out: Record<string, unknown> = { ...rest, path: path.map((p) => (typeof p === 'symbol' ? String(p) : p)) };
    if ((issue.code === 'too_small' || issue.code === 'too_big') && out.type === undefined) {
      out.type = (issue as { origin?: string }).origin;
      if (out.exact === undefined) out.exact = false;
    }
    if (issue.code === 'invalid_type' && out.type === undefined) out.type = (issue as { expected?: string }).expected;
    for (const k of Object.keys(out)) if (typeof out[k] === 'bigint') out[k] = Number(out[k]);
    return out;
  });
}
