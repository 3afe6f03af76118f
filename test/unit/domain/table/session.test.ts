// A whole evening at one table through the table fold: opened, a dealer on, three players
// seated with their buy-ins (the short buy-in rules included), hands dealt through the shoe
// with the hand fold to the last payment, a misdeal, a fourth player, a leaver, checkpoints;
// the stacks and the button after each hand are what the hand's carryOver says.
import { describe, expect, it } from 'vitest';
import { carryOver, type HandEvent, type HandState } from '../../../../app/domain/hand';
import { unwrap } from '../../../../app/domain/result';
import {
  applyTable, checkpointOf, nextHandStarted, replayTable, tableFromCheckpoint, type TableEntry, type TableState,
} from '../../../../app/domain/table';
import { EXAMPLE_003, at, dealt, ev } from '../hand/support';
import { Session, opened, playHand, refusedCode, tableEntry, tev } from './support';


/** The table took what the hand leaves: each player's stack and the next button. */
function expectCarried(table: TableState, hand: HandState): void {
  const c = carryOver(hand);
  expect(table.hand).toBeNull();
  expect(table.button).toBe(c.button);
  for (const s of c.stacks) expect(table.seats[s.seat - 1]).toMatchObject({ playerId: s.playerId, stack: s.stack });
  expect(table.carried).toEqual({ reservedRound: c.reservedRound, fantasyland: c.fantasyland });
}

const total = (t: TableState) => t.seats.reduce((n, s) => n + (s?.stack ?? 0), 0);

function evening() {
  const s = new Session();
  const stacks: number[][] = [];
  s.do(opened({ button: 4 }), tev.dealerOn('Dana'));
  // Three players sit down, each with a full first buy-in.
  s.do(tev.seated(1, 'p1', 'Adam'), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 5000), tev.seated(3), tev.buyIn(3, 3000));
  // Seat 1 tops up with a short buy-in (allowed once after a full one), then must buy full again.
  s.do(tev.buyIn(1, 1000, true));
  expect(s.table.seats[0]).toEqual({ playerId: 'p1', name: 'Adam', stack: 3000, shortBuyInAllowed: false });
  expect(refusedCode(s.state, tableEntry(tev.buyIn(1, 1500, true)))).toBe('short-buy-in-not-allowed');
  s.do(tev.buyIn(1, 2000));
  expect(s.table.seats[0]).toEqual({ playerId: 'p1', name: 'Adam', stack: 5000, shortBuyInAllowed: true });
  stacks.push(s.table.seats.map((x) => x?.stack ?? 0));

  // Hand 1: three-handed, button on seat 4 (an empty seat: all four hands are dealt).
  const h1 = playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 3: EXAMPLE_003[3] });
  expectCarried(s.table, h1);
  stacks.push(s.table.seats.map((x) => x?.stack ?? 0));

  // Hand 2: the floor voids it: no chips move and the button stays.
  const buttonBefore = s.table.button;
  s.start();
  for (let k = 0; k < 10; k++) s.play(dealt(k, k));
  const h2 = s.play(ev.void('the shoe was dropped'));
  expect(h2.phase).toBe('voided');
  expectCarried(s.table, h2);
  expect(s.table.button).toBe(buttonBefore);
  stacks.push(s.table.seats.map((x) => x?.stack ?? 0));

  // A note on hand 1 after it is over is kept; nothing changes.
  const before = s.table;
  s.apply({ handId: 'T1-1', body: ev.floor({ kind: 'note' }, 'the players agreed the count') });
  expect(s.table).toBe(before);

  // A fourth player; hand 3 four-handed with the hands passed one seat on.
  s.do(tev.seated(4), tev.buyIn(4, 2500));
  const h3 = playHand(s, { 1: EXAMPLE_003[4], 2: EXAMPLE_003[1], 3: EXAMPLE_003[2], 4: EXAMPLE_003[3] });
  expectCarried(s.table, h3);
  stacks.push(s.table.seats.map((x) => x?.stack ?? 0));

  // Seat 3 leaves with his whole stack; the dealer goes off.
  const leaving = s.table.seats[2]!.stack;
  expect(refusedCode(s.state, tableEntry(tev.left(3, leaving - 1)))).toBe('wrong-cash-out');
  s.do(tev.left(3, leaving), tev.alert(1), tev.ack(1), tev.device('jam'), tev.readRefused(), tev.dealerOff('Dana'));
  expect(s.table.seats[2]).toBeNull();
  expect(s.table.dealer).toBeNull();
  return { s, h1, h2, h3, stacks, leaving };
}

describe('an evening at table T1', () => {
  it('seats, buy-ins and hands: the stacks and the button after each hand are carryOver', () => {
    const { s, h1, h3, stacks, leaving } = evening();
    expect(s.table.handsStarted).toBe(3);
    expect(stacks[0]).toEqual([5000, 5000, 3000, 0]);
    // Basic rules, 100 a point. Hand 1 (seats 1-3 of RULES.md s5's example): 0, +4, -4 points.
    expect(stacks[1]).toEqual([5000, 5400, 2600, 0]);
    expect(stacks[2]).toEqual(stacks[1]);
    // Hand 3, the example four-handed one seat on: seat 2 +1, seat 3 +5, seats 4 and 1 -3.
    expect(stacks[3]).toEqual([4700, 5500, 3100, 2200]);
    expect(leaving).toBe(3100);
    expect(total(s.table)).toBe(15_500 - leaving);
    // The button moved one seat after each played hand, not after the void.
    expect(h1.info!.button).toBe(4);
    expect(h3.info!.button).toBe(1);
    expect(s.table.button).toBe(2);
    // The hands' seats were the table's players with their stacks at the start.
    expect(h3.seats.map((x) => x.player?.stack ?? null)).toEqual(stacks[2].map((n, i) => (i === 3 ? 2500 : n)));
  });

  it('replaying the log gives the same table, also after a JSON round trip (the store)', () => {
    const { s } = evening();
    expect(unwrap(replayTable(s.log))).toEqual(s.table);
    expect(unwrap(replayTable(JSON.parse(JSON.stringify(s.log)) as TableEntry[]))).toEqual(s.table);
  });

  it('hand-started is accepted only as the table deals it; the service builds it with nextHandStarted', () => {
    const { s } = evening();
    s.do(tev.dealerOn('Eva'));
    const e = unwrap(nextHandStarted(s.table, { at: at(), by: 'dealer' }));
    expect(e).toMatchObject({ tableId: 'T1', handId: 'T1-4', handNumber: 4, button: 2, pointValue: 100, mode: 'shoe', seqModulo: 100 });
    expect(e.seats.map((x) => x.seat)).toEqual([1, 2, 4]);
    expect(e.seats[0]).toEqual({ seat: 1, playerId: 'p1', name: 'Adam', stack: s.table.seats[0]!.stack });
    const started = unwrap(applyTable(s.table, { handId: 'T1-4', body: e }));
    expect(started.hand).toMatchObject({ id: 'T1-4', number: 4 });
    expect(started.handsStarted).toBe(4);
  });
});

describe('checkpoints', () => {
  it('round trip: written between hands, applied it changes nothing, and loading from it gives the same table', () => {
    const { s } = evening();
    const cp = unwrap(checkpointOf(s.table, at()));
    const json = JSON.parse(JSON.stringify(cp));
    expect(json).toEqual(cp);
    // lastPlayed: the evening's last hand was played to its close, so the floor may still correct it.
    expect(Object.keys(cp)).toEqual([
      'type', 'at', 'by', 'tableId', 'name', 'profile', 'pointValue', 'mode', 'seqModulo', 'button', 'handsStarted', 'seats', 'dealer', 'carried', 'lastPlayed',
    ]);
    const after = unwrap(applyTable(s.table, tableEntry(json)));
    expect(after).toBe(s.table);
    const loaded = unwrap(tableFromCheckpoint(json));
    expect(loaded).toEqual(s.table);

    // Loading from the checkpoint and replaying what follows equals replaying the whole log.
    s.apply(tableEntry(cp));
    const mark = s.log.length;
    s.do(tev.dealerOn('Eva'), tev.buyIn(2, 2000));
    playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 4: EXAMPLE_003[4] });
    const fromCheckpoint = unwrap(replayTable(s.log.slice(mark), unwrap(tableFromCheckpoint(json))));
    expect(fromCheckpoint).toEqual(s.table);
    expect(unwrap(replayTable(s.log))).toEqual(s.table);
  });

  it('a checkpoint that differs from the state is refused, naming the first differing field', () => {
    const { s } = evening();
    const cp = unwrap(checkpointOf(s.table, at()));
    const cases: [string, (c: Record<string, unknown>) => void, string][] = [
      ['a stack', (c) => { (c.seats as { stack: number }[])[1].stack += 100; }, 'seats[1].stack'],
      ['the button', (c) => { c.button = 3; }, 'button'],
      ['the dealer', (c) => { c.dealer = 'Dana'; }, 'dealer'],
      ['the hands started', (c) => { c.handsStarted = 2; }, 'handsStarted'],
      ['an empty seat taken', (c) => { (c.seats as unknown[])[2] = { playerId: 'p3', name: null, stack: 1, shortBuyInAllowed: true }; }, 'seats[2]'],
      ['the short buy-in allowance', (c) => { (c.seats as { shortBuyInAllowed: boolean }[])[0].shortBuyInAllowed = false; }, 'seats[0].shortBuyInAllowed'],
      ['the rules', (c) => { (c.profile as { snapshot: Record<string, unknown> }).snapshot.segmentPoints = 2; }, 'profile.snapshot.segmentPoints'],
      ['a field no checkpoint has', (c) => { c.extra = 1; }, 'extra'],
    ];
    for (const [why, change, path] of cases) {
      const bad = JSON.parse(JSON.stringify(cp)) as Record<string, unknown>;
      change(bad);
      const before = structuredClone(s.table);
      const r = applyTable(s.table, tableEntry(bad as never));
      expect(s.table, why).toEqual(before);
      expect(r.ok, why).toBe(false);
      if (!r.ok) {
        expect(r.error.code, why).toBe('checkpoint-mismatch');
        expect(r.error.path, why).toBe(path);
        expect(r.error.message, why).toMatch(new RegExp(`^table-checkpoint: ${path.replace(/[[\].]/g, '\\$&')} `));
      }
    }
  });

  it('no checkpoint while a hand is in play', () => {
    const { s } = evening();
    const cp = unwrap(checkpointOf(s.table, at()));
    s.do(tev.dealerOn('Eva'));
    s.start();
    expect(checkpointOf(s.table, at()).ok).toBe(false);
    expect(refusedCode(s.state, tableEntry(cp))).toBe('hand-in-play');
  });
});

describe('replayTable names the first entry that does not apply', () => {
  it('by its position and type, with the fold\'s code', () => {
    const { s } = evening();
    const bad: TableEntry[] = [...s.log.slice(0, 5), tableEntry(tev.seated(1, 'p9'))];
    const r = replayTable(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('seat-taken');
      expect(r.error.message).toBe('entry 6 (player-seated): seat 1 is taken by p1');
      expect(r.error.path).toBe('entries[5]');
    }
    const handLog = s.log.findIndex((e) => e.body.type === 'card-dealt');
    const early = replayTable([...s.log.slice(0, handLog), { handId: 'T1-1', body: { type: 'showdown-opened', at: at(), by: 'dealer' } as HandEvent }]);
    expect(early.ok).toBe(false);
    if (!early.ok) {
      expect(early.error.code).toBe('not-ready-to-open');
      expect(early.error.message).toMatch(new RegExp(`^entry ${handLog + 1} \\(showdown-opened\\): `));
    }
    expect(replayTable([]).ok).toBe(false);
  });
});
