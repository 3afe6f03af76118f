/**
 * Pairwise scoring (RULES.md sections 4-7): every pair of live seats compared once, in the
 * order the dealer announces them (from the seat left of the button, clockwise), under a
 * house-rules profile. Every option is read from the profile; no rule is hard-coded here.
 *
 * Points are always from `a`'s side: positive, `a` collects from `b`; negative, `a` pays.
 */
import type { NaturalName } from './naturals';
import { naturalRule, segmentBonuses, type Profile, type ScoopRule } from './profiles';
import type { Segment, SegmentValues } from './setting';
import { plural } from './words';

/** Seats 1-4, clockwise (RULES.md section 2). */
export const TABLE_SEATS = 4;

/** A seat's hand as it reaches scoring: already checked, verified and classified. */
export type ScoredHand =
  | {
      readonly seat: number;
      readonly status: 'set';
      readonly values: SegmentValues;
      readonly descriptions: Readonly<Record<Segment, string>>;
    }
  | {
      readonly seat: number;
      readonly status: 'fouled';
      readonly reason: string;
      readonly descriptions?: Readonly<Record<Segment, string>>;
    }
  | { readonly seat: number; readonly status: 'surrendered' }
  | { readonly seat: number; readonly status: 'natural'; readonly natural: NaturalName };

export type PairOutcome =
  /** Both hands set and valid: compared segment by segment. */
  | 'showdown'
  /** One hand fouled: it pays as if the other won all three (or the fixed penalty). */
  | 'foul'
  | 'both-fouled'
  /** One hand surrendered: it pays the penalty. */
  | 'surrender'
  | 'both-surrendered'
  /** A natural collects its points (from a hand, or from a lower-ranked natural). */
  | 'natural'
  /** Two naturals of equal rank. */
  | 'naturals-push';

/** One segment of a pair, for the dealer's row. */
export interface SegmentOutcome {
  readonly segment: Segment;
  /** The seat that won the segment; null for a tie. Against a fouled hand, the other seat. */
  readonly winner: number | null;
  /** Descriptions of `a`'s and `b`'s segment, when the hand has one to show. */
  readonly a?: string;
  readonly b?: string;
  /** Bonus points paid for this segment to `a` and to `b` (0 when none is paid). */
  readonly bonusA: number;
  readonly bonusB: number;
}

/** How a pair's points are made up, each from `a`'s side; they add up to `points`. */
export interface PointParts {
  /** Segment points (a won minus b won; a segment a bonus replaced scores 0 here). */
  readonly segments: number;
  /** What a scoop or homerun added to the segment points. */
  readonly scoop: number;
  readonly majority: number;
  readonly bonuses: number;
  /** A fixed foul penalty. */
  readonly foul: number;
  readonly natural: number;
  readonly surrender: number;
}

export interface PairScore {
  readonly a: number;
  readonly b: number;
  /** What `a` wins from `b` (negative: `a` pays). */
  readonly points: number;
  readonly outcome: PairOutcome;
  /** Front, middle, back, for `showdown` and for `foul` scored as a scoop. */
  readonly segments?: readonly SegmentOutcome[];
  /** The seat that won (or, against a fouled hand, counts as having won) all three segments. */
  readonly scoop: number | null;
  /** The seat whose scoop is part of a homerun (super bonus). */
  readonly homerun: number | null;
  /** The seat that got the majority bonus. */
  readonly majority: number | null;
  readonly parts: PointParts;
  /** One line for the dealer, e.g. "seat 2 wins 6 from seat 3 (scoop)". */
  readonly summary: string;
}

export interface ShowdownScore {
  /** Live seats in announcement order: left of the button first, clockwise. */
  readonly order: readonly number[];
  /** Every pair of live seats once, in announcement order (a before b in `order`). */
  readonly pairs: readonly PairScore[];
  /** Each live seat's total points. */
  readonly points: Readonly<Record<number, number>>;
  /** Seats that made a homerun. */
  readonly homeruns: readonly number[];
}

/**
 * Seats in clockwise order starting with the seat left of the button (RULES.md sections 2, 5
 * and 9): the deal, announcement and payout order. `seats` defaults to all four positions;
 * given, they are put in that order (the button may sit at an empty seat).
 */
export function clockwiseFromButton(button: number): (1 | 2 | 3 | 4)[];
export function clockwiseFromButton<S extends number>(button: number, seats: readonly S[]): S[];
export function clockwiseFromButton(button: number, seats?: readonly number[]): number[] {
  if (seats === undefined) {
    const all: number[] = [];
    for (let i = 0; i < TABLE_SEATS; i++) all.push(((button + i) % TABLE_SEATS) + 1);
    return all;
  }
  // By distance from the first seat to announce. Whole numbers (every real call): an insertion
  // sort, stable as Array.sort is, without a comparator closure (the hand fold orders its
  // seats this way at every event).
  const out: number[] = [];
  for (const seat of seats) {
    if (!Number.isInteger(seat) || !Number.isInteger(button)) return [...seats].sort((x, y) => distanceFromButton(button, x) - distanceFromButton(button, y));
    const d = distanceFromButton(button, seat);
    let at = out.length;
    while (at > 0 && distanceFromButton(button, out[at - 1]) > d) at--;
    out.splice(at, 0, seat);
  }
  return out;
}

function distanceFromButton(button: number, seat: number): number {
  return (((seat - button - 1) % TABLE_SEATS) + TABLE_SEATS) % TABLE_SEATS;
}

const NO_PARTS: PointParts = { segments: 0, scoop: 0, majority: 0, bonuses: 0, foul: 0, natural: 0, surrender: 0 };

function winsAllThree(x: SegmentValues, y: SegmentValues): boolean {
  return x.front > y.front && x.middle > y.middle && x.back > y.back;
}

/**
 * Seats that made a homerun (RULES.md section 5): four players, all four hands compared
 * (none surrendered, none a natural), and this hand scoops each of the other three; a fouled
 * opponent counts as scooped. Empty when the profile pays no homerun.
 */
export function homerunSeats(profile: Profile, hands: readonly ScoredHand[]): Set<number> {
  return new Set(homerunList(profile, hands));
}

/** {@link homerunSeats} as a list, in the order of `hands` (the scoring's own form: no Set per showdown). */
function homerunList(profile: Profile, hands: readonly ScoredHand[]): number[] {
  const out: number[] = [];
  if (profile.homerun.kind === 'none' || hands.length !== TABLE_SEATS) return out;
  for (const h of hands) if (h.status === 'surrendered' || h.status === 'natural') return out;
  for (const h of hands) {
    if (h.status !== 'set') continue;
    let scoopsAll = true;
    for (const o of hands) {
      if (o === h || o.status === 'fouled' || (o.status === 'set' && winsAllThree(h.values, o.values))) continue;
      scoopsAll = false;
      break;
    }
    if (scoopsAll) out.push(h.seat);
  }
  return out;
}

function scoopExtra(rule: ScoopRule, segmentPoints: number): number {
  switch (rule.kind) {
    case 'none': return 0;
    case 'multiply': return (rule.factor - 1) * segmentPoints;
    case 'add': return rule.points;
  }
}

function verdict(a: number, b: number, points: number): string {
  if (points === 0) return `seat ${a} and seat ${b} push`;
  return points > 0 ? `seat ${a} wins ${plural(points, 'point')} from seat ${b}` : `seat ${b} wins ${plural(-points, 'point')} from seat ${a}`;
}

/** Parts with every field 0 but one (the pairs that are not compared segment by segment). */
function onlyPart(field: 'foul' | 'natural' | 'surrender', points: number): PointParts {
  return {
    segments: 0, scoop: 0, majority: 0, bonuses: 0,
    foul: field === 'foul' ? points : 0, natural: field === 'natural' ? points : 0, surrender: field === 'surrender' ? points : 0,
  };
}

/** A segment's row; `da`/`db` say whether `a`'s and `b`'s hands have descriptions, `ta`/`tb` are this segment's. */
function segmentOutcome(
  segment: Segment, winner: number | null, da: boolean, db: boolean, ta: string | undefined, tb: string | undefined, bonusA: number, bonusB: number,
): SegmentOutcome {
  // The keys in the order the row always had: segment, winner, a, b, bonusA, bonusB.
  if (da && db) return { segment, winner, a: ta, b: tb, bonusA, bonusB };
  if (da) return { segment, winner, a: ta, bonusA, bonusB };
  if (db) return { segment, winner, b: tb, bonusA, bonusB };
  return { segment, winner, bonusA, bonusB };
}

/**
 * A pair scored segment by segment: `w0..w2` say who took the front, middle and back (a seat,
 * or null for a tie), `qa`/`qb` the bonus each side's segment qualifies for; `fouled`: the
 * fouled seat of a `foul` pair (null: a `showdown`).
 */
function segmentPair(
  profile: Profile, a: number, b: number, w0: number | null, w1: number | null, w2: number | null,
  qa: readonly number[], qb: readonly number[],
  da: Readonly<Record<Segment, string>> | undefined, db: Readonly<Record<Segment, string>> | undefined, homeruns: readonly number[],
  fouled: number | null,
): PairScore {
  const replaces = profile.bonusMode === 'replaces-point';
  const regardless = profile.bonusMode === 'regardless';
  const points = profile.segmentPoints;
  let segA = 0;
  let segB = 0;
  let winsA = 0;
  let winsB = 0;
  let bonusA = 0;
  let bonusB = 0;
  // The three segments unrolled (no loop over a list, no pushes, each description read by
  // name): this runs for every pair.
  const hasA = da !== undefined && da !== null;
  const hasB = db !== undefined && db !== null;
  let paidA = regardless || w0 === a ? qa[0] : 0;
  let paidB = regardless || w0 === b ? qb[0] : 0;
  if (w0 === a) {
    winsA++;
    segA += replaces && qa[0] > 0 ? 0 : points;
  } else if (w0 === b) {
    winsB++;
    segB += replaces && qb[0] > 0 ? 0 : points;
  }
  bonusA += paidA;
  bonusB += paidB;
  const front = segmentOutcome('front', w0, hasA, hasB, hasA ? da.front : undefined, hasB ? db.front : undefined, paidA, paidB);
  paidA = regardless || w1 === a ? qa[1] : 0;
  paidB = regardless || w1 === b ? qb[1] : 0;
  if (w1 === a) {
    winsA++;
    segA += replaces && qa[1] > 0 ? 0 : points;
  } else if (w1 === b) {
    winsB++;
    segB += replaces && qb[1] > 0 ? 0 : points;
  }
  bonusA += paidA;
  bonusB += paidB;
  const middle = segmentOutcome('middle', w1, hasA, hasB, hasA ? da.middle : undefined, hasB ? db.middle : undefined, paidA, paidB);
  paidA = regardless || w2 === a ? qa[2] : 0;
  paidB = regardless || w2 === b ? qb[2] : 0;
  if (w2 === a) {
    winsA++;
    segA += replaces && qa[2] > 0 ? 0 : points;
  } else if (w2 === b) {
    winsB++;
    segB += replaces && qb[2] > 0 ? 0 : points;
  }
  bonusA += paidA;
  bonusB += paidB;
  const segments: SegmentOutcome[] = [front, middle, segmentOutcome('back', w2, hasA, hasB, hasA ? da.back : undefined, hasB ? db.back : undefined, paidA, paidB)];
  const scoop = winsA === 3 ? a : winsB === 3 ? b : null;
  const homerun = scoop !== null && homeruns.includes(scoop) ? scoop : null;
  let scoopPart = 0;
  if (scoop !== null) {
    const extra = scoopExtra(homerun !== null ? profile.homerun : profile.scoop, scoop === a ? segA : segB);
    scoopPart = scoop === a ? extra : -extra;
  }
  const m = profile.majorityBonus;
  const majority = m > 0 && winsA >= 2 ? a : m > 0 && winsB >= 2 ? b : null;
  const parts: PointParts = {
    segments: segA - segB, scoop: scoopPart, majority: majority === a ? m : majority === b ? -m : 0, bonuses: bonusA - bonusB, foul: 0, natural: 0, surrender: 0,
  };
  const total = sumParts(parts);
  return {
    a, b, points: total, outcome: fouled === null ? 'showdown' : 'foul', segments, scoop, homerun, majority, parts,
    summary: segmentSummary(a, b, total, w0, w1, w2, fouled, scoop, homerun, majority, parts.bonuses),
  };
}

/** The dealer's line for a pair scored segment by segment (worded by {@link wordSummary}), from {@link SUMMARIES} when it was worded before. */
function segmentSummary(
  a: number, b: number, total: number, w0: number | null, w1: number | null, w2: number | null,
  fouled: number | null, scoop: number | null, homerun: number | null, majority: number | null, bonuses: number,
): string {
  // Every argument but the two sums is a, b or null; the sums are small integers. Anything else
  // (seats beyond 1-4, sums beyond the key's range) is worded afresh.
  const s0 = sideOf(w0, a, b);
  const s1 = sideOf(w1, a, b);
  const s2 = sideOf(w2, a, b);
  const sf = sideOf(fouled, a, b);
  const ss = sideOf(scoop, a, b);
  const sh = sideOf(homerun, a, b);
  const sm = sideOf(majority, a, b);
  if ((s0 | s1 | s2 | sf | ss | sh | sm) < 0 || !(a >= 1 && a <= TABLE_SEATS && b >= 1 && b <= TABLE_SEATS && Number.isInteger(a) && Number.isInteger(b))
    || !(total > -SUM_RANGE && total < SUM_RANGE && bonuses > -SUM_RANGE && bonuses < SUM_RANGE && Number.isInteger(total) && Number.isInteger(bonuses))) {
    return wordSummary(a, b, total, w0, w1, w2, fouled, scoop, homerun, majority, bonuses);
  }
  const pattern = (((((((a * 5 + b) * 3 + s0) * 3 + s1) * 3 + s2) * 3 + sf) * 3 + ss) * 3 + sh) * 3 + sm;
  const sums = (total + SUM_RANGE) * 2 * SUM_RANGE + (bonuses + SUM_RANGE);
  // Open addressing, linear probing; a key is a whole number below 2^36, exact in a double.
  const key = pattern * SUMS + sums;
  let slot = (Math.imul(pattern, 0x9e3779b1) ^ Math.imul(sums, 0x85ebca77)) >>> (32 - SUMMARY_BITS);
  for (;;) {
    const k = summaryKeys[slot];
    if (k === key) return summaryTexts[slot]!;
    if (k < 0) break;
    slot = (slot + 1) & (SUMMARY_SLOTS - 1);
  }
  const fresh = wordSummary(a, b, total, w0, w1, w2, fouled, scoop, homerun, majority, bonuses);
  if (summariesKept >= SUMMARY_SLOTS / 2) {
    // Half full: start again (the probes stay short; what is worded again is the same text).
    summaryKeys.fill(-1);
    summaryTexts.fill(undefined);
    summariesKept = 0;
    slot = (Math.imul(pattern, 0x9e3779b1) ^ Math.imul(sums, 0x85ebca77)) >>> (32 - SUMMARY_BITS);
  }
  summaryKeys[slot] = key;
  summaryTexts[slot] = fresh;
  summariesKept++;
  return fresh;
}

function wordSummary(
  a: number, b: number, total: number, w0: number | null, w1: number | null, w2: number | null,
  fouled: number | null, scoop: number | null, homerun: number | null, majority: number | null, bonuses: number,
): string {
  const extras = describeExtras(a, b, scoop, homerun, majority, bonuses);
  const why = fouled === null
    ? `front ${w0 === null ? 'tie' : `seat ${w0}`}, middle ${w1 === null ? 'tie' : `seat ${w1}`}, back ${w2 === null ? 'tie' : `seat ${w2}`}`
    : `seat ${fouled} fouled`;
  return `${verdict(a, b, total)} (${why}${extras ? `; ${extras}` : ''})`;
}

/** 0 for null, 1 for seat a, 2 for seat b; -1 (no key) for anything else. */
function sideOf(x: number | null, a: number, b: number): number {
  return x === null ? 0 : x === a ? 1 : x === b ? 2 : -1;
}

/**
 * Pair summaries worded before, a hash table keyed by everything the words depend on: the
 * seats, who took each segment, the fouled, scooping, homerun and majority seats (each a, b or
 * none: the pattern) and the two sums. Real showdowns repeat a few hundred of them; strings are
 * immutable, so results sharing one cannot change each other. `summaryKeys[slot]` is -1 for a
 * free slot.
 */
const SUMMARY_BITS = 14;
const SUMMARY_SLOTS = 1 << SUMMARY_BITS;
const summaryKeys = new Float64Array(SUMMARY_SLOTS).fill(-1);
const summaryTexts: (string | undefined)[] = new Array<string | undefined>(SUMMARY_SLOTS).fill(undefined);
let summariesKept = 0;
/** Each sum is kept when within (-SUM_RANGE, SUM_RANGE); `SUMS` keys of sums per pattern. */
const SUM_RANGE = 512;
const SUMS = 4 * SUM_RANGE * SUM_RANGE;

const NO_BONUS: readonly number[] = [0, 0, 0];

/** The bonus each segment of a valid hand qualifies for (front, middle, back). */
function qualifying(profile: Profile, values: SegmentValues): number[] {
  return segmentBonuses(profile, values.front, values.middle, values.back);
}

function describeExtras(a: number, b: number, scoop: number | null, homerun: number | null, majority: number | null, bonus: number): string {
  let notes = '';
  if (homerun !== null) notes = `homerun by seat ${homerun}`;
  else if (scoop !== null) notes = `scoop by seat ${scoop}`;
  if (majority !== null) notes += `${notes ? '; ' : ''}majority bonus to seat ${majority}`;
  if (bonus !== 0) notes += `${notes ? '; ' : ''}bonuses ${Math.abs(bonus)} to seat ${bonus > 0 ? a : b}`;
  return notes;
}

function sumParts(p: PointParts): number {
  return p.segments + p.scoop + p.majority + p.bonuses + p.foul + p.natural + p.surrender;
}

/**
 * Scores one pair. `homeruns` comes from {@link homerunSeats} over the whole table.
 * Scoring (b, a) gives the negated points of (a, b).
 */
export function scorePair(profile: Profile, x: ScoredHand, y: ScoredHand, homeruns: ReadonlySet<number> = new Set()): PairScore {
  return scoreOnePair(profile, x, y, x.status === 'set' ? qualifying(profile, x.values) : NO_BONUS, y.status === 'set' ? qualifying(profile, y.values) : NO_BONUS, [...homeruns]);
}

/** {@link scorePair} with each valid hand's segment bonuses (`qx`, `qy`) and the homerun seats worked out once for the table. */
function scoreOnePair(profile: Profile, x: ScoredHand, y: ScoredHand, qx: readonly number[], qy: readonly number[], homeruns: readonly number[]): PairScore {
  const a = x.seat;
  const b = y.seat;

  // Surrender first: a surrendered hand is not compared, not even with a natural (section 6).
  if (x.status === 'surrendered' || y.status === 'surrendered') {
    const penalty = profile.surrenderPenalty;
    if (penalty === null) {
      throw new RangeError(`profile ${profile.name} does not play surrender, yet seat ${x.status === 'surrendered' ? a : b} surrendered`);
    }
    if (x.status === 'surrendered' && y.status === 'surrendered') {
      return { a, b, points: 0, outcome: 'both-surrendered', scoop: null, homerun: null, majority: null, parts: NO_PARTS, summary: `seats ${a} and ${b} both surrendered: no points` };
    }
    const parts = onlyPart('surrender', x.status === 'surrendered' ? -penalty : penalty);
    const who = x.status === 'surrendered' ? a : b;
    const points = sumParts(parts);
    return { a, b, points, outcome: 'surrender', scoop: null, homerun: null, majority: null, parts, summary: `${verdict(a, b, points)} (seat ${who} surrendered)` };
  }

  // Naturals (section 7): collect from every other live hand, fouled or not; by rank between naturals.
  if (x.status === 'natural' || y.status === 'natural') {
    const rx = x.status === 'natural' ? naturalRule(profile, x.natural) : undefined;
    const ry = y.status === 'natural' ? naturalRule(profile, y.natural) : undefined;
    if ((x.status === 'natural' && !rx) || (y.status === 'natural' && !ry)) {
      throw new RangeError(`profile ${profile.name} does not play the natural held at seat ${x.status === 'natural' && !rx ? a : b}`);
    }
    if (rx && ry && rx.rank === ry.rank) {
      return {
        a, b, points: 0, outcome: 'naturals-push', scoop: null, homerun: null, majority: null, parts: NO_PARTS,
        summary: `seats ${a} and ${b} both hold naturals of equal rank: push`,
      };
    }
    const aCollects = rx !== undefined && (ry === undefined || rx.rank < ry.rank);
    const points = aCollects ? rx.points : -(ry as NonNullable<typeof ry>).points;
    const holder = aCollects ? x : y;
    const name = holder.status === 'natural' ? holder.natural : '';
    const parts = onlyPart('natural', points);
    return { a, b, points, outcome: 'natural', scoop: null, homerun: null, majority: null, parts, summary: `${verdict(a, b, points)} (natural: ${name})` };
  }

  // Fouls (section 4): a fouled hand pays as if the other won all three, bonuses included.
  if (x.status === 'fouled' || y.status === 'fouled') {
    if (x.status === 'fouled' && y.status === 'fouled') {
      return { a, b, points: 0, outcome: 'both-fouled', scoop: null, homerun: null, majority: null, parts: NO_PARTS, summary: `seats ${a} and ${b} both fouled: no points` };
    }
    const fouled = x.status === 'fouled' ? a : b;
    if (profile.foul.kind === 'fixed') {
      const penalty = profile.foul.points;
      const parts = onlyPart('foul', fouled === a ? -penalty : penalty);
      const points = sumParts(parts);
      return { a, b, points, outcome: 'foul', scoop: null, homerun: null, majority: null, parts, summary: `${verdict(a, b, points)} (seat ${fouled} fouled: fixed penalty)` };
    }
    const validSeat = x.status === 'set' ? a : b;
    const da = x.status === 'set' ? x.descriptions : x.status === 'fouled' ? x.descriptions : undefined;
    const db = y.status === 'set' ? y.descriptions : y.status === 'fouled' ? y.descriptions : undefined;
    return segmentPair(profile, a, b, validSeat, validSeat, validSeat, validSeat === a ? qx : NO_BONUS, validSeat === b ? qy : NO_BONUS, da, db, homeruns, fouled);
  }

  // Two valid hands: segment by segment.
  const vx = (x as Extract<ScoredHand, { status: 'set' }>).values;
  const vy = (y as Extract<ScoredHand, { status: 'set' }>).values;
  const w0 = vx.front > vy.front ? a : vy.front > vx.front ? b : null;
  const w1 = vx.middle > vy.middle ? a : vy.middle > vx.middle ? b : null;
  const w2 = vx.back > vy.back ? a : vy.back > vx.back ? b : null;
  return segmentPair(profile, a, b, w0, w1, w2, qx, qy, (x as Extract<ScoredHand, { status: 'set' }>).descriptions, (y as Extract<ScoredHand, { status: 'set' }>).descriptions, homeruns, null);
}

/**
 * Scores a showdown: every pair of live seats once, in announcement order, and each seat's
 * total. `hands` holds one entry per live seat (empty seats are simply absent).
 */
export function scoreShowdown(profile: Profile, button: number, hands: readonly ScoredHand[]): ShowdownScore {
  // As a Map keyed by seat would say (SameValueZero): a seat given twice is refused.
  let usual = Number.isInteger(button) && hands.length <= TABLE_SEATS;
  for (let i = 0; i < hands.length; i++) {
    const s = hands[i].seat;
    if (!(Number.isInteger(s) && s >= 1 && s <= TABLE_SEATS)) usual = false;
    for (let j = 0; j < i; j++) {
      const t = hands[j].seat;
      if (s === t || (s !== s && t !== t)) throw new RangeError('a seat appears twice in the showdown');
    }
  }
  const order = usual ? fromButton(button, hands) : clockwiseFromButton(button, hands.map((h) => h.seat));
  const homeruns = homerunList(profile, hands);
  // Four seats in the usual order are seats 1-4: the points in one literal (integer keys list in
  // ascending order whatever the order they are set in, so the object is the one the loop
  // makes), the six pairs in another, in the loop's order.
  const four = usual && order.length === TABLE_SEATS;
  const points: Record<number, number> = four ? { 1: 0, 2: 0, 3: 0, 4: 0 } : {};
  let pairs: PairScore[];
  if (four) {
    const h0 = handAt(hands, order[0]);
    const h1 = handAt(hands, order[1]);
    const h2 = handAt(hands, order[2]);
    const h3 = handAt(hands, order[3]);
    const q0 = bonusOf(profile, h0);
    const q1 = bonusOf(profile, h1);
    const q2 = bonusOf(profile, h2);
    const q3 = bonusOf(profile, h3);
    pairs = [
      scoreOnePair(profile, h0, h1, q0, q1, homeruns),
      scoreOnePair(profile, h0, h2, q0, q2, homeruns),
      scoreOnePair(profile, h0, h3, q0, q3, homeruns),
      scoreOnePair(profile, h1, h2, q1, q2, homeruns),
      scoreOnePair(profile, h1, h3, q1, q3, homeruns),
      scoreOnePair(profile, h2, h3, q2, q3, homeruns),
    ];
  } else {
    const inOrder: ScoredHand[] = [];
    const bonus: (readonly number[])[] = [];
    for (const seat of order) {
      for (const h of hands) {
        if (h.seat !== seat) continue;
        inOrder.push(h);
        bonus.push(bonusOf(profile, h));
        break;
      }
    }
    for (const seat of order) points[seat] = 0;
    pairs = [];
    for (let i = 0; i < inOrder.length; i++) {
      for (let j = i + 1; j < inOrder.length; j++) pairs.push(scoreOnePair(profile, inOrder[i], inOrder[j], bonus[i], bonus[j], homeruns));
    }
  }
  for (let k = 0; k < pairs.length; k++) {
    const pair = pairs[k];
    points[pair.a] += pair.points;
    points[pair.b] -= pair.points;
  }
  const homerunsInOrder: number[] = [];
  if (homeruns.length > 0) for (const s of order) if (homeruns.includes(s)) homerunsInOrder.push(s);
  return { order, pairs, points, homeruns: homerunsInOrder };
}

/** The hand of the seat (one of the hands' seats). */
function handAt(hands: readonly ScoredHand[], seat: number): ScoredHand {
  for (let i = 0; i < hands.length; i++) if (hands[i].seat === seat) return hands[i];
  throw new RangeError(`no hand for seat ${seat}`); // order holds the hands' seats only
}

/** The bonus each segment of the hand qualifies for: a valid hand's, or none. */
function bonusOf(profile: Profile, h: ScoredHand): readonly number[] {
  return h.status === 'set' ? qualifying(profile, h.values) : NO_BONUS;
}

/** The seats of `hands` (each 1-4) clockwise from the seat left of the (whole-number) button, as {@link clockwiseFromButton} orders them. */
function fromButton(button: number, hands: readonly ScoredHand[]): number[] {
  // Seat s is (s - button - 1) mod 4 seats from the first to announce: seat button + 1 first.
  const start = ((button % TABLE_SEATS) + TABLE_SEATS) % TABLE_SEATS;
  // Four different seats 1-4 are all of them.
  if (hands.length === TABLE_SEATS) return [start + 1, ((start + 1) % TABLE_SEATS) + 1, ((start + 2) % TABLE_SEATS) + 1, ((start + 3) % TABLE_SEATS) + 1];
  const out: number[] = [];
  for (let i = 0; i < TABLE_SEATS; i++) {
    const seat = ((start + i) % TABLE_SEATS) + 1;
    for (const h of hands) {
      if (h.seat === seat) {
        out.push(seat);
        break;
      }
    }
  }
  return out;
}
