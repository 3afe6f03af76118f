/**
 * The table snapshot's empty seats: no player, no chips, and no short buy-in allowed (the screen
 * offers a short buy-in only where the table allows it for a seated player).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { T, must, openTable, rig, type Rig } from '../../integration/services/helpers';

let r: Rig | null = null;
afterEach(() => {
  r?.cleanup();
  r = null;
});

describe('tableSnapshot: an empty seat', () => {
  it('has no player, a stack of 0 and no short buy-in allowed', () => {
    r = rig();
    openTable(r.service, { 1: 5000, 2: 4000 });
    const snap = must(r.service.snapshot(T));
    expect(snap.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4]);
    expect(snap.seats[0]).toMatchObject({ seat: 1, player: { id: 'p1', name: 'Player 1' }, stack: 5000 });
    for (const seat of [3, 4]) {
      expect(snap.seats[seat - 1]).toEqual({ seat, player: null, stack: 0, shortBuyInAllowed: false });
    }
  });
});
