/**
 * Jackpot hands (RULES.md section 11, seed 002): the house names its qualifying hands, highest
 * first; settlement flags every qualifying hand of a deal, and when several players qualify the
 * lower hands are disqualified. The floor may disqualify one with a reason (a player showed or
 * discussed his hand); the comparison is then made again without it.
 *
 * Decisions where the sheet is silent (docs/profiles.md, "Jackpot hands"):
 * - Only a valid hand qualifies: a fouled or surrendered hand never does, and a natural only
 *   when it was declared and verified (the dealer opens and verifies it, section 11).
 * - A seat matching several entries qualifies with the highest (the first listed).
 * - Between two qualifying hands the one matching an earlier entry is higher; on the same entry
 *   the stronger segment is higher; the same natural, or segments of exactly equal value, tie
 *   and both stay qualified (the house's jackpot rules say how a shared jackpot is paid).
 */
import { describeValue, type HandValue } from './evaluate';
import { parseHandKey, weakestValue } from './hand-keys';
import { isObject, showJson } from './json';
import { NATURAL_NAMES, NATURAL_TITLES, isNaturalName, type NaturalName } from './naturals';
import { fail, ok, type Result } from './result';
import type { ScoredHand } from './scoring';
import { SEGMENTS, type Segment } from './setting';

/** One qualifying hand the house names: a natural of a kind, or a segment of at least a hand. */
export type JackpotEntry =
  | { readonly natural: NaturalName }
  | { readonly segment: Segment; readonly atLeast: string };

/** The profile's `jackpot` option: the qualifying hands, highest first. */
export interface JackpotRule {
  readonly hands: readonly JackpotEntry[];
}

/** At most this many qualifying hands in a profile. */
export const MAX_JACKPOT_ENTRIES = 20;

/** A hand that qualified in a deal. */
export interface JackpotHand {
  readonly seat: number;
  /** The index of the entry it matched in the profile's `jackpot.hands`. */
  readonly entry: number;
  /** What qualified, in words: "Straight flush, nine high in the back", "Dragon". */
  readonly hand: string;
}

/** Why a qualifying hand does not win the jackpot. */
export type JackpotDisqualification =
  | { readonly seat: number; readonly reason: 'lower-hand'; readonly below: number }
  | { readonly seat: number; readonly reason: 'floor'; readonly note: string };

/** The jackpot part of a settled deal (present only when the profile names jackpot hands). */
export interface JackpotResult {
  /** Every qualifying hand, highest first (seats in ascending order on a tie). */
  readonly qualifying: readonly JackpotHand[];
  /** The seats whose hand stands: the highest qualifying hands not disqualified, ascending. */
  readonly standing: readonly number[];
  readonly disqualified: readonly JackpotDisqualification[];
}

type Refusal = { readonly ok: false; readonly error: { readonly code: string; readonly message: string; readonly path?: string } };

function bad(path: string, expected: string, got: unknown): Refusal {
  return fail('bad-profile-value', `profile ${path}: expected ${expected}, got ${showJson(got)}`, path);
}

/**
 * Checks a profile's `jackpot` option: `null`, or `{"hands": [...]}` with 1 to
 * {@link MAX_JACKPOT_ENTRIES} entries, each `{"natural": NAME}` or `{"segment": "back",
 * "atLeast": KEY}` (KEY as in the bonus tables). `plays(name)` says whether the profile plays a
 * natural (a natural it does not play can never qualify, so naming one is refused), and
 * `lowballMiddle` refuses a middle entry (a lowball middle has no hand value to reach).
 */
export function checkJackpotRule(x: unknown, plays: (name: NaturalName) => boolean, lowballMiddle: boolean): Result<JackpotRule | null> {
  if (x === null) return ok(null);
  if (!isObject(x)) return bad('jackpot', 'null or {"hands": [...]}', x);
  for (const key of Object.keys(x)) {
    if (key !== 'hands') return fail('unknown-profile-key', `profile jackpot.${key}: unknown key "${key}" (allowed: hands)`, `jackpot.${key}`);
  }
  const list = x.hands;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_JACKPOT_ENTRIES) {
    return bad('jackpot.hands', `a list of 1 to ${MAX_JACKPOT_ENTRIES} qualifying hands`, list);
  }
  const hands: JackpotEntry[] = [];
  for (let i = 0; i < list.length; i++) {
    const path = `jackpot.hands[${i}]`;
    const entry: unknown = list[i];
    if (!isObject(entry)) return bad(path, '{"natural": NAME} or {"segment": "back", "atLeast": "straight-flush"}', entry);
    if ('natural' in entry) {
      for (const key of Object.keys(entry)) {
        if (key !== 'natural') return fail('unknown-profile-key', `profile ${path}.${key}: unknown key "${key}" (a natural entry has only "natural")`, `${path}.${key}`);
      }
      const name = entry.natural;
      if (!isNaturalName(name)) return bad(`${path}.natural`, `one of ${NATURAL_NAMES.join(', ')}`, name);
      if (!plays(name)) return fail('bad-profile-value', `profile ${path}.natural: the profile does not play ${name}, so it can never qualify`, `${path}.natural`);
      hands.push({ natural: name });
      continue;
    }
    for (const key of Object.keys(entry)) {
      if (key !== 'segment' && key !== 'atLeast') return fail('unknown-profile-key', `profile ${path}.${key}: unknown key "${key}" (allowed: natural, or segment and atLeast)`, `${path}.${key}`);
    }
    const segment = entry.segment;
    if (typeof segment !== 'string' || !(SEGMENTS as readonly string[]).includes(segment)) {
      return bad(`${path}.segment`, 'one of "front", "middle", "back"', segment);
    }
    if (segment === 'middle' && lowballMiddle) {
      return fail('bad-profile-value', `profile ${path}.segment: a lowball middle has no jackpot hand`, `${path}.segment`);
    }
    const atLeast = entry.atLeast;
    if (typeof atLeast !== 'string') return bad(`${path}.atLeast`, 'a hand such as "straight-flush" or "quads-A"', atLeast);
    const parsed = parseHandKey(atLeast, segment as Segment);
    if (typeof parsed === 'string') return fail('bad-profile-value', `profile ${path}.atLeast: ${parsed}`, `${path}.atLeast`);
    hands.push({ segment: segment as Segment, atLeast });
  }
  return ok({ hands });
}

/** A rule made ready to match: each segment entry with its weakest qualifying value. */
interface Compiled {
  readonly entries: readonly ({ readonly natural: NaturalName } | { readonly segment: Segment; readonly minimum: HandValue })[];
}

const compiled = new WeakMap<JackpotRule, Compiled>();

function compile(rule: JackpotRule): Compiled {
  let c = compiled.get(rule);
  if (!c) {
    c = {
      entries: rule.hands.map((e) => ('natural' in e
        ? { natural: e.natural }
        : { segment: e.segment, minimum: weakestValue(e.atLeast, e.segment) })),
    };
    compiled.set(rule, c);
  }
  return c;
}

interface Match {
  readonly seat: number;
  readonly entry: number;
  /** The segment's value (0 for a natural): orders hands matching the same entry. */
  readonly value: HandValue;
  readonly hand: string;
}

function bestMatch(c: Compiled, hand: ScoredHand): Match | undefined {
  for (let i = 0; i < c.entries.length; i++) {
    const e = c.entries[i];
    if ('natural' in e) {
      if (hand.status === 'natural' && hand.natural === e.natural) return { seat: hand.seat, entry: i, value: 0, hand: NATURAL_TITLES[e.natural] };
    } else if (hand.status === 'set') {
      const value = hand.values[e.segment];
      if (value >= e.minimum) return { seat: hand.seat, entry: i, value, hand: `${describeValue(value)} in the ${e.segment}` };
    }
  }
  return undefined;
}

/** Whether `a` is a higher jackpot hand than `b` (an earlier entry, or the same and stronger). */
function higher(a: Match, b: Match): boolean {
  return a.entry < b.entry || (a.entry === b.entry && a.value > b.value);
}

/**
 * The jackpot of one deal: every qualifying hand, and which stand. `byFloor` holds the seats the
 * floor disqualified, with the floor's note; they are left out of the comparison, so the next
 * highest hand stands. Seats are compared as {@link higher} says; equal hands all stand.
 */
export function judgeJackpot(rule: JackpotRule, hands: readonly ScoredHand[], byFloor: ReadonlyMap<number, string> = new Map()): JackpotResult {
  const c = compile(rule);
  const matches: Match[] = [];
  for (const h of hands) {
    const m = bestMatch(c, h);
    if (m) matches.push(m);
  }
  matches.sort((a, b) => (higher(a, b) ? -1 : higher(b, a) ? 1 : a.seat - b.seat));
  const disqualified: JackpotDisqualification[] = [];
  let top: Match | undefined;
  const standing: number[] = [];
  for (const m of matches) {
    const note = byFloor.get(m.seat);
    if (note !== undefined) {
      disqualified.push({ seat: m.seat, reason: 'floor', note });
      continue;
    }
    if (top === undefined || !higher(top, m)) {
      top ??= m;
      standing.push(m.seat);
    } else {
      disqualified.push({ seat: m.seat, reason: 'lower-hand', below: top.seat });
    }
  }
  return {
    qualifying: matches.map((m) => ({ seat: m.seat, entry: m.entry, hand: m.hand })),
    standing: standing.sort((a, b) => a - b),
    disqualified,
  };
}
