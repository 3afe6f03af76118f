/**
 * "What could this hand have been" (app/domain/hindsight.ts, docs/hindsight.md): the worked
 * hands of RULES.md looked at again, a brute force over all 72,072 splits through the
 * settlement's own scoreShowdown on random showdowns, and every refusal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCards, parseCards, type Card } from '../../../app/domain/cards';
import { hindsight, hindsightOfRecord, hindsightOfShowdown, type Hindsight, type TableHand } from '../../../app/domain/hindsight';
import { detectNaturals } from '../../../app/domain/naturals';
import { PRESET_NAMES, getPreset, presetJson, validateProfile, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { scoreShowdown, type ScoredHand } from '../../../app/domain/scoring';
import { settleRecord } from '../../../app/domain/settle';
import { checkSetting, type SetHand } from '../../../app/domain/setting';
import { parseShowdown } from '../../../app/domain/showdown';
import ofcStandardJson from '../../../app/domain/presets/ofc-standard.json' with { type: 'json' };
import { dealCards, forEachSubset, seededRandom, shuffled } from '../../support/gen-hands';
import { genSixPairs, genThreeFlushes } from '../../support/gen-naturals';
import {
  DRAGON, EXAMPLE_003, HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D, HOMERUN_D_FOULED, NATURALS_REST_FOULED, NATURALS_REST_SET,
  SHOT_A, SHOT_B, SIX_PAIRS, THREE_FLUSHES, WESTERN_A, WESTERN_B, record, type SeatSpec, type Set3,
} from './golden/fixtures';

const cards = (text: string) => unwrap(parseCards(text));
const set = (s: Set3): SeatSpec => ({ set: s });
const byCode = (list: readonly Card[]) => [...list].sort((a, b) => a - b);
/** 13 cards set as bestArrangement sets them. */
const strongest = (text: string): SeatSpec => {
  const h = bestArrangement(cards(text)).hand;
  return { set: [formatCards(h.front), formatCards(h.middle), formatCards(h.back)] };
};
/** 13 cards no fixture hand given holds, set as bestArrangement sets them. */
const another = (...taken: readonly Set3[]): SeatSpec => {
  const used = new Set(taken.flatMap((t) => cards(t.join(' '))));
  return strongest(formatCards(Array.from({ length: 52 }, (_, c) => c).filter((c) => !used.has(c)).slice(0, 13)));
};

const PROFILES: Record<string, Profile> = {
  ...Object.fromEntries(PRESET_NAMES.map((n) => [n, getPreset(n)!])),
  'ofc-standard': unwrap(validateProfile(ofcStandardJson)),
  // Profile options: seed 003's lowball middle, 000's fixed foul penalty.
  'lowball-double': unwrap(validateProfile({ ...presetJson('scoop-double'), name: 'lowball-double', lowballMiddle: true })),
  'fixed-foul': unwrap(validateProfile({ ...presetJson('mandarin-house'), name: 'fixed-foul', foul: { kind: 'fixed', points: 1 } })),
};
/** A record's `rules`: a preset by name, another profile as its whole object. */
const rulesOf = (name: string): unknown => ((PRESET_NAMES as readonly string[]).includes(name) ? name : PROFILES[name]);

// ---------------------------------------------------------------- the brute force

interface Brute {
  readonly legal: number;
  readonly tied: number;
  readonly more: number;
  readonly points: number;
  readonly perOpponent: Record<string, number>;
  readonly hand: SetHand;
}

/** Cards compared as sets: the one holding the highest card the other lacks is higher. */
function higherCards(x: readonly Card[], y: readonly Card[]): number {
  const a = [...x].sort((p, q) => q - p);
  const b = [...y].sort((p, q) => q - p);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Every split of the seat's 13 cards into front 3 / middle 5 / back 5 (286 x 252), kept when
 * checkSetting finds it legal, scored at the whole table by scoreShowdown; the best by points,
 * then back, middle, front value, then the back's and the middle's cards as docs/hindsight.md
 * orders them.
 */
function brute(profile: Profile, button: number, seat: number, own: readonly Card[], others: readonly ScoredHand[], actual: number): Brute {
  let legal = 0;
  let tied = 0;
  let more = 0;
  let best: (Brute & { values: { front: number; middle: number; back: number } }) | undefined;
  forEachSubset(13, 3, (f) => {
    const front = f.map((i) => own[i]);
    const rest = own.filter((_, i) => !f.includes(i));
    forEachSubset(10, 5, (m) => {
      const middle = m.map((i) => rest[i]);
      const back = rest.filter((_, i) => !m.includes(i));
      const verdict = unwrap(checkSetting({ front, middle, back }, { lowballMiddle: profile.lowballMiddle }));
      if (verdict.fouled) return;
      legal++;
      const score = scoreShowdown(profile, button, [{ seat, status: 'set', values: verdict.values, descriptions: verdict.descriptions }, ...others]);
      const points = score.points[seat];
      if (points > actual) more++;
      if (best && points < best.points) return;
      const v = verdict.values;
      if (best && points === best.points) {
        tied++;
        const order = v.back - best.values.back || v.middle - best.values.middle || v.front - best.values.front
          || higherCards(back, best.hand.back) || higherCards(middle, best.hand.middle);
        if (order <= 0) return;
      } else tied = 1;
      const perOpponent: Record<string, number> = {};
      for (const p of score.pairs) {
        if (p.a === seat) perOpponent[p.b] = p.points;
        if (p.b === seat) perOpponent[p.a] = -p.points;
      }
      best = { legal: 0, tied: 0, more: 0, points, perOpponent, hand: { front, middle, back }, values: v };
    });
  });
  if (!best) throw new Error('no legal split');
  return { legal, tied, more, points: best.points, perOpponent: best.perOpponent, hand: best.hand };
}

/** The other live seats of a record as the settlement scored them (the brute's opponents). */
function othersOf(rec: unknown, seat: number): { profile: Profile; button: number; own: Card[]; others: ScoredHand[] } {
  const showdown = unwrap(parseShowdown(rec));
  const result = unwrap(settleRecord(rec));
  const others: ScoredHand[] = [];
  for (const s of showdown.seats) {
    if (s.seat === seat) continue;
    const status = result.hands[s.seat].status;
    if (status === 'set') {
      const v = unwrap(checkSetting(s.setting!, { lowballMiddle: showdown.profile.lowballMiddle }));
      if (v.fouled) throw new Error('a set hand is valid');
      others.push({ seat: s.seat, status, values: v.values, descriptions: v.descriptions });
    } else if (status === 'natural') others.push({ seat: s.seat, status, natural: result.naturals[s.seat] });
    else if (status === 'surrendered') others.push({ seat: s.seat, status });
    else others.push({ seat: s.seat, status: 'fouled', reason: 'fouled' });
  }
  const own = [...showdown.seats.find((s) => s.seat === seat)!.cards];
  return { profile: showdown.profile, button: showdown.button, own, others };
}

/** The module's answer checked against the brute force and the settlement on one record. */
function checkAgainstBrute(rec: unknown, seat: number): Hindsight {
  const h = unwrap(hindsightOfRecord(rec, seat));
  const { profile, button, own, others } = othersOf(rec, seat);
  const settled = unwrap(settleRecord(rec));
  expect(h.actual.points, 'actual = what the settlement paid').toBe(settled.points[seat]);
  const b = brute(profile, button, seat, own, others, h.actual.points);
  expect(h.legalSettings).toBe(b.legal);
  expect(h.mostPoints.points).toBe(b.points);
  expect(h.mostPoints.perOpponent).toEqual(b.perOpponent);
  expect(h.tiedForMost).toBe(b.tied);
  expect(h.moreThanActual).toBe(b.more);
  for (const segment of ['front', 'middle', 'back'] as const) expect(byCode(h.mostPoints.hand[segment]), segment).toEqual(byCode(b.hand[segment]));
  checkInvariants(h, own, profile);
  return h;
}

/** What holds for every answer. */
function checkInvariants(h: Hindsight, own: readonly Card[], profile: Profile): void {
  const total = (p: Record<string, number>) => Object.values(p).reduce((x, y) => x + y, 0);
  for (const s of [h.mostPoints, h.strongest]) {
    expect(byCode([...s.hand.front, ...s.hand.middle, ...s.hand.back])).toEqual(byCode(own));
    expect(unwrap(checkSetting(s.hand, { lowballMiddle: profile.lowballMiddle })).fouled).toBe(false);
    expect(total(s.perOpponent)).toBe(s.points);
    expect(s.text).toEqual({ front: formatCards(s.hand.front), middle: formatCards(s.hand.middle), back: formatCards(s.hand.back) });
  }
  expect(total(h.actual.perOpponent)).toBe(h.actual.points);
  // Never worse than bestArrangement's setting, nor than the actual setting when it was legal.
  expect(h.mostPoints.points).toBeGreaterThanOrEqual(h.strongest.points);
  if (h.actual.status === 'set') expect(h.mostPoints.points).toBeGreaterThanOrEqual(h.actual.points);
  // bestArrangement's values, back first.
  expect(h.strongest.hand).toEqual(bestArrangement(byCode(own)).hand);
  expect(h.tiedForMost).toBeGreaterThanOrEqual(1);
  expect(h.moreThanActual).toBeLessThanOrEqual(h.legalSettings);
}

// ---------------------------------------------------------------- worked hands

interface Case {
  readonly source: string;
  readonly rules: string;
  readonly seats: readonly SeatSpec[];
  readonly seat: number;
  /** What the seat made, as the rule book figures it. */
  readonly actual?: number;
  /** What the seat made from one opponent, as the rule book figures it: [opponent, points]. */
  readonly from?: readonly [number, number];
  /** The most a legal setting makes, where it can be worked out by hand (the brute force checks every case). */
  readonly most?: number;
  /** Every legal setting makes the same (the seat's opponents are naturals / surrendered). */
  readonly allEqual?: boolean;
}

const CASES: readonly Case[] = [
  // RULES.md s5 Mandarin shot (000): A scoops B with trips in front, 9 (2 x 3 + 3). No setting
  // of A's cards makes more: the only bonus hand they hold is the trips, and a scoop is already made.
  { source: 'RULES.md s5 Mandarin shot, seat A', rules: 'mandarin', seats: [set(SHOT_A), set(SHOT_B)], seat: 1, actual: 9, most: 9 },
  // The same, seat B: B cannot beat trips fives in front (its KKK in front fouls: no middle
  // above it is left) nor a straight in the middle with its back at least as strong, so at best
  // it takes the back: 1 - 2 - A's 3 for the trips = -4.
  { source: 'RULES.md s5 Mandarin shot, seat B', rules: 'mandarin', seats: [set(SHOT_A), set(SHOT_B)], seat: 2, actual: -9, most: -4 },
  // RULES.md s5 Western (000): A wins two, loses one: +2; B -2.
  { source: 'RULES.md s5 Western, seat A', rules: 'western', seats: [set(WESTERN_A), set(WESTERN_B)], seat: 1, actual: 2 },
  { source: 'RULES.md s5 Western, seat B', rules: 'western', seats: [set(WESTERN_A), set(WESTERN_B)], seat: 2, actual: -2 },
  // RULES.md s5 four-handed example (003), 1 a segment, no scoop bonus: +1, +5, -3, -3.
  { source: 'RULES.md s5 example 003, seat 1', rules: 'basic', seats: EXAMPLE_003.map(set), seat: 1, actual: 1 },
  { source: 'RULES.md s5 example 003, seat 2', rules: 'basic', seats: EXAMPLE_003.map(set), seat: 2, actual: 5 },
  { source: 'RULES.md s5 example 003, seat 3', rules: 'basic', seats: EXAMPLE_003.map(set), seat: 3, actual: -3 },
  { source: 'RULES.md s5 example 003, seat 4', rules: 'basic', seats: EXAMPLE_003.map(set), seat: 4, actual: -3 },
  // RULES.md s5 Mandarin homerun (000): seat 1 scoops all three with trips in front: 12 from each.
  { source: 'RULES.md s5 Mandarin homerun, seat 1', rules: 'mandarin', seats: [HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D].map(set), seat: 1, actual: 36 },
  { source: 'RULES.md s5 Mandarin homerun, seat 2', rules: 'mandarin', seats: [HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D].map(set), seat: 2, from: [1, -12] },
  // RULES.md s4 (002) + docs/settle.md: the fouled seat 4 pays seat 1 its homerun (9 + 3); seat 1's
  // homerun collects 12 from everyone. Seat 4's fouled hand as it could have been.
  {
    source: 'RULES.md s4 fouled hand at the homerun table, seat 4', rules: 'mandarin',
    seats: [HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D_FOULED].map(set), seat: 4,
    actual: -12 - 6 - 6,
  },
  // RULES.md s7 (000, 002, 004): a natural collects its points from every other live hand,
  // fouled or not. Seat 4 pays the dragon 13 and six pairs and three flushes 3 each under
  // special-hands whatever it does: every legal setting makes -19.
  {
    source: 'RULES.md s7 natural opponents, seat 4 set', rules: 'special-hands',
    seats: [{ cards: DRAGON, natural: 'dragon' }, { cards: SIX_PAIRS, natural: 'six-pairs' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, set(NATURALS_REST_SET)],
    seat: 4, actual: -19, most: -19, allEqual: true,
  },
  {
    source: 'RULES.md s7 natural opponents, seat 4 fouled', rules: 'special-hands',
    seats: [{ cards: DRAGON, natural: 'dragon' }, { cards: SIX_PAIRS, natural: 'six-pairs' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, set(NATURALS_REST_FOULED)],
    seat: 4, actual: -19, most: -19, allEqual: true,
  },
  // RULES.md s7: between naturals the higher rank collects; seat 3's three flushes played as a
  // set hand would pay the dragon 13 and six pairs 3 (equal rank: as a set hand it pays) and
  // meet seat 4 segment by segment.
  {
    source: 'RULES.md s7 the three flushes as a set hand', rules: 'special-hands',
    seats: [{ cards: DRAGON, natural: 'dragon' }, { cards: SIX_PAIRS, natural: 'six-pairs' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, set(NATURALS_REST_SET)],
    seat: 3, actual: -13 + 0 + 3,
  },
  // RULES.md s6 (000): a surrendered player pays the penalty (3) to every other live player.
  {
    source: 'RULES.md s6 surrender, seat 2 as it could have played', rules: 'mandarin-house',
    seats: [set(SHOT_A), { cards: SHOT_B.join(' '), surrender: true }, another(SHOT_A, SHOT_B)], seat: 2, actual: -6,
  },
  {
    source: 'RULES.md s6 surrendered opponent pays whatever seat 1 sets', rules: 'mandarin-house',
    seats: [set(SHOT_A), { cards: SHOT_B.join(' '), surrender: true }], seat: 1, actual: 3, most: 3, allEqual: true,
  },
];

describe('hindsight: the rule book\'s hands looked at again', () => {
  it.each(CASES)('$source ($rules)', (c) => {
    const rec = record(rulesOf(c.rules), c.seats);
    const h = checkAgainstBrute(rec, c.seat);
    if (c.actual !== undefined) expect(h.actual.points).toBe(c.actual);
    if (c.from !== undefined) expect(h.actual.perOpponent[c.from[0]]).toBe(c.from[1]);
    if (c.most !== undefined) expect(h.mostPoints.points).toBe(c.most);
    if (c.allEqual) {
      expect(h.tiedForMost).toBe(h.legalSettings);
      expect(h.moreThanActual).toBe(0);
    }
  });

  it('the shot: A\'s actual setting is the answer, nothing scores more', () => {
    // RULES.md s5 Mandarin shot (000).
    const h = unwrap(hindsightOfRecord(record('mandarin', [set(SHOT_A), set(SHOT_B)]), 1));
    expect(h.moreThanActual).toBe(0);
    expect(h.mostPoints.descriptions.front).toBe('Three of a kind, fives');
    expect(h.mostPoints.perOpponent).toEqual({ 2: 9 });
    expect(h.mostPoints.pairs).toHaveLength(1);
    expect(h.mostPoints.pairs[0].summary).toMatch(/seat 1 wins 9 points from seat 2/);
  });

  it('the fouled hand: what it paid, what it could have made', () => {
    // RULES.md s4: seat 4's pair of twos over ace high fouls (docs/settle.md: the fouled hand pays
    // seat 1's homerun, 9 + trips 3, and seats 2 and 3 their scoop, 6).
    const h = unwrap(hindsightOfRecord(record('mandarin', [HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D_FOULED].map(set)), 4));
    expect(h.actual.status).toBe('fouled');
    expect(h.actual.perOpponent).toEqual({ 1: -12, 2: -6, 3: -6 });
    expect(h.mostPoints.points).toBeGreaterThan(h.actual.points);
    expect(h.moreThanActual).toBeGreaterThan(0);
  });

  it('a hand holding a natural it did not declare: what declaring it would have made', () => {
    // RULES.md s7: a natural must be declared, else the hand plays as set. Under mandarin-house
    // three flushes collect 4 from every other live hand; here all four hands are set.
    const h = unwrap(hindsightOfRecord(record('mandarin-house', [DRAGON, SIX_PAIRS, THREE_FLUSHES, NATURALS_REST_SET.join(' ')].map(strongest)), 3));
    expect(h.actual.status).toBe('set');
    expect(h.natural?.name).toBe('three-flushes');
    expect(h.natural?.perOpponent).toEqual({ 1: 4, 2: 4, 4: 4 });
    expect(h.natural?.points).toBe(12);
    expect(h.natural?.pairs.every((p) => p.outcome === 'natural')).toBe(true);
  });

  it('every opponent fouled at a full table: every legal setting makes the homerun', () => {
    // RULES.md s5 homerun + docs/settle.md: a valid hand whose opponents are all fouled makes it.
    const rec = record('mandarin-house', [set(HOMERUN_A_TRIPS), { set: HOMERUN_B, foul: 'shown a card' }, { set: HOMERUN_C, foul: 'x' }, set(HOMERUN_D_FOULED)]);
    const h = checkAgainstBrute(rec, 1);
    for (const p of h.mostPoints.pairs) expect(p.homerun).toBe(1);
    expect(h.moreThanActual).toBe(0);
  });
});

// ---------------------------------------------------------------- ties

describe('hindsight: ties are broken the same way every time', () => {
  it('all tied: the strongest setting (bestArrangement\'s values) wins the tie', () => {
    // Against natural opponents every setting scores the same (RULES.md s7), so the tie-break alone decides.
    const rec = record('special-hands', [{ cards: DRAGON, natural: 'dragon' }, set(NATURALS_REST_SET)]);
    const h = unwrap(hindsightOfRecord(rec, 2));
    expect(h.mostPoints.values).toEqual(h.strongest.values);
  });

  it('the same answer whatever order the cards and the seats are given in', () => {
    const random = seededRandom(0x7135);
    const deck = dealCards(random, 52);
    const profile = getPreset('mandarin-house')!;
    const hands = (order: (xs: readonly Card[]) => Card[]): TableHand[] => [1, 2, 3, 4].map((seat) => {
      const own = deck.slice((seat - 1) * 13, seat * 13);
      const h = seat === 1 ? { front: own.slice(0, 3), middle: own.slice(3, 8), back: own.slice(8) } : bestArrangement(own).hand;
      return { seat, status: 'set', setting: { front: order(h.front), middle: order(h.middle), back: order(h.back) } };
    });
    const a = unwrap(hindsight({ profile, button: 2, seat: 1, hands: hands((x) => [...x]) }));
    const b = unwrap(hindsight({ profile, button: 2, seat: 1, hands: shuffled(random, hands((x) => shuffled(random, x))) }));
    expect(b.mostPoints.hand).toEqual(a.mostPoints.hand);
    expect(b.strongest.hand).toEqual(a.strongest.hand);
    expect(b.tiedForMost).toBe(a.tiedForMost);
  });
});

// ---------------------------------------------------------------- random showdowns

/** A random showdown record: every profile, 2-4 seats, set, naive (often fouled), floor-fouled, surrendered and natural seats. */
function randomRecord(seed: number): { rec: unknown; seat: number } {
  const random = seededRandom(seed);
  const names = Object.keys(PROFILES);
  const name = names[Math.floor(random() * names.length)];
  const profile = PROFILES[name];
  const players = 2 + Math.floor(random() * 3);
  const seatNumbers = shuffled(random, [1, 2, 3, 4]).slice(0, players).sort((a, b) => a - b);
  const playedNaturals = Object.keys(profile.naturals);
  let deck = dealCards(random, 52);
  // Sometimes a natural the profile plays, dealt first so the deck stays 52 distinct cards.
  if (random() < 0.25 && (playedNaturals.includes('six-pairs') || playedNaturals.includes('three-flushes'))) {
    const natural = playedNaturals.includes('six-pairs') ? genSixPairs(random) : genThreeFlushes(random);
    deck = [...natural, ...shuffled(random, deck.filter((c) => !natural.includes(c)))];
  }
  const seat = seatNumbers[Math.floor(random() * players)];
  const seats = seatNumbers.map((s, i) => {
    const own = deck.slice(i * 13, i * 13 + 13);
    const text = formatCards(own);
    const naturals = detectNaturals(own).filter((n) => playedNaturals.includes(n));
    const roll = random();
    if (s !== seat && naturals.length > 0 && roll < 0.7) return { seat: s, cards: text, natural: naturals[0] };
    if (profile.surrenderPenalty !== null && roll < 0.12) return { seat: s, cards: text, surrender: true };
    if (roll < 0.2) return { seat: s, cards: text, foul: 'ruled by the floor' };
    const h = roll < 0.5 ? { front: own.slice(0, 3), middle: own.slice(3, 8), back: own.slice(8) } : bestArrangement(own).hand;
    return { seat: s, front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
  });
  const live = seats.filter((s) => !('surrender' in s));
  if (live.length < 2) return randomRecord(seed + 1);
  return { rec: { rules: rulesOf(name), button: 1 + Math.floor(random() * 4), seats }, seat };
}

describe('hindsight against the brute force on random showdowns', () => {
  it('gives exactly the brute force\'s answer and counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { rec, seat } = randomRecord(seed);
        checkAgainstBrute(rec, seat);
      }),
      { numRuns: 60, seed: 0x14_15 },
    );
  }, 300_000);

  it('at full tables with fouled seats, where homeruns are made and lost by the setting', () => {
    // RULES.md s5 homerun: four hands compared, a fouled one counts as scooped. With two seats
    // fouled, the looked-at seat's setting decides whether it scoops the one valid opponent
    // (its homerun) and whether that opponent scoops it (the opponent's).
    let homeruns = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom('mandarin', 'mandarin-house'), (seed, rules) => {
        const random = seededRandom(seed);
        const deck = dealCards(random, 52);
        const fouled = shuffled(random, [2, 3, 4]).slice(0, 2);
        const seats = [1, 2, 3, 4].map((s) => {
          const own = deck.slice((s - 1) * 13, s * 13);
          const h = bestArrangement(own).hand;
          const rows = { front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
          return fouled.includes(s) ? { seat: s, ...rows, foul: 'ruled by the floor' } : { seat: s, ...rows };
        });
        const h = checkAgainstBrute({ rules, seats }, 1);
        if (h.mostPoints.pairs.some((p) => p.homerun !== null)) homeruns++;
      }),
      { numRuns: 20, seed: 0x14_17 },
    );
    expect(homeruns).toBeGreaterThan(0);
  }, 300_000);

  it('a fouled hand with the foul paying a scoop is never better than its best legal setting', () => {
    // RULES.md s4: a fouled hand pays as if each opponent won all three; a legal setting at
    // worst loses all three.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const random = seededRandom(seed);
        const deck = dealCards(random, 52);
        const seats = [1, 2, 3, 4].map((s) => {
          const own = deck.slice((s - 1) * 13, s * 13);
          const h = s === 1 ? { front: own.slice(3, 6), middle: own.slice(6, 11), back: [...own.slice(11), ...own.slice(0, 3)] } : bestArrangement(own).hand;
          return { seat: s, front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
        });
        for (const name of ['mandarin-house', 'ofc', 'western', 'eastern']) {
          const h = unwrap(hindsightOfRecord({ rules: name, seats }, 1));
          if (h.actual.status === 'fouled') expect(h.mostPoints.points).toBeGreaterThanOrEqual(h.actual.points);
          checkInvariants(h, deck.slice(0, 13), getPreset(name)!);
        }
      }),
      { numRuns: 20, seed: 0x14_16 },
    );
  }, 120_000);
});

// ---------------------------------------------------------------- refusals

describe('hindsight: bad input is refused with a code', () => {
  const profile = getPreset('mandarin-house')!;
  const setting = (s: Set3): SetHand => ({ front: cards(s[0]), middle: cards(s[1]), back: cards(s[2]) });
  const A: TableHand = { seat: 1, status: 'set', setting: setting(SHOT_A) };
  const B: TableHand = { seat: 2, status: 'set', setting: setting(SHOT_B) };
  const twelve = cards(SHOT_B.join(' ')).slice(1);
  const cases: [string, unknown, string, string?][] = [
    ['button not a seat', { profile, button: 0, seat: 1, hands: [A, B] }, 'bad-button', 'button'],
    ['seat not a seat', { profile, button: 1, seat: 5, hands: [A, B] }, 'bad-seat', 'seat'],
    ['one live seat', { profile, button: 1, seat: 1, hands: [A] }, 'too-few-seats', 'hands'],
    ['a seat twice', { profile, button: 1, seat: 1, hands: [A, { ...B, seat: 1 }] }, 'duplicate-seat', 'hands[1].seat'],
    ['seat not at the table', { profile, button: 1, seat: 3, hands: [A, B] }, 'unknown-seat', 'seat'],
    ['own cards not 13', { profile, button: 1, seat: 2, hands: [A, { seat: 2, status: 'fouled', cards: twelve }] }, 'wrong-card-count', 'hands[1].cards'],
    ['own cards missing', { profile, button: 1, seat: 2, hands: [A, { seat: 2, status: 'fouled' }] }, 'missing-cards', 'hands[1]'],
    ['a card twice in a hand', { profile, button: 1, seat: 2, hands: [A, { seat: 2, status: 'fouled', cards: [...twelve, twelve[0]] }] }, 'duplicate-card', 'hands[1]'],
    ['a card in two hands', { profile, button: 1, seat: 1, hands: [A, { seat: 2, status: 'set', setting: { ...setting(SHOT_B), front: cards('5s Qd 2c') } }] }, 'duplicate-card', 'hands[1]'],
    ['not a card code', { profile, button: 1, seat: 2, hands: [A, { seat: 2, status: 'fouled', cards: [...twelve, 52] }] }, 'bad-card', 'hands[1].cards[12]'],
    ['an opponent set 4/4/5', { profile, button: 1, seat: 1, hands: [A, { seat: 2, status: 'set', setting: { front: cards('Ks Qd 2c Ah'), middle: cards('Ad 3c 4c 6d'), back: cards('Kd Kc 3d 3s 7s') } }] }, 'bad-setting', 'hands[1].setting.front'],
    ['a set hand with no setting', { profile, button: 1, seat: 1, hands: [A, { seat: 2, status: 'set' }] }, 'bad-setting', 'hands[1].setting'],
    ['an unknown status', { profile, button: 1, seat: 1, hands: [A, { seat: 2, status: 'folded' }] }, 'bad-status', 'hands[1].status'],
    ['a natural the profile does not play', { profile, button: 1, seat: 1, hands: [A, { seat: 2, status: 'natural', natural: 'pure-dragon' }] }, 'natural-not-played', 'hands[1].natural'],
    ['a surrender the profile does not play', { profile: getPreset('basic')!, button: 1, seat: 1, hands: [A, { seat: 2, status: 'surrendered' }] }, 'surrender-not-played', 'hands[1].status'],
  ];
  it.each(cases)('%s', (_, input, code, path) => {
    const r = hindsight(input as Parameters<typeof hindsight>[0]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    if (path !== undefined) expect(r.error.path).toBe(path);
    expect(r.error.message.startsWith(r.error.path ?? '')).toBe(true);
  });

  it('a record is refused as settle refuses it; a seat not live is unknown', () => {
    const rec = record('mandarin-house', [set(SHOT_A), set(SHOT_B)]);
    expect(hindsightOfRecord({ ...rec, seats: [] }, 1)).toMatchObject({ ok: false });
    expect(hindsightOfRecord(rec, 3)).toMatchObject({ ok: false, error: { code: 'unknown-seat' } });
    expect(hindsightOfShowdown(unwrap(parseShowdown(rec)), 4)).toMatchObject({ ok: false, error: { code: 'unknown-seat' } });
  });
});
