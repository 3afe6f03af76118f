/**
 * Correcting a played hand from a screen: the floor previews a correction (who gets what, the
 * chips to move, whether a second floor person must sign), signs it with two PINs, the dealer
 * ticks the chips on his screen; a dealer cannot correct, a reader cannot sign; the view carries
 * the correction until the next hand starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CorrectionPreviewView } from '../../../app/contract/correction';
import type { TerminalView } from '../../../app/contract/view';
import { bestArrangement } from '../../../app/domain/arrange';
import type { Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf } from '../../support/staff';
import { dealerOn, openSimTerminal, send, sendOk, viewUntil } from './sim-terminal';

let terminal: Terminal | null = null;
afterEach(async () => {
  await terminal?.close();
  terminal = null;
});

const jana = credentialOf(STAFF.floor);
const petr = credentialOf(STAFF.floor2);

async function playedHand(t: Terminal): Promise<TerminalView> {
  await dealerOn(t);
  for (const seat of [1, 2, 3]) await sendOk(t, 'seatPlayer', { seat, name: `P${seat}`, buyIn: 300000 });
  await sendOk(t, 'startHand');
  const dealt = await viewUntil(t, (v) => v.hand?.phase === 'setting');
  for (const s of dealt.hand!.seats.filter((x) => x.live)) await sendOk(t, 'seatReady', { seat: s.seat });
  const open = await sendOk(t, 'openShowdown');
  for (const s of open.hand!.seats.filter((x) => x.live)) {
    const best = bestArrangement(s.cards!).hand;
    await sendOk(t, 'setHand', { seat: s.seat, front: [...best.front], middle: [...best.middle], back: [...best.back] });
  }
  let v = await sendOk(t, 'settle');
  for (const p of v.hand!.result!.payments.filter((x) => !x.done)) v = await sendOk(t, 'executePayment', { index: p.index });
  return v;
}

describe('correctHand from a screen', () => {
  it('previews, is signed by two floor people, and the dealer ticks the chips; then the next hand deals', async () => {
    terminal = await openSimTerminal(21);
    const played = await playedHand(terminal);
    const handId = played.hand!.id;
    expect(played.correction).toMatchObject({ handId, corrections: 0, correctable: true, transfers: [] });
    const stacks = played.seats.map((s) => s.stack);

    // A reader previews the void: every chip back, a second floor person needed.
    await sendOk(terminal, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    const preview = await sendOk<CorrectionPreviewView>(terminal, 'previewCorrection', { handId, correction: { kind: 'void' } });
    expect(preview).toMatchObject({ handId, voided: true, needsSecond: true });
    expect(Object.values(preview.after)).toEqual([0, 0, 0]);
    expect(preview.transfers.reduce((n, t) => n + t.amount, 0)).toBeGreaterThan(0);

    // The dealer cannot correct; one floor person is not enough when chips move.
    const refusedAs = async (args: unknown) => {
      const r = await send(terminal!, 'correctHand', args);
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(await refusedAs({ floor: credentialOf(STAFF.dealer), reason: 'x', handId, correction: { kind: 'void' } })).toBe('not-allowed');
    expect(await refusedAs({ floor: jana, reason: 'x', handId, correction: { kind: 'void' } })).toBe('second-floor-needed');
    expect(await refusedAs({ floor: jana, second: petr, reason: 'x', handId, correction: { kind: 'toss' } })).toBe('bad-correction');

    const v = await sendOk(terminal, 'correctHand', { floor: jana, second: petr, reason: 'the shoe read a card twice', handId, correction: { kind: 'void' } });
    expect(v.correction).toMatchObject({ handId, corrections: 1, voided: true, correctable: false });
    expect(v.correction!.transfers).toEqual(preview.transfers.map((t, index) => ({ index, ...t, done: false })));
    // The next hand waits for the chips.
    expect(await send(terminal, 'startHand')).toMatchObject({ ok: false, error: { code: 'correction-pending' } });
    let after = v;
    for (const t of v.correction!.transfers) after = await sendOk(terminal, 'executeCorrectionPayment', { index: t.index });
    expect(after.correction).toMatchObject({ correctable: true });
    expect(after.correction!.transfers.every((t) => t.done)).toBe(true);
    // Every chip is back where it was before the hand.
    const net = (seat: number) => played.hand!.result!.seats.find((x) => x.seat === seat)?.net ?? 0;
    expect(after.seats.map((s) => s.stack)).toEqual(stacks.map((s, i) => s - net(i + 1)));
    const next = await sendOk(terminal, 'startHand');
    expect(next.correction).toBeNull();
    // The access log names both floor people and the reason.
    const log = await sendOk<{ entries: { type: string; person: string | null; what: string; why: string | null }[] }>(terminal, 'accessLog');
    expect(log.entries.find((e) => e.type === 'hand-corrected')).toMatchObject({
      person: STAFF.floor.staffId, why: 'the shoe read a card twice', what: expect.stringMatching(new RegExp(`^hand ${handId} corrected: voided after payment, \\d+ chip movements?, with Petr Dvořák \\(petr\\) as the second floor person$`)),
    });
  });
});
