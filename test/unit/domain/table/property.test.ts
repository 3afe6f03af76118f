// Properties of the table fold on random evenings (fast-check): dealers, seats, buy-ins of every
// size, leavers, hands dealt and played to the last payment or voided, checkpoints, notes and
// malformed entries. applyTable never throws, stacks never go negative, the chips on the table
// are what was bought in less what was cashed out, the accepted log replays to the same state,
// any prefix of what was tried replays or names the first entry refused, and a checkpoint
// loads back to the state it was written from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, followUps, initialState, outstandingPayments, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { sameJson } from '../../../../app/domain/json';
import { unwrap } from '../../../../app/domain/result';
import {
  applyTable, checkpointOf, nextHandStarted, replayTable, tableFromCheckpoint, type TableEntry, type TableEvent, type TableState,
} from '../../../../app/domain/table';
import { at } from '../hand/support';
import { opened, tev } from './support';

const SEATS: SeatNo[] = [1, 2, 3, 4];
const AMOUNTS = [0, 500, 999, 1000, 1500, 1999, 2000, 2500, 5000, 12_345];
const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
const DEALERS = ['Dana', 'Eva', ' '];

/** A deck for the hand, a fixed shuffle of the pick (no randomness outside fast-check). */
function deckOf(pick: number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  let x = pick + 1;
  for (let i = 51; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The hand events that move the open hand on by one phase (or end it), as the dealer would. */
function handSteps(h: HandState, pick: number): HandEvent[] {
  const t = at();
  const live = h.seats.filter((s) => s.playing);
  if (pick % 23 === 0) return [{ type: 'hand-voided', at: t, by: 'floor:F', reason: 'property' }];
  if (pick % 29 === 0) return [{ type: 'misdeal-called', at: t, by: 'floor:F', cause: 'floor-ruling', automatic: false, cardsRead: [...h.deal.cards], detail: 'x' }];
  switch (h.phase) {
    case 'dealing': {
      if (h.deal.schedule.length === 0) return [{ type: 'deal-ended', at: t, by: 'dealer' }]; // scanner-only
      const deck = deckOf(pick);
      return deck.slice(h.deal.reads).map((card, k) => ({ type: 'card-dealt', at: t, by: 'device', seq: h.deal.reads + k, card, raw: '00' }));
    }
    case 'setting':
      return [...live.filter((s) => !s.ready).map((s): HandEvent => ({ type: 'seat-ready', at: t, by: 'dealer', seat: s.seat })), { type: 'showdown-opened', at: t, by: 'dealer' }];
    case 'showdown': {
      // Each seat's dealt cards in a rotation of the pick: some hands foul, some do not.
      const sets = live.filter((s) => !s.hand).map((s): HandEvent => {
        const r = (pick + s.seat) % 13;
        // Scanner-only: nothing was dealt through a shoe; the seats show the hand's deck in 13s.
        const dealtCards = s.dealt.length ? s.dealt : deckOf(h.info!.handNumber).slice(13 * (s.seat - 1), 13 * s.seat);
        const c = [...dealtCards.slice(r), ...dealtCards.slice(0, r)];
        return { type: 'hand-set', at: t, by: 'device', seat: s.seat, front: c.slice(0, 3), middle: c.slice(3, 8), back: c.slice(8), source: 'scanner' };
      });
      if (sets.length) return sets;
      const settled = buildSettled(h, t);
      return settled.ok ? [settled.value] : [{ type: 'hand-voided', at: t, by: 'floor:F', reason: 'cannot settle' }];
    }
    case 'paying':
      return outstandingPayments(h).map((p) => ({ type: 'payment-executed', at: t, by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount }));
    default:
      return [];
  }
}

/** What to try next: one or more entries (the hand's follow-ups are added as they come). */
function tryNext(s: TableState, kind: number, pick: number): TableEntry[] {
  const seat = SEATS[pick % 4];
  const player = PLAYERS[Math.floor(pick / 4) % PLAYERS.length];
  const amount = AMOUNTS[Math.floor(pick / 24) % AMOUNTS.length];
  const bits = Math.floor(pick / 240);
  const T = (e: TableEvent): TableEntry => ({ handId: null, body: e });
  const p = s.seats[seat - 1];
  switch (kind) {
    case 0: return [T(tev.dealerOn(DEALERS[bits % DEALERS.length]))];
    case 1: return [T(tev.dealerOff(bits % 3 === 0 ? 'Eva' : s.dealer ?? 'Dana'))];
    case 2: return [T(tev.seated(seat, player)), T(tev.buyIn(seat, amount, false, player))];
    case 3: return [T(tev.buyIn(seat, amount, bits % 4 === 0 ? bits % 8 === 0 : amount < 2000, p?.playerId ?? player))];
    case 4: return [T(tev.left(seat, p ? p.stack + (bits % 5 === 0 ? 1 : 0) : 0, p?.playerId ?? player))];
    case 5: {
      const e = nextHandStarted(s, { at: at(), by: 'dealer' });
      if (e.ok) return [{ handId: e.value.handId, body: pick % 17 === 0 ? { ...e.value, button: ((e.value.button % 4) + 1) as SeatNo } : e.value }];
      return [{ handId: `T1-${s.handsStarted + 1}`, body: { type: 'hand-started', at: at(), by: 'dealer' } as HandEvent }];
    }
    case 6:
    case 7:
    case 8: {
      if (!s.hand) return [];
      return handSteps(s.hand.state, pick).map((e) => ({ handId: s.hand!.id, body: e }));
    }
    case 9: {
      const cp = checkpointOf(s, at());
      if (!cp.ok) return [T({ type: 'table-checkpoint', at: at(), by: 'system' } as TableEvent)];
      return [T(pick % 4 === 0 ? { ...cp.value, button: ((s.button % 4) + 1) as SeatNo } : cp.value)];
    }
    case 10: return [T(tev.alert(1 + (pick % 3))), T(tev.ack(1 + (pick % 3))), T(tev.device(pick % 2 ? 'jam' : ''))];
    case 11: return [{ handId: `T1-${1 + (pick % 3)}`, body: { type: 'floor-correction', at: at(), by: 'floor:F', reason: 'note', action: { kind: pick % 2 ? 'note' : 'foul-seat', seat } } as HandEvent }];
    default: return [{ handId: pick % 2 ? null : 'T1-1', body: { type: 'nonsense', at: at(), by: 'dealer' } as never }];
  }
}

/** The kind of the next command: moving the hand on most often, then seats, buy-ins and hands. */
const KIND = fc.constantFrom(0, 0, 1, 2, 2, 2, 3, 3, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 10, 11, 12);

describe('the table fold on random evenings (fast-check)', () => {
  it('never throws, keeps stacks from going negative and chips counted, and replays (prefixes and checkpoints too)', () => {
    fc.assert(
      fc.property(fc.constantFrom<'shoe' | 'scanner-only'>('shoe', 'scanner-only'), fc.array(fc.tuple(KIND, fc.nat(100_000)), { minLength: 20, maxLength: 140 }), (mode, commands) => {
        // A dealer and two players to begin with, so that hands are dealt from the start.
        const first: TableEntry[] = [opened({ button: 1, mode }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(3), tev.buyIn(3, 5000)]
          .map((body) => ({ handId: null, body }));
        let state = unwrap(replayTable(first));
        const accepted: TableEntry[] = [...first];
        const tried: TableEntry[] = [...first];
        let firstRefused = -1;
        let bought = 7000;
        let cashed = 0;
        const checkpoints: [TableState, unknown][] = [];
        const step = (entry: TableEntry): boolean => {
          const r = applyTable(state, entry);
          tried.push(entry);
          if (!r.ok) {
            expect(r.error.code).toMatch(/^[a-z0-9-]+$/);
            expect(r.error.message.length).toBeGreaterThan(0);
            if (firstRefused < 0) firstRefused = tried.length - 1;
            return false;
          }
          const b = entry.body;
          if (b.type === 'buy-in') bought += b.amount;
          if (b.type === 'player-left') cashed += b.cashOut;
          if (b.type === 'table-checkpoint') checkpoints.push([state, JSON.parse(JSON.stringify(b))]);
          state = r.value;
          accepted.push(entry);
          for (const seat of state.seats) if (seat) expect(seat.stack).toBeGreaterThanOrEqual(0);
          return true;
        };
        for (const [kind, pick] of commands) {
          for (const entry of tryNext(state, kind, pick)) {
            if (!step(entry)) break;
            // The hand's follow-ups, as the service appends them: they always apply.
            for (let h = state.hand?.state, more = h ? followUps(h, at()) : []; h && more.length; h = state.hand?.state, more = h ? followUps(h, at()) : []) {
              for (const f of more) expect(step({ handId: state.hand!.id, body: f })).toBe(true);
            }
          }
          if (!state.hand) expect(state.seats.reduce((n, x) => n + (x?.stack ?? 0), 0)).toBe(bought - cashed);
        }
        // The accepted log replays to the same state, also through JSON (the store; as JSON, since
        // the settlement's parts may hold a -0 that JSON writes as 0).
        expect(unwrap(replayTable(accepted))).toEqual(state);
        expect(sameJson(unwrap(replayTable(JSON.parse(JSON.stringify(accepted)) as TableEntry[])), state)).toBe(true);
        // Any prefix of what was tried replays, or names the first entry that was refused.
        for (const cut of [1, Math.floor(tried.length / 3), Math.floor(tried.length / 2), tried.length]) {
          const r = replayTable(tried.slice(0, cut));
          if (firstRefused < 0 || cut <= firstRefused) expect(r.ok).toBe(true);
          else {
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.error.path).toBe(`entries[${firstRefused}]`);
          }
        }
        // Every checkpoint accepted loads back to the state it was written from.
        for (const [before, cp] of checkpoints) expect(unwrap(tableFromCheckpoint(cp as never))).toEqual(before);
        // And a hand's own fold agrees with the table's copy of it.
        if (state.hand) {
          const events = accepted.filter((e) => e.handId === state.hand!.id).map((e) => e.body as HandEvent);
          expect(events.reduce((h, e) => unwrap(apply(h, e)), initialState)).toEqual(state.hand.state);
        }
      }),
      { numRuns: 100 },
    );
  });
});
