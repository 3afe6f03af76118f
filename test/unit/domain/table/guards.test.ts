// Every guard of the table fold, table-driven: the entry is refused with its code (the table
// service's code for the same rule) and the state given is left as it was.
import { describe, expect, it } from 'vitest';
import { type HandEvent, type SeatNo } from '../../../../app/domain/hand';
import { MAX_POINT_VALUE, MAX_STACK } from '../../../../app/domain/money';
import { unwrap } from '../../../../app/domain/result';
import {
  applyTable, checkpointOf, nextHandStarted, tableFromCheckpoint, type TableEntry, type TableEvent, type TableState,
} from '../../../../app/domain/table';
import { at, ev } from '../hand/support';
import { handEntry, startWith, tableIn, type StateName, opened, refusedCode, snapshotOf, tableEntry, tev } from './support';

const T = (e: TableEvent): TableEntry => tableEntry(e);
const H = (handId: string, e: HandEvent): TableEntry => handEntry(handId, e);
const profileOf = (preset: 'basic' | 'mandarin-house') => {
  const snapshot = snapshotOf(preset);
  return { name: snapshot.name as string, version: snapshot.version as number, snapshot };
};

const CASES: [string, StateName, TableEntry | ((s: TableState | null) => TableEntry), string][] = [
  // The log's entries themselves
  ['an entry that is not an object', 'opened', null as unknown as TableEntry, 'bad-entry'],
  ['an event that is not an object', 'opened', { handId: null, body: 7 as never }, 'bad-event'],
  ['an unknown event type', 'opened', T({ ...tev.dealerOn(), type: 'dealer-napping' } as never), 'unknown-event'],
  ['a table event stored with a hand id', 'opened', { handId: 'T1-1', body: tev.dealerOn() }, 'bad-entry'],
  ['a hand event stored without a hand id', 'inHand', { handId: null, body: ev.ready(1) }, 'bad-entry'],
  ['a hand id that is not text', 'inHand', { handId: 5 as never, body: ev.ready(1) }, 'bad-entry'],
  ['a time without a zone', 'opened', T({ ...tev.dealerOn(), at: '2025-03-01T10:00:00' }), 'bad-time'],
  ['an unknown actor', 'opened', T({ ...tev.dealerOn(), by: 'croupier' as never }), 'bad-actor'],
  // Opening
  ['anything before the table is opened', 'none', T(tev.dealerOn()), 'no-table'],
  ['a hand before the table is opened', 'none', H('T1-1', ev.ready(1)), 'no-table'],
  ['a second table-opened', 'opened', T(opened()), 'table-exists'],
  ['a table id with a "-"', 'none', T(opened({ tableId: 'T-1' })), 'bad-table-id'],
  ['a blank table name', 'none', T(opened({ name: ' ' })), 'bad-event'],
  ['a point value of 0', 'none', T(opened({ pointValue: 0 })), 'bad-point-value'],
  ['a point value in fractions', 'none', T(opened({ pointValue: 2.5 })), 'bad-point-value'],
  ['a point value above the limit', 'none', T(opened({ pointValue: MAX_POINT_VALUE + 1 })), 'bad-point-value'],
  ['a preset name instead of the profile', 'none', T({ ...opened(), profile: 'basic' as never }), 'bad-profile'],
  ['a profile that is not valid', 'none', T({ ...opened(), profile: { ...profileOf('basic'), snapshot: { ...snapshotOf('basic'), segmentPoints: -1 } } }), 'bad-profile'],
  ['a profile whose name is not its snapshot\'s', 'none', T({ ...opened(), profile: { ...profileOf('basic'), name: 'western' } }), 'bad-profile'],
  ['an unknown mode', 'none', T(opened({ mode: 'telepathy' as never })), 'bad-mode'],
  ['sequence numbers wrapping at 1', 'none', T(opened({ seqModulo: 1 })), 'bad-seq-modulo'],
  ['the button on seat 5', 'none', T(opened({ button: 5 as SeatNo })), 'bad-seat'],
  // Dealers
  ['a dealer without a name', 'opened', T(tev.dealerOn('  ')), 'name-needed'],
  ['the dealer on duty signing on again', 'staffed', T(tev.dealerOn('Dana')), 'already-dealing'],
  ['another dealer without the first signing off', 'staffed', T(tev.dealerOn('Eva')), 'dealer-on-duty'],
  ['a dealer change during a hand', 'inHand', T(tev.dealerOn('Eva')), 'hand-in-play'],
  ['a dealer off when none is on', 'opened', T(tev.dealerOff('Dana')), 'no-dealer'],
  ['another dealer signing off', 'staffed', T(tev.dealerOff('Eva')), 'not-dealing'],
  ['a dealer off during a hand', 'inHand', T(tev.dealerOff('Dana')), 'hand-in-play'],
  // Seats
  ['a player at seat 0', 'staffed', T(tev.seated(0 as SeatNo)), 'bad-seat'],
  ['a taken seat', 'seated', T(tev.seated(2, 'p9')), 'seat-taken'],
  ['a player without an id', 'staffed', T(tev.seated(1, ' ')), 'player-needed'],
  ['a player already seated', 'seated', T(tev.seated(4, 'p1')), 'already-seated'],
  ['a blank display name', 'staffed', T({ ...tev.seated(1), name: ' ' } as TableEvent), 'bad-event'],
  ['sitting down during a hand', 'inHand', T(tev.seated(4)), 'hand-in-play'],
  // Buy-ins (RULES.md 9 and docs/store.md)
  ['chips added during a hand', 'inHand', T(tev.buyIn(1, 2000)), 'hand-in-play'],
  ['a buy-in at seat 9', 'seated', T(tev.buyIn(9 as SeatNo, 2000)), 'bad-seat'],
  ['a buy-in at an empty seat', 'seated', T(tev.buyIn(4, 2000)), 'seat-empty'],
  ['a buy-in naming another player', 'seated', T(tev.buyIn(1, 2000, false, 'p2')), 'wrong-player'],
  ['a buy-in of nothing', 'seated', T(tev.buyIn(1, 0)), 'bad-amount'],
  ['a buy-in in fractions', 'seated', T(tev.buyIn(1, 2000.5)), 'bad-amount'],
  ['a buy-in above the money limit', 'seated', T(tev.buyIn(1, MAX_STACK)), 'buy-in-too-large'],
  ['a buy-in below 10 points', 'seated', T(tev.buyIn(1, 999, true)), 'buy-in-too-small'],
  ['a short first buy-in', 'oneWithChips', T(tev.buyIn(2, 1500, true)), 'short-buy-in-not-allowed'],
  ['a full buy-in marked short', 'seated', T(tev.buyIn(1, 2000, true)), 'bad-event'],
  ['a short buy-in not marked short', 'seated', T(tev.buyIn(1, 1500, false)), 'bad-event'],
  // Leaving
  ['leaving during a hand', 'inHand', T(tev.left(1, 2000)), 'hand-in-play'],
  ['leaving an empty seat', 'seated', T(tev.left(4, 0)), 'seat-empty'],
  ['leaving in another player\'s name', 'seated', T(tev.left(1, 2000, 'p2')), 'wrong-player'],
  ['leaving with less than the whole stack', 'seated', T(tev.left(1, 1999)), 'wrong-cash-out'],
  ['leaving with more than the stack', 'seated', T(tev.left(1, 2001)), 'wrong-cash-out'],
  // Informational events: accepted as they are, checked for shape
  ['an alert of an unknown kind', 'opened', T({ ...tev.alert(), kind: 'rumour' } as never), 'bad-event'],
  ['an alert numbered 0', 'opened', T(tev.alert(0)), 'bad-event'],
  ['an alert acknowledged by nobody', 'opened', T(tev.ack(1, '')), 'name-needed'],
  ['a device of no role', 'opened', T({ ...tev.device(), role: 'toaster' } as never), 'bad-event'],
  ['a device status without a status', 'opened', T(tev.device('')), 'bad-event'],
  ['a refused read without its code', 'opened', T({ ...tev.readRefused(), code: '' } as never), 'bad-event'],
  // Starting a hand: only the one the table deals next
  ['a second hand while one is in play', 'inHand', H('T1-2', { ...unwrap(nextHandStarted(tableIn('seated')!, { at: at(), by: 'dealer' })), handId: 'T1-2', handNumber: 2 }), 'hand-in-play'],
  ['a hand without a dealer', 'opened', H('T1-1', { ...unwrap(nextHandStarted(tableIn('seated')!, { at: at(), by: 'dealer' })) }), 'no-dealer'],
  ['a hand with one player with chips', 'oneWithChips', H('T1-1', unwrap(nextHandStarted(tableIn('seated')!, { at: at(), by: 'dealer' }))), 'not-enough-players'],
  ['a hand-started stored under another hand id', 'seated', (s) => ({ ...startWith((e) => e)(s), handId: 'T1-2' }), 'bad-entry'],
  ['a hand number that skips', 'seated', startWith((e) => ({ ...e, handNumber: 2 })), 'hand-start-mismatch'],
  ['a hand id not of the form <table>-<number>', 'seated', startWith((e) => ({ ...e, handId: 'X' })), 'hand-start-mismatch'],
  ['another table\'s hand', 'seated', startWith((e) => ({ ...e, tableId: 'T2' })), 'hand-start-mismatch'],
  ['the button elsewhere', 'seated', startWith((e) => ({ ...e, button: 1 })), 'hand-start-mismatch'],
  ['a stack that is not the table\'s', 'seated', startWith((e) => ({ ...e, seats: e.seats.map((x) => ({ ...x, stack: x.stack + 1 })) })), 'hand-start-mismatch'],
  ['a seated player left out', 'seated', startWith((e) => ({ ...e, seats: e.seats.slice(0, 2) })), 'hand-start-mismatch'],
  ['another point value', 'seated', startWith((e) => ({ ...e, pointValue: 200 })), 'hand-start-mismatch'],
  ['other rules', 'seated', startWith((e) => ({ ...e, profile: profileOf('mandarin-house') })), 'hand-start-mismatch'],
  ['another mode', 'seated', startWith((e) => ({ ...e, mode: 'scanner-only' })), 'hand-start-mismatch'],
  ['sequence numbers wrapping elsewhere', 'seated', startWith((e) => ({ ...e, seqModulo: 64 })), 'hand-start-mismatch'],
  ['a reserved round nothing carried over', 'seated', startWith((e) => ({ ...e, twoHanded: { round: 'reserved', fromHandId: 'T1-0', hands: [] } })), 'hand-start-mismatch'],
  ['Fantasyland nothing carried over', 'seated', startWith((e) => ({ ...e, fantasyland: [1] })), 'hand-start-mismatch'],
  ['a dealt round when the reserved one is next', 'reserved',
    (s) => H('T1-1', { ...unwrap(nextHandStarted(tableIn('seated')!, { at: at(), by: 'dealer' })), seats: s!.seats.slice(0, 2).map((p, i) => ({ seat: (i + 1) as SeatNo, playerId: p!.playerId, stack: p!.stack })), twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 3 }, { seat: 2, hand: 4 }] } }),
    'reserved-round-next'],
  ['a start the hand fold refuses (seats listed twice)', 'seated', startWith((e) => ({ ...e, twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 4 }, { seat: 2, hand: 4 }] } })), 'bad-two-handed'],
  // The hand's events
  ['an event of a hand that never started', 'seated', H('T1-1', ev.ready(1)), 'unknown-hand'],
  ['an event of another table\'s hand', 'inHand', H('T2-1', ev.ready(1)), 'unknown-hand'],
  ['an event of a hand not started yet', 'inHand', H('T1-2', ev.ready(1)), 'unknown-hand'],
  ['a past hand gets more than a note', 'afterHand', H('T1-1', ev.ready(1)), 'hand-over'],
  ['a note on a past hand not by the floor', 'afterHand', H('T1-1', { ...ev.floor({ kind: 'note' }), by: 'dealer' } as HandEvent), 'floor-only'],
  ['a note on a past hand without a reason', 'afterHand', H('T1-1', ev.floor({ kind: 'note' }, '')), 'reason-needed'],
  ['a note on a past hand with a bad time', 'afterHand', H('T1-1', { ...ev.floor({ kind: 'note' }), at: 'yesterday' }), 'bad-time'],
  ['what the hand fold refuses', 'inHand', H('T1-1', ev.open()), 'not-ready-to-open'],
  ['a hand event with a bad actor', 'inHand', H('T1-1', { ...ev.ready(1), by: 'nobody' } as never), 'bad-actor'],
  // Checkpoints (the mismatches are in session.test.ts)
  ['a checkpoint during a hand', 'inHand', (s) => T({ ...unwrap(checkpointOf(tableIn('seated')!, at())), handsStarted: s!.handsStarted }), 'hand-in-play'],
  ['a checkpoint before the table is opened', 'none', T(unwrap(checkpointOf(tableIn('seated')!, at()))), 'no-table'],
];

describe('table fold guards: refused with the code, the state unchanged', () => {
  it.each(CASES)('%s (%s) -> %s', (_, stateName, entryOf, code) => {
    const state = tableIn(stateName);
    const entry = typeof entryOf === 'function' ? entryOf(state) : entryOf;
    expect(refusedCode(state, entry)).toBe(code);
  });

  it('every refusal message says what was wrong; replay names the position', () => {
    const state = tableIn('seated');
    const r = applyTable(state, tableEntry(tev.buyIn(1, 999, true)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('a buy-in of 999 is too small: the minimum is 2000 (20 points), or 1000 (10 points) for a short buy-in');
    const during = applyTable(tableIn('inHand'), tableEntry(tev.buyIn(1, 2000)));
    if (!during.ok) expect(during.error.message).toBe('No chips can be added only between hands: hand 1 is in play at table T1');
    const left = applyTable(state, tableEntry(tev.left(1, 1999)));
    if (!left.ok) expect(left.error.message).toBe('player-left: p1 leaves with his whole stack, 2,000, not 1999');
    const mismatch = applyTable(state, startWith((e) => ({ ...e, seats: e.seats.map((x) => ({ ...x, stack: x.stack + 1 })) }))(state));
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) {
      expect(mismatch.error.message).toBe("hand-started: seats[0].stack is 2001, the table's next hand has 2000");
      expect(mismatch.error.path).toBe('seats[0].stack');
    }
  });
});

describe('accepted without a change of state', () => {
  const cases: [string, StateName, TableEntry][] = [
    ['an alert', 'opened', T(tev.alert(3))],
    ['an alert during a hand', 'inHand', T({ ...tev.alert(3), handId: 'T1-1' } as TableEvent)],
    ['an acknowledgement', 'opened', T(tev.ack(3))],
    ['a device status', 'inHand', T(tev.device('heartbeat-lost'))],
    ['a refused read', 'inHand', T(tev.readRefused())],
    ['a note on a past hand', 'afterHand', H('T1-1', ev.floor({ kind: 'note' }, 'remark'))],
  ];
  it.each(cases)('%s', (_, stateName, entry) => {
    const state = tableIn(stateName)!;
    expect(unwrap(applyTable(state, entry))).toBe(state);
  });
});

describe('the state after each table event holds what the projection needs', () => {
  it('a buy-in: the stack after and whether the next may be short (today passed beside the event as `extra`)', () => {
    let s = tableIn('seated')!;
    s = unwrap(applyTable(s, tableEntry(tev.buyIn(1, 1500, true))));
    expect(s.seats[0]).toEqual({ playerId: 'p1', name: 'Adam', stack: 3500, shortBuyInAllowed: false });
    s = unwrap(applyTable(s, tableEntry(tev.buyIn(1, 2000))));
    expect(s.seats[0]).toEqual({ playerId: 'p1', name: 'Adam', stack: 5500, shortBuyInAllowed: true });
  });

  it('a player sitting down has no chips and no short buy-in until his first (full) one', () => {
    const s = unwrap(applyTable(tableIn('staffed'), tableEntry(tev.seated(2))));
    expect(s.seats[1]).toEqual({ playerId: 'p2', name: null, stack: 0, shortBuyInAllowed: false });
    expect(s.seats.filter(Boolean)).toHaveLength(1);
  });

  it('the state passed in is never changed', () => {
    const s = tableIn('seated')!;
    const copy = structuredClone(s);
    unwrap(applyTable(s, tableEntry(tev.buyIn(2, 2000))));
    unwrap(applyTable(s, tableEntry(tev.left(3, 3000))));
    unwrap(applyTable(s, tableEntry(tev.dealerOff('Dana'))));
    expect(s).toEqual(copy);
  });
});

describe('tableFromCheckpoint checks every field', () => {
  const good = () => JSON.parse(JSON.stringify(unwrap(checkpointOf(tableIn('seated')!, at())))) as Record<string, unknown>;
  const cases: [string, (c: Record<string, unknown>) => void, string][] = [
    ['another event', (c) => { c.type = 'table-opened'; }, 'type'],
    ['no time', (c) => { delete c.at; }, 'at'],
    ['a bad table id', (c) => { c.tableId = 'a b'; }, 'tableId'],
    ['an invalid profile', (c) => { c.profile = 'basic'; }, 'profile'],
    ['hands started negative', (c) => { c.handsStarted = -1; }, 'handsStarted'],
    ['three seats', (c) => { c.seats = (c.seats as unknown[]).slice(0, 3); }, 'seats'],
    ['a negative stack', (c) => { (c.seats as { stack: number }[])[0].stack = -5; }, 'seats[0].stack'],
    ['a seat without the allowance', (c) => { delete (c.seats as Record<string, unknown>[])[0].shortBuyInAllowed; }, 'seats[0].shortBuyInAllowed'],
    ['a name left out instead of null', (c) => { delete (c.seats as Record<string, unknown>[])[1].name; }, 'seats[1].name'],
    ['a player at two seats', (c) => { (c.seats as { playerId: string }[])[1].playerId = 'p1'; }, 'seats[1].playerId'],
    ['a blank dealer', (c) => { c.dealer = ''; }, 'dealer'],
    ['no carried', (c) => { delete c.carried; }, 'carried'],
    ['a Fantasyland seat twice', (c) => { c.carried = { reservedRound: null, fantasyland: [1, 1] }; }, 'carried.fantasyland'],
    ['a reserved round of one hand', (c) => { c.carried = { reservedRound: { round: 'reserved', fromHandId: 'T1-1', hands: [] }, fantasyland: [] }; }, 'carried.reservedRound'],
    ['a field no checkpoint has', (c) => { (c.seats as Record<string, unknown>[])[0].vip = true; }, 'seats[0].vip'],
  ];
  it.each(cases)('%s -> bad-checkpoint at %s', (_, change, path) => {
    const c = good();
    change(c);
    const r = tableFromCheckpoint(c as never);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-checkpoint');
      expect(r.error.path).toBe(path);
      expect(r.error.message).toMatch(/^table-checkpoint: /);
    }
  });

  it('a good one loads', () => {
    expect(unwrap(tableFromCheckpoint(good() as never))).toEqual(tableIn('seated'));
  });
});
