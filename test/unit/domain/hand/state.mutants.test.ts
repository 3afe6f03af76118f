/**
 * What app/domain/hand/state.ts promises (the hand's state, its constructors and its small
 * readers), checked so each would fail if the code were wrong:
 * - the state before any hand: four empty seats 1-4, each holding its own position, nothing
 *   dealt, no card owned, the deal not ended;
 * - `withState`, `withSeatFields`, `withDeal`: a copy with exactly the fields given changed
 *   (null is a value given: it clears a field), every other field kept;
 * - the state stays plain JSON data at every step of a hand (no field left `undefined`), and the
 *   times it records (`showdownAt`, `closedAt`, `lastAt`) are the events' and survive later events;
 * - `isOver` (closed, misdealt, voided are final), `seatOf`, `playingSeats` (clockwise from the
 *   left of the button, seated players only, none before a hand).
 */
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, followUps, initialState, isOver, outstandingPayments, playingSeats, seatOf,
  type HandEvent, type HandState, type Phase, type SeatNo,
} from '../../../../app/domain/hand';
import { emptySeat, withDeal, withSeatFields, withState, type DealState, type SeatState } from '../../../../app/domain/hand/state';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, dealt, dealtHand, deckFor, ev, handOf, must, refusal, started } from './support';

const deck = deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });

/** Drives the events one by one, calling `check` on every state reached (follow-ups included). */
function play(start: HandState, events: (HandEvent | ((s: HandState) => HandEvent))[], check: (s: HandState) => void): HandState {
  let s = start;
  for (const e of events) {
    const event = typeof e === 'function' ? e(s) : e;
    let t = must(s, event);
    check(t);
    // the follow-ups one at a time, each state checked
    for (let more = followUpsOf(t); more.length > 0; more = followUpsOf(t)) {
      for (const f of more) { t = must(t, f); check(t); }
    }
    s = t;
  }
  return s;
}
const followUpsOf = (s: HandState) => followUps(s, s.lastAt ?? at());

/** The state survives a JSON round trip exactly: every field is a value (null, not undefined). */
function plainJson(s: HandState): void {
  expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
}

const payAll = (s: HandState): HandEvent[] => outstandingPayments(s).map((p) => ({
  type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount,
}));

describe('the state before any hand', () => {
  it('four empty seats, 1 to 4, each holding its own position, nobody playing, nothing dealt or shown', () => {
    expect(initialState.phase).toBe('idle');
    expect(initialState.info).toBeNull();
    expect(initialState.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4]);
    for (const s of initialState.seats) {
      expect(s).toStrictEqual({
        seat: s.seat, player: null, playing: false, dealt: [], holds: s.seat, exposed: [], ready: false, surrender: null,
        natural: null, scanned: {}, hand: null, placed: { front: [], middle: [], back: [] }, fouledByFloor: null,
      });
    }
    expect(emptySeat(3)).toStrictEqual(initialState.seats[2]);
  });

  it('no card read, none owned by any position (52 zeros), the deal not ended', () => {
    expect(initialState.deal).toStrictEqual({
      schedule: [], reads: 0, cards: [], owner: new Array(52).fill(0), lastSeq: null, lastReadAt: null, ended: false,
    });
    expect(initialState).toMatchObject({ pendingMisdeal: null, irregularities: [], showdownAt: null, settlement: null, abort: null, closedAt: null, eventCount: 0, lastAt: null });
  });

  it('a shoe hand starts with its 52 positions to deal, none of them read yet', () => {
    const s = must(initialState, started());
    expect(s.deal.ended).toBe(false);
    expect(s.deal.schedule).toHaveLength(52);
    expect(s.deal.owner).toEqual(new Array(52).fill(0));
    expect(s.seats.map((x) => [x.playing, x.ready, x.holds])).toEqual([[true, false, 1], [true, false, 2], [true, false, 3], [true, false, 4]]);
  });
});

describe('withState, withSeatFields, withDeal: a copy with the fields given changed, the rest kept', () => {
  const base = (): HandState => must(must(dealtHand({ deck }), ev.ready(1)), ev.exposed(2, deck[1]));

  // A value for each field, different from base()'s.
  const stateChanges: Partial<HandState> = {
    phase: 'showdown', info: null, seats: [], deal: initialState.deal,
    pendingMisdeal: { cause: 'floor-ruling', automatic: false, detail: 'x' },
    irregularities: [{ id: 1, seat: 1, kind: 'card-not-dealt', cards: [], detail: 'd', blocking: true, at: 'a', resolution: null }],
    showdownAt: '2025-03-01T00:00:00.000Z', settlement: null, abort: { kind: 'void', reason: 'r', by: 'floor:J', at: 'a', second: null, returned: [] },
    closedAt: '2025-03-01T00:00:01.000Z', eventCount: 999, lastAt: '2025-03-01T00:00:02.000Z',
  };

  it('withState: nothing given keeps every field; each field given is taken, the others kept', () => {
    const s = base();
    expect(withState(s, {})).toStrictEqual(s);
    for (const [key, value] of Object.entries(stateChanges) as [keyof HandState, unknown][]) {
      const next = withState(s, { [key]: value } as Partial<HandState>);
      expect(next[key], key).toStrictEqual(value);
      expect({ ...next, [key]: s[key] }, key).toStrictEqual(s);
    }
  });

  it('withState: null clears a field that holds something (a misdeal recorded, a time, the hand info)', () => {
    const full = withState(base(), stateChanges);
    for (const key of ['info', 'pendingMisdeal', 'showdownAt', 'settlement', 'abort', 'closedAt', 'lastAt'] as const) {
      expect(withState(full, { [key]: null })[key], key).toBeNull();
    }
  });

  it('withSeatFields: nothing given keeps the seat; each field given is taken, null clears', () => {
    const seat = base().seats[0];
    expect(withSeatFields(seat, {})).toStrictEqual(seat);
    const changes: Partial<SeatState> = {
      player: { seat: 1, playerId: 'x', stack: 5 }, playing: false, dealt: [1, 2], holds: 3, exposed: [null], ready: false,
      surrender: { cards: null }, natural: { name: 'dragon', status: 'declared', cards: null, proof: null, reason: null },
      scanned: { front: [1, 2, 3] }, hand: { front: [], middle: [], back: [], source: 'touch' },
      placed: { front: [7], middle: [], back: [] }, fouledByFloor: { irregularity: null, reason: 'r' },
    };
    for (const [key, value] of Object.entries(changes) as [keyof SeatState, unknown][]) {
      const next = withSeatFields(seat, { [key]: value } as Partial<SeatState>);
      expect(next[key], key).toStrictEqual(value);
      expect({ ...next, [key]: seat[key] }, key).toStrictEqual(seat);
    }
    const full = withSeatFields(seat, changes);
    for (const key of ['player', 'surrender', 'natural', 'hand', 'fouledByFloor'] as const) {
      expect(withSeatFields(full, { [key]: null })[key], key).toBeNull();
    }
    // the seat number is the seat's own, whatever is given
    expect(withSeatFields(seat, { seat: 4 } as Partial<SeatState>).seat).toBe(1);
  });

  it('withDeal: nothing given keeps the deal; each field given is taken, null clears', () => {
    const d = base().deal;
    expect(withDeal(d, {})).toStrictEqual(d);
    const changes: Partial<DealState> = { schedule: [1], reads: 3, cards: [9], owner: [], lastSeq: 77, lastReadAt: '2025-03-01T00:00:00.000Z', ended: false };
    for (const [key, value] of Object.entries(changes) as [keyof DealState, unknown][]) {
      const next = withDeal(d, { [key]: value } as Partial<DealState>);
      expect(next[key], key).toStrictEqual(value);
      expect({ ...next, [key]: d[key] }, key).toStrictEqual(d);
    }
    expect(withDeal(d, { lastSeq: null }).lastSeq).toBeNull();
    expect(withDeal(d, { lastReadAt: null }).lastReadAt).toBeNull();
  });
});

describe('the state stays plain data at every step, and keeps the times it recorded', () => {
  it('a whole hand to its close: JSON round trip exact at every step; showdownAt, closedAt, lastAt and eventCount are the events\'', () => {
    let s = must(initialState, started());
    plainJson(s);
    const events: ((st: HandState) => HandEvent)[] = [
      ...deck.map((c, i) => () => dealt(c, i)),
      () => ev.ready(1), () => ev.ready(2), () => ev.ready(3), () => ev.ready(4),
    ];
    s = play(s, events, (t) => { plainJson(t); expect(t.showdownAt).toBeNull(); expect(t.closedAt).toBeNull(); expect(t.pendingMisdeal).toBeNull(); });
    const open = ev.open();
    s = must(s, open);
    expect(s.showdownAt).toBe(open.at);
    const rows = ([1, 2, 3, 4] as SeatNo[]).map((seat) => ev.set(seat, ...EXAMPLE_003[seat]));
    s = play(s, rows, (t) => { plainJson(t); expect(t.showdownAt).toBe(open.at); });
    s = play(s, [(t) => unwrap(buildSettled(t, at()))], (t) => { plainJson(t); expect(t.showdownAt).toBe(open.at); });
    expect(s.phase).toBe('paying');
    const payments = payAll(s);
    expect(payments.length).toBeGreaterThan(1);
    const seen: HandState[] = [];
    s = play(s, payments, (t) => { plainJson(t); seen.push(t); expect(t.showdownAt).toBe(open.at); });
    expect(s.phase).toBe('closed');
    // closed by the follow-up after the last payment, at that payment's time
    const last = payments[payments.length - 1];
    expect(s.closedAt).toBe(last.at);
    expect(seen.slice(0, -1).every((t) => t.closedAt === null)).toBe(true);
    expect(s.lastAt).toBe(last.at);
    // 1 start + 52 cards + deal-ended + 4 ready + open + 4 hands + settled + payments + close
    expect(s.eventCount).toBe(1 + 52 + 1 + 4 + 1 + 4 + 1 + payments.length + 1);
    // a note after the close changes nothing but the count and the time
    const note = ev.floor({ kind: 'note' });
    const noted = must(s, note);
    expect(noted).toStrictEqual({ ...s, eventCount: s.eventCount + 1, lastAt: note.at });
  });

  it('lastAt is the time of the last event applied, an event refused changes nothing', () => {
    const start = started();
    const s = must(initialState, start);
    expect(s.lastAt).toBe(start.at);
    expect(s.eventCount).toBe(1);
    const card = dealt(5, 0);
    const t = must(s, card);
    expect(t.lastAt).toBe(card.at);
    expect(t.eventCount).toBe(2);
    expect(t.deal.lastReadAt).toBe(card.at);
    expect(t.deal.lastSeq).toBe(0);
    expect(refusal(apply(t, ev.ready(1))).code).toBe('deal-not-finished');
  });

  it('a misdeal: plain data at every step, and a note keeps the misdeal record', () => {
    let s = must(initialState, started());
    s = play(s, [dealt(0, 0), dealt(1, 1), dealt(0, 2)], plainJson);
    expect(s.phase).toBe('misdealt');
    expect(s.pendingMisdeal).toBeNull();
    const abort = s.abort;
    expect(abort).toMatchObject({ kind: 'misdeal', cause: 'card-read-twice', automatic: true, cardsRead: [0, 1, 0] });
    const noted = play(s, [ev.floor({ kind: 'note' })], plainJson);
    expect(noted.abort).toStrictEqual(abort);
    expect(noted.phase).toBe('misdealt');
  });

  it('a void after a payment: the chips to give back stay on record after a note', () => {
    let s = dealtHand({ deck });
    s = play(s, [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(),
      ...([1, 2, 3, 4] as SeatNo[]).map((seat) => ev.set(seat, ...EXAMPLE_003[seat])),
      (t) => unwrap(buildSettled(t, at())), (t) => payAll(t)[0],
    ], plainJson);
    const voidEvent: HandEvent = {
      type: 'hand-voided', at: at(), by: 'floor:Jana', reason: 'wrong hand scored',
      signedBy: [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }],
    };
    s = play(s, [voidEvent], plainJson);
    expect(s.phase).toBe('voided');
    const abort = s.abort;
    expect(abort).toMatchObject({ kind: 'void', second: 'Petr' });
    expect(abort?.kind === 'void' && abort.returned.length).toBe(1);
    const noted = play(s, [ev.floor({ kind: 'note' })], plainJson);
    expect(noted.abort).toStrictEqual(abort);
    expect(noted.settlement).toStrictEqual(s.settlement);
    expect(noted.showdownAt).toBe(s.showdownAt);
  });

  it('exposures, a swap after a set, a surrender, a floor foul, an OFC hand and scanner rows: plain data at every step', () => {
    // exposures and a wrong-seat swap after seat 1 set (noted, the hands play as they lie)
    let s = dealtHand({ deck });
    s = play(s, [ev.exposed(2, deck[1]), ev.exposed(3), ev.ready(1), ev.wrongSeat(2, 3), ev.surrender(4)], plainJson);
    expect(seatOf(s, 2).holds).toBe(3);
    expect(seatOf(s, 3).holds).toBe(2);
    expect(seatOf(s, 2).exposed).toEqual([deck[1]]);
    expect(seatOf(s, 3).exposed).toEqual([null]);
    expect(seatOf(s, 4).surrender).not.toBeNull();
    expect(s.irregularities).toHaveLength(1);
    s = play(s, [ev.ready(2), ev.ready(3), ev.open(), ev.row(1, 'front', EXAMPLE_003[1][0])], plainJson);
    expect(seatOf(s, 1).scanned.front).toHaveLength(3);
    // a floor foul
    s = play(s, [ev.floor({ kind: 'foul-seat', seat: 2 })], plainJson);
    expect(seatOf(s, 2).fouledByFloor).toMatchObject({ irregularity: null, reason: 'ruling' });

    // OFC: placements
    let o = must(initialState, started({ preset: 'ofc', seats: [1, 2] }));
    o = play(o, Array.from({ length: 10 }, (_, i) => dealt(i, i)), plainJson);
    expect(o.phase).toBe('dealing');
    const first = seatOf(o, 1).dealt[0];
    o = play(o, [ev.place(1, first, 'back')], plainJson);
    expect(seatOf(o, 1).placed.back).toEqual([first]);
    expect(seatOf(o, 2).placed).toEqual({ front: [], middle: [], back: [] });
  });
});

describe('isOver: closed, misdealt and voided are final; the other phases are not', () => {
  it.each<[Phase, boolean]>([
    ['idle', false], ['dealing', false], ['setting', false], ['showdown', false], ['paying', false],
    ['closed', true], ['misdealt', true], ['voided', true],
  ])('%s: %s', (phase, over) => {
    expect(isOver(withState(initialState, { phase }))).toBe(over);
  });
});

describe('seatOf and playingSeats', () => {
  it('seatOf gives the seat asked for', () => {
    const s = dealtHand({ seats: [1, 3] });
    for (const seat of [1, 2, 3, 4] as SeatNo[]) expect(seatOf(s, seat).seat).toBe(seat);
    expect(seatOf(s, 3).playing).toBe(true);
    expect(seatOf(s, 2).playing).toBe(false);
  });

  it('playingSeats: none before a hand; the seated players only, clockwise from the left of the button', () => {
    expect(playingSeats(initialState)).toEqual([]);
    const s = must(initialState, started({ seats: [1, 2, 4], button: 2 }));
    expect(playingSeats(s).map((x) => x.seat)).toEqual([4, 1, 2]);
    expect(playingSeats(s).every((x) => x.player !== null)).toBe(true);
    const t = must(initialState, started({ button: 1 }));
    expect(playingSeats(t).map((x) => x.seat)).toEqual([2, 3, 4, 1]);
  });
});
