import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { evaluate } from '../../../app/domain/evaluate';
import {
  NATURAL_NAMES, detectNaturals, isNaturalName, verifyNatural, type NaturalName, type NaturalProof,
} from '../../../app/domain/naturals';
import { unwrap } from '../../../app/domain/result';
import { cardsOf, checkSetting } from '../../../app/domain/setting';
import { dealCards, seededRandom } from '../../support/gen-hands';
import {
  genDragon, genFromRanks, genOneColour, genSixPairs, genThreeFlushes, genThreeStraights,
} from '../../support/gen-naturals';
import {
  bruteSixPairs, bruteThreeFlushes, bruteThreeStraights, isOneSuit, isRankRun, referenceNaturals,
} from '../../support/reference-naturals';

const cards = (text: string) => unwrap(parseCards(text));
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

// Hands named for reuse; each comment says what it is built to show.
const H = {
  pureDragon: 'As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s',
  colorDragon: 'As Kc Qs Jc Ts 9c 8s 7c 6s 5c 4s 3c 2s', // 7 spades, 6 clubs: no three flushes
  dragon: 'Ah Kc Qs Jc Ts 9c 8s 7c 6s 5c 4s 3c 2s',
  minor: '9s 9h 8d 8c 7s 6h 5d 4c 3s 3h 2d 2c 7h', // five pairs only
  senior: 'As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc Js', // three quads = six pairs
  tripsAndFivePairs: 'As Ah Ad Ks Kh Qs Qh Js Jh Ts Th 9s 9h',
  quadsAsTwoPairs: 'As Ah Ad Ac Ks Kh Qs Qh Js Jh Ts Th 2c',
  twoQuads: '5s 5h 5d 5c 4s 4h 4d 4c 3s 3h 2s 2h 9d',
  twoTripsThreePairs: 'As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts Th 9s', // 5 pairs
  aceTwoThreeFront: 'Ah 2s 3d 2h 3h 4s 5s 6s 2d 3c 4d 5d 6d', // A-2-3 / 2-6 / 2-6
  queenKingAceFront: 'Qs Kh Ad As 2c 3d 4h 5s 6c 7d 8h 9s Td', // Q-K-A / wheel / 6-T
  kingAceTwo: 'Ks Ah 2d 3s 3h 4d 4c 5s 5h 6d 6c 7s 7h', // only K-A-2 / 3-7 / 3-7 would do
  queenToThree: 'Qs Qh Ks Kh As Ah 2d 2c 3d 3c 4s 5h 6d', // only 4-5-6 / Q-K-A-2-3 twice would do
  flushes553: 'As Ks 9s 7s 2s Ah Kh 9h 7h 2h Qd Jd 4d',
  flushes85: 'Ac Kc Qc Jc 9c 7c 5c 3c Ah Kh Qh 6h 4h',
  flushes103: 'Ah Kh Qh Jh Th 9h 8h 7h 6h 5h Ad Kd Qd',
  nothing: 'As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs',
};

describe('detectNaturals (RULES.md s7 catalogue)', () => {
  // [hand, every natural it holds, source]
  const cases: [string, NaturalName[], string][] = [
    [H.pureDragon, ['pure-dragon', 'color-dragon', 'dragon', 'all-one-color', 'three-flushes', 'three-straights'], 's7: a pure dragon is also every weaker dragon'],
    [H.colorDragon, ['color-dragon', 'dragon', 'all-one-color', 'three-straights'], 's7: A to K all one colour'],
    [H.dragon, ['dragon', 'three-straights'], 's7: one card of every rank'],
    [H.minor, ['minor', 'no-face-cards'], 's7: no card above nine'],
    [H.senior, ['senior', 'six-pairs'], 's7: no card below ten; quads count as two pairs'],
    [H.tripsAndFivePairs, ['six-pairs'], 's7: three of a kind counts as one pair and an odd card'],
    [H.quadsAsTwoPairs, ['six-pairs'], 's7: four of a kind counts as two pairs'],
    [H.twoQuads, ['minor', 'six-pairs', 'no-face-cards'], 's7: two quads and two pairs'],
    [H.twoTripsThreePairs, [], 's7: two trips and three pairs is five pairs'],
    [H.aceTwoThreeFront, ['three-straights', 'no-face-cards'], 's7: A-2-3 is a front straight'],
    [H.queenKingAceFront, ['three-straights'], 's7: Q-K-A is a front straight; the wheel counts'],
    [H.kingAceTwo, [], 's3: no wrap-around, K-A-2 is not a straight'],
    [H.queenToThree, [], 's3: no wrap-around, Q-K-A-2-3 is not a straight'],
    [H.flushes553, ['three-flushes'], 's7: three flushes in three suits'],
    [H.flushes85, ['three-flushes'], 's7: one suit gives front and middle'],
    [H.flushes103, ['all-one-color', 'three-flushes', 'three-straights'], 's7: one suit gives middle and back; Q-K-A / T-A / 5-9'],
    [H.nothing, [], 'no natural'],
  ];
  it.each(cases)('%s -> %j (%s)', (hand, expected) => {
    expect(detectNaturals(cards(hand))).toEqual(expected);
    expect(referenceNaturals(cards(hand))).toEqual(expected);
  });

  it('does not depend on the order of the cards', () => {
    const random = seededRandom(3);
    for (const [hand, expected] of cases) {
      const list = cards(hand);
      for (let i = 0; i < 5; i++) {
        const shuffledList = [...list].sort(() => random() - 0.5);
        expect(detectNaturals(shuffledList)).toEqual(expected);
      }
    }
  });

  it('refuses anything but 13 distinct cards', () => {
    expect(() => detectNaturals(cards(H.nothing).slice(1))).toThrow(/13 cards, this hand has 12/);
    expect(() => detectNaturals([...cards(H.nothing).slice(1), cards(H.nothing)[1]])).toThrow(/Ad appears twice/);
    expect(() => detectNaturals([...cards(H.nothing).slice(1), 52])).toThrow(/not a card code: 52/);
  });

  it('names', () => {
    expect(NATURAL_NAMES).toHaveLength(10);
    expect(isNaturalName('six-pairs')).toBe(true);
    expect(isNaturalName('six pairs')).toBe(false);
    expect(isNaturalName(7)).toBe(false);
  });
});

describe('verifyNatural', () => {
  // [hand, natural, explanation]
  const proofs: [string, NaturalName, string][] = [
    [H.pureDragon, 'pure-dragon', 'one card of every rank from ace to king, all spades'],
    [H.colorDragon, 'color-dragon', 'one card of every rank from ace to king, all black'],
    [H.dragon, 'dragon', 'one card of every rank from ace to king'],
    [H.flushes103, 'all-one-color', 'all 13 cards red'],
    [H.minor, 'minor', 'no card above nine'],
    [H.senior, 'senior', 'no card below ten'],
    [H.quadsAsTwoPairs, 'six-pairs', 'six pairs (two pairs of aces, kings, queens, jacks and tens) and one odd card'],
    [H.flushes553, 'three-flushes', 'front three diamonds, middle five spades, back five hearts'],
    [H.queenKingAceFront, 'three-straights', 'front Q-K-A, middle A-2-3-4-5, back 6-7-8-9-T'],
    [H.minor, 'no-face-cards', 'no jack, queen or king'],
  ];
  it.each(proofs)('%s holds %s: "%s"', (hand, name, explanation) => {
    const proof = unwrap(verifyNatural(cards(hand), name));
    expect(proof.name).toBe(name);
    expect(proof.explanation).toBe(explanation);
  });

  it('the three-straights proof (RULES.md s7: the terminal shows the arrangement)', () => {
    const proof = unwrap(verifyNatural(cards(H.queenKingAceFront), 'three-straights'));
    expect(proof.arrangement).toEqual({ front: cards('As Kh Qs'), middle: cards('Ad 5s 4h 3d 2c'), back: cards('Td 9s 8h 7d 6c') });
  });

  it('the three-flushes proof picks the strongest split of a long suit', () => {
    // clubs A K Q J 9 7 5 3: the front takes the three lowest, the middle keeps A-K-Q-J-9
    const proof = unwrap(verifyNatural(cards(H.flushes85), 'three-flushes'));
    expect(proof.arrangement).toEqual({ front: cards('7c 5c 3c'), middle: cards('Ah Kh Qh 6h 4h'), back: cards('Ac Kc Qc Jc 9c') });
  });

  // [hand, natural, refusal message]  (RULES.md s7: a false declaration is refused with the reason)
  const refusals: [string, NaturalName, string][] = [
    [H.dragon, 'three-flushes', 'no three flushes: the suits are 6 spades, 6 clubs, 1 heart, which do not split into 3, 5 and 5 cards of one suit each'],
    [H.twoTripsThreePairs, 'six-pairs', 'no six pairs: only 5 pairs (aces, kings, queens, jacks and tens)'],
    [H.dragon, 'six-pairs', 'no six pairs: not a single pair'],
    [H.nothing, 'dragon', 'no dragon: not one card of every rank (no seven; two aces)'],
    [H.dragon, 'pure-dragon', 'no pure dragon: one card of every rank but not all one suit (6 spades, 6 clubs, 1 heart)'],
    [H.dragon, 'color-dragon', 'no black/red dragon: one card of every rank but mixed colours (1 red, 12 black)'],
    [H.nothing, 'color-dragon', 'no black/red dragon: not one card of every rank (no seven; two aces)'],
    ['9s 9h 8d 8c 7s 6h 5d 4c 3s 3h 2d 2c Th', 'minor', 'no minor hand: Th is above nine'],
    ['As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 9s', 'senior', 'no senior hand: 9s is below ten'],
    [H.kingAceTwo, 'no-face-cards', 'not a no-face-cards hand: Ks is a face card'],
    [H.queenKingAceFront, 'all-one-color', 'not all one colour: 7 red and 6 black cards'],
    [H.kingAceTwo, 'three-straights', 'no three straights: the ranks (A K 7 7 6 6 5 5 4 4 3 3 2) do not split into a 3-card straight and two 5-card straights'],
  ];
  it.each(refusals)('%s does not hold %s', (hand, name, message) => {
    const r = verifyNatural(cards(hand), name);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('natural-not-held');
    expect(r.error.message).toBe(message);
  });

  it('refuses bad input as values, not exceptions', () => {
    const list = cards(H.nothing);
    const codeOf = (r: ReturnType<typeof verifyNatural>) => (r.ok ? 'ok' : r.error.code);
    expect(codeOf(verifyNatural(list.slice(1), 'dragon'))).toBe('wrong-card-count');
    expect(codeOf(verifyNatural([...list.slice(1), list[1]], 'dragon'))).toBe('duplicate-card');
    expect(codeOf(verifyNatural([...list.slice(1), -1], 'dragon'))).toBe('bad-card');
    expect(codeOf(verifyNatural(list, 'big-dragon' as NaturalName))).toBe('unknown-natural');
  });
});

/** A proof arrangement really is what it claims: the same 13 cards, 3/5/5, each segment a flush or straight, a legal setting. */
function expectProofHolds(hand: readonly number[], proof: NaturalProof): void {
  const arrangement = proof.arrangement;
  expect(arrangement, `${proof.name} needs an arrangement`).toBeDefined();
  if (!arrangement) return;
  expect(sorted(cardsOf(arrangement))).toEqual(sorted(hand));
  expect([arrangement.front.length, arrangement.middle.length, arrangement.back.length]).toEqual([3, 5, 5]);
  const segmentOk = proof.name === 'three-flushes' ? isOneSuit : isRankRun;
  for (const segment of [arrangement.front, arrangement.middle, arrangement.back]) expect(segmentOk(segment)).toBe(true);
  expect(evaluate(arrangement.back)).toBeGreaterThanOrEqual(evaluate(arrangement.middle));
  const verdict = unwrap(checkSetting(arrangement, { dealt: hand }));
  expect(verdict.fouled).toBe(false);
}

// Properties (fast-check, pinned seeds so a run can be replayed).
const RUNS = { seed: 20240602, numRuns: 300 };
const seedArb = fc.integer({ min: 1, max: 2 ** 31 - 1 });

describe('properties: constructed hands hold their natural', () => {
  const builders: [NaturalName, (random: () => number) => number[]][] = [
    ['three-straights', genThreeStraights],
    ['three-flushes', genThreeFlushes],
    ['six-pairs', genSixPairs],
    ['dragon', (r) => genDragon(r)],
    ['color-dragon', (r) => genDragon(r, r() < 0.5 ? [0, 3] : [1, 2])],
    ['pure-dragon', (r) => genDragon(r, [Math.floor(r() * 4)])],
    ['all-one-color', (r) => genOneColour(r, r() < 0.5)],
    ['minor', (r) => genFromRanks(r, [0, 1, 2, 3, 4, 5, 6, 7])],
    ['senior', (r) => genFromRanks(r, [8, 9, 10, 11, 12])],
    ['no-face-cards', (r) => genFromRanks(r, [0, 1, 2, 3, 4, 5, 6, 7, 8, 12])],
  ];
  it.each(builders)('%s: detected, verified, proof valid, and the brute force agrees', (name, build) => {
    fc.assert(fc.property(seedArb, (seed) => {
      const hand = build(seededRandom(seed));
      const found = detectNaturals(hand);
      expect(found).toContain(name);
      expect(found).toEqual(referenceNaturals(hand));
      const proof = unwrap(verifyNatural(hand, name));
      if (name === 'three-flushes' || name === 'three-straights') expectProofHolds(hand, proof);
      else expect(proof.arrangement).toBeUndefined();
    }), { ...RUNS, numRuns: name.startsWith('three') || name === 'six-pairs' ? 300 : 60 });
  });
});

describe('properties: random deals', () => {
  it('detection equals the brute-force definitions on seeded random hands', () => {
    fc.assert(fc.property(seedArb, (seed) => {
      const hand = dealCards(seededRandom(seed), 13);
      expect(detectNaturals(hand)).toEqual(referenceNaturals(hand));
    }), RUNS);
  });

  it('verifyNatural agrees with detectNaturals for every name, with a valid proof', () => {
    fc.assert(fc.property(seedArb, fc.constantFrom(...NATURAL_NAMES), (seed, name) => {
      const hand = dealCards(seededRandom(seed), 13);
      const r = verifyNatural(hand, name);
      expect(r.ok).toBe(detectNaturals(hand).includes(name));
      if (r.ok && (name === 'three-flushes' || name === 'three-straights')) expectProofHolds(hand, r.value);
      if (!r.ok) expect(r.error.code).toBe('natural-not-held');
    }), { ...RUNS, numRuns: 500 });
  });

  it('near misses: a constructed natural with one card swapped agrees with the brute force', () => {
    // one card replaced by a random card not in the hand: often still, often no longer, a natural
    const gens = [genThreeStraights, genThreeFlushes, genSixPairs];
    fc.assert(fc.property(seedArb, fc.constantFrom(0, 1, 2), (seed, which) => {
      const random = seededRandom(seed);
      const hand = gens[which](random);
      const outside = [...Array(52).keys()].filter((c) => !hand.includes(c));
      hand[Math.floor(random() * 13)] = outside[Math.floor(random() * outside.length)];
      const found = detectNaturals(hand);
      expect(found.includes('three-straights')).toBe(bruteThreeStraights(hand) !== undefined);
      expect(found.includes('three-flushes')).toBe(bruteThreeFlushes(hand) !== undefined);
      expect(found.includes('six-pairs')).toBe(bruteSixPairs(hand));
    }), RUNS);
  });
});
