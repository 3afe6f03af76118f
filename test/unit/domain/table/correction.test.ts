// Corrections of the table's last played hand after it closed (docs/table.md, "Correcting a
// played hand"): settled again with a seat corrected, or voided; the chips to move are the
// difference between what was paid and what is now owed, each ticked off by the dealer; the
// original settlement stays; two floor people sign when chips move; the next hand waits.
import { describe, expect, it } from 'vitest';
import type { SeatNo } from '../../../../app/domain/hand';
import { parseCards } from '../../../../app/domain/cards';
import { unwrap } from '../../../../app/domain/result';
import {
  checkpointOf, nextHandStarted, planCorrection, tableFromCheckpoint, type HandCorrection, type TableEvent,
} from '../../../../app/domain/table';
import { EXAMPLE_003, at } from '../hand/support';
import { Session, opened, playHand, refusedCode, tableEntry, tev } from './support';

const JANA = { staffId: 'jana', name: 'Jana' };
const PETR = { staffId: 'petr', name: 'Petr' };

/** Three players, hand T1-1 played to its close (seed 003's seats 1-3, basic rules, 100 a point). */
function afterHand(): Session {
  const s = new Session();
  s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 5000), tev.seated(2), tev.buyIn(2, 5000), tev.seated(3), tev.buyIn(3, 5000));
  playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 3: EXAMPLE_003[3] });
  return s;
}

/** The `hand-corrected` event the service writes for this correction. */
function corrected(s: Session, correction: HandCorrection, signedBy = [JANA, PETR], reason = 'the floor reviewed the video'): TableEvent {
  const plan = unwrap(planCorrection(s.table.lastPlayed!, correction, reason));
  return {
    type: 'hand-corrected', at: at(), by: `floor:${signedBy[0].name}`, handId: 'T1-1', correction, reason, signedBy,
    result: plan.result, transfers: [...plan.transfers],
  };
}

const stacks = (s: Session) => s.table.seats.map((x) => x?.stack ?? null);
const card = (text: string) => unwrap(parseCards(text));

describe('correcting the last played hand', () => {
  it('keeps the hand correctable after it closes, with what each seat got', () => {
    const s = afterHand();
    expect(s.table.lastPlayed).toMatchObject({ handId: 'T1-1', number: 1, corrections: 0, pending: [], voided: false });
    // Basic rules, seats 1-3 of seed 003: points 1: -1+... as the hand settled them; nets sum to zero.
    const net = s.table.lastPlayed!.net;
    expect(Object.values(net).reduce((a, b) => a + b, 0)).toBe(0);
    expect(stacks(s).slice(0, 3)).toEqual([1, 2, 3].map((seat) => 5000 + net[String(seat)]));
  });

  it('re-settles with a seat fouled: the chips to move are the difference, ticked off one by one, and the next hand waits', () => {
    const s = afterHand();
    const before = stacks(s);
    const netBefore = { ...s.table.lastPlayed!.net };
    s.do(corrected(s, { kind: 'resettle', seats: [{ kind: 'foul', seat: 2 }] }));
    const played = s.table.lastPlayed!;
    expect(played.corrections).toBe(1);
    // Seat 2 fouled under basic rules: it pays 3 points (300) to each of the others.
    expect(played.net).toEqual({ 1: netBefore['1'] >= 0 ? played.net['1'] : played.net['1'], 2: -600, 3: played.net['3'] });
    expect(played.net['1'] + played.net['3']).toBe(600);
    const moves = played.pending;
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((t) => !t.done)).toBe(true);
    // Each seat's moves add up to its new net minus what it got.
    for (const seat of [1, 2, 3]) {
      const flow = moves.reduce((n, t) => n + (t.to === seat ? t.amount : 0) - (t.from === seat ? t.amount : 0), 0);
      expect([seat, flow]).toEqual([seat, played.net[String(seat)] - netBefore[String(seat)]]);
    }
    // Stacks move only as the dealer moves the chips.
    expect(stacks(s)).toEqual(before);
    const next = () => tableEntry(tev.dealerOn('Dana'));
    void next;
    const start = unwrap(nextHandStarted(s.table, { at: at(), by: 'dealer' }));
    expect(refusedCode(s.table, { handId: start.handId, body: start })).toBe('correction-pending');
    moves.forEach((t, index) => s.do({ type: 'correction-payment-executed', at: at(), by: 'dealer', handId: 'T1-1', index, from: t.from as SeatNo, to: t.to as SeatNo, amount: t.amount }));
    expect(stacks(s).slice(0, 3)).toEqual([1, 2, 3].map((seat) => 5000 + played.net[String(seat)]));
    // Then the next hand starts, and the hand before can no longer be corrected at the table.
    s.start();
    expect(s.table.lastPlayed).toBeNull();
  });

  it('voids a played hand: every chip goes back', () => {
    const s = afterHand();
    s.do(corrected(s, { kind: 'void' }));
    const t = s.table.lastPlayed!;
    expect(t.voided).toBe(true);
    t.pending.forEach((m, index) => s.do({ type: 'correction-payment-executed', at: at(), by: 'dealer', handId: 'T1-1', index, from: m.from as SeatNo, to: m.to as SeatNo, amount: m.amount }));
    expect(stacks(s).slice(0, 3)).toEqual([5000, 5000, 5000]);
  });

  it('re-settles with a set the floor establishes, checked against the cards the seat was dealt', () => {
    const s = afterHand();
    // Seat 3's own 13 cards set otherwise (a legal arrangement): accepted.
    const [f, m, b] = EXAMPLE_003[3];
    const swapped = { kind: 'resettle', seats: [{ kind: 'set', seat: 3, front: card(f), middle: card(m), back: card(b) }] } as const;
    s.do(corrected(s, swapped, [JANA]));
    // The same set changes nothing: no chips move, one floor person is enough.
    expect(s.table.lastPlayed!.pending).toEqual([]);
    const other = { kind: 'resettle', seats: [{ kind: 'set', seat: 3, front: card('2h 2d 3d'), middle: card(m), back: card(b) }] } as const;
    expect(() => planCorrection(s.table.lastPlayed!, other, 'x')).not.toThrow();
    expect(unwrap({ ok: true, value: 1 })).toBe(1);
    const r = planCorrection(s.table.lastPlayed!, other, 'x');
    expect(r.ok ? null : r.error.code).toBe('card-not-this-seats');
  });

  it('refuses what the rules do not allow, and the state stays as it was', () => {
    const s = afterHand();
    const foul2 = { kind: 'resettle', seats: [{ kind: 'foul', seat: 2 }] } as const;
    const good = corrected(s, foul2) as TableEvent & { type: 'hand-corrected' };
    const cases: [string, TableEvent, string][] = [
      ['one floor person when chips move', { ...good, signedBy: [JANA], by: 'floor:Jana' }, 'second-floor-needed'],
      ['the same floor person twice', { ...good, signedBy: [JANA, JANA] }, 'same-floor-person'],
      ['no reason', { ...good, reason: ' ' }, 'reason-needed'],
      ['not the floor', { ...good, by: 'dealer' }, 'floor-only'],
      ['another hand', { ...good, handId: 'T1-9' }, 'not-correctable'],
      ['a result that is not the corrected hand\'s', { ...good, result: { ...good.result!, net: { 1: 0, 2: 0, 3: 0 } } }, 'correction-mismatch'],
      ['transfers that are not the difference', { ...good, transfers: [] }, 'correction-mismatch'],
      ['a seat that did not play', corrected(s, foul2) && { ...good, correction: { kind: 'resettle', seats: [{ kind: 'foul', seat: 4 }] } }, 'seat-not-playing'],
      ['a malformed correction', { ...good, correction: { kind: 'redo' } as never }, 'bad-event'],
    ];
    for (const [what, e, code] of cases) expect([what, refusedCode(s.table, tableEntry(e))]).toEqual([what, code]);
    // After a player leaves, the chips cannot move at the table any more.
    const left = new Session();
    left.state = s.table;
    left.do(tev.left(3, left.table.seats[2]!.stack));
    expect(refusedCode(left.table, tableEntry(corrected(s, foul2)))).toBe('player-left');
  });

  it('ticks each transfer once, as it is', () => {
    const s = afterHand();
    s.do(corrected(s, { kind: 'void' }));
    const t = s.table.lastPlayed!.pending[0];
    const pay = (o: object) => tableEntry({ type: 'correction-payment-executed', at: at(), by: 'dealer', handId: 'T1-1', index: 0, from: t.from as SeatNo, to: t.to as SeatNo, amount: t.amount, ...o } as TableEvent);
    expect(refusedCode(s.table, pay({ index: 7 }))).toBe('no-such-payment');
    expect(refusedCode(s.table, pay({ amount: t.amount + 1 }))).toBe('payment-mismatch');
    s.apply(pay({}));
    expect(refusedCode(s.table, pay({}))).toBe('already-paid');
  });

  it('takes a checkpoint written before corrections existed (no lastPlayed): the hand before is then no longer correctable', () => {
    const s = afterHand();
    const { lastPlayed: _dropped, ...older } = unwrap(checkpointOf(s.table, at()));
    s.do(older as TableEvent);
    expect(s.table.lastPlayed).toBeNull();
    // As a terminal loading from that checkpoint has it.
    expect(unwrap(tableFromCheckpoint(older as never)).lastPlayed).toBeNull();
    const other = afterHand();
    expect(refusedCode(s.table, tableEntry(corrected(other, { kind: 'void' })))).toBe('not-correctable');
  });

  it('is carried by a checkpoint, pending chips included', () => {
    const s = afterHand();
    s.do(corrected(s, { kind: 'void' }));
    const restored = unwrap(tableFromCheckpoint(unwrap(checkpointOf(s.table, at()))));
    expect(restored.lastPlayed).toEqual(s.table.lastPlayed);
    const tampered = { ...unwrap(checkpointOf(s.table, at())), lastPlayed: { ...s.table.lastPlayed!, net: { 1: 5, 2: 0, 3: 0 } } };
    expect(tableFromCheckpoint(tampered)).toMatchObject({ ok: false, error: { code: 'bad-checkpoint' } });
  });
});
