/**
 * An independent reference for RULES.md sections 4-7, written from the rule book and not from
 * app/domain/scoring.ts: its own bonus tables (read off section 5 by category and rank), its
 * own homerun test and its own arithmetic for every preset and for two profile options
 * (lowball middle, fixed foul penalty). On random deals it must give every seat the points
 * settleRecord gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { RANK_ACE, formatCards, fullDeck, type Card } from '../../../app/domain/cards';
import { categoryOf, evaluate, lowball27, ranksOf } from '../../../app/domain/evaluate';
import { detectNaturals, type NaturalName } from '../../../app/domain/naturals';
import { PRESET_NAMES, getPreset, presetJson, validateProfile, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord } from '../../../app/domain/settle';

type Table = readonly [front: (c: Card[]) => number, middle: (c: Card[]) => number, back: (c: Card[]) => number];
const cat = (c: Card[]) => categoryOf(evaluate(c));
const top = (c: Card[]) => ranksOf(evaluate(c), 1)[0];
// RULES.md s5 bonus tables, indexed by category (0 high card ... 8 straight flush).
const NONE: Table = [() => 0, () => 0, () => 0];
// Eastern and Mandarin (000), casino sheet (002): front trips 3; middle FH 2, quads 8, SF 10; back quads 4, SF 5.
const MANDARIN: Table = [(c) => (cat(c) === 3 ? 3 : 0), (c) => [0, 0, 0, 0, 0, 0, 2, 8, 10][cat(c)], (c) => [0, 0, 0, 0, 0, 0, 0, 4, 5][cat(c)]];
// Special hands (004): front trips 3; middle FH 2; back or middle quads 4, straight flush (royal included) 5.
const SPECIAL: Table = [MANDARIN[0], (c) => [0, 0, 0, 0, 0, 0, 2, 4, 5][cat(c)], MANDARIN[2]];
// OFC (001): front pair of sixes 1 ... aces 9; middle straight 4 ... SF 30; back straight 2 ... SF 15, royal 25.
const OFC: Table = [
  (c) => (cat(c) === 1 && top(c) >= 4 ? top(c) - 3 : 0),
  (c) => [0, 0, 0, 0, 4, 8, 12, 20, 30][cat(c)],
  (c) => (cat(c) === 8 && top(c) === RANK_ACE ? 25 : [0, 0, 0, 0, 2, 4, 6, 10, 15][cat(c)]),
];

interface Rules {
  readonly table: Table;
  /** Scoop: segment points times this, plus `scoopAdd`; homerun: times `homerun` (0 = none). */
  readonly scoop: number; readonly scoopAdd: number; readonly homerun: number;
  readonly majority: number;
  readonly mode: 'added' | 'replaces' | 'regardless';
  readonly lowball: boolean;
  readonly fixedFoul: number | null;
}
const base: Rules = { table: NONE, scoop: 1, scoopAdd: 0, homerun: 0, majority: 0, mode: 'added', lowball: false, fixedFoul: null };
// RULES.md s12, one row each.
const RULES: Record<string, Rules> = {
  basic: base,
  western: { ...base, majority: 1 },
  eastern: { ...base, table: MANDARIN, mode: 'replaces' },
  mandarin: { ...base, table: MANDARIN, scoop: 2, homerun: 3 },
  'mandarin-house': { ...base, table: MANDARIN, scoop: 2, homerun: 3 },
  'special-hands': { ...base, table: SPECIAL, mode: 'replaces' },
  'scoop-double': { ...base, scoop: 2 },
  ofc: { ...base, table: OFC, scoopAdd: 3, mode: 'regardless' },
  // Profile options: seed 003's lowball middle, 000's fixed foul penalty.
  'lowball-double': { ...base, scoop: 2, lowball: true },
  'fixed-foul': { ...base, table: MANDARIN, scoop: 2, homerun: 3, fixedFoul: 5 },
};
const PROFILES: Record<string, Profile> = {
  ...Object.fromEntries(PRESET_NAMES.map((n) => [n, getPreset(n)!])),
  'lowball-double': unwrap(validateProfile({ ...presetJson('scoop-double'), name: 'lowball-double', lowballMiddle: true })),
  'fixed-foul': unwrap(validateProfile({ ...presetJson('mandarin-house'), name: 'fixed-foul', foul: { kind: 'fixed', points: 5 } })),
};

type Hand =
  | { seat: number; kind: 'set' | 'fouled'; segments: Card[][]; values: number[] }
  | { seat: number; kind: 'surrender' }
  | { seat: number; kind: 'natural'; natural: NaturalName };

function referencePoints(name: string, hands: readonly Hand[]): Record<string, number> {
  const rules = RULES[name];
  const profile = PROFILES[name];
  const beatsAll = (x: number[], y: number[]) => x.every((v, i) => v > y[i]);
  const everyoneCompared = hands.length === 4 && hands.every((h) => h.kind === 'set' || h.kind === 'fouled');
  const homeruns = new Set(hands.filter((h) => rules.homerun > 0 && everyoneCompared && h.kind === 'set'
    && hands.every((o) => o === h || o.kind === 'fouled' || (o.kind === 'set' && beatsAll(h.values, o.values)))).map((h) => h.seat));
  const bonuses = (h: Hand & { segments: Card[][] }) => h.segments.map((cards, i) => (i === 1 && rules.lowball ? 0 : rules.table[i](cards)));
  const factor = (seat: number) => (homeruns.has(seat) ? rules.homerun : rules.scoop);

  /** What a valid hand w collects from a fouled one: all three segments won. */
  const overFouled = (w: Hand & { segments: Card[][] }) => {
    if (rules.fixedFoul !== null) return rules.fixedFoul;
    let segments = 0;
    let bonus = 0;
    for (const b of bonuses(w)) {
      if (rules.mode === 'replaces' && b > 0) bonus += b;
      else { segments++; bonus += b; }
    }
    return segments * factor(w.seat) + rules.scoopAdd + rules.majority + bonus;
  };
  const showdown = (x: Hand & { segments: Card[][]; values: number[] }, y: Hand & { segments: Card[][]; values: number[] }) => {
    const bx = bonuses(x);
    const by = bonuses(y);
    let [segX, segY, winsX, winsY, bonus] = [0, 0, 0, 0, 0];
    for (let i = 0; i < 3; i++) {
      if (rules.mode === 'regardless') bonus += bx[i] - by[i];
      if (x.values[i] > y.values[i]) {
        winsX++;
        if (rules.mode === 'replaces' && bx[i] > 0) bonus += bx[i];
        else { segX++; if (rules.mode === 'added') bonus += bx[i]; }
      } else if (y.values[i] > x.values[i]) {
        winsY++;
        if (rules.mode === 'replaces' && by[i] > 0) bonus -= by[i];
        else { segY++; if (rules.mode === 'added') bonus -= by[i]; }
      }
    }
    let points = segX - segY + bonus;
    if (winsX === 3) points += segX * (factor(x.seat) - 1) + rules.scoopAdd;
    if (winsY === 3) points -= segY * (factor(y.seat) - 1) + rules.scoopAdd;
    if (winsX >= 2) points += rules.majority;
    if (winsY >= 2) points -= rules.majority;
    return points;
  };
  const pair = (x: Hand, y: Hand): number => {
    if (x.kind === 'surrender' || y.kind === 'surrender') {
      if (x.kind === y.kind) return 0;
      return x.kind === 'surrender' ? -profile.surrenderPenalty! : profile.surrenderPenalty!;
    }
    if (x.kind === 'natural' || y.kind === 'natural') {
      const rx = x.kind === 'natural' ? profile.naturals[x.natural]! : null;
      const ry = y.kind === 'natural' ? profile.naturals[y.natural]! : null;
      if (rx && ry) return rx.rank === ry.rank ? 0 : rx.rank < ry.rank ? rx.points : -ry.points;
      return rx ? rx.points : -ry!.points;
    }
    if (x.kind === 'fouled' && y.kind === 'fouled') return 0;
    if (y.kind === 'fouled') return overFouled(x);
    if (x.kind === 'fouled') return -overFouled(y);
    return showdown(x, y);
  };
  const points: Record<string, number> = {};
  for (const h of hands) points[h.seat] = 0;
  for (let i = 0; i < hands.length; i++) {
    for (let j = i + 1; j < hands.length; j++) {
      const p = pair(hands[i], hands[j]);
      points[hands[i].seat] += p;
      points[hands[j].seat] -= p;
    }
  }
  return points;
}

const deal = fc.record({
  deck: fc.shuffledSubarray(fullDeck(), { minLength: 52, maxLength: 52 }),
  seats: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 2, maxLength: 4 }),
  plans: fc.array(fc.constantFrom('best', 'best', 'best', 'split', 'natural', 'surrender'), { minLength: 4, maxLength: 4 }),
  rules: fc.constantFrom(...Object.keys(RULES)),
  button: fc.integer({ min: 1, max: 4 }),
});

describe('settleRecord agrees with an independent reference on random deals (RULES.md s4-s7, s12)', () => {
  it('every seat\'s points, every preset and two profile options', () => {
    fc.assert(
      fc.property(deal, (d) => {
        const profile = PROFILES[d.rules];
        const hands: Hand[] = [];
        const seats: Record<string, unknown>[] = [];
        for (const seat of [...d.seats].sort((a, b) => a - b)) {
          const cards = d.deck.slice((seat - 1) * 13, seat * 13);
          const plan = d.plans[seat - 1];
          // s7: the natural scored is the best one held the profile plays (rank, then points).
          const held = detectNaturals(cards).filter((n) => profile.naturals[n])
            .sort((a, b) => profile.naturals[a]!.rank - profile.naturals[b]!.rank || profile.naturals[b]!.points - profile.naturals[a]!.points);
          if (plan === 'natural' && held.length > 0) {
            // Declare the weakest one held: the reference expects the best to be scored.
            seats.push({ seat, cards: formatCards(cards), natural: held[held.length - 1] });
            hands.push({ seat, kind: 'natural', natural: held[0] });
            continue;
          }
          if (plan === 'surrender' && profile.surrenderPenalty !== null) {
            seats.push({ seat, cards: formatCards(cards), surrender: true });
            hands.push({ seat, kind: 'surrender' });
            continue;
          }
          const h = plan === 'split' ? { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) } : bestArrangement(cards).hand;
          seats.push({ seat, front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) });
          const values = [evaluate(h.front), RULES[d.rules].lowball ? lowball27(h.middle) : evaluate(h.middle), evaluate(h.back)];
          // s4 order (s3 lowball option: front <= back only).
          const fouled = RULES[d.rules].lowball ? values[0] > values[2] : values[0] > values[1] || values[1] > values[2];
          hands.push({ seat, kind: fouled ? 'fouled' : 'set', segments: [[...h.front], [...h.middle], [...h.back]], values });
        }
        // A preset by name; an option profile as a whole profile object, as a record may give it.
        const rules = (PRESET_NAMES as readonly string[]).includes(d.rules) ? d.rules : JSON.parse(JSON.stringify(profile));
        const r = unwrap(settleRecord({ rules, button: d.button, seats }));
        expect(r.points).toEqual(referencePoints(d.rules, hands));
      }),
      { numRuns: 400 },
    );
  });
});

