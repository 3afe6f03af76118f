// Deal tracking and misdeals (issue 3 s1; RULES.md s2 "the deal", s8 "misdeals").
import { describe, expect, it } from 'vitest';
import {
  apply, blockers, cardCounts, carryOver, chineseSchedule, dealProgress, initialState, seatForCard, stacksAfter,
  type HandEvent, type HandState, type MisdealCause, type SeatNo,
} from '../../../../app/domain/hand';
import { at, cards, dealt, dealtHand, drive, driveAll, ev, must, refusal, started } from './support';

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);

describe('deal order: the k-th card goes to seat ((button + k) mod 4) + 1 (RULES.md s2)', () => {
  // [button, the first four seats dealt] — source: RULES.md s2 "starting with the seat to the left of the button"
  const cases: [SeatNo, SeatNo[]][] = [[1, [2, 3, 4, 1]], [2, [3, 4, 1, 2]], [3, [4, 1, 2, 3]], [4, [1, 2, 3, 4]]];
  it.each(cases)('button on seat %i deals %j first', (button, first) => {
    expect(range(4).map((k) => seatForCard(button, k))).toEqual(first);
    expect(chineseSchedule(button).slice(0, 8)).toEqual([...first, ...first]);
    const s = dealtHand({ button, seats: [1, 2, 3] }); // all four hands dealt even with 3 players (RULES.md s2, 002)
    for (const seat of [1, 2, 3, 4] as SeatNo[]) {
      expect(s.seats[seat - 1].dealt).toEqual(range(52).filter((k) => seatForCard(button, k) === seat));
    }
    expect(cardCounts(s)).toEqual({ 1: 13, 2: 13, 3: 13, 4: 13 });
    expect(s.phase).toBe('setting');
  });

  it('counts cards per seat during the deal and names the next seat (dealer screen)', () => {
    let s = drive(initialState, started({ button: 2 }));
    for (const c of range(6)) s = drive(s, dealt(c));
    expect(cardCounts(s)).toEqual({ 1: 1, 2: 1, 3: 2, 4: 2 });
    expect(dealProgress(s)).toEqual({ read: 6, of: 52, next: 1 });
    expect(blockers(s)).toEqual(['the deal is at 6 of 52 cards']);
  });
});

/** Starts a hand, deals `n` cards (seq 0..n-1) and returns the state. */
function partial(n: number, extra: Parameters<typeof started>[0] = {}): HandState {
  let s = drive(initialState, started(extra));
  for (const c of range(n)) s = drive(s, dealt(c, c));
  return s;
}

describe('automatic misdeals: the fold detects, followUps appends misdeal-called (RULES.md s8, 002)', () => {
  // [what, source, state before, the event that causes it, cause, detail fragment]
  const cases: [string, string, () => HandState, HandEvent, MisdealCause, string][] = [
    ['a card read twice', 'RULES.md s8 "a card was read twice"', () => partial(10), dealt(3, 10), 'card-read-twice', '2c was read twice (cards 4 and 11 read)'],
    ['a 53rd card', 'RULES.md s8 "the shoe read more ... than 52 cards"', () => partial(52), dealt(7, 52), 'too-many-cards', 'read 53rd, the deal has 52 cards'],
    ['an unreadable card', 'RULES.md s8 "a card could not be read"', () => partial(5),
      { type: 'card-unreadable', at: at(), by: 'device', seq: 5, raw: '02ff03' }, 'unreadable-card', 'read 6 could not be read by the shoe'],
    ['a gap in the sequence numbers', 'issue 3 s1 "a gap in the device\'s sequence numbers"', () => partial(5), dealt(40, 7), 'sequence-gap', 'jumped from 4 to 7'],
    ['a gap the device reports', 'issue 3 s1', () => partial(5),
      { type: 'sequence-gap', at: at(), by: 'device', expected: 5, got: 9 }, 'sequence-gap', 'expected 5, got 9'],
    ['the deal ended short', 'RULES.md s8 "fewer than 52 cards"', () => partial(40), ev.dealEnded(), 'short-deal', 'ended after 40 cards of 52'],
    ['a gap across the counter wrap', 'hardware/card-source.ts: framed seq 0..99 wrapping', () => {
      let s = drive(initialState, started({ seqModulo: 100 }));
      for (const [i, c] of range(3).entries()) s = drive(s, dealt(c, 98 + i === 100 ? 0 : (98 + i) % 100));
      return s;
    }, dealt(10, 2), 'sequence-gap', 'jumped from 0 to 2'],
  ];
  it.each(cases)('%s (%s)', (_what, _source, before, event, cause, detail) => {
    const s0 = before();
    const log: HandEvent[] = [];
    const s = drive(s0, event, log);
    expect(s.phase).toBe('misdealt');
    const misdeal = log[log.length - 1];
    expect(misdeal).toMatchObject({ type: 'misdeal-called', by: 'system', cause, automatic: true });
    if (misdeal.type !== 'misdeal-called') return;
    expect(misdeal.detail).toContain(detail);
    // The dealer reads the detail: a device's raw bytes are the floor's (the timeline), never in it.
    expect(misdeal.detail).not.toMatch(/bytes|02ff03/);
    // the cards read so far, in order, including the offending read (RULES.md s8 "logged with ... the cards read so far")
    expect(misdeal.cardsRead).toEqual(event.type === 'card-dealt' ? [...s0.deal.cards, event.card] : s0.deal.cards);
    // no chips move, the button stays (RULES.md s2, s8)
    expect(carryOver(s).button).toBe(s.info!.button);
    expect(stacksAfter(s)).toEqual({ 1: 10_000, 2: 10_000, 3: 10_000, 4: 10_000 });
  });

  it('sequence numbers that wrap at seqModulo are no gap', () => {
    let s = drive(initialState, started({ seqModulo: 100 }));
    for (const [i, c] of range(5).entries()) s = drive(s, dealt(c, (97 + i) % 100));
    expect(s.pendingMisdeal).toBeNull();
    expect(s.phase).toBe('dealing');
    expect(refusal(apply(s, dealt(9, 100))).code).toBe('bad-event'); // outside 0..99
  });

  it('a shoe without sequence numbers (seq null) cannot show a gap', () => {
    let s = drive(initialState, started());
    for (const c of range(52)) s = drive(s, dealt(c, null));
    expect(s.phase).toBe('setting');
  });

  it('while the misdeal is pending nothing else applies, and it must be the detected one', () => {
    const s = must(partial(10), dealt(3, 10));
    expect(s.pendingMisdeal).toMatchObject({ cause: 'card-read-twice' });
    expect(refusal(apply(s, dealt(11, 11)))).toMatchObject({ code: 'misdeal-pending' });
    const call = { type: 'misdeal-called', at: at(), by: 'system', automatic: true, cardsRead: s.deal.cards, detail: 'x' } as const;
    expect(refusal(apply(s, { ...call, cause: 'short-deal' })).code).toBe('misdeal-mismatch');
    expect(refusal(apply(s, { ...call, cause: 'card-read-twice', cardsRead: [1, 2] })).code).toBe('bad-event');
    expect(apply(s, { ...call, cause: 'card-read-twice' }).ok).toBe(true);
  });

  it('a misdeal cause nobody detected is refused', () => {
    const s = partial(10);
    const r = apply(s, { type: 'misdeal-called', at: at(), by: 'dealer', cause: 'card-read-twice', automatic: true, cardsRead: s.deal.cards, detail: '' });
    expect(refusal(r)).toEqual({ code: 'no-misdeal', message: 'No card-read-twice misdeal has happened this hand' });
  });

  it('after the misdeal the hand takes no more events', () => {
    const s = drive(partial(10), dealt(3, 10));
    expect(refusal(apply(s, dealt(20, 11)))).toEqual({ code: 'hand-over', message: 'card-dealt: the hand was a misdeal; nothing more can happen in this hand' });
    expect(apply(s, ev.floor({ kind: 'note' }, 'dealer retrained')).ok).toBe(true); // a floor note is still recorded
  });
});

describe('misdeals on the dealer\'s report (RULES.md s8)', () => {
  it('four exposed cards of one hand are noted and the hand plays on; the fifth is a misdeal', () => {
    let s = dealtHand();
    s = driveAll(s, [ev.exposed(2, 1), ev.exposed(2, 5), ev.exposed(2), ev.exposed(2)]);
    expect(s.phase).toBe('setting');
    expect(s.seats[1].exposed).toEqual([1, 5, null, null]);
    const log: HandEvent[] = [];
    s = drive(s, ev.exposed(2), log);
    expect(s.phase).toBe('misdealt');
    expect(log[1]).toMatchObject({ type: 'misdeal-called', cause: 'cards-exposed', automatic: false, detail: '5 cards of Seat 2\'s hand were exposed' });
  });

  it('exposed cards are checked against the deal', () => {
    const s = dealtHand(); // button 4: card 0 to seat 1, card 1 to seat 2
    expect(refusal(apply(s, ev.exposed(1, 1)))).toEqual({ code: 'card-not-in-hand', message: '2h was dealt to Seat 2, not Seat 1' });
    const once = must(s, ev.exposed(2, 1));
    expect(refusal(apply(once, ev.exposed(2, 1))).code).toBe('already-exposed');
  });

  it('five exposed cards of an empty seat\'s dead hand are no misdeal (RULES.md s2: never looked at)', () => {
    let s = dealtHand({ seats: [1, 2, 3] });
    for (let i = 0; i < 5; i++) s = drive(s, ev.exposed(4));
    expect(s.phase).toBe('setting');
  });

  it('a wrong-seat delivery before anyone set is a misdeal', () => {
    const log: HandEvent[] = [];
    const s = drive(dealtHand(), ev.wrongSeat(1, 2), log);
    expect(s.phase).toBe('misdealt');
    expect(log[1]).toMatchObject({ cause: 'wrong-seat-delivery', automatic: false, detail: 'Seat 1 was given the hand dealt to Seat 2' });
  });

  it('a wrong-seat delivery after a seat set is noted for the floor and the hands play as they lie', () => {
    let s = driveAll(dealtHand(), [ev.ready(3), ev.wrongSeat(1, 2), ev.wrongSeat(2, 1)]);
    expect(s.phase).toBe('setting');
    expect(s.irregularities.map((i) => [i.seat, i.kind, i.blocking])).toEqual([[1, 'wrong-seat-after-set', false], [2, 'wrong-seat-after-set', false]]);
    expect(s.seats[0].holds).toBe(2);
    // Seat 1 shows seat 2's dealt cards at showdown: no irregularity, they are his now.
    s = driveAll(s, [ev.ready(1), ev.ready(2), ev.ready(4), ev.open()]);
    const seat2 = s.seats[1].dealt;
    s = must(s, { type: 'hand-set', at: at(), by: 'device', seat: 1, source: 'scanner', front: seat2.slice(0, 3), middle: seat2.slice(3, 8), back: seat2.slice(8) });
    expect(s.irregularities.filter((i) => i.blocking)).toEqual([]);
  });

  it('a wrong card count reported by the dealer is a misdeal; a floor ruling needs the floor', () => {
    const s = dealtHand();
    const call = { type: 'misdeal-called', at: at(), by: 'dealer', automatic: false, cardsRead: s.deal.cards, detail: 'seat 3 has 12 cards' } as const;
    expect(must(s, { ...call, cause: 'wrong-card-count' }).abort).toMatchObject({ kind: 'misdeal', cause: 'wrong-card-count' });
    expect(refusal(apply(s, { ...call, cause: 'floor-ruling' })).code).toBe('floor-only');
    expect(must(s, { ...call, by: 'floor:Jana', cause: 'floor-ruling' }).phase).toBe('misdealt');
    expect(refusal(apply(s, { ...call, cause: 'wrong-card-count', automatic: true })).code).toBe('bad-event');
  });
});

describe('scanner-only play (no shoe): cards become known when shown (issue 3 s1)', () => {
  it('takes no shoe reads, waits for the dealer to end the deal, flags cross-seat duplicates', () => {
    let s = drive(initialState, started({ mode: 'scanner-only', preset: 'basic', seats: [1, 2, 3] }));
    expect(refusal(apply(s, dealt(0))).code).toBe('no-shoe');
    expect(blockers(s)).toEqual(['the dealer has not ended the deal']);
    s = driveAll(s, [ev.dealEnded(), ev.ready(1), ev.ready(2), ev.ready(3), ev.open()]);
    s = driveAll(s, [
      ev.set(1, 'Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'),
      ev.set(2, '2h 2d 3d', 'Kh Qd Jh Th 9h', '2c 3c 5c 7c 9c'),
      ev.set(3, 'Ts 8d 3s', 'Qs Qh 5s 5h 6s', 'Ah Ks Qc Jc 7h'), // 7h is seat 1's too: a misread or a foreign card
    ]);
    expect(s.irregularities).toMatchObject([{ id: 1, seat: 3, kind: 'duplicate-across-seats', blocking: true, detail: '7h is also in the hand of Seat 1' }]);
    expect(blockers(s)).toEqual(['irregularity 1 (Seat 3: 7h is also in the hand of Seat 1) awaits the floor']);
    // "accept as it lies" is impossible with the same card in two hands
    expect(refusal(apply(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' }))).code).toBe('cannot-accept');
    expect(refusal(apply(s, ev.floor({ kind: 'replace-hand', seat: 3, front: [], middle: [], back: [] }))).code).toBe('wrong-card-count');
    const fixed = must(s, ev.floor({ kind: 'replace-hand', seat: 3, front: cards('Ts 8d 3s'), middle: cards('Qs Qh 5s 5h 6s'), back: cards('Ah Ks Qc Jc Tc') }, 'scanner misread Tc as 7h'));
    expect(fixed.irregularities[0].resolution).toMatchObject({ ruling: 'hand-replaced', by: 'floor:Jana' });
    expect(blockers(fixed)).toEqual([]);
  });
});
