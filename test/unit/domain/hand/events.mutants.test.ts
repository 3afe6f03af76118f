/**
 * The events of a hand (app/domain/hand/events.ts) and the ones the terminal appends by itself
 * (app/domain/hand/follow-ups.ts), checked so each would fail if the code were wrong:
 * - every stored event type name is one the fold knows (a stored log keeps replaying), and a
 *   name outside the list is refused as unknown;
 * - `followUps`: nothing before a hand; a misdeal the fold found becomes `misdeal-called` with
 *   the cards read; the deal ends by itself after the last scheduled read only, never without a
 *   shoe and never after a misdeal on that last read; the hand closes after its last payment
 *   (at once when the settlement has none), and nothing follows the close.
 */
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, followUps, initialState, outstandingPayments, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { HAND_EVENT_TYPES } from '../../../../app/domain/hand/events';
import { unwrap } from '../../../../app/domain/result';
import { at, dealt, drive, ev, must, refusal, started } from './support';

/** The names as stored in every log: never renamed. */
const STORED_NAMES = [
  'hand-started', 'card-dealt', 'card-unreadable', 'sequence-gap', 'deal-ended', 'card-exposed',
  'wrong-seat-delivery', 'seat-ready', 'surrender-declared', 'natural-declared', 'natural-verified',
  'natural-rejected', 'row-scanned', 'hand-set', 'card-placed', 'showdown-opened', 'settled',
  'payment-executed', 'misdeal-called', 'floor-correction', 'hand-voided', 'hand-closed',
];

const T = '2025-03-01T12:00:00.000Z';

/** A shoe hand with the first `n` cards of the deck 0..51 dealt (seq = read number - 1). */
function partial(n: number): HandState {
  let s = drive(initialState, started());
  for (let i = 0; i < n; i++) s = drive(s, dealt(i, i));
  return s;
}

describe('HAND_EVENT_TYPES: the stored names, each known to the fold', () => {
  it('lists the 22 stored names, each once', () => {
    expect([...HAND_EVENT_TYPES].sort()).toEqual([...STORED_NAMES].sort());
    expect(new Set(HAND_EVENT_TYPES).size).toBe(22);
  });

  it.each(STORED_NAMES)('"%s" is a known event: before a hand it is refused for that, not as unknown', (type) => {
    const r = apply(initialState, { type, at: T, by: 'dealer' } as unknown as HandEvent);
    if (type === 'hand-started') expect(r.ok ? 'ok' : r.error.code).not.toBe('unknown-event');
    else expect(refusal(r)).toEqual({ code: 'no-hand', message: `${type}: no hand has started` });
  });

  it('a name outside the list is refused as unknown, quoting it', () => {
    expect(refusal(apply(initialState, { type: 'hand-start', at: T, by: 'dealer' } as unknown as HandEvent)))
      .toEqual({ code: 'unknown-event', message: 'unknown event type "hand-start"' });
  });
});

describe('followUps: what the terminal appends by itself', () => {
  it('nothing before a hand starts', () => {
    expect(followUps(initialState, T)).toEqual([]);
  });

  it('a misdeal the fold found: misdeal-called by system, with its cause, detail and the cards read in order', () => {
    const s = must(partial(3), dealt(1, 3));
    expect(followUps(s, T)).toEqual([{
      type: 'misdeal-called', at: T, by: 'system', cause: 'card-read-twice', automatic: true,
      cardsRead: [0, 1, 2, 1], detail: s.pendingMisdeal!.detail,
    }]);
    // a reported misdeal (five exposed cards) is not automatic
    let e = partial(8);
    for (let i = 0; i < 5; i++) e = must(e, ev.exposed(2));
    expect(followUps(e, T)).toMatchObject([{ type: 'misdeal-called', cause: 'cards-exposed', automatic: false, cardsRead: [0, 1, 2, 3, 4, 5, 6, 7] }]);
  });

  it('the shoe deal ends by itself after the last scheduled read, not before, and once', () => {
    const s51 = partial(51);
    expect(s51.phase).toBe('dealing');
    expect(followUps(s51, T)).toEqual([]);
    const s52 = must(s51, dealt(51, 51));
    expect(followUps(s52, T)).toEqual([{ type: 'deal-ended', at: T, by: 'system' }]);
    const ended = must(s52, followUps(s52, T)[0]);
    expect(ended.phase).toBe('setting');
    expect(followUps(ended, T)).toEqual([]);
  });

  it('an OFC deal ends by itself after its own schedule (13 a player), not after 52 reads', () => {
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2] }));
    const log: HandEvent[] = [];
    for (let i = 0; i < 26; i++) s = drive(s, dealt(i, i), log);
    expect(log.filter((e) => e.type === 'deal-ended')).toEqual([expect.objectContaining({ by: 'system' })]);
    expect(log.findIndex((e) => e.type === 'deal-ended')).toBe(log.length - 1);
  });

  it('the last read unreadable: the misdeal is recorded and nothing follows it (no deal-ended)', () => {
    const log: HandEvent[] = [];
    const s = drive(partial(51), { type: 'card-unreadable', at: at(), by: 'device', seq: 51, raw: '02ff03' }, log);
    expect(s.deal.reads).toBe(52);
    expect(s.phase).toBe('misdealt');
    expect(log.map((e) => e.type)).toEqual(['card-unreadable', 'misdeal-called']);
    expect(followUps(s, T)).toEqual([]);
  });

  it('the last card read twice: the misdeal is recorded and nothing follows it', () => {
    const log: HandEvent[] = [];
    const s = drive(partial(51), dealt(7, 51), log);
    expect(s.abort).toMatchObject({ kind: 'misdeal', cause: 'card-read-twice' });
    expect(log.map((e) => e.type)).toEqual(['card-dealt', 'misdeal-called']);
    expect(followUps(s, T)).toEqual([]);
  });

  it('without a shoe the deal is never ended by the terminal: the dealer ends it', () => {
    const s = drive(initialState, started({ mode: 'scanner-only' }));
    expect(s.phase).toBe('dealing');
    expect(followUps(s, T)).toEqual([]);
    const ended = must(s, ev.dealEnded());
    expect(ended.phase).toBe('setting');
    expect(followUps(ended, T)).toEqual([]);
  });

  it('a hand being paid closes after its last payment only; nothing follows the close', () => {
    // Two players: seat 2 surrenders, seat 1 is paid the penalty (one payment).
    let s = drive(initialState, started({ seats: [1, 2] }));
    for (let i = 0; i < 52; i++) s = drive(s, dealt(i, i));
    s = drive(s, ev.surrender(2));
    s = drive(s, ev.ready(1));
    s = drive(s, ev.open());
    const d = s.seats[0].dealt;
    s = drive(s, { type: 'hand-set', at: at(), by: 'device', seat: 1, source: 'scanner', front: d.slice(0, 3), middle: d.slice(3, 8), back: d.slice(8) });
    s = must(s, unwrap(buildSettled(s, at())));
    expect(s.phase).toBe('paying');
    const [p, ...more] = outstandingPayments(s);
    expect(more).toEqual([]);
    expect(followUps(s, T)).toEqual([]);
    s = must(s, { type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount });
    expect(followUps(s, T)).toEqual([{ type: 'hand-closed', at: T, by: 'system' }]);
    const closed = must(s, followUps(s, T)[0]);
    expect(closed.phase).toBe('closed');
    expect(followUps(closed, T)).toEqual([]);
  });

  it('a settlement with no payment closes the hand at once (both players surrendered: they owe each other 0)', () => {
    let s = drive(initialState, started({ seats: [1, 3] }));
    for (let i = 0; i < 52; i++) s = drive(s, dealt(i, i));
    for (const seat of [1, 3] as SeatNo[]) s = drive(s, ev.surrender(seat));
    s = drive(s, ev.open());
    s = must(s, unwrap(buildSettled(s, at())));
    expect(s.phase).toBe('paying');
    expect(outstandingPayments(s)).toEqual([]);
    expect(followUps(s, T)).toEqual([{ type: 'hand-closed', at: T, by: 'system' }]);
  });

  it('nothing while the players set (no natural to judge), at the showdown, or once the hand is over', () => {
    const setting = partial(52);
    expect(setting.phase).toBe('setting');
    expect(followUps(setting, T)).toEqual([]);
    const ready = ([1, 2, 3, 4] as SeatNo[]).reduce((s, seat) => drive(s, ev.ready(seat)), setting);
    const open = drive(ready, ev.open());
    expect(followUps(open, T)).toEqual([]);
    expect(followUps(drive(open, ev.void()), T)).toEqual([]);
  });
});
