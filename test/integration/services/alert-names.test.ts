// The alerts' words as the dealer reads them in English: the hand by its number (as the screen
// names it, never its id "T1-1"), a device by what it is (never its label's port or path).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { attachShoe, must, openTable, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => { r = rig(); });
afterEach(() => r.cleanup());

describe('alert words', () => {
  it('name the hand by its number and the device by what it is', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service, ['jam@5:0']);
    must(r.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(4).slice(0, 12));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    const [jam, misdeal] = r.service.alerts();
    expect(jam.message).toMatch(/^Card shoe: jam/);
    expect(jam.message).not.toContain(shoe.label);
    expect(misdeal.message).toMatch(/^Misdeal in hand 1: /);
    expect(misdeal.handId).toBe(`${T}-1`);
    for (const a of [jam, misdeal]) expect(a.message).not.toContain(`${T}-1`);
  });
});
