// Properties of the fold (issue 3 s1, brief): on random sequences of events — valid ones,
// refused ones and malformed ones — apply never throws, the phase only moves forward, the log
// of accepted events replays to the same state, and every prefix of it replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PHASE_RANK, apply, buildSettled, followUps, initialState, outstandingPayments, replay,
  type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { NATURAL_NAMES } from '../../../../app/domain/naturals';
import { SEGMENTS } from '../../../../app/domain/setting';
import { at, started, type StartOptions } from './support';

const SEATS: SeatNo[] = [1, 2, 3, 4];

/** Events worth trying in this state: `main` moves the hand along (most valid, some refused),
 *  `rare` ends it or breaks it (voids, misdeals, malformed events). */
function candidates(s: HandState, deck: number[], pick: number): { main: HandEvent[]; rare: HandEvent[] } {
  const t = at();
  const seat = SEATS[pick % 4];
  const other = SEATS[(pick + 1 + (pick >> 2) % 3) % 4];
  const common: HandEvent[] = [
    { type: 'hand-voided', at: t, by: 'floor:F', reason: 'property' },
    { type: 'floor-correction', at: t, by: 'floor:F', reason: 'note', action: { kind: 'note' } },
    { type: 'misdeal-called', at: t, by: 'floor:F', cause: 'floor-ruling', automatic: false, cardsRead: [...s.deal.cards], detail: 'x' },
    { type: 'card-dealt', at: t, by: 'device', seq: null, card: 77 as never, raw: 'zz' }, // malformed
    { type: 'hand-set', at: t, by: 'device', seat, front: 'As' as never, middle: null as never, back: [] as never, source: 'scanner' }, // malformed
    { type: 'settled', at: t, by: 'dealer', record: null as never, result: null as never }, // malformed
    { type: 'floor-correction', at: t, by: 'floor:F', reason: 'x', action: { kind: 'resolve-irregularity', irregularity: 'a' as never, ruling: 'accept' } },
  ];
  const live = s.seats.filter((x) => x.playing);
  switch (s.phase) {
    case 'dealing': {
      const next = deck[s.deal.reads % 52];
      const card: HandEvent = { type: 'card-dealt', at: t, by: 'device', seq: s.deal.reads, card: next, raw: '00' };
      const out: HandEvent[] = Array(60).fill(card);
      const placeable = live.flatMap((x) => {
        const placed = new Set(SEGMENTS.flatMap((r) => x.placed[r]));
        const free = SEGMENTS.filter((r) => x.placed[r].length < (r === 'front' ? 3 : 5));
        return x.dealt.filter((c) => !placed.has(c)).map((c): HandEvent => ({ type: 'card-placed', at: t, by: 'dealer', seat: x.seat, card: c, row: free[pick % Math.max(1, free.length)] ?? 'back' }));
      });
      out.push(...placeable, ...placeable, ...placeable);
      const ended: HandEvent = { type: 'deal-ended', at: t, by: 'dealer' };
      if (s.deal.schedule.length === 0) out.push(ended);
      return {
        main: out,
        rare: [...common, ended, { type: 'card-exposed', at: t, by: 'dealer', seat },
          { type: 'card-dealt', at: t, by: 'device', seq: s.deal.reads, card: deck[0], raw: '00' },
          { type: 'card-unreadable', at: t, by: 'device', seq: s.deal.reads, raw: 'ff' },
          { type: 'wrong-seat-delivery', at: t, by: 'dealer', heldBy: seat, handOf: other }],
      };
    }
    case 'setting': {
      const out: HandEvent[] = [];
      for (const x of live) out.push(...Array(4).fill({ type: 'seat-ready', at: t, by: 'dealer', seat: x.seat }));
      for (const x of live) {
        const placed = new Set(SEGMENTS.flatMap((r) => x.placed[r]));
        const free = SEGMENTS.filter((r) => x.placed[r].length < (r === 'front' ? 3 : 5));
        for (const c of x.dealt.filter((d) => !placed.has(d))) out.push({ type: 'card-placed', at: t, by: 'dealer', seat: x.seat, card: c, row: free[pick % Math.max(1, free.length)] ?? 'back' });
      }
      out.push({ type: 'surrender-declared', at: t, by: 'dealer', seat });
      out.push({ type: 'natural-declared', at: t, by: 'dealer', seat, natural: NATURAL_NAMES[pick % NATURAL_NAMES.length] });
      out.push({ type: 'natural-declared', at: t, by: 'dealer', seat, natural: 'six-pairs', cards: deck.slice(0, 13) });
      out.push(...Array(6).fill({ type: 'showdown-opened', at: t, by: 'dealer' }));
      out.push({ type: 'card-exposed', at: t, by: 'dealer', seat });
      return { main: out, rare: [...common, { type: 'wrong-seat-delivery', at: t, by: 'dealer', heldBy: seat, handOf: other }] };
    }
    case 'showdown': {
      const out: HandEvent[] = [];
      for (const x of live) {
        const d = x.dealt.length === 13 ? x.dealt : deck.slice(13 * (x.seat - 1), 13 * x.seat);
        const rot = pick % 13;
        const c = [...d.slice(rot), ...d.slice(0, rot)];
        out.push(...Array(3).fill({ type: 'hand-set', at: t, by: 'device', seat: x.seat, source: 'scanner', front: c.slice(0, 3), middle: c.slice(3, 8), back: c.slice(8) }));
        out.push({ type: 'row-scanned', at: t, by: 'device', seat: x.seat, row: SEGMENTS[pick % 3], cards: c.slice(0, 3) });
      }
      const settled = buildSettled(s, t);
      if (settled.ok) out.push(...Array(8).fill(settled.value));
      const open = s.irregularities.find((i) => i.blocking && !i.resolution);
      if (open) {
        out.push({ type: 'floor-correction', at: t, by: 'floor:F', reason: 'r', action: { kind: 'resolve-irregularity', irregularity: open.id, ruling: pick % 2 ? 'accept' : 'foul-seat' } });
      }
      return { main: out, rare: [...common, { type: 'floor-correction', at: t, by: 'floor:F', reason: 'r', action: { kind: 'foul-seat', seat } }] };
    }
    case 'paying': {
      const out: HandEvent[] = outstandingPayments(s).flatMap((p) => Array(5).fill({ type: 'payment-executed', at: t, by: 'dealer', ...p }));
      out.push({ type: 'hand-closed', at: t, by: 'dealer' });
      return { main: out, rare: common };
    }
    default:
      return { main: common, rare: common };
  }
}

const startOptions: fc.Arbitrary<StartOptions> = fc.record({
  preset: fc.constantFrom('mandarin-house' as const, 'basic' as const, 'western' as const, 'scoop-double' as const, 'ofc' as const),
  button: fc.constantFrom<SeatNo>(1, 2, 3, 4),
  seats: fc.subarray<SeatNo>([1, 2, 3, 4], { minLength: 2 }),
  mode: fc.constantFrom('shoe' as const, 'shoe' as const, 'scanner-only' as const),
  pointValue: fc.constantFrom(1, 100, 500),
  stacks: fc.record({ 1: fc.integer({ min: 1, max: 5000 }), 2: fc.integer({ min: 1, max: 5000 }), 3: fc.integer({ min: 1, max: 5000 }), 4: fc.integer({ min: 1, max: 5000 }) }),
});

describe('the fold on random event sequences (fast-check)', () => {
  it('never throws, only moves forward, and replays its own log (every prefix too)', () => {
    const deckArb = fc.shuffledSubarray(Array.from({ length: 52 }, (_, i) => i), { minLength: 52, maxLength: 52 });
    fc.assert(
      fc.property(startOptions, deckArb, fc.array(fc.nat(), { minLength: 60, maxLength: 400 }), (options, deck, picks) => {
        const log: HandEvent[] = [];
        let s: HandState = initialState;
        const step = (e: HandEvent) => {
          const r = apply(s, e);
          if (!r.ok) {
            expect(typeof r.error.code).toBe('string');
            expect(r.error.message.length).toBeGreaterThan(0);
            return false;
          }
          expect(PHASE_RANK[r.value.phase]).toBeGreaterThanOrEqual(PHASE_RANK[s.phase]);
          s = r.value;
          log.push(e);
          return true;
        };
        step(started(options));
        for (const pick of picks) {
          const { main, rare } = candidates(s, deck, pick);
          const useRare = pick % 60 === 0 || main.length === 0;
          const c = useRare ? rare : main;
          if (!step(c[(useRare ? Math.floor(pick / 60) : pick) % c.length])) continue;
          for (let more = followUps(s, at()); more.length; more = followUps(s, at())) {
            for (const f of more) expect(step(f)).toBe(true); // follow-ups always apply
          }
        }
        expect(replay(log)).toEqual({ ok: true, value: s });
        for (const cut of [1, Math.floor(log.length / 3), Math.floor(log.length / 2), log.length - 1]) {
          const r = replay(log.slice(0, Math.max(1, cut)));
          expect(r.ok).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
