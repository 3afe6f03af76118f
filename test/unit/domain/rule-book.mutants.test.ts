/**
 * The rule book's worked figures as the house-rules editor lists them: each with a stable id,
 * a title stating the book's figure and where the book states it, carried into the preview.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../app/domain/result';
import { previewRules, WORKED_EXAMPLES } from '../../../app/domain/rule-book';

describe('WORKED_EXAMPLES', () => {
  it('each has its own id, in lower case words joined by "-"', () => {
    const ids = WORKED_EXAMPLES.map((e) => e.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each title states the points of one of its pairs, and the source is RULES.md section 5 with the seed', () => {
    for (const e of WORKED_EXAMPLES) {
      expect(e.pairs.some(([, , points]) => new RegExp(`\\b${Math.abs(points)}\\b`).test(e.title)), `${e.id}: ${e.title}`).toBe(true);
      expect(e.title.length).toBeGreaterThan(20);
      expect(e.source).toMatch(/^RULES\.md s5, .+ \(00[0-3]\)$/);
    }
  });

  it('the preview carries each figure\'s id, title, source and preset', () => {
    const preview = unwrap(previewRules('mandarin'));
    expect(preview.examples.map(({ id, title, source, preset }) => ({ id, title, source, preset })))
      .toEqual(WORKED_EXAMPLES.map(({ id, title, source, preset }) => ({ id, title, source, preset })));
  });
});
