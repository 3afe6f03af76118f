// Loading a table from a checkpoint (docs/table.md, "Checkpoints"): every field is checked and
// a bad one is refused with `bad-checkpoint`, the field's path and a sentence naming it; what
// the checkpoint carries over (a reserved round, Fantasyland seats, the dealer's staff id)
// comes back as it was written.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../../app/domain/result';
import { checkpointOf, tableFromCheckpoint, type TableCheckpoint, type TableState } from '../../../../app/domain/table';
import { withTable } from '../../../../app/domain/table/state';
import { at } from '../hand/support';
import { Session, opened, tev } from './support';

function table(): TableState {
  const s = new Session();
  s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1, 'p1', 'Adam'), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 3000));
  return s.table;
}

const checkpoint = (state: TableState = table()) => JSON.parse(JSON.stringify(unwrap(checkpointOf(state, at())))) as Record<string, unknown> & TableCheckpoint;

function refusal(change: (c: Record<string, any>) => void): { code: string; message: string; path?: string } {
  const c = checkpoint() as Record<string, any>;
  change(c);
  const r = tableFromCheckpoint(c as TableCheckpoint);
  if (r.ok) throw new Error('accepted');
  return r.error;
}

describe('tableFromCheckpoint refuses each bad field, naming it', () => {
  const cases: [string, (c: Record<string, any>) => void, string, string][] = [
    ['another event', (c) => { c.type = 'table-opened'; }, 'type', 'a checkpoint is a table-checkpoint event, not "table-opened"'],
    ['a time without a zone', (c) => { c.at = '2026-01-01T10:00:00'; }, 'at', '"at" must be an ISO 8601 time with a zone, not "2026-01-01T10:00:00"'],
    ['an unknown actor', (c) => { c.by = 'boss'; }, 'by', '"by" must be dealer, device, system or floor:<name>, not "boss"'],
    ['a bad table id', (c) => { c.tableId = 'T 1'; }, 'tableId', 'a table id is 1-32 letters, digits, "_" or "." (no spaces or "-"), not "T 1"'],
    ['hands started not a count', (c) => { c.handsStarted = -1; }, 'handsStarted', 'handsStarted must be a whole number from 0, not -1'],
    ['three seats', (c) => { c.seats = c.seats.slice(0, 3); }, 'seats', 'seats must list the four seats (null when empty)'],
    ['seats not a list', (c) => { c.seats = {}; }, 'seats', 'seats must list the four seats (null when empty)'],
    ['a seat that is not a player', (c) => { c.seats[2] = 7; }, 'seats[2]', 'seats[2] must be a seated player or null, not 7'],
    ['a player without an id', (c) => { c.seats[1].playerId = ' p2'; }, 'seats[1].playerId', 'seats[1].playerId must be the player\'s id, not " p2"'],
    ['a blank name', (c) => { c.seats[0].name = ''; }, 'seats[0].name', 'seats[0].name must be a name or null, not ""'],
    ['a negative stack', (c) => { c.seats[0].stack = -5; }, 'seats[0].stack', 'seats[0].stack must be a whole number of minor units from 0, not -5'],
    ['a fractional stack', (c) => { c.seats[0].stack = 1.5; }, 'seats[0].stack', 'seats[0].stack must be a whole number of minor units from 0, not 1.5'],
    ['a short buy-in allowance not a boolean', (c) => { c.seats[1].shortBuyInAllowed = 1; }, 'seats[1].shortBuyInAllowed', 'seats[1].shortBuyInAllowed must be true or false, not 1'],
    ['one player at two seats', (c) => { c.seats[3] = { ...c.seats[0], name: null }; }, 'seats[3].playerId', 'p1 sits at two seats'],
    ['a blank dealer', (c) => { c.dealer = ' '; }, 'dealer', 'dealer must be a name or null, not " "'],
    ['a staff id without a dealer', (c) => { c.dealer = null; c.dealerStaffId = 'dana'; }, 'dealerStaffId', 'dealerStaffId must be the staff id of the dealer on duty when there is one, not "dana"'],
    ['a bad staff id', (c) => { c.dealerStaffId = 'Dana Novak'; }, 'dealerStaffId', 'dealerStaffId must be the staff id of the dealer on duty when there is one, not "Dana Novak"'],
    ['carried not an object', (c) => { c.carried = []; }, 'carried', 'carried must be { reservedRound, fantasyland }, not []'],
    ['Fantasyland not a list', (c) => { c.carried.fantasyland = 1; }, 'carried.fantasyland', 'carried.fantasyland must be a list of different seats, not 1'],
    ['Fantasyland with a bad seat', (c) => { c.carried.fantasyland = [5]; }, 'carried.fantasyland', 'carried.fantasyland must be a list of different seats, not [5]'],
    ['Fantasyland with a seat twice', (c) => { c.carried.fantasyland = [2, 2]; }, 'carried.fantasyland', 'carried.fantasyland must be a list of different seats, not [2,2]'],
    ['a reserved round of another kind', (c) => { c.carried.reservedRound = { round: 'dealt', fromHandId: 'T1-1', hands: [{ seat: 1, cards: [] }, { seat: 2, cards: [] }] }; }, 'carried.reservedRound',
      'carried.reservedRound must be null or a reserved round { round: "reserved", fromHandId, hands: two seats with their cards }'],
    ['a reserved round without its hand', (c) => { c.carried.reservedRound = { round: 'reserved', fromHandId: ' ', hands: [{ seat: 1, cards: [] }, { seat: 2, cards: [] }] }; }, 'carried.reservedRound',
      'carried.reservedRound must be null or a reserved round { round: "reserved", fromHandId, hands: two seats with their cards }'],
    ['a reserved round of three hands', (c) => { c.carried.reservedRound = { round: 'reserved', fromHandId: 'T1-1', hands: [{ seat: 1, cards: [] }, { seat: 2, cards: [] }, { seat: 3, cards: [] }] }; }, 'carried.reservedRound',
      'carried.reservedRound must be null or a reserved round { round: "reserved", fromHandId, hands: two seats with their cards }'],
    ['a reserved hand without a seat', (c) => { c.carried.reservedRound = { round: 'reserved', fromHandId: 'T1-1', hands: [{ seat: 1, cards: [] }, { seat: 0, cards: [] }] }; }, 'carried.reservedRound.hands[1]',
      'carried.reservedRound.hands[1] must be { seat, cards }'],
    ['a reserved hand with a bad card', (c) => { c.carried.reservedRound = { round: 'reserved', fromHandId: 'T1-1', hands: [{ seat: 1, cards: [0, 99] }, { seat: 2, cards: [] }] }; }, 'carried.reservedRound.hands[0].cards',
      'carried.reservedRound.hands[0]: 99 is not a card code (0..51)'],
    ['a last played hand that is not one', (c) => { c.lastPlayed = { handId: '' }; }, 'lastPlayed.handId', 'lastPlayed.handId: must be the hand\'s id, not ""'],
    ['a last played hand that is not an object', (c) => { c.lastPlayed = 3; }, 'lastPlayed', 'lastPlayed.: must be the last played hand, not 3'],
    ['a field no checkpoint has', (c) => { c.extra = 1; }, 'extra', 'extra is not a field of a checkpoint'],
    ['a seat with a field no seat has', (c) => { c.seats[0].vip = true; }, 'seats[0].vip', 'seats[0].vip is not a field of a checkpoint'],
  ];
  it.each(cases)('%s', (_why, change, path, message) => {
    expect(refusal(change)).toEqual({ code: 'bad-checkpoint', path, message: `table-checkpoint: ${message}` });
  });
});

describe('tableFromCheckpoint of no object at all', () => {
  it('is refused, not thrown', () => {
    for (const x of [null, undefined, 'table-checkpoint']) {
      expect(tableFromCheckpoint(x as never)).toMatchObject({ ok: false, error: { code: 'bad-checkpoint', path: 'type', message: expect.stringMatching(/^table-checkpoint: a checkpoint is a table-checkpoint event, not /) } });
    }
  });
});

describe('tableFromCheckpoint gives back what the checkpoint carries', () => {
  it('the state it was written from, with no hand in play', () => {
    const state = table();
    expect(unwrap(tableFromCheckpoint(checkpoint(state)))).toEqual(state);
  });

  it('a reserved round and Fantasyland seats', () => {
    const carried = {
      reservedRound: { round: 'reserved' as const, fromHandId: 'T1-3', hands: [{ seat: 1 as const, cards: [0, 1, 2] }, { seat: 2 as const, cards: [3, 4, 5] }] },
      fantasyland: [2 as const, 1 as const],
    };
    const state = withTable(table(), { carried });
    const cp = checkpoint(state);
    expect(cp.carried).toEqual(carried);
    expect(unwrap(tableFromCheckpoint(cp)).carried).toEqual(carried);
  });

  it('the dealer\'s staff id only when there is one', () => {
    const state = withTable(table(), { dealerStaffId: 'dana' });
    const cp = checkpoint(state);
    expect(cp.dealerStaffId).toBe('dana');
    expect(unwrap(tableFromCheckpoint(cp)).dealerStaffId).toBe('dana');
    expect(checkpoint()).not.toHaveProperty('dealerStaffId');
    expect(unwrap(tableFromCheckpoint(checkpoint())).dealerStaffId).toBeNull();
  });

  it('is refused while a hand is in play, naming the hand', () => {
    const s = new Session();
    s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 2000));
    s.start();
    expect(checkpointOf(s.table, at())).toEqual({
      ok: false, error: { code: 'hand-in-play', message: 'A checkpoint is written only between hands: hand 1 is in play at table T1' },
    });
  });
});
