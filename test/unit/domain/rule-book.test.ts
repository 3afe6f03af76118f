/**
 * The house-rules editor's preview (issue: house rules on screen): the rule book's worked
 * figures (RULES.md s5) scored under an edited profile.
 */
import { describe, expect, it } from 'vitest';
import { presetJson } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { WORKED_EXAMPLES, previewRules } from '../../../app/domain/rule-book';

describe('previewRules', () => {
  it('gives the book\'s figure for each example under the preset the book states it for', () => {
    for (const ex of WORKED_EXAMPLES) {
      const preview = unwrap(previewRules(ex.preset));
      const mine = preview.examples.find((e) => e.id === ex.id)!;
      for (const p of mine.pairs) expect([ex.id, p.a, p.b, p.edited]).toEqual([ex.id, p.a, p.b, p.book]);
    }
  });

  it('shows what an edit changes: scoop tripled under the casino sheet', () => {
    // RULES.md s5, casino sheet: 3 of 3 with a straight flush back is 11 (2 x 3 + 5); tripled 3 x 3 + 5 = 14.
    const edited = { ...presetJson('mandarin-house'), version: 2, scoop: { kind: 'multiply', factor: 3 } };
    const preview = unwrap(previewRules(edited));
    expect(preview.profile).toMatchObject({ name: 'mandarin-house', version: 2 });
    const scoop = preview.examples.find((e) => e.id === 'casino-scoop')!;
    expect(scoop.pairs).toEqual([{ a: 1, b: 2, book: 11, edited: 14, summary: expect.stringMatching(/seat 1 wins 14 points from seat 2/) }]);
    // Two of three is no scoop: unchanged.
    expect(preview.examples.find((e) => e.id === 'casino-two-of-three')!.pairs[0]).toMatchObject({ book: 6, edited: 6 });
    expect(Object.values(scoop.points).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('refuses an invalid profile with the profile\'s own code and path', () => {
    const r = previewRules({ ...presetJson('basic'), segmentPoints: -1 });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'bad-profile-value', path: 'segmentPoints' });
    expect(previewRules('no-such-preset')).toMatchObject({ ok: false, error: { code: 'unknown-preset' } });
  });

  it('has no 13-card figures for an Open Face profile', () => {
    expect(unwrap(previewRules('ofc')).examples).toEqual([]);
  });
});
