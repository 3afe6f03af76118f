/**
 * House-rules profiles (app/domain/profiles.ts, docs/profiles.md, RULES.md s5, s7, s9, s11,
 * s12): the promises profiles.test.ts and profiles.mutants.test.ts left unchecked, found by
 * measuring the file's mutants:
 *   - a bonus look-up is 0 for a value above every hand category (never undefined), and a
 *     lowball middle earns no bonus whatever its profile's middle table holds;
 *   - a jackpot entry is checked against the naturals and the middle this profile plays (the
 *     jackpot step runs after those two);
 *   - the cache of validated profiles: a refused profile, or one given with a value JSON cannot
 *     hold, takes no place in it and answers for nothing; a profile looked up again is the one
 *     used last (the cache keeps the eight used last, not the eight validated last);
 *   - the best natural is chosen by rank first, points only between equal ranks.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { evaluate, lowball27 } from '../../../app/domain/evaluate';
import { bestNatural, getPreset, segmentBonus, segmentBonuses, validateProfile, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';

const cards = (text: string) => unwrap(parseCards(text));
const value = (text: string) => evaluate(cards(text));

describe('bonus look-up', () => {
  it('a value above every hand category earns 0, a number, in every segment', () => {
    const mandarin = getPreset('mandarin')!;
    for (const v of [9 << 20, (9 << 20) | (12 << 16), 15 << 20, 0x7fffffff]) {
      for (const segment of ['front', 'middle', 'back'] as const) expect(segmentBonus(mandarin, segment, v), `${segment} ${v}`).toBe(0);
      expect(segmentBonuses(mandarin, v, v, v)).toEqual([0, 0, 0]);
    }
  });

  it('a lowball middle earns no bonus, even from a profile object whose middle table has entries', () => {
    // Built by hand (validateProfile refuses a lowball middle with bonus hands): the look-up
    // itself must not read a 2-7 low strength as a high hand.
    const p: Profile = { ...getPreset('mandarin')!, lowballMiddle: true };
    const lows = ['7c 5d 4h 3s 2c', '8s 6h 4d 3c 2s', 'Kc Qd Jh 9s 8c', '2c 2d 2h 2s 3c', '2s 3s 4s 5s 6s', '9h 9d 9c 5s 5h'];
    for (const low of lows) {
      const strength = lowball27(cards(low));
      expect(segmentBonus(p, 'middle', strength), low).toBe(0);
      expect(segmentBonuses(p, value('2s 2h 2c'), strength, value('9s 9h 9c 9d 2s')), low).toEqual([3, 0, 4]);
    }
  });
});

describe('the cache of validated profiles', () => {
  it('a refused profile takes no place: the eight profiles kept before are all still kept', () => {
    const jsons = Array.from({ length: 8 }, (_x, i) => ({ name: `kept-${i}`, version: 1 }));
    const first = jsons.map((j) => unwrap(validateProfile(j)));
    for (let i = 0; i < 3; i++) expect(validateProfile({ name: `refused-${i}`, version: 0 }).ok).toBe(false);
    // Most recently used last, so that no look-up moves one before it is checked.
    for (let i = 0; i < 8; i++) expect(unwrap(validateProfile(jsons[i])), `kept-${i}`).toBe(first[i]);
  });

  it('a profile given with a value JSON cannot hold takes no place either, and never answers for another input', () => {
    const jsons = Array.from({ length: 8 }, (_x, i) => ({ name: `plain-${i}`, version: 1 }));
    const first = jsons.map((j) => unwrap(validateProfile(j)));
    for (let i = 0; i < 3; i++) expect(validateProfile({ name: `holey-${i}`, version: 1, title: undefined }).ok).toBe(true);
    for (let i = 0; i < 8; i++) expect(unwrap(validateProfile(jsons[i])), `plain-${i}`).toBe(first[i]);
    // Nothing was kept for the holey ones: no input is taken for them, not even no input at all.
    expect(validateProfile(undefined)).toStrictEqual({ ok: false, error: { code: 'bad-profile-value', message: 'a profile is a JSON object, got nothing' } });
  });

  it('keeps the eight used last: a profile looked up again outlives one validated after it but not used since', () => {
    const jsons = Array.from({ length: 9 }, (_x, i) => ({ name: `used-${i}`, version: 1 }));
    const first = jsons.slice(0, 8).map((j) => unwrap(validateProfile(j)));
    // used-0, the oldest, is looked up: it is now the one used last.
    expect(unwrap(validateProfile(jsons[0]))).toBe(first[0]);
    // A ninth pushes out the one used longest ago: used-1, not used-0.
    unwrap(validateProfile(jsons[8]));
    expect(unwrap(validateProfile(jsons[0]))).toBe(first[0]);
    const again = unwrap(validateProfile(jsons[1]));
    expect(again).not.toBe(first[1]);
    expect(again).toStrictEqual(first[1]);
  });
});

describe('jackpot (RULES.md s11): checked against what this profile plays', () => {
  it('a natural the profile plays (given in the same JSON) qualifies; one it does not play is refused', () => {
    const json = { name: 'jackpot-house', version: 1, naturals: { dragon: { points: 13, rank: 1 } } };
    const p = unwrap(validateProfile({ ...json, jackpot: { hands: [{ natural: 'dragon' }, { segment: 'back', atLeast: 'straight-flush' }] } }));
    expect(p.jackpot).toStrictEqual({ hands: [{ natural: 'dragon' }, { segment: 'back', atLeast: 'straight-flush' }] });
    expect(validateProfile({ ...json, jackpot: { hands: [{ natural: 'minor' }] } })).toStrictEqual({
      ok: false,
      error: { code: 'bad-profile-value', message: 'profile jackpot.hands[0].natural: the profile does not play minor, so it can never qualify', path: 'jackpot.hands[0].natural' },
    });
  });

  it('a middle entry qualifies with a high middle, and is refused with a lowball middle', () => {
    const jackpot = { hands: [{ segment: 'middle', atLeast: 'quads' }] };
    expect(unwrap(validateProfile({ name: 'high-middle', version: 1, jackpot })).jackpot).toStrictEqual(jackpot);
    expect(validateProfile({ name: 'low-middle', version: 1, lowballMiddle: true, jackpot })).toStrictEqual({
      ok: false,
      error: { code: 'bad-profile-value', message: 'profile jackpot.hands[0].segment: a lowball middle has no jackpot hand', path: 'jackpot.hands[0].segment' },
    });
  });
});

describe('bestNatural (RULES.md s7: the best natural the hand holds)', () => {
  it('the best rank wins even when a lower-ranked natural held pays more', () => {
    const p = unwrap(validateProfile({ name: 'rank-first', version: 1, naturals: { dragon: { points: 3, rank: 1 }, 'six-pairs': { points: 10, rank: 2 } } }));
    expect(bestNatural(p, ['dragon', 'six-pairs'])).toBe('dragon');
    expect(bestNatural(p, ['six-pairs', 'dragon'])).toBe('dragon');
  });
});
