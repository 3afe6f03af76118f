/**
 * How the audit cuts the log for its worker threads (audit.ts's `auditRanges`): every id once,
 * in order, the last ranges a quarter of the others so the end of the audit waits little.
 */
import { describe, expect, it } from 'vitest';
import { auditRanges } from '../../../app/services/audit';

function spans(r: readonly { after: number; upTo: number }[]): number[] {
  return r.map((x) => x.upTo - x.after);
}

describe('auditRanges', () => {
  it.each([
    // extent, threads, per thread
    [{ minId: 1, maxId: 6_950_000 }, 2, 16],
    [{ minId: 1, maxId: 6_950_000 }, 4, 8],
    [{ minId: 500, maxId: 1_000_499 }, 3, 16],
  ])('covers %o with %i threads, %i ranges each, the last of each thread cut in four', (extent, threads, perThread) => {
    const r = auditRanges(extent, threads, perThread);
    expect(r).toHaveLength(threads * perThread - threads + 4 * threads);
    expect(r[0].after).toBe(extent.minId - 1);
    expect(r[r.length - 1].upTo).toBe(extent.maxId);
    for (let i = 1; i < r.length; i++) expect(r[i].after).toBe(r[i - 1].upTo);
    const s = spans(r);
    const whole = (extent.maxId - extent.minId + 1) / (threads * perThread);
    for (const x of s.slice(0, -4 * threads)) expect(Math.abs(x - whole)).toBeLessThanOrEqual(1);
    for (const x of s.slice(-4 * threads)) expect(Math.abs(x - whole / 4)).toBeLessThanOrEqual(1);
  });

  it('a log shorter than the ranges: one range per id, none empty', () => {
    const r = auditRanges({ minId: 1, maxId: 5 }, 2, 16);
    expect(r).toEqual([1, 2, 3, 4, 5].map((id) => ({ after: id - 1, upTo: id })));
  });
});
