// The shift report counts the jackpot hands that stood at settlement (issue: jackpot hands, "the
// reports count them"), from each hand's stored result, real settlements of real records.
import { describe, expect, it } from 'vitest';
import { presetJson } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord, type SettleResult } from '../../../app/domain/settle';
import { handFigures } from '../../../app/services/report';
import type { HandSummary } from '../../../app/services/service-types';

const rules = { ...presetJson('mandarin-house'), name: 'mandarin-jackpot', jackpot: { hands: [{ segment: 'back', atLeast: 'straight-flush' }] } };
const SF = { front: '2c 3d 4h', middle: 'Kc Kh Ks 7c 7d', back: '5s 6s 7s 8s 9s' };
const SF_KING = { front: '2s 3s 4c', middle: 'Ac Ah As 6h 6d', back: '9d Td Jd Qd Kd' };
const PLAIN = { front: 'Qc Qh 2d', middle: 'Tc Th 5d 5h 9c', back: 'Jc Jh Js 8c 8d' };

function hand(n: number, seats: Record<string, string>[]): HandSummary {
  const result: SettleResult = unwrap(settleRecord({ rules, seats: seats.map((s, i) => ({ seat: i + 1, ...s })) }));
  return {
    handId: `T1-${n}`, tableId: 'T1', number: n, button: 1, dealer: 'Eva', profile: { name: 'mandarin-jackpot', version: 1 }, pointValue: 100,
    phase: 'closed', outcome: 'played', misdealCause: null, voidReason: null, startedAt: `2025-03-01T20:0${n}:00.000Z`, endedAt: `2025-03-01T20:0${n}:30.000Z`,
    seats: seats.map((_, i) => ({ seat: (i + 1) as 1, player: `p${i + 1}`, stackBefore: 5000, points: result.points[String(i + 1)], net: 0, stackAfter: 5000, fouled: false, natural: null, surrendered: false })),
    payments: [], record: null, result, events: 1, simulated: false,
  };
}

describe('the report\'s jackpot count', () => {
  it('counts the hands that stand, not the lower ones disqualified', () => {
    const figures = handFigures([hand(1, [SF, PLAIN]), hand(2, [SF, SF_KING, PLAIN]), hand(3, [PLAIN, SF_KING])], new Map());
    // Hand 1: one; hand 2: the king-high stands, the nine-high is lower; hand 3: one.
    expect(figures.jackpots).toBe(3);
  });

  it('is zero under rules without jackpot hands', () => {
    expect(handFigures([], new Map()).jackpots).toBe(0);
  });
});
