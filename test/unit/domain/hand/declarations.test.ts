// Surrender, naturals and the irregularities the floor resolves (RULES.md s4, s6, s7, s11).
import { describe, expect, it } from 'vitest';
import {
  apply, blockers, buildSettled, scannedCardRefusal, scannerExpects, showdownRecord, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { formatCards } from '../../../../app/domain/cards';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { settleRecord } from '../../../../app/domain/settle';
import { EXAMPLE_003, at, cards, dealtHand, deckFor, drive, driveAll, ev, handOf, must, refusal } from './support';

const exampleDeck = (button: SeatNo = 4) => deckFor(button, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);

/** Settles with buildSettled and checks the result is settleRecord's on the same record. */
function settle(s: HandState) {
  const settled = unwrap(buildSettled(s, at()));
  expect(settled.result).toEqual(unwrap(settleRecord(unwrap(showdownRecord(s)))));
  return { state: drive(s, settled), result: settled.result, record: settled.record };
}

describe('surrender needs the chips to cover the whole penalty (RULES.md s6)', () => {
  it('is refused for chips with the sum spelled out, then accepted with enough', () => {
    // mandarin-house: surrender 3 points; 3 players; 500 a point: 3 x 2 opponents x 500 = 3,000
    const short = dealtHand({ seats: [1, 2, 3], pointValue: 500, stacks: { 3: 1_200 } });
    expect(refusal(apply(short, ev.surrender(3)))).toEqual({
      code: 'surrender-not-covered',
      message: 'Seat 3 cannot surrender: 1,200 in chips does not cover the 3-point penalty of 3 x 2 opponents x 500 = 3,000',
    });
    const enough = dealtHand({ seats: [1, 2, 3], pointValue: 500, stacks: { 3: 3_000 } });
    expect(must(enough, ev.surrender(3)).seats[2].surrender).toEqual({ cards: enough.seats[2].dealt });
  });

  it('an opponent who surrendered first is not paid: the penalty counts live opponents only (RULES.md s6 "two surrendered players owe each other 0")', () => {
    let s = dealtHand({ seats: [1, 2, 3], pointValue: 500, stacks: { 3: 1_500 } });
    expect(refusal(apply(s, ev.surrender(3))).code).toBe('surrender-not-covered');
    s = driveAll(s, [ev.surrender(1), ev.surrender(3)]);
    expect(s.seats[2].surrender).not.toBeNull();
    expect(refusal(apply(s, ev.surrender(3))).code).toBe('already-surrendered');
  });

  it('a surrendered hand is not shown and pays the penalty; the result is settleRecord\'s', () => {
    let s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.surrender(3), ev.ready(1), ev.ready(2), ev.ready(4), ev.open()]);
    expect(refusal(apply(s, rows(3))).code).toBe('surrendered');
    s = driveAll(s, [rows(1), rows(2), rows(4)]);
    const { result, record } = settle(s);
    expect(result.surrendered).toEqual([3]);
    expect(record.seats[2]).toMatchObject({ seat: 3, stack: 10_000, surrender: true });
    expect(cards(record.seats[2].cards!).sort()).toEqual(handOf(EXAMPLE_003[3]).sort());
    expect(result.points['3']).toBe(-9); // 3 points to each of 3 live opponents
  });
});

const SIX_PAIRS = '2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h Ac';
const withSixPairs = () => deckFor(4, { 2: cards(SIX_PAIRS) });
const playAsSet = { ...presetJson('mandarin-house'), name: 'mh-play-as-set', falseNatural: 'play-as-set' };

describe('naturals: declared before the showdown, verified against the dealt cards (RULES.md s7)', () => {
  // [source, profile, seat 2's deck, true?]
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['a true Six Pairs, false naturals foul (RULES.md s7 default)', presetJson('mandarin-house'), true],
    ['a true Six Pairs, false naturals play as set (RULES.md s7 Decision option)', playAsSet, true],
    ['a false Six Pairs fouls (RULES.md s7 "the hand is treated as fouled")', presetJson('mandarin-house'), false],
    ['a false Six Pairs plays as set (profile option)', playAsSet, false],
  ];
  it.each(cases)('%s', (_source, profile, held) => {
    const log: HandEvent[] = [];
    let s = dealtHand({ profile, deck: held ? withSixPairs() : exampleDeck() }, log);
    s = drive(s, ev.natural(2, 'six-pairs'), log);
    const verdict = log[log.length - 1];
    expect(verdict).toMatchObject({ type: held ? 'natural-verified' : 'natural-rejected', by: 'system', seat: 2, natural: 'six-pairs' });
    if (verdict.type === 'natural-verified') expect(verdict.proof.explanation).toMatch(/pairs/);
    if (verdict.type === 'natural-rejected') expect(verdict.reason).toMatch(/^no six pairs: /);
    s = driveAll(s, [ev.ready(1), ev.ready(3), ev.ready(4)]);
    const playsAsSet = !held && profile.falseNatural === 'play-as-set';
    if (playsAsSet) {
      expect(blockers(s)).toEqual(['Seat 2 must set his hand (a false natural plays as set)']);
      s = drive(s, ev.ready(2));
    }
    s = drive(s, ev.open());
    const readSeats = ([1, 3, 4] as SeatNo[]).concat(playsAsSet ? [2] : []);
    for (const seat of readSeats) {
      const d = s.seats[seat - 1].dealt;
      // the dealer's order of scanning skips seat 2 unless it plays as set
      expect(scannerExpects(s)?.seat).toBe(readSeats.filter((x) => !s.seats[x - 1].hand).sort()[0]);
      s = drive(s, held || seat !== 2 ? { type: 'hand-set', at: at(), by: 'device', seat, source: 'scanner', front: d.slice(0, 3), middle: d.slice(3, 8), back: d.slice(8) } : rows(2));
    }
    expect(scannerExpects(s)).toBeNull();
    const { result } = settle(s);
    if (held) {
      expect(result.naturals).toEqual({ 2: 'six-pairs' });
      expect(result.points['2']).toBe(12); // 4 from each of three hands (mandarin-house)
    } else {
      expect(result.falseNaturals['2']).toMatchObject({ declared: 'six-pairs', playedAs: playsAsSet ? 'set' : 'foul' });
      expect(result.fouled.includes(2)).toBe(!playsAsSet);
    }
  });

  it('the verdict is the rules core\'s: a true natural cannot be rejected, nor a false one verified', () => {
    const s = must(dealtHand({ deck: withSixPairs() }), ev.natural(2, 'six-pairs'));
    expect(refusal(apply(s, { type: 'natural-rejected', at: at(), by: 'system', seat: 2, natural: 'six-pairs', reason: 'no' })).code).toBe('verdict-mismatch');
    const f = must(dealtHand({ deck: exampleDeck() }), ev.natural(2, 'six-pairs'));
    expect(refusal(apply(f, { type: 'natural-verified', at: at(), by: 'system', seat: 2, natural: 'six-pairs', proof: { name: 'six-pairs', explanation: '' } })).code).toBe('verdict-mismatch');
    expect(refusal(apply(s, ev.natural(2, 'dragon'))).code).toBe('natural-already-declared');
    expect(refusal(apply(s, ev.open())).message).toBe('The hands cannot be opened yet: Seat 1 has not set his hand; Seat 2\'s Six Pairs is waiting for verification; Seat 3 has not set his hand; Seat 4 has not set his hand');
  });

  it('in shoe mode declared cards must be the dealt ones; without a shoe they must be scanned', () => {
    const s = dealtHand({ deck: withSixPairs() });
    const other = s.seats[0].dealt;
    expect(refusal(apply(s, ev.natural(2, 'six-pairs', [...other]))).code).toBe('cards-not-dealt-to-seat');
    expect(apply(s, ev.natural(2, 'six-pairs', [...s.seats[1].dealt].reverse())).ok).toBe(true);
    const scanner = driveAll(dealtHand({ mode: 'scanner-only', deck: [] }), [ev.dealEnded()]);
    expect(refusal(apply(scanner, ev.natural(2, 'six-pairs')))).toEqual({ code: 'cards-needed', message: 'Seat 2\'s natural: scan the 13 cards laid face up (this table has no shoe)' });
    const log: HandEvent[] = [];
    drive(scanner, ev.natural(2, 'six-pairs', cards(SIX_PAIRS)), log);
    expect(log[1].type).toBe('natural-verified');
  });

  it('without a shoe a surrender needs its 13 folded cards scanned: without them the hand could never be settled (docs/hand-lifecycle.md, scanner-only play)', () => {
    const scanner = driveAll(dealtHand({ mode: 'scanner-only', deck: [] }), [ev.dealEnded()]);
    expect(refusal(apply(scanner, ev.surrender(1)))).toEqual({ code: 'surrender-cards-needed', message: 'Seat 1\'s surrender: scan the 13 folded cards (this table has no shoe)' });
    // With the cards scanned the surrender is taken, and the hand settles once the others are read.
    let s = must(scanner, ev.surrender(1, handOf(EXAMPLE_003[1])));
    expect(s.seats[0].surrender).toEqual({ cards: handOf(EXAMPLE_003[1]) });
    s = driveAll(s, [ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(2), rows(3), rows(4)]);
    const { result } = settle(s);
    expect(result.surrendered).toEqual([1]);
  });
});

describe('a card at showdown that is not the seat\'s blocks settlement until the floor rules (RULES.md s4)', () => {
  it('a swap of two cards between seats: two irregularities, accepted as they lie by the floor', () => {
    let s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
    s = driveAll(s, [
      ev.set(1, 'Kd 5d 3d', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'), // 3d was dealt to seat 2
      ev.set(2, '2h 2d 2s', 'Kh Qd Jh Th 9h', '2c 3c 5c 7c 9c'), // 2s was dealt to seat 1
      rows(3), rows(4),
    ]);
    expect(s.irregularities.map((i) => [i.id, i.seat, i.kind, i.detail])).toEqual([
      [1, 1, 'card-of-other-seat', 'shows cards dealt to another seat (3d to Seat 2)'],
      [2, 2, 'card-of-other-seat', 'shows cards dealt to another seat (2s to Seat 1)'],
    ]);
    expect(refusal(buildSettled(s, at())).message).toBe('The hand cannot be settled yet: irregularity 1 (Seat 1: shows cards dealt to another seat (3d to Seat 2)) awaits the floor; irregularity 2 (Seat 2: shows cards dealt to another seat (2s to Seat 1)) awaits the floor');
    s = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' }, 'cards swapped by the dealer; play as they lie'));
    expect(blockers(s)).toHaveLength(1);
    expect(refusal(apply(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' }))).code).toBe('already-resolved');
    s = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 2, ruling: 'accept' }, 'same'));
    expect(blockers(s)).toEqual([]);
    const { record } = settle(s);
    expect(record.seats[0].front).toBe('Kd 5d 3d');
  });

  it("a card of the dead hand: the floor fouls the seat; the record marks the seat with the floor's reason", () => {
    let s = driveAll(dealtHand({ deck: exampleDeck(), seats: [1, 2, 3] }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.open()]);
    s = driveAll(s, [ev.set(1, 'Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s As'), rows(2), rows(3)]); // As lies in dead seat 4's hand
    expect(s.irregularities[0]).toMatchObject({ seat: 1, kind: 'card-of-other-seat', cards: cards('As'), blocking: true });
    s = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }, 'took a card from the dead hand'));
    expect(s.seats[0].fouledByFloor).toEqual({ irregularity: 1, reason: 'took a card from the dead hand' });
    const { result, record } = settle(s);
    expect(record.seats[0]).toMatchObject({ foul: 'took a card from the dead hand' });
    expect(record.seats[0].cards?.split(' ')).toHaveLength(13);
    expect(result.fouls['1']).toBe('ruled fouled by the floor: took a card from the dead hand');
    expect(result.fouled).toEqual([1]);
  });

  it('a foul ruled for a card of another PLAYING seat settles with the seat\'s dealt cards (no card twice in the record)', () => {
    let s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
    s = driveAll(s, [ev.set(1, 'Kd 5d 3d', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'), rows(2), rows(3), rows(4)]); // 3d was dealt to seat 2
    s = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }, 'showed a card of seat 2'));
    const { result, record } = settle(s);
    expect(record.seats[0].cards?.split(' ').sort()).toEqual(formatCards(s.seats[0].dealt).split(' ').sort());
    expect(result.fouled).toEqual([1]);
  });

  it('a scanned row with a card that is not the seat\'s is refused, naming whose it is (issue 5)', () => {
    const s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
    const r = refusal(apply(s, ev.row(1, 'front', 'Kd 5d 3d'))); // 3d was dealt to seat 2
    expect(r.code).toBe('card-not-this-seats');
    expect(r.message).toMatch(/^3d is not one of Seat 1's cards: it was dealt to Seat 2\. Scan the row again/);
    expect(scannedCardRefusal(s, 1, cards('Kd')[0])).toBeNull();
    expect(apply(s, ev.row(1, 'front', 'Kd 5d 2s')).ok).toBe(true);
  });

  it('the floor replaces a misread hand; the irregularity is resolved by it', () => {
    let s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
    s = driveAll(s, [ev.set(1, 'Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s Ac'), rows(2), rows(3)]);
    s = drive(s, ev.floor({ kind: 'replace-hand', seat: 1, front: cards('Kd 5d 2s'), middle: cards('7h 7d 8s 8c 3h'), back: cards('6h 6d 6c 4s 4d') }, 'scanner read 4d as Ac'));
    expect(s.irregularities[0].resolution).toMatchObject({ ruling: 'hand-replaced', reason: 'scanner read 4d as Ac' });
    expect(s.seats[0].hand?.source).toBe('floor');
    s = drive(s, rows(4));
    const { record, result } = settle(s);
    // The floor's hand is the one settled, not the misread one; example 003's points.
    expect(record.seats[0]).toEqual({ seat: 1, stack: 10_000, front: 'Kd 5d 2s', middle: '7h 7d 8s 8c 3h', back: '6h 6d 6c 4s 4d' });
    expect(result.points).toEqual({ 1: 1, 2: 8, 3: -6, 4: -3 });
  });

  it('the floor can rule a seat fouled directly (a hand short of a card, RULES.md s11)', () => {
    let s = driveAll(dealtHand({ deck: exampleDeck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(1), rows(2), rows(3)]);
    s = drive(s, ev.floor({ kind: 'foul-seat', seat: 4 }, 'seat 4 mucked a card'));
    expect(refusal(apply(s, rows(4))).code).toBe('fouled');
    expect(settle(s).result.fouled).toEqual([4]);
  });
});
