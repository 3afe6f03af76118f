// A whole hand from the first card to the last chip (issue 3 section 1), the settled result
// against settleRecord on the same record, replay against the step-by-step fold.
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, carryOver, followUps, initialState, nextButton, outstandingPayments, replay, showdownRecord,
  blockers, seatStatusText, stacksAfter, stacksNow, verifySettlement, type HandEvent, type SeatNo,
} from '../../../../app/domain/hand';
import { settleRecord } from '../../../../app/domain/settle';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, deckFor, drive, dealtHand, ev, handOf, must } from './support';

function playExample(preset: 'basic' | 'mandarin-house', button: SeatNo = 4) {
  const log: HandEvent[] = [];
  const deck = deckFor(button, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
  let s = dealtHand({ preset, button, deck }, log);
  for (const seat of [1, 2, 3, 4] as SeatNo[]) s = drive(s, ev.ready(seat), log);
  s = drive(s, ev.open(), log);
  for (const seat of [1, 2, 3, 4] as SeatNo[]) {
    const [f, m, b] = EXAMPLE_003[seat];
    s = drive(s, ev.row(seat, 'front', f), log);
    s = drive(s, ev.row(seat, 'middle', m), log);
    s = drive(s, ev.row(seat, 'back', b), log);
  }
  const settled = unwrap(buildSettled(s, at()));
  s = drive(s, settled, log);
  return { s, log, settled };
}

describe('a full hand, dealt through the shoe, scanned, settled, paid and closed', () => {
  it('RULES.md s5 four-handed example (003) under basic: +1, +5, -3, -3 and the result equals settleRecord', () => {
    let { s, log, settled } = playExample('basic');
    expect(s.phase).toBe('paying');
    // The settled event carries exactly what settleRecord gives for the record built from the state.
    const record = unwrap(showdownRecord(s));
    expect(settled.record).toEqual(record);
    expect(settled.result).toEqual(unwrap(settleRecord(record)));
    expect(settled.result.points).toEqual({ 1: 1, 2: 5, 3: -3, 4: -3 });
    expect(unwrap(verifySettlement(s))).toEqual(settled.result);
    // Pay every payment in order; the last one closes the hand by itself (followUps).
    const first = outstandingPayments(s)[0];
    const paid1 = drive(s, { type: 'payment-executed', at: at(), by: 'dealer', index: first.index, from: first.from, to: first.to, amount: first.amount });
    expect(stacksNow(paid1)[first.from]).toBe(10_000 - first.amount);
    expect(blockers(paid1)[0]).toMatch(/payments still to make: Seat \d pays Seat \d/);
    expect(seatStatusText(s, 2)).toBe('Seat 2 (East): read');
    for (const p of outstandingPayments(s)) {
      s = drive(s, { type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount }, log);
    }
    expect(s.phase).toBe('closed');
    expect(log[log.length - 1]).toMatchObject({ type: 'hand-closed', by: 'system' });
    expect(stacksAfter(s)).toEqual({ 1: 10_100, 2: 10_500, 3: 9_700, 4: 9_700 });
    expect(nextButton(s)).toBe(1);
    expect(carryOver(s)).toMatchObject({ button: 1, reservedRound: null, fantasyland: [] });
    // replay(events) equals the step-by-step fold, also after a JSON round trip (the store).
    expect(unwrap(replay(log))).toEqual(s);
    expect(unwrap(replay(JSON.parse(JSON.stringify(log)) as HandEvent[]))).toEqual(s);
  });

  it('under mandarin-house (scoop doubles) seat 2 takes 6 from seat 3 (RULES.md s5)', () => {
    const { settled } = playExample('mandarin-house');
    const pair = settled.result.pairs.find((p) => (p.a === 2 && p.b === 3) || (p.a === 3 && p.b === 2))!;
    expect(pair.a === 2 ? pair.points : -pair.points).toBe(6);
  });

  it('the log of a full hand has the system events: deal-ended after the 52nd card, hand-closed after the last payment', () => {
    const { log } = playExample('basic');
    const types = log.map((e) => e.type);
    expect(types.indexOf('deal-ended')).toBe(53);
    expect(log[53].by).toBe('system');
  });

  it('replay refuses a log with an event that does not apply, naming its position', () => {
    const { log } = playExample('basic');
    const bad = [...log.slice(0, 10), { type: 'showdown-opened', at: at(), by: 'dealer' } as HandEvent];
    const r = replay(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/^event 11 \(showdown-opened\): The hands cannot be opened yet: the deal is not finished/);
      expect(r.error.path).toBe('events[10]');
    }
  });

  it('apply never changes the state it is given', () => {
    const s = dealtHand({ preset: 'basic' });
    const frozen = JSON.stringify(s);
    must(s, ev.ready(1));
    apply(s, ev.surrender(1));
    expect(JSON.stringify(s)).toBe(frozen);
    expect(followUps(initialState, at())).toEqual([]);
  });
});
