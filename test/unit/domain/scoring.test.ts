/**
 * Pairwise scoring rules beyond the worked figures (those are in golden/): announcement
 * order, the homerun conditions, majority with ties, bonus modes, lowball middle, and
 * properties over random deals: pair symmetry and zero-sum points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCards, fullDeck, parseCards, type Card } from '../../../app/domain/cards';
import { detectNaturals } from '../../../app/domain/naturals';
import { PRESET_NAMES, getPreset, naturalRule, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { clockwiseFromButton, homerunSeats, scorePair, scoreShowdown, type ScoredHand } from '../../../app/domain/scoring';
import { settleRecord } from '../../../app/domain/settle';
import { checkSetting, type SetHand } from '../../../app/domain/setting';
import {
  EXAMPLE_003, HOMERUN_A_PLAIN, HOMERUN_B, HOMERUN_C, HOMERUN_D_FOULED, HOMERUN_D_PLAIN, SHOT_A, SHOT_B, pairPoints, settled,
  type Set3,
} from './golden/fixtures';

const profile = (name: string): Profile => getPreset(name)!;
const hand = (seat: number, s: Set3, p: Profile = profile('basic')): ScoredHand => {
  const setting = { front: unwrap(parseCards(s[0])), middle: unwrap(parseCards(s[1])), back: unwrap(parseCards(s[2])) };
  const v = unwrap(checkSetting(setting, { lowballMiddle: p.lowballMiddle }));
  return v.fouled
    ? { seat, status: 'fouled', reason: v.reason }
    : { seat, status: 'set', values: v.values, descriptions: v.descriptions };
};

describe('announcement order', () => {
  it.each([
    // RULES.md s5 (000): from the seat left of the button, clockwise.
    [4, [1, 2, 3, 4]], [1, [2, 3, 4, 1]], [2, [3, 4, 1, 2]], [3, [4, 1, 2, 3]],
  ])('button %i -> %j', (button, expected) => {
    expect(clockwiseFromButton(button, [1, 2, 3, 4])).toEqual(expected);
  });

  it('skips empty seats, the button may sit at one', () => {
    expect(clockwiseFromButton(2, [1, 4])).toEqual([4, 1]);
    expect(clockwiseFromButton(3, [4, 1, 2])).toEqual([4, 1, 2]);
  });

  it('pairs come in announcement order: first seat against each, then the next', () => {
    const hands = EXAMPLE_003.map((s, i) => hand(i + 1, s));
    const r = scoreShowdown(profile('basic'), 2, hands);
    expect(r.order).toEqual([3, 4, 1, 2]);
    expect(r.pairs.map((p) => [p.a, p.b])).toEqual([[3, 4], [3, 1], [3, 2], [4, 1], [4, 2], [1, 2]]);
    // Same totals whatever the button (RULES.md s5, 003 example).
    expect(r.points).toEqual({ 1: 1, 2: 5, 3: -3, 4: -3 });
  });
});

describe('homerun conditions (RULES.md s5)', () => {
  const mh = profile('mandarin-house');
  const four = [hand(1, HOMERUN_A_PLAIN), hand(2, HOMERUN_B), hand(3, HOMERUN_C), hand(4, HOMERUN_D_PLAIN)];
  it('four players, all compared, one scoops the rest', () => {
    expect([...homerunSeats(mh, four)]).toEqual([1]);
  });
  it('not at a three-handed table', () => {
    expect([...homerunSeats(mh, four.slice(0, 3))]).toEqual([]);
    const r = settled('mandarin-house', [{ set: HOMERUN_A_PLAIN }, { set: HOMERUN_B }, { set: HOMERUN_C }]);
    expect(pairPoints(r, 1, 2)).toBe(6);
  });
  it('not when a player surrendered or holds a natural', () => {
    expect([...homerunSeats(mh, [...four.slice(0, 3), { seat: 4, status: 'surrendered' }])]).toEqual([]);
    expect([...homerunSeats(mh, [...four.slice(0, 3), { seat: 4, status: 'natural', natural: 'six-pairs' }])]).toEqual([]);
  });
  it('a fouled opponent counts as scooped', () => {
    expect([...homerunSeats(mh, [...four.slice(0, 3), hand(4, HOMERUN_D_FOULED)])]).toEqual([1]);
  });
  it('not when the profile pays none (scoop-double)', () => {
    expect([...homerunSeats(profile('scoop-double'), four)]).toEqual([]);
  });
  it('a homerun multiplies the segment points against every opponent only', () => {
    const r = scoreShowdown(mh, 4, four);
    expect(r.homeruns).toEqual([1]);
    // Seat 2 scoops seat 3 (6), not a homerun: seat 2 lost to seat 1.
    const p23 = r.pairs.find((p) => p.a === 2 && p.b === 3)!;
    expect(p23).toMatchObject({ scoop: 2, homerun: null, points: 6 });
  });
});

describe('majority and ties', () => {
  const western = profile('western');
  // RULES.md s5 Decision recorded in docs/profiles.md: the majority bonus needs two segments won.
  it('one win, one loss, one tie: no majority', () => {
    const a = hand(1, ['Ah Kd 2c', 'Qs Qh 3d 4d 5c', 'Ks Kh Kc 7s 8d']);
    const b = hand(2, ['2s 2h 9c', 'Qd Qc 3h 4h 5d', 'Ts Th 3s 3c 9d']); // middle tie (suits never rank)
    const p = scorePair(western, a, b);
    expect(p.segments!.map((s) => s.winner)).toEqual([2, null, 1]);
    expect(p).toMatchObject({ points: 0, majority: null });
  });
  it('two wins and a tie: majority, no scoop', () => {
    const a = hand(1, ['2d 2c 9s', 'Qs Qh 3d 4d 5c', 'Ks Kh Kc 7s 8d']);
    const b = hand(2, ['2s 2h 9c', 'Js Jh 6c 7c 8c', 'Ts Th 3s 3h 9d']);
    const p = scorePair(western, a, b);
    expect(p.segments!.map((s) => s.winner)).toEqual([null, 1, 1]);
    expect(p).toMatchObject({ points: 3, majority: 1, scoop: null });
  });
  it('three ties: a push', () => {
    const a = hand(1, ['2d 2c 9s', 'Qs Qh 3d 4d 5c', 'Ks Kh 7c 7s 8d']);
    const b = hand(2, ['2s 2h 9c', 'Qd Qc 3h 4h 5d', 'Kd Kc 7d 7h 8c']);
    expect(scorePair(western, a, b).points).toBe(0);
  });
});

describe('bonus modes', () => {
  it('added bonuses go only to the winner of the segment (mandarin)', () => {
    // A's trips in front lose to bigger trips: no bonus for A, 3 for B; A wins middle and back.
    const a = hand(1, ['5s 5h 5d', '6c 7d 8s 9s Tc', '2h 4h 8h Jh Kh']);
    const b = hand(2, ['Qs Qh Qd', 'Ks Kd Kc 2s 3s', 'As Ad Ac 2c 3c']);
    const p = scorePair(profile('mandarin'), a, b);
    expect(p.segments!.map((s) => [s.winner, s.bonusA, s.bonusB])).toEqual([[2, 0, 3], [1, 0, 0], [1, 0, 0]]);
    expect(p.points).toBe(2 - 1 - 3);
  });
  it('regardless: both sides keep their royalties on a tied row (ofc)', () => {
    const a = hand(1, ['Qs Qh 2c', '5d 6c 7h 8s 9d', '2h 6h 9h Jh Kh']);
    const b = hand(2, ['Qd Qc 3c', '5s 6d 7c 8c 9s', 'As Ac Ad Kc Kd']);
    const p = scorePair(profile('ofc'), a, b);
    // front tie (QQ2 v QQ3: the 3 wins) -> b; middle tie; back b. royalties 7+4+4 v 7+4+6.
    expect(p.segments!.map((s) => s.winner)).toEqual([2, null, 2]);
    expect(p.parts).toMatchObject({ segments: -2, bonuses: 15 - 17 });
    expect(p.points).toBe(-4);
  });
});

describe('lowball middle (profile option, 003)', () => {
  const lowball = { name: 'lowball', version: 1, lowballMiddle: true };
  const A: Set3 = ['Ah Ad 3c', '7c 5d 4h 3s 2d', 'Ks Kh Kd 8s 8h']; // aces in front over a 7-5 low: fine in lowball
  const B: Set3 = ['Qs Jc 9c', 'Kc Qd Jh 9s 8d', 'Tc Th Td 6s 6h'];
  it('the lowest middle wins and the order rule is front <= back only', () => {
    const r = settled(lowball, [{ set: A }, { set: B }]);
    expect(r.fouled).toEqual([]);
    expect(pairPoints(r, 1, 2)).toBe(3);
    expect(r.hands['1'].descriptions!.middle).toMatch(/low/);
  });
  it('under high-hand rules the same hand is fouled', () => {
    const r = settled('basic', [{ set: A }, { set: B }]);
    expect(r.fouled).toEqual([1]);
    expect(pairPoints(r, 1, 2)).toBe(-3);
  });
});

// ------------------------------------------------------------------ properties

type SeatPlan = 'best' | 'split' | 'natural' | 'surrender';

function splitHand(cards: readonly Card[]): SetHand {
  return { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8, 13) };
}

const deal = fc.record({
  deck: fc.shuffledSubarray(fullDeck(), { minLength: 52, maxLength: 52 }),
  seats: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 2, maxLength: 4 }),
  plans: fc.array(fc.constantFrom<SeatPlan>('best', 'best', 'split', 'natural', 'surrender'), { minLength: 4, maxLength: 4 }),
  preset: fc.constantFrom(...PRESET_NAMES),
  button: fc.integer({ min: 1, max: 4 }),
  pointValue: fc.integer({ min: 1, max: 200 }),
  stacks: fc.array(fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: undefined }), { minLength: 4, maxLength: 4 }),
});

/** A legal record from a random deal; each seat is set well, set naively, declared or surrendered. */
type Deal = typeof deal extends fc.Arbitrary<infer T> ? T : never;
function buildRecord(d: Deal) {
  const p = profile(d.preset);
  const seats = d.seats.map((seat) => {
    const cards = d.deck.slice((seat - 1) * 13, seat * 13);
    const plan = d.plans[seat - 1];
    const natural = detectNaturals(cards).find((n) => naturalRule(p, n));
    const stack = d.stacks[seat - 1];
    const base = { seat, ...(stack !== undefined ? { stack } : {}) };
    if (plan === 'natural' && natural) return { ...base, cards: formatCards(cards), natural };
    if (plan === 'surrender' && p.surrenderPenalty !== null) {
      // Enough chips to cover the penalty, as the terminal requires.
      const need = p.surrenderPenalty * d.pointValue * 3;
      return { ...base, stack: Math.max(stack ?? 0, need), cards: formatCards(cards), surrender: true };
    }
    const h = plan === 'split' ? splitHand(cards) : bestArrangement(cards).hand;
    return { ...base, front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
  });
  return { rules: d.preset, button: d.button, pointValue: d.pointValue, seats };
}

describe('scoring properties over random deals', () => {
  it('points and money sum to zero, nobody loses more than his stack', () => {
    fc.assert(
      fc.property(deal, (d) => {
        const rec = buildRecord(d);
        const r = unwrap(settleRecord(rec));
        const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
        expect(sum(r.points)).toBe(0);
        expect(sum(r.net)).toBe(0);
        expect(r.pairs.length).toBe((rec.seats.length * (rec.seats.length - 1)) / 2);
        for (const s of rec.seats) {
          if (s.stack !== undefined) expect(-r.net[String(s.seat)]).toBeLessThanOrEqual(s.stack);
          expect(r.points[String(s.seat)]).toBe(
            r.pairs.reduce((acc, p) => acc + (p.a === s.seat ? p.points : p.b === s.seat ? -p.points : 0), 0),
          );
        }
        for (const pay of r.payments) {
          const winnerStack = rec.seats.find((s) => s.seat === pay.to)!.stack;
          if (winnerStack !== undefined) expect(pay.amount).toBeLessThanOrEqual(winnerStack);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pair symmetry: scoring (b, a) negates (a, b)', () => {
    fc.assert(
      fc.property(deal, (d) => {
        const p = profile(d.preset);
        const hands: ScoredHand[] = d.seats.map((seat) => {
          const cards = d.deck.slice((seat - 1) * 13, seat * 13);
          const plan = d.plans[seat - 1];
          const natural = detectNaturals(cards).find((n) => naturalRule(p, n));
          if (plan === 'natural' && natural) return { seat, status: 'natural', natural };
          if (plan === 'surrender' && p.surrenderPenalty !== null) return { seat, status: 'surrendered' };
          const h = plan === 'split' ? splitHand(cards) : bestArrangement(cards).hand;
          const v = unwrap(checkSetting(h, { lowballMiddle: p.lowballMiddle }));
          return v.fouled ? { seat, status: 'fouled', reason: v.reason } : { seat, status: 'set', values: v.values, descriptions: v.descriptions };
        });
        const homeruns = homerunSeats(p, hands);
        for (const x of hands) {
          for (const y of hands) {
            if (x === y) continue;
            const xy = scorePair(p, x, y, homeruns);
            const yx = scorePair(p, y, x, homeruns);
            expect(xy.points + yx.points).toBe(0);
            expect(xy.outcome).toBe(yx.outcome);
            const parts = Object.values(xy.parts).reduce((a, b) => a + b, 0);
            expect(parts).toBe(xy.points);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a surrender under a profile without surrender is refused, not scored 0', () => {
    const set = hand(1, ['2d 2c 9s', 'Qs Qh 3d 4d 5c', 'Ks Kh Kc 7s 8d']);
    const surrendered: ScoredHand = { seat: 3, status: 'surrendered' };
    expect(() => scorePair(profile('basic'), set, surrendered)).toThrow(new RangeError('profile basic does not play surrender, yet seat 3 surrendered'));
    expect(() => scorePair(profile('basic'), surrendered, { seat: 2, status: 'surrendered' })).toThrow(/seat 3 surrendered/);
    expect(scorePair(profile('western'), set, surrendered).points).toBe(3);
  });

  it('scorePair on its own gives the Mandarin shot (000): 9', () => {
    expect(scorePair(profile('mandarin'), hand(1, SHOT_A), hand(2, SHOT_B)).points).toBe(9);
  });
});
