/**
 * The rule book's worked figures (RULES.md section 5) as data: real hands for each figure, the
 * preset the book states it for, and the points it states. The golden tests hold settlement to
 * them; the house-rules editor scores them under an edited profile (`previewRules`), so the
 * admin sees what his change does to hands everyone knows before a hand is dealt under it.
 */
import { fail, ok, type Result } from './result';
import { resolveProfile, type PresetName, type Profile } from './profiles';
import { settleRecord } from './settle';

/** A set hand as card text: front, middle, back. */
export type Set3 = readonly [front: string, middle: string, back: string];

// RULES.md s5, Western (000): A wins middle and back, loses the front.
export const WESTERN_A: Set3 = ['Ah Kd 2c', 'Qs Qh 3d 4d 5c', 'Ks Kh Kc 7s 8d'];
export const WESTERN_B: Set3 = ['2s 2h 9c', 'Js Jh 6c 7c 8c', 'Ts Th 3s 3h 9d'];

// RULES.md s5, Eastern (000): A wins all three, four of a kind in the back.
export const EASTERN_A: Set3 = ['Ah Kd 4c', 'Qs Qc 7c 7d 5d', '9s 9h 9d 9c Kh'];
export const EASTERN_B: Set3 = ['Qh Jd 3c', 'Js Jh 8c 3d 2d', 'Ts Th Td 2s 2h'];

// RULES.md s5, Mandarin shot (000): A scoops B with trips in front.
export const SHOT_A: Set3 = ['5s 5h 5d', '6c 7d 8s 9s Tc', '2h 4h 8h Jh Kh'];
export const SHOT_B: Set3 = ['Ks Qd 2c', 'Ah Ad 3c 4c 6d', 'Kd Kc 3d 3s 7s'];

// RULES.md s5, casino sheet (002): A loses the front, wins the middle and the back with a
// straight flush (1 + 5 = 6).
export const CASINO_TWO_OF_THREE_A: Set3 = ['2c 3s 4h', 'Ks Kh 5c 6s 7h', '5d 6d 7d 8d 9d'];
export const CASINO_TWO_OF_THREE_B: Set3 = ['Qs Qd 3c', 'Qh Qc Ah Jd 8s', 'Tc Th Ts 2d 2h'];
// Casino sheet (002): A wins all three with a straight-flush back (6 + 5 = 11).
export const CASINO_SCOOP_A: Set3 = ['As 2c 3s', 'Ks Kh 5c 6s 7h', '5d 6d 7d 8d 9d'];
export const CASINO_SCOOP_B: Set3 = ['Qs Jc 4c', 'Qh Qc Ah Jd 8s', 'Tc Th Ts 2d 2h'];

// A four-handed table where seat 1 scoops the other three. With HOMERUN_A_TRIPS seat 1 has
// trips in front (Mandarin homerun, 000: 12 from each); with HOMERUN_A_PLAIN no bonus hand
// (casino sheet super bonus, 002: 9 each), then seat 4 holds the queen of diamonds.
export const HOMERUN_A_TRIPS: Set3 = ['Qs Qh Qd', '2c 5c 8c Tc Kc', 'As Ac Ad 3s 3h'];
export const HOMERUN_B: Set3 = ['Ks Jh 4d', 'Jc Js 5d 6h 7s', '9s 9h 9d 4s 4h'];
export const HOMERUN_C: Set3 = ['Kh Th 2d', 'Ts Td 6s 7h 8d', '3c 4c 5s 6d 7d'];
export const HOMERUN_D: Set3 = ['Jd 8h 3d', 'Ah Kd Qc 2h 2s', '9c 8s 7c 6c 5h'];
export const HOMERUN_A_PLAIN: Set3 = ['Qs Qh 3d', '2c 5c 8c Tc Kc', 'As Ac Ad 3s 3h'];
export const HOMERUN_D_PLAIN: Set3 = ['Qd Jd 8h', 'Ah Kd Qc 2h 2s', '9c 8s 7c 6c 5h'];

// RULES.md s5, the four-handed example of seed 003 (hands as the sheet describes them).
export const EXAMPLE_003: readonly Set3[] = [
  ['Kh 6s 4c', '7s 7h 8s 8h 2c', '3s 3h 3d 5s 5h'], // full house / two pair sevens and eights / king high
  ['2s 2h 3c', 'Ks Qc Jh Tc 9c', '9d 7d 6d 4d 2d'], // flush nine high / straight king high / pair of twos
  ['Ts 8d 7c', 'Qs Qh 5d 5c 6c', 'Ac Kd Qd Js Th'], // straight ace high / two pair queens and fives / ten high
  ['9s 9h 6h', 'Jd Jc Ad Td 8c', 'As Ah 4s 4h Kc'], // two pair aces and fours / pair of jacks / pair of nines
];

/** One worked figure of the rule book. */
export interface WorkedExample {
  /** Stable id, e.g. `western-two-of-three`. */
  readonly id: string;
  /** The figure in the book's words. */
  readonly title: string;
  /** Where the book states it. */
  readonly source: string;
  /** The preset the book states the figure for. */
  readonly preset: PresetName;
  /** The seats' hands, seat 1 first. */
  readonly seats: readonly Set3[];
  /** The figure: `[a, b, points a wins from b]` for each pair the book names. */
  readonly pairs: readonly (readonly [number, number, number])[];
}

/** The worked figures of RULES.md section 5, in the book's order. */
export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  { id: 'western-two-of-three', title: 'A wins two segments, loses one: +2 for A (2 + 1 majority - 1)', source: 'RULES.md s5, Western (000)', preset: 'western', seats: [WESTERN_A, WESTERN_B], pairs: [[1, 2, 2]] },
  { id: 'eastern-quads-back', title: 'A wins all three, four of a kind in the back: 6 (1 + 1 + 4)', source: 'RULES.md s5, Eastern (000)', preset: 'eastern', seats: [EASTERN_A, EASTERN_B], pairs: [[1, 2, 6]] },
  { id: 'mandarin-shot', title: 'A scoops B with trips in front: 9 (2 x 3 + 3)', source: 'RULES.md s5, Mandarin shot (000)', preset: 'mandarin', seats: [SHOT_A, SHOT_B], pairs: [[1, 2, 9]] },
  {
    id: 'mandarin-homerun', title: 'A scoops all three opponents with trips in front: 12 from each (3 x 3 + 3)', source: 'RULES.md s5, Mandarin homerun (000)',
    preset: 'mandarin', seats: [HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D], pairs: [[1, 2, 12], [1, 3, 12], [1, 4, 12]],
  },
  { id: 'casino-two-of-three', title: 'A wins 2 of 3 with a straight flush in the back: 6 (1 + 5)', source: 'RULES.md s5, casino sheet (002)', preset: 'mandarin-house', seats: [CASINO_TWO_OF_THREE_A, CASINO_TWO_OF_THREE_B], pairs: [[1, 2, 6]] },
  { id: 'casino-scoop', title: 'A wins 3 of 3 with a straight flush in the back: 11 (6 + 5)', source: 'RULES.md s5, casino sheet (002)', preset: 'mandarin-house', seats: [CASINO_SCOOP_A, CASINO_SCOOP_B], pairs: [[1, 2, 11]] },
  {
    id: 'casino-super-bonus', title: 'Scooping all three opponents: 9 each', source: 'RULES.md s5, casino sheet (002)',
    preset: 'mandarin-house', seats: [HOMERUN_A_PLAIN, HOMERUN_B, HOMERUN_C, HOMERUN_D_PLAIN], pairs: [[1, 2, 9], [1, 3, 9], [1, 4, 9]],
  },
  {
    id: 'example-003-basic', title: 'Four hands, 1 point a segment, no scoop bonus: seat 1 +1, seat 2 +5, seat 3 -3, seat 4 -3', source: 'RULES.md s5, four-handed example (003)',
    preset: 'basic', seats: EXAMPLE_003, pairs: [[1, 2, -1], [1, 3, 1], [1, 4, 1], [2, 3, 3], [2, 4, 1], [3, 4, 1]],
  },
  {
    id: 'example-003-scoop-double', title: 'The same four hands with scoop doubling: seat 2 takes 6 from seat 3', source: 'RULES.md s5, four-handed example (003)',
    preset: 'scoop-double', seats: EXAMPLE_003, pairs: [[1, 2, -1], [1, 3, 1], [1, 4, 1], [2, 3, 6], [2, 4, 1], [3, 4, 1]],
  },
];

/** A showdown record of a worked example under `rules` (a preset name or a profile). */
export function exampleRecord(example: WorkedExample, rules: unknown): Record<string, unknown> {
  return { rules, seats: example.seats.map(([front, middle, back], i) => ({ seat: i + 1, front, middle, back })) };
}

/** One worked figure scored under the edited profile. */
export interface PreviewedExample {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  /** The preset the book states the figure for. */
  readonly preset: PresetName;
  /** Per pair the book names: the book's points (under `preset`) and the edited profile's. */
  readonly pairs: readonly { readonly a: number; readonly b: number; readonly book: number; readonly edited: number; readonly summary: string }[];
  /** Each seat's total under the edited profile. */
  readonly points: Readonly<Record<string, number>>;
}

/** The rule book's figures under an edited profile. */
export interface RulesPreview {
  readonly profile: { readonly name: string; readonly version: number; readonly title: string };
  /** The figures (empty for an Open Face profile: the book's figures are the 13-card game's). */
  readonly examples: readonly PreviewedExample[];
}

/**
 * Scores every worked figure of the rule book under `rules` (a preset name or a whole profile,
 * validated as `resolveProfile` does, with its codes). The figures are the 13-card game's: an
 * Open Face profile gets none (its royalties are previewed by its own bonus table).
 */
export function previewRules(rules: unknown): Result<RulesPreview> {
  const resolved = resolveProfile(rules);
  if (!resolved.ok) return resolved;
  const profile: Profile = resolved.value;
  const examples: PreviewedExample[] = [];
  if (profile.game === 'chinese') {
    for (const ex of WORKED_EXAMPLES) {
      const r = settleRecord(exampleRecord(ex, profile));
      if (!r.ok) return fail(r.error.code, `worked example ${ex.id}: ${r.error.message}`);
      const pairs = ex.pairs.map(([a, b, book]) => {
        const p = r.value.pairs.find((x) => x.a === a && x.b === b) ?? r.value.pairs.find((x) => x.a === b && x.b === a)!;
        return { a, b, book, edited: p.a === a ? p.points : -p.points, summary: p.summary };
      });
      examples.push({ id: ex.id, title: ex.title, source: ex.source, preset: ex.preset, pairs, points: r.value.points });
    }
  }
  return ok({ profile: { name: profile.name, version: profile.version, title: profile.title }, examples });
}
