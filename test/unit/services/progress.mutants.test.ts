/**
 * PartsProgress: once a part is finished, a late figure for it (from `at`, or a second `finish`)
 * is ignored, so the sum ends at exactly the sum of the parts' sizes and is reported no more.
 */
import { describe, expect, it } from 'vitest';
import { PartsProgress } from '../../../app/services/progress';

describe('PartsProgress after a part is finished', () => {
  it('ignores a later, larger figure from at()', () => {
    const reported: number[] = [];
    const p = new PartsProgress((d) => reported.push(d));
    p.at(1, 4);
    p.finish(1, 10);
    p.at(1, 25);
    p.at(2, 3);
    expect(p.done).toBe(13);
    expect(reported).toEqual([4, 10, 13]);
  });

  it('ignores a second finish() with more units', () => {
    const reported: number[] = [];
    const p = new PartsProgress((d) => reported.push(d));
    p.finish(1, 10);
    p.finish(1, 30);
    p.finish(2, 5);
    expect(p.done).toBe(15);
    expect(reported).toEqual([10, 15]);
  });
});
