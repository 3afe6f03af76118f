// What the dealer may call himself, and the idle short deal (app/domain/hand/dealer-calls.ts,
// RULES.md s8): the words every misdeal cause is logged with, and the calls refused while the
// terminal's own misdeal waits to be recorded.
import { describe, expect, it } from 'vitest';
import { dealerMisdealCauses, idleDeal, initialState, type HandEvent, type HandState } from '../../../../app/domain/hand';
import { MISDEAL_CAUSE_WORDS, calledMisdealDetail } from '../../../../app/domain/hand/dealer-calls';
import { HAND_EVENT_TYPES } from '../../../../app/domain/hand/events';
import { dealt, drive, ev, must, started } from './support';

/** A shoe deal of `n` reads, one a second from 20:00:00. */
function partial(n: number): HandState {
  let s = drive(initialState, started());
  for (let k = 0; k < n; k++) s = drive(s, { ...dealt(k, k), at: `2025-03-01T20:00:${String(k % 60).padStart(2, '0')}.000Z` } as HandEvent);
  return s;
}
/** The same deal with its next read a card already read: the terminal found a misdeal, not
 *  recorded yet (no follow-ups applied). */
function readTwice(n: number): HandState {
  return must(partial(n), { ...dealt(0, n), at: '2025-03-01T20:00:59.000Z' } as HandEvent);
}
const clock = (now: number) => (at: string) => now - Date.parse(at);

describe('the misdeal causes in words (the log and the alert)', () => {
  it('every cause of RULES.md s8, worded', () => {
    expect(MISDEAL_CAUSE_WORDS).toEqual({
      'card-read-twice': 'a card was read twice',
      'too-many-cards': 'the shoe read more cards than the deal has',
      'unreadable-card': 'a card could not be read',
      'sequence-gap': 'a read was lost',
      'short-deal': 'the deal is short: the shoe stopped before the last card',
      'cards-exposed': 'five or more cards of one hand were exposed',
      'wrong-seat-delivery': 'a hand was delivered to the wrong seat before anyone set',
      'wrong-card-count': 'a player has the wrong number of cards',
      'floor-ruling': 'the floor ruled it',
    });
    expect(HAND_EVENT_TYPES).toContain('misdeal-called');
  });

  it('a misdeal called without a detail says who called it and why', () => {
    expect(calledMisdealDetail('short-deal', false)).toBe('called by the dealer: the deal is short: the shoe stopped before the last card');
    expect(calledMisdealDetail('floor-ruling', true)).toBe('called by the floor: the floor ruled it');
    expect(calledMisdealDetail('wrong-card-count', true)).toBe('called by the floor: a player has the wrong number of cards');
  });
});

describe('the dealer\'s calls wait for the terminal\'s own misdeal', () => {
  it('nothing to call while a misdeal the shoe showed waits to be recorded (it records it itself)', () => {
    const s = readTwice(20);
    expect(s.pendingMisdeal).toMatchObject({ cause: 'card-read-twice' });
    expect(s.phase).toBe('dealing');
    expect(dealerMisdealCauses(s)).toEqual([]);
    // Without the misdeal the same deal offers both calls.
    expect(dealerMisdealCauses(partial(20))).toEqual(['short-deal', 'wrong-card-count']);
  });

  it('no hand, no calls', () => {
    expect(dealerMisdealCauses(initialState)).toEqual([]);
    expect(idleDeal(initialState, () => 60_000, 20_000)).toBeNull();
  });

  it('no short deal without a shoe, in a reserved round (nothing is dealt), or once every card is read', () => {
    expect(dealerMisdealCauses(drive(initialState, started({ mode: 'scanner-only' })))).toEqual(['wrong-card-count']);
    const reserved = drive(initialState, started({
      seats: [1, 2], preset: 'basic',
      twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: Array.from({ length: 13 }, (_, i) => i) }, { seat: 2, cards: Array.from({ length: 13 }, (_, i) => 13 + i) }] },
    }));
    expect(reserved.phase).toBe('setting');
    expect(dealerMisdealCauses(reserved)).toEqual(['wrong-card-count']);
    // The 52nd read, before its follow-up ends the deal: still dealing, but nothing is short.
    const all = must(partial(51), { ...dealt(51, 51), at: '2025-03-01T20:00:51.000Z' } as HandEvent);
    expect([all.phase, all.deal.reads, all.deal.ended]).toEqual(['dealing', 52, false]);
    expect(dealerMisdealCauses(all)).toEqual(['wrong-card-count']);
    expect(idleDeal(all, clock(Date.parse('2025-03-01T20:05:00.000Z')), 20_000)).toBeNull();
  });

  it('no idle deal once the hand is over: a misdeal recorded or a void, the shoe\'s reads stopped short', () => {
    const later = clock(Date.parse('2025-03-01T20:05:00.000Z'));
    const misdealt = drive(partial(20), { ...dealt(0, 20), at: '2025-03-01T20:00:20.000Z' } as HandEvent);
    expect([misdealt.phase, misdealt.pendingMisdeal, misdealt.deal.reads]).toEqual(['misdealt', null, 21]);
    expect(idleDeal(misdealt, later, 20_000)).toBeNull();
    expect(dealerMisdealCauses(misdealt)).toEqual([]);
    const voided = drive(partial(20), ev.void());
    expect(idleDeal(voided, later, 20_000)).toBeNull();
  });

  it('idleDeal: not while that misdeal waits, nor for a clock that cannot tell', () => {
    const last = Date.parse('2025-03-01T20:00:19.000Z');
    expect(idleDeal(partial(20), clock(last + 30_000), 20_000)).toEqual({ read: 20, of: 52, idleMs: 30_000 });
    expect(idleDeal(readTwice(20), clock(last + 30_000), 20_000)).toBeNull();
    expect(idleDeal(partial(20), () => Number.NaN, 20_000)).toBeNull();
    expect(idleDeal(partial(20), () => Number.POSITIVE_INFINITY, 20_000)).toBeNull();
    expect(idleDeal(partial(20), clock(last + 30_000), Number.NaN)).toBeNull();
    expect(idleDeal(partial(20), clock(last + 30_000), -1)).toBeNull();
    expect(idleDeal(partial(0), clock(last + 30_000), 20_000)).toBeNull();
  });
});
