/**
 * The table service's commands from opening a table to the floor's correction (the first half
 * of app/services/table-service.ts), on a real database file: the events each command writes
 * (who, what, the defaults it fills in, the names it trims), the refusals in words, and what the
 * snapshot says afterwards. Written against the hand-made mutants of that part of the file
 * (docs/testing.md): each test asserts what the command promises in its doc comment or in
 * docs/store.md and docs/table.md.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import type { Card } from '../../../app/domain/cards';
import type { StatusBody } from '../../../hardware/card-source';
import { openStore } from '../../../app/services/store';
import { TableService, type TableUpdate } from '../../../app/services/table-service';
import { tamper } from '../store/temp';
import { attachShoe, expectRefused, must, openTable, otherSeatsCardScanned, rig, ScriptedShoe, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

/** The bodies of the events of `type`, oldest first. */
function events(type: string): Record<string, unknown>[] {
  const rows = r.store.db.prepare('SELECT body FROM events WHERE type = ? ORDER BY id').pluck().all(type) as string[];
  return rows.map((b) => JSON.parse(b) as Record<string, unknown>);
}

function types(): string[] {
  return r.store.db.prepare('SELECT type FROM events ORDER BY id').pluck().all() as string[];
}

function last(type: string): Record<string, unknown> {
  const all = events(type);
  if (all.length === 0) throw new Error(`no ${type} event`);
  return all[all.length - 1];
}

describe('openTable', () => {
  it('fills in the defaults: name = table id, shoe mode, sequence wrap 100, button 1, opened by the dealer', () => {
    const snap = must(r.service.openTable({ tableId: T, name: '   ', pointValue: 100 }));
    expect(snap).toMatchObject({ tableId: T, name: T, mode: 'shoe', seqModulo: 100, button: 1, pointValue: 100 });
    expect(last('table-opened')).toMatchObject({ by: 'dealer', name: T, mode: 'shoe', seqModulo: 100, button: 1 });
  });

  it('keeps what is given: a trimmed name, no sequence wrap (null), another button', () => {
    const snap = must(r.service.openTable({ tableId: T, name: '  Main  ', pointValue: 100, seqModulo: null, button: 3, mode: 'scanner-only' }));
    expect(snap).toMatchObject({ name: 'Main', seqModulo: null, button: 3, mode: 'scanner-only' });
    expect(last('table-opened')).toMatchObject({ name: 'Main', seqModulo: null, button: 3 });
  });

  it('a table already open is refused in words, and nothing is appended', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    const e = expectRefused(r.store, () => r.service.openTable({ tableId: T, pointValue: 100 }), 'table-exists');
    expect(e.message).toBe('table T1 is already open on this terminal');
  });

  it('a table whose opening the disk refuses is not open: the same command then succeeds', () => {
    r.store.db.exec("CREATE TEMP TRIGGER fail_events BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    expectRefused(r.store, () => r.service.openTable({ tableId: T, pointValue: 100 }), 'store-failed');
    expect(r.service.snapshot(T).ok).toBe(false);
    r.store.db.exec('DROP TRIGGER temp.fail_events');
    expect(must(r.service.openTable({ tableId: T, pointValue: 100 })).tableId).toBe(T);
  });

  it('an invalid profile or table is refused with its own code, not thrown, and nothing is appended', () => {
    expectRefused(r.store, () => r.service.openTable({ tableId: T, pointValue: 100, profile: { nonsense: 1 } }), 'unknown-profile-key');
    const bad = expectRefused(r.store, () => r.service.openTable({ tableId: 'has space', pointValue: 100 }), 'bad-table-id');
    expect(bad.message).toContain('a table id is 1-32 letters');
    expect(types()).toEqual([]);
    expect(r.service.snapshot('has space').ok).toBe(false);
  });
});

describe('a write the disk refuses', () => {
  it('is refused as store-failed in words, with the disk\'s reason, and changes nothing', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    r.store.db.exec("CREATE TEMP TRIGGER fail_events BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    const e = expectRefused(r.store, () => r.service.dealerOn({ tableId: T, dealer: 'Eva' }), 'store-failed');
    expect(e.message).toBe('the terminal could not record this (nothing was changed): disk full');
    expect(must(r.service.snapshot(T)).dealer).toBeNull();
    r.store.db.exec('DROP TRIGGER temp.fail_events');
  });
});

describe('dealerOn and dealerOff', () => {
  beforeEach(() => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
  });

  it('the first dealer just takes the box: no dealer-off; the name is trimmed and the staff id kept', () => {
    const snap = must(r.service.dealerOn({ tableId: T, dealer: '  Eva ', staffId: 'S1' }));
    expect(snap).toMatchObject({ dealer: 'Eva', dealerStaffId: 'S1' });
    expect(types()).toEqual(['table-opened', 'dealer-on']);
    expect(last('dealer-on')).toMatchObject({ by: 'dealer', dealer: 'Eva', staffId: 'S1' });
  });

  it('another dealer relieves the one before: dealer-off (with his staff id), then dealer-on', () => {
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva', staffId: 'S1' }));
    const snap = must(r.service.dealerOn({ tableId: T, dealer: 'Jan', staffId: 'S2' }));
    expect(snap).toMatchObject({ dealer: 'Jan', dealerStaffId: 'S2' });
    expect(types()).toEqual(['table-opened', 'dealer-on', 'dealer-off', 'dealer-on']);
    expect(last('dealer-off')).toMatchObject({ dealer: 'Eva', staffId: 'S1' });
    expect(last('dealer-on')).toMatchObject({ dealer: 'Jan', staffId: 'S2' });
  });

  it('another dealer, neither signed in, relieves the one before', () => {
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    const snap = must(r.service.dealerOn({ tableId: T, dealer: 'Jan' }));
    expect(snap).toMatchObject({ dealer: 'Jan', dealerStaffId: null });
    expect(types()).toEqual(['table-opened', 'dealer-on', 'dealer-off', 'dealer-on']);
  });

  it('the same name signed in as another staff member is a relief too; a dealer without a staff id leaves none', () => {
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva', staffId: 'S9' }));
    expect(types()).toEqual(['table-opened', 'dealer-on', 'dealer-off', 'dealer-on']);
    expect(last('dealer-off')).not.toHaveProperty('staffId');
    expect(last('dealer-off')).toMatchObject({ dealer: 'Eva' });
  });

  it('the same dealer signing in again (same staff id) relieves no one', () => {
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva', staffId: 'S1' }));
    const before = types().length;
    const again = r.service.dealerOn({ tableId: T, dealer: 'Eva', staffId: 'S1' });
    expect(types().slice(before)).not.toContain('dealer-off');
    if (again.ok) expect(again.value).toMatchObject({ dealer: 'Eva', dealerStaffId: 'S1' });
  });

  it('dealerOff writes the dealer on duty and his staff id', () => {
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva', staffId: 'S1' }));
    const snap = must(r.service.dealerOff({ tableId: T }));
    expect(snap).toMatchObject({ dealer: null, dealerStaffId: null });
    expect(last('dealer-off')).toMatchObject({ by: 'dealer', dealer: 'Eva', staffId: 'S1' });
  });

  it('an unknown table is refused in words, not thrown', () => {
    for (const cmd of [
      () => r.service.dealerOn({ tableId: 'NOPE', dealer: 'Eva' }),
      () => r.service.dealerOff({ tableId: 'NOPE' }),
      () => r.service.changeRules({ tableId: 'NOPE', staffId: 'A1', reason: 'x' }),
      () => r.service.seatPlayer({ tableId: 'NOPE', seat: 1, playerId: 'p', buyIn: 2000 }),
      () => r.service.buyIn({ tableId: 'NOPE', seat: 1, amount: 2000 }),
      () => r.service.leaveSeat({ tableId: 'NOPE', seat: 1 }),
      () => r.service.recordStart({ tableId: 'NOPE', program: 'serve', version: '1', devices: [] }),
      () => r.service.recordStop({ tableId: 'NOPE', program: 'serve' }),
      () => r.service.startHand({ tableId: 'NOPE' }),
      () => r.service.nextHand({ tableId: 'NOPE' }),
    ]) {
      const res = cmd();
      expect(res.ok).toBe(false);
    }
  });
});

describe('changeRules', () => {
  beforeEach(() => {
    must(r.service.openTable({ tableId: T, name: 'Main', pointValue: 100 }));
  });

  it('what is left out stays as it is; the admin, the trimmed reason and the system are recorded', () => {
    must(r.service.changeRules({ tableId: T, staffId: 'A1', reason: '  new night  ', language: 'cs' }));
    const snap = must(r.service.changeRules({ tableId: T, staffId: 'A1', reason: 'stakes only', pointValue: 200 }));
    expect(snap).toMatchObject({ name: 'Main', pointValue: 200, language: 'cs' });
    const all = events('rules-changed');
    expect(all[0]).toMatchObject({ by: 'system', staffId: 'A1', reason: 'new night', name: 'Main', pointValue: 100, language: 'cs' });
    expect(all[1]).toMatchObject({ language: 'cs', pointValue: 200, name: 'Main' });
  });

  it('what is given changes: the point value, the trimmed name, the profile', () => {
    const before = must(r.service.snapshot(T)).profile.name;
    const snap = must(r.service.changeRules({ tableId: T, staffId: 'A1', reason: 'stakes', pointValue: 250, name: '  High  ', profile: 'western' }));
    expect(snap).toMatchObject({ name: 'High', pointValue: 250 });
    expect(snap.profile.name).toBe('western');
    expect(before).not.toBe('western');
    expect(last('rules-changed')).toMatchObject({ name: 'High', pointValue: 250 });
  });

  it('an invalid profile is refused with its own code; a missing reason is refused', () => {
    expectRefused(r.store, () => r.service.changeRules({ tableId: T, staffId: 'A1', reason: 'x', profile: { nonsense: 1 } }), 'unknown-profile-key');
    const noReason = r.service.changeRules({ tableId: T, staffId: 'A1', reason: undefined as unknown as string, pointValue: 200 });
    expect(noReason.ok).toBe(false);
    expect(events('rules-changed')).toEqual([]);
  });
});

describe('seats and chips', () => {
  beforeEach(() => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
  });

  it('seatPlayer trims the player id and name and records a full buy-in', () => {
    const snap = must(r.service.seatPlayer({ tableId: T, seat: 2, playerId: '  p2 ', name: '  Ann  ', buyIn: 2000 }));
    expect(snap.seats[1]).toMatchObject({ seat: 2, player: { id: 'p2', name: 'Ann' }, stack: 2000 });
    expect(last('player-seated')).toMatchObject({ seat: 2, playerId: 'p2', name: 'Ann' });
    expect(last('buy-in')).toMatchObject({ seat: 2, playerId: 'p2', amount: 2000, short: false });
  });

  it('seatPlayer with a blank name records none', () => {
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'p1', name: '   ', buyIn: 2000 }));
    expect(last('player-seated')).not.toHaveProperty('name');
  });

  it('buyIn records a short buy-in as short (and the next must be full), a full one as not short', () => {
    must(r.service.seatPlayer({ tableId: T, seat: 3, playerId: 'p3', buyIn: 2000 }));
    must(r.service.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', buyIn: 2000 }));
    let snap = must(r.service.buyIn({ tableId: T, seat: 3, amount: 1000 }));
    expect(last('buy-in')).toMatchObject({ seat: 3, playerId: 'p3', amount: 1000, short: true });
    expect(snap.seats[2]).toMatchObject({ stack: 3000, shortBuyInAllowed: false });
    snap = must(r.service.buyIn({ tableId: T, seat: 3, amount: 2000 }));
    expect(last('buy-in')).toMatchObject({ seat: 3, playerId: 'p3', amount: 2000, short: false });
    expect(snap.seats[2]).toMatchObject({ stack: 5000, shortBuyInAllowed: true });
    expect(snap.seats[3]).toMatchObject({ stack: 2000 });
  });

  it('at every seat, 1 to 4: a short buy-in names the seat\'s player and is short; leaving cashes out that seat', () => {
    for (const seat of [1, 2, 3, 4] as const) must(r.service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, buyIn: 2000 + seat }));
    for (const seat of [1, 2, 3, 4] as const) {
      must(r.service.buyIn({ tableId: T, seat, amount: 1000 }));
      expect(last('buy-in')).toMatchObject({ seat, playerId: `p${seat}`, short: true });
      must(r.service.leaveSeat({ tableId: T, seat }));
      expect(last('player-left')).toMatchObject({ seat, playerId: `p${seat}`, cashOut: 3000 + seat });
    }
  });

  it('leaveSeat cashes out the whole stack of that seat, with its player', () => {
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'p1', buyIn: 2000 }));
    must(r.service.seatPlayer({ tableId: T, seat: 2, playerId: 'p2', buyIn: 3500 }));
    const snap = must(r.service.leaveSeat({ tableId: T, seat: 2 }));
    expect(last('player-left')).toMatchObject({ seat: 2, playerId: 'p2', cashOut: 3500 });
    expect(snap.seats[1].player).toBeNull();
    expect(snap.seats[0]).toMatchObject({ player: { id: 'p1' }, stack: 2000 });
  });
});

describe('recordStart and recordStop', () => {
  beforeEach(() => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
  });

  const shoe = { role: 'shoe' as const, id: 'sim:shoe', label: 'Simulated shoe', simulated: true };
  const scanner = { role: 'scanner' as const, id: 'usb:1', label: 'Scanner', simulated: false };

  it('the first start has nothing changed and is no crash; the devices are recorded whole', () => {
    must(r.service.recordStart({ tableId: T, program: 'serve', version: '1.0', devices: [shoe] }));
    expect(last('terminal-started')).toEqual(expect.objectContaining({
      by: 'system', program: 'serve', version: '1.0', afterCrash: false, changed: [], devices: [shoe],
    }));
  });

  it('a start after a start without a stop is after a crash; a start after a stop is not', () => {
    must(r.service.recordStart({ tableId: T, program: 'serve', version: '1.0', devices: [shoe] }));
    must(r.service.recordStart({ tableId: T, program: 'serve', version: '1.0', devices: [shoe] }));
    expect(last('terminal-started')).toMatchObject({ afterCrash: true, changed: [] });
    must(r.service.recordStop({ tableId: T, program: 'serve' }));
    expect(last('terminal-stopped')).toMatchObject({ by: 'system', program: 'serve' });
    must(r.service.recordStart({ tableId: T, program: 'serve', version: '1.0', devices: [shoe] }));
    expect(last('terminal-started')).toMatchObject({ afterCrash: false, changed: [] });
  });

  it('names every change from the last start: program, version, shoe and scanner', () => {
    must(r.service.recordStart({ tableId: T, program: 'serve', version: '1.0', devices: [shoe] }));
    must(r.service.recordStop({ tableId: T, program: 'serve' }));
    must(r.service.recordStart({ tableId: T, program: 'electron', version: '1.1', devices: [scanner] }));
    expect(last('terminal-started').changed).toEqual([
      'program: serve -> electron', 'version: 1.0 -> 1.1', 'shoe: sim:shoe -> none', 'scanner: none -> usb:1',
    ]);
  });
});

describe('the hand commands', () => {
  beforeEach(() => {
    openTable(r.service, { 1: 5000, 2: 5000 });
  });

  it('a card read is by the device unless said, with its sequence, the one after which it came, and its origin', () => {
    must(r.service.startHand({ tableId: T }));
    must(r.service.cardRead({ tableId: T, card: 'AS', seq: 5, afterSeq: 4, device: 'usb:7', simulated: true }));
    expect(last('card-dealt')).toMatchObject({ by: 'device', seq: 5, afterSeq: 4, device: 'usb:7', simulated: true });
    must(r.service.cardRead({ tableId: T, card: 'KS', by: 'dealer' }));
    expect(last('card-dealt')).toMatchObject({ by: 'dealer', seq: null });
    expect(last('card-dealt')).not.toHaveProperty('afterSeq');
  });

  it('an unreadable card keeps its device', () => {
    must(r.service.startHand({ tableId: T }));
    must(r.service.cardUnreadable({ tableId: T, seq: 1, device: 'usb:7' }));
    expect(last('card-unreadable')).toMatchObject({ by: 'device', seq: 1, device: 'usb:7' });
  });

  it('an exposed card is recorded when the dealer saw it, and a bad one is refused in words', () => {
    must(r.service.startHand({ tableId: T }));
    must(r.service.cardRead({ tableId: T, card: 'AS' }));
    must(r.service.reportExposure({ tableId: T, seat: 2, card: 'AS' }));
    expect(last('card-exposed')).toMatchObject({ seat: 2, card: expect.any(Number) });
    must(r.service.reportExposure({ tableId: T, seat: 2 }));
    expect(last('card-exposed')).not.toHaveProperty('card');
    const e = expectRefused(r.store, () => r.service.reportExposure({ tableId: T, seat: 1, card: 'ZZ' }), 'bad-card');
    expect(e.message).toContain('exposed card');
  });

  it('a natural that does not exist is refused, naming it', () => {
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.declareNatural({ tableId: T, seat: 1, natural: 'royal-mess' }), 'unknown-natural');
    expect(e.message).toBe('"royal-mess" is not a natural');
  });

  it('a scanned row with a bad card is refused naming the row', () => {
    must(r.service.startHand({ tableId: T }));
    const e1 = expectRefused(r.store, () => r.service.scanRow({ tableId: T, seat: 1, row: 'middle', cards: ['ZZ'] }), 'bad-card');
    expect(e1.message).toContain('middle row');
    const e2 = expectRefused(r.store, () => r.service.scanRows({ tableId: T, seat: 1, rows: [{ row: 'back', cards: ['ZZ'] }] }), 'bad-card');
    expect(e2.message).toContain('back row');
  });

  it('a set hand with a bad card is refused naming its row; settling before the showdown is refused, not thrown', () => {
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.setHand({ tableId: T, seat: 1, front: 'AS KS QS', middle: ['ZZ'], back: [] }), 'bad-card');
    expect(e.message).toContain('middle');
    const settled = r.service.settle({ tableId: T });
    expect(settled.ok).toBe(false);
  });

  it('scanRows with no rows records nothing and answers the snapshot', () => {
    must(r.service.startHand({ tableId: T }));
    const before = types().length;
    const snap = must(r.service.scanRows({ tableId: T, seat: 1, rows: [] }));
    expect(snap.tableId).toBe(T);
    expect(types().length).toBe(before);
  });

  it('a payment before the settlement, or one that does not exist, is refused in words', () => {
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.executePayment({ tableId: T, index: 0 }), 'not-settled');
    expect(e.message).toBe('no payment can be made: the hand is not settled');
  });
});

describe('startHand', () => {
  it('a two-handed dealt round is started as asked; refused for four players', () => {
    openTable(r.service, { 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    const twoHanded = { round: 'dealt' as const, reserve: [{ seat: 1 as const, hand: 3 as const }, { seat: 2 as const, hand: 4 as const }] };
    const e = expectRefused(r.store, () => r.service.startHand({ tableId: T, twoHanded }), 'bad-two-handed');
    expect(e.message).toContain('for two players');
    must(r.service.leaveSeat({ tableId: T, seat: 3 }));
    must(r.service.leaveSeat({ tableId: T, seat: 4 }));
    must(r.service.startHand({ tableId: T, twoHanded }));
    expect(last('hand-started')).toMatchObject({ twoHanded });
  });
});

describe('callMisdeal', () => {
  beforeEach(() => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    must(r.service.startHand({ tableId: T }));
  });

  it('the dealer\'s call without words gets the dealer\'s detail; the cards read so far are kept', () => {
    must(r.service.cardRead({ tableId: T, card: 'AS' }));
    must(r.service.callMisdeal({ tableId: T, cause: 'wrong-card-count' }));
    const e = last('misdeal-called');
    expect(e).toMatchObject({ by: 'dealer', cause: 'wrong-card-count', automatic: false });
    expect(e.detail).toMatch(/^called by the dealer: /);
    expect((e.cardsRead as unknown[]).length).toBe(1);
  });

  it('the floor\'s call is signed floor:<trimmed name>, with the floor\'s detail or the trimmed words given', () => {
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: '  Jana ' }));
    const e = last('misdeal-called');
    expect(e).toMatchObject({ by: 'floor:Jana', cause: 'floor-ruling' });
    expect(e.detail).toMatch(/^called by the floor: /);
  });

  it('the words given are kept, trimmed', () => {
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: '  cards flashed  ' }));
    expect(last('misdeal-called')).toMatchObject({ detail: 'cards flashed' });
  });

  it('a blank floor name is refused in words', () => {
    const e = expectRefused(r.store, () => r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: '  ' }), 'name-needed');
    expect(e.message).toBe('a misdeal called by the floor is signed by the floor manager (name)');
  });

  it('a short deal ends the deal and the fold records the misdeal', () => {
    must(r.service.cardRead({ tableId: T, card: 'AS' }));
    must(r.service.callMisdeal({ tableId: T, cause: 'short-deal' }));
    expect(events('deal-ended')).toHaveLength(1);
    expect(last('misdeal-called')).toMatchObject({ cause: 'short-deal' });
  });
});

describe('floorCorrection', () => {
  beforeEach(() => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    must(r.service.startHand({ tableId: T }));
  });

  it('is signed floor:<trimmed name> with the PIN signers; a blank name is refused in words', () => {
    const e = expectRefused(r.store, () => r.service.floorCorrection({ tableId: T, floor: '  ', reason: 'x', action: { kind: 'note' } }), 'name-needed');
    expect(e.message).toBe('a floor correction is signed by the floor manager (name)');
    must(r.service.floorCorrection({
      tableId: T, floor: ' Jana ', reason: 'a note', action: { kind: 'note' },
      signedBy: [{ staffId: 'F1', name: 'Jana', pin: '1234' } as { staffId: string; name: string }],
    }));
    expect(last('floor-correction')).toMatchObject({ by: 'floor:Jana', reason: 'a note', signedBy: [{ staffId: 'F1', name: 'Jana' }] });
    expect(JSON.stringify(last('floor-correction').signedBy)).not.toContain('1234');
    must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'no PIN', action: { kind: 'note' }, signedBy: [] }));
    expect(last('floor-correction')).not.toHaveProperty('signedBy');
  });
});


describe('a hand played through', () => {
  it('a set hand is tapped in unless said; a payment that does not exist is refused naming the count; a past hand takes a note', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    try {
      const first = must(r.service.startHand({ tableId: T })).hand!.handId;
      await shoe.deal(7);
      must(r.service.seatReady({ tableId: T, seat: 1 }));
      must(r.service.seatReady({ tableId: T, seat: 2 }));
      let snap = must(r.service.openShowdown({ tableId: T }));
      for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
        must(r.service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand }));
      }
      expect(events('hand-set').map((e) => e.source)).toEqual(['touch', 'touch']);
      // the floor's note on the open hand, named by its id, is a correction of that hand
      must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'seen', action: { kind: 'note' }, handId: first }));
      expect(r.store.db.prepare("SELECT hand_id FROM events WHERE type = 'floor-correction'").pluck().all()).toEqual([first]);
      snap = must(r.service.settle({ tableId: T }));
      // the hand does not close, nor the next start, while payments are still to be made
      const unpaid = expectRefused(r.store, () => r.service.nextHand({ tableId: T }), 'payments-outstanding');
      expect(unpaid.message).toContain('payment');
      const n = snap.hand!.state.settlement!.executed.length;
      const e = expectRefused(r.store, () => r.service.executePayment({ tableId: T, index: n + 5 }), 'no-such-payment');
      expect(e.message).toBe(`there is no payment ${n + 5}: the settlement has ${n}`);
      for (let i = 0; i < n; i++) must(r.service.executePayment({ tableId: T, index: i }));
      const second = must(r.service.nextHand({ tableId: T })).hand!;
      expect(second.handId).not.toBe(first);
      expect(second.open).toBe(true);
      expect(events('hand-closed').length).toBe(1);
      must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'for the record', action: { kind: 'note' }, handId: first }));
      expect(r.store.db.prepare("SELECT hand_id FROM events WHERE type = 'floor-correction' ORDER BY id").pluck().all()).toEqual([first, first]);
    } finally {
      detach();
    }
  });
});

describe('a resend after a restart, of a read refused with no hand in play', () => {
  const refused = (): number => r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'device-read-refused'").pluck().get() as number;

  it('is known by its own device\'s last refused read with a SEQ, not another device\'s, nor a read without a SEQ', () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const a = new ScriptedShoe('path:/dev/ttyA');
    const b = new ScriptedShoe('path:/dev/ttyB');
    must(r.service.attachCardSource(T, a));
    must(r.service.attachCardSource(T, b));
    expect(a.card(50 as Card, 7)).toBe(1); // no hand: refused, logged with its SEQ
    expect(a.status({ status: 'unreadable', raw: new TextEncoder().encode('??'), reason: 'the shoe could not read the card' } as StatusBody)).toBe(1);
    expect(b.card(20 as Card, 9)).toBe(1);
    expect(refused()).toBe(3);
    r.reopen(); // the ACK of SEQ 7 was lost in a crash
    const again = new ScriptedShoe('path:/dev/ttyA');
    must(r.service.attachCardSource(T, again));
    expect(again.card(50 as Card, 7)).toBe(1);
    expect(refused()).toBe(3);
    expect(again.card(51 as Card, 8)).toBe(1);
    expect(refused()).toBe(4);
  });
});

describe('the floor\'s ruling on an irregularity', () => {
  it('clears the alert it raised, in the floor person\'s name and staff id, with the ruling as the note; the answer shows it cleared', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    let snap = await otherSeatsCardScanned(r.service, [1, 2]);
    const irr = snap.hand!.state.irregularities;
    expect(snap.alerts.map((a) => a.code)).toEqual(['card-of-other-seat']);
    // a note rules on nothing: the alert stays
    snap = must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'looking into it', action: { kind: 'note' } }));
    expect(snap.alerts.map((a) => a.code)).toEqual(['card-of-other-seat']);
    const ruled = must(r.service.floorCorrection({
      tableId: T, floor: ' Jana ', reason: 'the hand plays as it lies', action: { kind: 'resolve-irregularity', irregularity: irr[0].id, ruling: 'accept' }, handId: snap.hand!.handId,
      signedBy: [{ staffId: 'F1', name: 'Jana' }],
    }));
    expect(ruled.alerts).toEqual([]);
    const row = r.store.db.prepare("SELECT acknowledged_by, ack_note FROM alerts WHERE code = 'card-of-other-seat'").get();
    expect(row).toEqual({ acknowledged_by: 'Jana', ack_note: 'ruled: accept' });
    const ack = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'alert-acknowledged'").pluck().get() as string) as Record<string, unknown>;
    expect(ack).toMatchObject({ by: 'floor:Jana', person: 'Jana', staffId: 'F1' });
  });
});

describe('a ruling whose alert could not be cleared', () => {
  it('leaves the alert raised until the floor clears it; a later correction does not clear it', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    let snap = await otherSeatsCardScanned(r.service, [1, 2]);
    const irr = snap.hand!.state.irregularities[0];
    r.store.db.exec("CREATE TEMP TRIGGER fail_acks BEFORE INSERT ON main.events WHEN NEW.type = 'alert-acknowledged' BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    snap = must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'plays as it lies', action: { kind: 'resolve-irregularity', irregularity: irr.id, ruling: 'accept' } }));
    expect(snap.hand!.state.irregularities[0].resolution).toMatchObject({ ruling: 'accept' });
    r.store.db.exec('DROP TRIGGER temp.fail_acks');
    snap = must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'for the record', action: { kind: 'note' } }));
    expect(snap.alerts.map((a) => a.code)).toEqual(['card-of-other-seat']);
    expect(r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'alert-acknowledged'").pluck().get()).toBe(0);
  });
});

describe('a subscriber that throws', () => {
  it('is handed to onListenerError, and the others still hear the update', () => {
    r.store.close();
    let now = Date.parse('2025-03-01T20:00:00.000Z');
    r.store = openStore(r.path, { clock: () => (now += 1000) });
    const errors: unknown[] = [];
    r.service = new TableService(r.store, { onListenerError: (e) => errors.push(e) });
    const heard: TableUpdate[] = [];
    r.service.subscribe(() => {
      throw new Error('screen gone');
    });
    r.service.subscribe((u) => heard.push(u));
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    expect(heard.length).toBeGreaterThan(0);
    expect(errors.map((e) => (e as Error).message)).toEqual(Array(heard.length).fill('screen gone'));
  });
});

describe('a table whose record was found damaged at start-up', () => {
  it('takes no scanned rows: refused as record-damaged, and nothing is appended', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(7);
    detach();
    await shoe.stop();
    must(r.service.seatReady({ tableId: T, seat: 1 }));
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    const snap = must(r.service.openShowdown({ tableId: T }));
    const front = bestArrangement(snap.hand!.state.seats[0].dealt).hand.front;
    must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'a note to lose', action: { kind: 'note' } }));
    r.store.close();
    tamper(r.path, 'DELETE FROM events WHERE id = (SELECT max(id) FROM events)');
    r.reopen();
    expect(r.service.alerts({ tableId: T }).filter((a) => a.kind === 'integrity').length).toBeGreaterThan(0);
    const e = expectRefused(r.store, () => r.service.scanRows({ tableId: T, seat: 1, rows: [{ row: 'front', cards: front }] }), 'record-damaged');
    expect(e.message).toContain('The table does not deal');
  });
});

describe('scanRows', () => {
  it('records a seat\'s rows in one commit, each on the hand as the rows before it left it; a row the hand refuses is refused, not thrown', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    const early = r.service.scanRows({ tableId: T, seat: 1, rows: [{ row: 'front', cards: 'AS KS QS' }] });
    expect(early.ok).toBe(false);
    await shoe.deal(7);
    detach();
    await shoe.stop();
    must(r.service.seatReady({ tableId: T, seat: 1 }));
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    let snap = must(r.service.openShowdown({ tableId: T }));
    const set = bestArrangement(snap.hand!.state.seats[0].dealt).hand;
    const heard: TableUpdate[] = [];
    r.service.subscribe((u) => heard.push(u));
    must(r.service.scanRows({ tableId: T, seat: 1, rows: [] }));
    expect(heard).toEqual([]);
    snap = must(r.service.scanRows({ tableId: T, seat: 1, rows: [{ row: 'front', cards: set.front }, { row: 'middle', cards: set.middle }, { row: 'back', cards: set.back }] }));
    expect(events('row-scanned').map((e) => e.row)).toEqual(['front', 'middle', 'back']);
    expect(snap.hand!.state.seats[0].hand).toMatchObject({ front: set.front, middle: set.middle, back: set.back });
  });
});

describe('a scanner-only table', () => {
  it('keeps the 13 cards laid down with a declared natural and with a surrender', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100, mode: 'scanner-only' }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    for (const seat of [1, 2, 3] as const) must(r.service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, buyIn: 5000 }));
    must(r.service.startHand({ tableId: T }));
    must(r.service.endDeal({ tableId: T }));
    const dragon = 'AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS';
    const natural = r.service.declareNatural({ tableId: T, seat: 1, natural: 'dragon', cards: dragon });
    expect(natural.ok, natural.ok ? '' : natural.error.message).toBe(true);
    expect((last('natural-declared').cards as unknown[]).length).toBe(13);
    const other = '2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH';
    const surrender = r.service.declareSurrender({ tableId: T, seat: 2, cards: other });
    expect(surrender.ok, surrender.ok ? '' : surrender.error.message).toBe(true);
    expect((last('surrender-declared').cards as unknown[]).length).toBe(13);
  });
});
