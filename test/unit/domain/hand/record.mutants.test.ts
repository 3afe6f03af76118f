// The showdown record built from a hand's state (app/domain/hand/record.ts, docs/settle.md):
// one entry per playing seat in seat order, each seat as the settlement must see it
// (surrendered, fouled by the floor, a natural, a false natural played as set, Fantasyland),
// the refusals while a seat's cards are unknown, and the floor's re-check of a stored settlement.
import { describe, expect, it } from 'vitest';
import { formatCards } from '../../../../app/domain/cards';
import { apply, buildSettled, initialState, showdownRecord, verifySettlement, type HandState, type SeatNo } from '../../../../app/domain/hand';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { settleRecord } from '../../../../app/domain/settle';
import { EXAMPLE_003, at, cards, dealtHand, deckFor, drive, driveAll, ev, handOf, started } from './support';

const deck = (hands: Partial<Record<SeatNo, number[]>> = {}) => deckFor(4, {
  1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]), ...hands,
});
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
const text = (seat: SeatNo) => ({ front: formatCards(cards(EXAMPLE_003[seat][0])), middle: formatCards(cards(EXAMPLE_003[seat][1])), back: formatCards(cards(EXAMPLE_003[seat][2])) });
const playAsSet = { ...presetJson('mandarin-house'), name: 'mh-play-as-set', falseNatural: 'play-as-set' };
const netted = { ...presetJson('mandarin-house'), name: 'mh-netted', payments: 'netted' };
// Six pairs of cards seed 003's seats 1 and 2 do not hold.
const SIX_PAIRS = '5s 5h 4h 4c 8h 8d Qs Qh As Ah 9s 9d Ts';

describe('showdownRecord: each seat as the settlement sees it', () => {
  it('no hand, no record', () => {
    expect(showdownRecord(initialState)).toEqual({ ok: false, error: { code: 'no-hand', message: 'no hand has started' } });
  });

  it('the hand\'s rules, point value and button; the seats in seat order with their starting stacks and rows', () => {
    // Button on 2 (seats announced 3, 4, 1, 2), but the record lists 1, 2, 3, 4.
    const s = driveAll(dealtHand({ deck: deckFor(2, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) }), button: 2, pointValue: 250, stacks: { 1: 1_000, 2: 2_000, 3: 3_000, 4: 4_000 } }),
      [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(4), rows(3), rows(2), rows(1)]);
    const record = unwrap(showdownRecord(s));
    expect(record).toEqual({
      id: 'H1', rules: s.info!.profileSnapshot, pointValue: 250, button: 2,
      seats: [1, 2, 3, 4].map((seat) => ({ seat, stack: seat * 1_000, ...text(seat as SeatNo) })),
    });
    expect(Object.keys(record)).toEqual(['id', 'rules', 'pointValue', 'button', 'seats']);
    expect(Object.keys(record.seats[0])).toEqual(['seat', 'stack', 'front', 'middle', 'back']);
  });

  it('a profile that pays the netted list asks settle for it', () => {
    const s = driveAll(dealtHand({ deck: deck(), profile: netted }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(1), rows(2), rows(3), rows(4)]);
    const record = unwrap(showdownRecord(s));
    expect(record.netting).toBe(true);
    expect(Object.keys(record)).toEqual(['id', 'rules', 'pointValue', 'button', 'netting', 'seats']);
  });

  it('a surrender: the 13 cards and the flag; a verified natural: its cards and name; a floor foul: the cards dealt and the reason', () => {
    // Seat 1 shows seat 2's 2h in place of his 2s: the floor fouls seat 1 on it.
    const s = driveAll(dealtHand({ deck: deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: cards(SIX_PAIRS) }) }), [ev.surrender(4), ev.natural(3, 'six-pairs'), ev.ready(1), ev.ready(2), ev.open(),
      ev.set(1, 'Kd 5d 2h', EXAMPLE_003[1][1], EXAMPLE_003[1][2], 'touch'),
      ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }, 'shows another seat\'s card')]);
    const seats = unwrap(showdownRecord(drive(s, rows(2)))).seats;
    expect(seats[0]).toEqual({ seat: 1, stack: 10_000, cards: formatCards(s.seats[0].dealt), foul: 'shows another seat\'s card' });
    expect(seats[2]).toEqual({ seat: 3, stack: 10_000, cards: formatCards(s.seats[2].dealt), natural: 'six-pairs' });
    expect(seats[3]).toEqual({ seat: 4, stack: 10_000, cards: formatCards(s.seats[3].dealt), surrender: true });
    expect(seats[1]).toEqual({ seat: 2, stack: 10_000, ...text(2) });
    // Each entry holds only its own fields (no rows left undefined beside the cards).
    expect(seats.map((e) => Object.keys(e))).toEqual([
      ['seat', 'stack', 'cards', 'foul'], ['seat', 'stack', 'front', 'middle', 'back'], ['seat', 'stack', 'cards', 'natural'], ['seat', 'stack', 'cards', 'surrender'],
    ]);
    // Seat 2 not read yet: no record.
    expect(showdownRecord(s)).toEqual({ ok: false, error: { code: 'hand-not-read', message: 'Seat 2\'s hand is not read yet' } });
  });

  it('a false natural: as a natural (a foul) under the foul option, as its rows with the declaration under play-as-set', () => {
    const foul = driveAll(dealtHand({ deck: deck() }), [ev.natural(2, 'dragon'), ev.ready(1), ev.ready(3), ev.ready(4), ev.open(), rows(1), rows(3), rows(4)]);
    expect(unwrap(showdownRecord(foul)).seats[1]).toEqual({ seat: 2, stack: 10_000, cards: formatCards(foul.seats[1].dealt), natural: 'dragon' });
    const asSet = driveAll(dealtHand({ deck: deck(), profile: playAsSet }), [ev.natural(2, 'dragon'), ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(),
      rows(1), rows(2), rows(3), rows(4)]);
    expect(unwrap(showdownRecord(asSet)).seats[1]).toEqual({ seat: 2, stack: 10_000, ...text(2), natural: 'dragon' });
  });

  it('a floor foul without a shoe: the 13 cards the seat showed', () => {
    const s = driveAll(initialState, [started({ mode: 'scanner-only', seats: [1, 2] }), ev.dealEnded(), ev.ready(1), ev.ready(2), ev.open(), rows(1), rows(2),
      ev.floor({ kind: 'foul-seat', seat: 2 }, 'late')]);
    expect(unwrap(showdownRecord(s)).seats[1]).toEqual({ seat: 2, stack: 10_000, cards: formatCards(handOf(EXAMPLE_003[2])), foul: 'late' });
  });

  it('refuses a surrender whose cards are not known (no shoe, none scanned): the fold refuses such a surrender first, the record checks again', () => {
    const blind = driveAll(initialState, [started({ mode: 'scanner-only', seats: [1, 2, 3] }), ev.dealEnded()]);
    expect(apply(blind, ev.surrender(3)).ok).toBe(false);
    const s = driveAll(blind, [ev.surrender(3, handOf(EXAMPLE_003[3])), ev.ready(1), ev.ready(2), ev.open(), rows(1), rows(2)]);
    expect(showdownRecord(s).ok).toBe(true);
    // A state the fold no longer makes (a log written before it refused this): the record still refuses it.
    const cardless: HandState = { ...s, seats: s.seats.map((x) => (x.seat === 3 ? { ...x, surrender: { cards: null } } : x)) };
    const unknown = { ok: false, error: { code: 'cards-unknown', message: 'Seat 3\'s 13 cards are not known (no shoe, hand not read): the hand cannot be settled' } };
    expect(showdownRecord(cardless)).toEqual(unknown);
    expect(buildSettled(cardless, at())).toEqual(unknown);
  });

  it('OFC: a Fantasyland seat is marked, before its cards', () => {
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: [1], mode: 'scanner-only' }));
    s = drive(s, ev.dealEnded());
    s = drive(s, ev.set(1, 'Qs Qh 2c', '5s 5h 6d 7c 9s', 'As Ah Ad Kc Ks'));
    for (const [row, t] of [['front', '2d 3c 4s'], ['middle', '6s 6h 8d 9c Ts'], ['back', 'Js Jh Jd Jc 3d']] as const) {
      for (const c of cards(t)) s = drive(s, ev.place(2, c, row));
    }
    s = drive(s, ev.open());
    const seats = unwrap(showdownRecord(s)).seats;
    expect(seats[0]).toEqual({ seat: 1, stack: 10_000, fantasyland: true, front: 'Qs Qh 2c', middle: '5s 5h 6d 7c 9s', back: 'As Ah Ad Kc Ks' });
    expect(Object.keys(seats[0])).toEqual(['seat', 'stack', 'fantasyland', 'front', 'middle', 'back']);
    expect(seats[1]).toEqual({ seat: 2, stack: 10_000, front: '2d 3c 4s', middle: '6s 6h 8d 9c Ts', back: 'Js Jh Jd Jc 3d' });
  });
});

describe('buildSettled and verifySettlement', () => {
  const allRead = () => driveAll(dealtHand({ deck: deck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(1), rows(2), rows(3), rows(4)]);

  it('the settled event: the record and what settleRecord gives for it, by the dealer unless told', () => {
    const s = allRead();
    const when = at();
    const record = unwrap(showdownRecord(s));
    expect(buildSettled(s, when)).toEqual({ ok: true, value: { type: 'settled', at: when, by: 'dealer', record, result: unwrap(settleRecord(record)) } });
    expect(unwrap(buildSettled(s, when, 'floor:Jana')).by).toBe('floor:Jana');
  });

  it('refuses while the hand cannot be settled, quoting every blocker', () => {
    const s = driveAll(dealtHand({ deck: deck() }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), rows(1), rows(2)]);
    expect(buildSettled(s, at())).toEqual({
      ok: false, error: { code: 'not-ready-to-settle', message: 'The hand cannot be settled yet: Seat 3\'s hand is not read yet; Seat 4\'s hand is not read yet' },
    });
  });

  it('verifySettlement: ok when the stored record settles to the stored result, else what differs', () => {
    expect(verifySettlement(allRead())).toEqual({ ok: false, error: { code: 'not-settled', message: 'the hand was not settled' } });
    const paying = drive(allRead(), unwrap(buildSettled(allRead(), at())));
    const st = paying.settlement!;
    expect(verifySettlement(paying)).toEqual({ ok: true, value: st.result });
    const tamper = (patch: Record<string, unknown>, record = st.record): HandState => ({ ...paying, settlement: { ...st, record, result: { ...st.result, ...patch } as typeof st.result } });
    const net = { ...st.result.net, 1: st.result.net['1'] + 100 };
    expect(verifySettlement(tamper({ net }))).toEqual({ ok: false, error: { code: 'settlement-differs', message: 're-settling the record gives a different net than was stored' } });
    // Several, in the order of the fresh result's members (settle puts net before payments).
    expect(Object.keys(st.result).indexOf('net')).toBeLessThan(Object.keys(st.result).indexOf('payments'));
    expect(verifySettlement(tamper({ net, payments: [] }))).toEqual({
      ok: false, error: { code: 'settlement-differs', message: 're-settling the record gives a different net, payments than was stored' },
    });
    // A member the stored result lacks differs from one it has.
    expect(verifySettlement(tamper({ points: undefined }))).toMatchObject({ ok: false, error: { message: 're-settling the record gives a different points than was stored' } });
    const broken = verifySettlement(tamper({}, { ...st.record, pointValue: 0 }));
    expect(broken).toMatchObject({ ok: false, error: { code: 'settlement-differs' } });
    expect(!broken.ok && broken.error.message.startsWith('the stored record no longer settles: ')).toBe(true);
  });
});
