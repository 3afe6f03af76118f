// Two-handed play with the reserved hand (RULES.md s2, seed 003) and Open Face Chinese Poker
// (RULES.md s10, seed 001) through the hand fold.
import { describe, expect, it } from 'vitest';
import {
  apply, awaitingPlacement, buildSettled, carryOver, initialState, ofcSchedule, outstandingPayments, replay,
  showdownRecord, type HandEvent, type HandState, type Row, type SeatNo,
} from '../../../../app/domain/hand';
import type { Card } from '../../../../app/domain/cards';
import { unwrap } from '../../../../app/domain/result';
import { settleRecord } from '../../../../app/domain/settle';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, must, refusal, started } from './support';

function settleAndPay(s: HandState, log: HandEvent[] = []): HandState {
  const settled = unwrap(buildSettled(s, at()));
  expect(settled.result).toEqual(unwrap(settleRecord(unwrap(showdownRecord(s)))));
  s = drive(s, settled, log);
  for (const p of outstandingPayments(s)) {
    s = drive(s, { type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount }, log);
  }
  return s;
}

describe('two-handed play with the reserved hand (RULES.md s2, 003)', () => {
  const deck = deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
  const reserve = { round: 'dealt' as const, reserve: [{ seat: 1 as SeatNo, hand: 3 as SeatNo }, { seat: 2 as SeatNo, hand: 4 as SeatNo }] };

  it('plays the dealt round, then the reserved round without a deal', () => {
    const log: HandEvent[] = [];
    let s = dealtHand({ seats: [1, 2], deck, twoHanded: reserve, preset: 'basic' }, log);
    s = driveAll(s, [ev.ready(1), ev.ready(2), ev.open(), ev.set(1, ...EXAMPLE_003[1]), ev.set(2, ...EXAMPLE_003[2])], log);
    s = settleAndPay(s, log);
    expect(s.phase).toBe('closed');
    expect(unwrap(replay(log))).toEqual(s);
    const carry = carryOver(s);
    expect(carry.button).toBe(1); // one seat clockwise from 4 (RULES.md s2)
    expect(carry.reservedRound).toEqual({
      round: 'reserved', fromHandId: 'H1',
      hands: [{ seat: 1, cards: s.seats[2].dealt }, { seat: 2, cards: s.seats[3].dealt }],
    });

    // The reserved round: the reserved cards are the seats' hands; nothing is dealt.
    let r = drive(initialState, started({ seats: [1, 2], button: carry.button, twoHanded: carry.reservedRound!, handId: 'H2', preset: 'basic', stacks: { 1: carry.stacks[0].stack, 2: carry.stacks[1].stack } }));
    expect(r.phase).toBe('setting');
    expect(refusal(apply(r, dealt(0)))).toEqual({ code: 'no-deal', message: 'No card can be dealt: this round is played with the reserved hands; nothing is dealt' });
    r = driveAll(r, [ev.ready(1), ev.ready(2), ev.open(), ev.set(1, ...EXAMPLE_003[3]), ev.set(2, ...EXAMPLE_003[4])]);
    expect(r.irregularities).toEqual([]);
    r = settleAndPay(r);
    expect(r.phase).toBe('closed');
    expect(carryOver(r).reservedRound).toBeNull(); // the next round is dealt again
  });

  it('in the reserved round a card from outside the reserved hand was never dealt this hand', () => {
    const first = dealtHand({ seats: [1, 2], deck, twoHanded: reserve });
    const reservedRound = {
      round: 'reserved' as const, fromHandId: 'H1',
      hands: [{ seat: 1 as SeatNo, cards: first.seats[2].dealt }, { seat: 2 as SeatNo, cards: first.seats[3].dealt }],
    };
    let r = driveAll(drive(initialState, started({ seats: [1, 2], button: 1, twoHanded: reservedRound })), [ev.ready(1), ev.ready(2), ev.open()]);
    r = drive(r, ev.set(1, 'Ts 8d Kd', 'Qs Qh 5s 5h 6s', 'Ah Ks Qc Jc Tc')); // Kd was seat 1's card last round
    expect(r.irregularities[0]).toMatchObject({ seat: 1, kind: 'card-not-dealt', detail: 'shows Kd, which was never dealt this hand' });
  });

  it('five exposed cards of a reserved hand are a misdeal; a misdealt dealt round reserves nothing', () => {
    let s = dealtHand({ seats: [1, 2], deck, twoHanded: reserve });
    for (let i = 0; i < 5; i++) s = drive(s, ev.exposed(3));
    expect(s.phase).toBe('misdealt');
    expect(carryOver(s)).toMatchObject({ button: 4, reservedRound: null });
  });

  it('checks the reservation', () => {
    const bad = (twoHanded: unknown) => refusal(apply(initialState, { ...started({ seats: [1, 2] }), twoHanded } as HandEvent));
    expect(bad({ round: 'dealt', reserve: [{ seat: 1, hand: 3 }, { seat: 2, hand: 3 }] }).message)
      .toBe('hand-started: the two players must reserve different spare hands (the hands of seats 3 and 4)');
    expect(bad({ round: 'dealt', reserve: [{ seat: 1, hand: 2 }, { seat: 2, hand: 4 }] }).code).toBe('bad-two-handed');
    expect(bad({ round: 'reserved', fromHandId: 'H1', hands: [{ seat: 1, cards: cards('As') }, { seat: 2, cards: [] }] }).code).toBe('wrong-card-count');
  });
});

// OFC hands: seat 1 finishes Q-Q front (Fantasyland), seat 2 a plain valid hand.
const OFC_ROWS: Record<1 | 2, Record<Row, string>> = {
  1: { front: 'Qs Qh 2c', middle: 'Ks Kh 3c 4d 6h', back: '9s 9h 9d 7c 8d' },
  2: { front: '2s 3s 4h', middle: 'As Ad 5c 6c 7d', back: 'Ts Th Td Tc 2d' },
};

function ofcRowsOf(seat: 1 | 2): Map<Card, Row> {
  const m = new Map<Card, Row>();
  for (const row of ['front', 'middle', 'back'] as Row[]) for (const c of cards(OFC_ROWS[seat][row])) m.set(c, row);
  return m;
}

describe('OFC: 5 cards then one at a time, placed as dealt (RULES.md s10, 001)', () => {
  it('deals only seated players, in turn from left of the button; Fantasyland players first, 13 at once', () => {
    expect(ofcSchedule(4, [1, 2], [])).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, ...Array(8).fill([1, 2]).flat()]);
    expect(ofcSchedule(1, [1, 2, 4], [])).toEqual([2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1, ...Array(8).fill([2, 4, 1]).flat()]);
    expect(ofcSchedule(4, [1, 2, 3], [2])).toEqual([...Array(13).fill(2), 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, ...Array(8).fill([1, 3]).flat()]);
  });

  function playOfc(fantasyland: SeatNo[] = []) {
    const schedule = ofcSchedule(4, [1, 2], fantasyland);
    const queues = { 1: [...ofcRowsOf(1).keys()], 2: [...ofcRowsOf(2).keys()] };
    const log: HandEvent[] = [];
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland }), log);
    for (const [i, seat] of schedule.entries()) {
      const card = queues[seat as 1 | 2].shift()!;
      s = drive(s, dealt(card, i), log);
      if (!fantasyland.includes(seat)) s = drive(s, ev.place(seat, card, ofcRowsOf(seat as 1 | 2).get(card)!), log);
      else if (s.seats[seat - 1].dealt.length === 13) {
        const r = OFC_ROWS[seat as 1 | 2];
        s = drive(s, ev.set(seat, r.front, r.middle, r.back, 'touch'), log);
      }
    }
    return { s, log };
  }

  it('a whole OFC hand: the deal ends itself, the hand is settled by settleRecord and Fantasyland carries over', () => {
    let { s, log } = playOfc();
    expect(s.phase).toBe('setting'); // deal-ended appended by followUps after card 26
    expect(s.seats[0].hand).toMatchObject({ source: 'placed', front: cards('Qs Qh 2c') });
    s = drive(s, ev.open(), log);
    s = settleAndPay(s, log);
    expect(s.phase).toBe('closed');
    expect(s.settlement!.result.fantasyland).toEqual([1]);
    expect(carryOver(s).fantasyland).toEqual([1]);
    expect(unwrap(replay(log))).toEqual(s);
  });

  it('a Fantasyland player gets his 13 first and shows them at once; no placing, no rearranging', () => {
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: [1] }));
    const fl = ofcRowsOf(1);
    const flCards = [...fl.keys()];
    for (const [i, c] of flCards.slice(0, 12).entries()) s = drive(s, dealt(c, i));
    expect(refusal(apply(s, ev.place(1, flCards[0], 'front'))).code).toBe('fantasyland-sets-at-once');
    expect(refusal(apply(s, ev.set(1, OFC_ROWS[1].front, OFC_ROWS[1].middle, OFC_ROWS[1].back))).code).toBe('deal-incomplete');
    s = drive(s, dealt(flCards[12], 12));
    s = drive(s, ev.set(1, OFC_ROWS[1].front, OFC_ROWS[1].middle, OFC_ROWS[1].back));
    expect(refusal(apply(s, ev.set(1, OFC_ROWS[1].middle.split(' ').slice(0, 3).join(' '), `${OFC_ROWS[1].front} ${OFC_ROWS[1].middle.split(' ').slice(3).join(' ')}`, OFC_ROWS[1].back))).code).toBe('hand-already-read');
    const { s: done } = playOfc([1]);
    const closed = settleAndPay(drive(done, ev.open()));
    expect(closed.settlement!.record.seats[0]).toMatchObject({ seat: 1, fantasyland: true });
    expect(closed.settlement!.result.fantasyland).toEqual([]); // 001: Fantasyland does not earn another from QQ
  });

  it('refuses a card not dealt to the seat, a card placed twice, a placement into a full row', () => {
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2] }));
    const seat1 = cards('Qs Qh 2c Ks Kh');
    for (const [i, c] of seat1.entries()) s = drive(s, dealt(c, i));
    expect(refusal(apply(s, ev.place(1, cards('Ad')[0], 'back')))).toEqual({ code: 'cards-not-dealt-to-seat', message: 'Ad was not dealt to Seat 1' });
    s = driveAll(s, [ev.place(1, seat1[0], 'front'), ev.place(1, seat1[1], 'front'), ev.place(1, seat1[2], 'front')]);
    expect(refusal(apply(s, ev.place(1, seat1[0], 'back')))).toEqual({ code: 'already-placed', message: 'Qs is already in Seat 1\'s front: a placed card never moves' });
    expect(refusal(apply(s, ev.place(1, seat1[3], 'front')))).toEqual({ code: 'row-full', message: 'Seat 1\'s front is full (3 cards): Ks must go to the middle or back' });
    expect(awaitingPlacement(s)).toEqual([{ seat: 1, cards: seat1.slice(3) }]);
    expect(refusal(apply(s, ev.open())).message).toBe('The hands cannot be opened yet: the deal is not finished');
    const notOfc = dealtHand();
    expect(refusal(apply(notOfc, ev.place(1, 0, 'front'))).code).toBe('not-ofc');
    expect(must(s, ev.place(1, seat1[3], 'middle')).seats[0].placed.middle).toEqual([seat1[3]]);
  });

  it('without a shoe, placements are checked against the cards already on the table', () => {
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only' }));
    s = driveAll(s, [ev.place(1, cards('Qs')[0], 'front'), ev.place(2, cards('2s')[0], 'front')]);
    expect(refusal(apply(s, ev.place(2, cards('Qs')[0], 'back')))).toEqual({ code: 'card-on-table', message: 'Qs is already on the table at Seat 1' });
    for (const seat of [1, 2] as const) {
      const rows = ofcRowsOf(seat);
      for (const [c, row] of rows) if (!s.seats[seat - 1].placed[row].includes(c)) s = drive(s, ev.place(seat, c, row));
    }
    s = driveAll(s, [ev.dealEnded(), ev.open()]);
    expect(settleAndPay(s).phase).toBe('closed');
  });
});
