/**
 * Every misdeal cause, produced the way it happens at the table (the shoe's reads, the
 * dealer's reports, the floor), is recorded by the service (the hand's outcome and cause,
 * an alert, no chips moved, the button kept) and recovered after a restart. The causes
 * themselves are the fold's (its own unit tests); here: that the service records them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MisdealCause } from '../../../app/domain/hand';
import { replayHands, verifyChain } from '../../../app/services/audit';
import type { TableService } from '../../../app/services/table-service';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { attachShoe, must, openTable, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

type Cause = { cause: MisdealCause; automatic: boolean; make: (s: TableService) => Promise<void> };

const deck = shuffledDeck(77);

const CAUSES: Cause[] = [
  { cause: 'card-read-twice', automatic: true, make: async (s) => (await attachShoe(s, ['read-twice@7'])).shoe.feed(deck).then(() => {}) },
  { cause: 'unreadable-card', automatic: true, make: async (s) => (await attachShoe(s, ['unreadable@3'])).shoe.feed(deck).then(() => {}) },
  { cause: 'sequence-gap', automatic: true, make: async (s) => (await attachShoe(s, ['skip-seq@10'])).shoe.feed(deck).then(() => {}) },
  { cause: 'too-many-cards', automatic: true, make: async (s) => (await attachShoe(s)).shoe.feed([...deck, deck[0]]).then(() => {}) },
  {
    cause: 'short-deal', automatic: true, make: async (s) => {
      await (await attachShoe(s)).shoe.feed(deck.slice(0, 30));
      must(s.endDeal({ tableId: T }));
    },
  },
  {
    cause: 'cards-exposed', automatic: false, make: async (s) => {
      await (await attachShoe(s)).shoe.feed(deck);
      const dealt = must(s.snapshot(T)).hand!.state.seats[1].dealt;
      for (let i = 0; i < 5; i++) must(s.reportExposure({ tableId: T, seat: 2, card: dealt[i] }));
    },
  },
  {
    cause: 'wrong-seat-delivery', automatic: false, make: async (s) => {
      await (await attachShoe(s)).shoe.feed(deck);
      must(s.reportWrongSeat({ tableId: T, heldBy: 3, handOf: 4 }));
    },
  },
  {
    cause: 'wrong-card-count', automatic: false, make: async (s) => {
      await (await attachShoe(s)).shoe.feed(deck);
      must(s.callMisdeal({ tableId: T, cause: 'wrong-card-count', detail: 'seat 2 counts 12 cards' }));
    },
  },
  {
    cause: 'floor-ruling', automatic: false, make: async (s) => {
      await (await attachShoe(s)).shoe.feed(deck.slice(0, 20));
      must(s.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'the deck was not shuffled' }));
    },
  },
];

describe('a misdeal called without a detail', () => {
  it('records who called it and why in words, not the cause code', async () => {
    openTable(r.service, { 1: 3000, 2: 4000 });
    must(r.service.startHand({ tableId: T }));
    await (await attachShoe(r.service)).shoe.feed(deck);
    must(r.service.callMisdeal({ tableId: T, cause: 'wrong-card-count' }));
    const called = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'misdeal-called'").pluck().get() as string);
    expect(called.detail).toBe('called by the dealer: a player has the wrong number of cards');
    const alert = r.store.db.prepare("SELECT message FROM alerts WHERE kind = 'misdeal'").pluck().get() as string;
    expect(alert).not.toMatch(/wrong-card-count/);
  });
});

describe.each(CAUSES)('misdeal: $cause', ({ cause, automatic, make }) => {
  it('is recorded with its cause, raises an alert, moves no chips, keeps the button, and survives a restart', async () => {
    openTable(r.service, { 1: 3000, 2: 4000, 3: 5000, 4: 6000 });
    must(r.service.startHand({ tableId: T }));
    await make(r.service);
    const snap = must(r.service.snapshot(T));
    expect(snap.hand).toMatchObject({ handId: 'T1-1', open: false });
    const state = snap.hand!.state;
    expect(state.phase).toBe('misdealt');
    expect(state.abort).toMatchObject({ kind: 'misdeal', cause, automatic });
    const db = r.store.db;
    expect(db.prepare("SELECT outcome, misdeal_cause, phase FROM hands WHERE id = 'T1-1'").get()).toEqual({ outcome: 'misdeal', misdeal_cause: cause, phase: 'misdealt' });
    const called = JSON.parse(db.prepare("SELECT body FROM events WHERE type = 'misdeal-called'").pluck().get() as string);
    expect(called).toMatchObject({ cause, automatic, by: automatic ? 'system' : expect.any(String) });
    expect(called.cardsRead).toEqual(state.deal.cards);
    expect(snap.alerts.map((a) => [a.kind, a.code, a.handId])).toEqual([['misdeal', cause, 'T1-1']]);
    expect(snap.seats.map((s) => s.stack)).toEqual([3000, 4000, 5000, 6000]);
    expect(db.prepare("SELECT count(*) FROM chip_ledger WHERE kind = 'hand' AND amount <> 0").pluck().get()).toBe(0);
    expect(snap.button).toBe(1);

    r.reopen();
    const again = must(r.service.snapshot(T));
    expect(again.hand).toMatchObject({ handId: 'T1-1', open: false });
    expect(again.hand!.state.abort).toMatchObject({ kind: 'misdeal', cause });
    expect(again.alerts.map((a) => a.code)).toEqual([cause]);
    // the redeal: a new hand, same button
    const redeal = must(r.service.startHand({ tableId: T })).hand!;
    expect(redeal).toMatchObject({ handId: 'T1-2', number: 2, open: true });
    expect(redeal.state.info!.button).toBe(1);
    expect(verifyChain(r.store.db).ok).toBe(true);
    expect(replayHands(r.store).problems).toEqual([]);
  });
});
