/**
 * Pairwise scoring (RULES.md sections 4-7): every pair of live seats compared once, in the
 * order the dealer announces them (from the seat left of the button, clockwise), under a
 * house-rules profile. Every option is read from the profile; no rule is hard-coded here.
 *
 * Points are always from `a`'s side: positive, `a` collects from `b`; negative, `a` pays.
 */
import type { NaturalName } from './naturals';
import { naturalRule, segmentBonus, type Profile, type ScoopRule } from './profiles';
import { SEGMENTS, type Segment, type SegmentValues } from './setting';
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
  const distance = (seat: number) => (((seat - button - 1) % TABLE_SEATS) + TABLE_SEATS) % TABLE_SEATS;
  if (seats === undefined) return [0, 1, 2, 3].map((i) => ((button + i) % TABLE_SEATS) + 1);
  return [...seats].sort((x, y) => distance(x) - distance(y));
}

function winsAllThree(x: SegmentValues, y: SegmentValues): boolean {
  return x.front > y.front && x.middle > y.middle && x.back > y.back;
}

/**
 * Seats that made a homerun (RULES.md section 5): four players, all four hands compared
 * (none surrendered, none a natural), and this hand scoops each of the other three; a fouled
 * opponent counts as scooped. Empty when the profile pays no homerun.
 */
export function homerunSeats(profile: Profile, hands: readonly ScoredHand[]): Set<number> {
  const out = new Set<number>();
  if (profile.homerun.kind === 'none' || hands.length !== TABLE_SEATS) return out;
  if (hands.some((h) => h.status === 'surrendered' || h.status === 'natural')) return out;
  for (const h of hands) {
    if (h.status !== 'set') continue;
    const scoopsAll = hands.every((o) => o === h || o.status === 'fouled' || (o.status === 'set' && winsAllThree(h.values, o.values)));
    if (scoopsAll) out.add(h.seat);
  }
  return out;
}

const NO_PARTS: PointParts = { segments: 0, scoop: 0, majority: 0, bonuses: 0, foul: 0, natural: 0, surrender: 0 };

function total(parts: PointParts): number {
  return parts.segments + parts.scoop + parts.majority + parts.bonuses + parts.foul + parts.natural + parts.surrender;
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
  const [winner, loser] = points > 0 ? [a, b] : [b, a];
  const n = Math.abs(points);
  return `seat ${winner} wins ${plural(n, 'point')} from seat ${loser}`;
}

/** Segment-by-segment scoring of two sides; `winners` says who took each segment. */
function scoreSegments(
  profile: Profile,
  a: number,
  b: number,
  winners: readonly (number | null)[],
  qualifyA: readonly number[],
  qualifyB: readonly number[],
  descriptions: { a?: Readonly<Record<Segment, string>>; b?: Readonly<Record<Segment, string>> },
  homeruns: ReadonlySet<number>,
): Omit<PairScore, 'outcome' | 'summary' | 'a' | 'b' | 'points'> {
  const replaces = profile.bonusMode === 'replaces-point';
  const regardless = profile.bonusMode === 'regardless';
  let segA = 0;
  let segB = 0;
  let winsA = 0;
  let winsB = 0;
  let bonusA = 0;
  let bonusB = 0;
  const segments: SegmentOutcome[] = [];
  SEGMENTS.forEach((segment, i) => {
    const winner = winners[i];
    if (winner === a) {
      winsA++;
      segA += replaces && qualifyA[i] > 0 ? 0 : profile.segmentPoints;
    } else if (winner === b) {
      winsB++;
      segB += replaces && qualifyB[i] > 0 ? 0 : profile.segmentPoints;
    }
    const paidA = regardless || winner === a ? qualifyA[i] : 0;
    const paidB = regardless || winner === b ? qualifyB[i] : 0;
    bonusA += paidA;
    bonusB += paidB;
    segments.push({
      segment,
      winner,
      ...(descriptions.a ? { a: descriptions.a[segment] } : {}),
      ...(descriptions.b ? { b: descriptions.b[segment] } : {}),
      bonusA: paidA,
      bonusB: paidB,
    });
  });
  const scoop = winsA === 3 ? a : winsB === 3 ? b : null;
  const homerun = scoop !== null && homeruns.has(scoop) ? scoop : null;
  let scoopPart = 0;
  if (scoop !== null) {
    const extra = scoopExtra(homerun !== null ? profile.homerun : profile.scoop, scoop === a ? segA : segB);
    scoopPart = scoop === a ? extra : -extra;
  }
  const m = profile.majorityBonus;
  const majority = m > 0 && winsA >= 2 ? a : m > 0 && winsB >= 2 ? b : null;
  const parts: PointParts = {
    ...NO_PARTS,
    segments: segA - segB,
    scoop: scoopPart,
    majority: majority === a ? m : majority === b ? -m : 0,
    bonuses: bonusA - bonusB,
  };
  return { segments, scoop, homerun, majority, parts };
}

function qualifying(profile: Profile, values: SegmentValues): number[] {
  return SEGMENTS.map((s) => segmentBonus(profile, s, values[s]));
}

function describeExtras(a: number, b: number, score: { scoop: number | null; homerun: number | null; majority: number | null; parts: PointParts }): string {
  const notes: string[] = [];
  if (score.homerun !== null) notes.push(`homerun by seat ${score.homerun}`);
  else if (score.scoop !== null) notes.push(`scoop by seat ${score.scoop}`);
  if (score.majority !== null) notes.push(`majority bonus to seat ${score.majority}`);
  const bonus = score.parts.bonuses;
  if (bonus !== 0) notes.push(`bonuses ${Math.abs(bonus)} to seat ${bonus > 0 ? a : b}`);
  return notes.join('; ');
}

/**
 * Scores one pair. `homeruns` comes from {@link homerunSeats} over the whole table.
 * Scoring (b, a) gives the negated points of (a, b).
 */
export function scorePair(profile: Profile, x: ScoredHand, y: ScoredHand, homeruns: ReadonlySet<number> = new Set()): PairScore {
  const a = x.seat;
  const b = y.seat;
  const base = { a, b } as const;
  const none = { scoop: null, homerun: null, majority: null } as const;

  // Surrender first: a surrendered hand is not compared, not even with a natural (section 6).
  if (x.status === 'surrendered' || y.status === 'surrendered') {
    const penalty = profile.surrenderPenalty;
    if (penalty === null) {
      throw new RangeError(`profile ${profile.name} does not play surrender, yet seat ${x.status === 'surrendered' ? a : b} surrendered`);
    }
    if (x.status === 'surrendered' && y.status === 'surrendered') {
      return { ...base, points: 0, outcome: 'both-surrendered', ...none, parts: NO_PARTS, summary: `seats ${a} and ${b} both surrendered: no points` };
    }
    const parts = { ...NO_PARTS, surrender: x.status === 'surrendered' ? -penalty : penalty };
    const who = x.status === 'surrendered' ? a : b;
    const points = total(parts);
    return { ...base, points, outcome: 'surrender', ...none, parts, summary: `${verdict(a, b, points)} (seat ${who} surrendered)` };
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
        ...base, points: 0, outcome: 'naturals-push', ...none, parts: NO_PARTS,
        summary: `seats ${a} and ${b} both hold naturals of equal rank: push`,
      };
    }
    const aCollects = rx !== undefined && (ry === undefined || rx.rank < ry.rank);
    const points = aCollects ? rx.points : -(ry as NonNullable<typeof ry>).points;
    const holder = aCollects ? x : y;
    const name = holder.status === 'natural' ? holder.natural : '';
    const parts = { ...NO_PARTS, natural: points };
    return { ...base, points, outcome: 'natural', ...none, parts, summary: `${verdict(a, b, points)} (natural: ${name})` };
  }

  // Fouls (section 4): a fouled hand pays as if the other won all three, bonuses included.
  if (x.status === 'fouled' || y.status === 'fouled') {
    if (x.status === 'fouled' && y.status === 'fouled') {
      return { ...base, points: 0, outcome: 'both-fouled', ...none, parts: NO_PARTS, summary: `seats ${a} and ${b} both fouled: no points` };
    }
    const fouled = x.status === 'fouled' ? a : b;
    const valid = x.status === 'set' ? x : (y as Extract<ScoredHand, { status: 'set' }>);
    if (profile.foul.kind === 'fixed') {
      const penalty = profile.foul.points;
      const parts = { ...NO_PARTS, foul: fouled === a ? -penalty : penalty };
      const points = total(parts);
      return { ...base, points, outcome: 'foul', ...none, parts, summary: `${verdict(a, b, points)} (seat ${fouled} fouled: fixed penalty)` };
    }
    const winners = SEGMENTS.map(() => valid.seat);
    const validBonus = qualifying(profile, valid.values);
    const zero = [0, 0, 0];
    const fouledHand = x.status === 'fouled' ? x : (y as Extract<ScoredHand, { status: 'fouled' }>);
    const score = scoreSegments(
      profile, a, b, winners,
      valid.seat === a ? validBonus : zero,
      valid.seat === b ? validBonus : zero,
      {
        a: x.status === 'set' ? x.descriptions : fouledHand.descriptions,
        b: y.status === 'set' ? y.descriptions : fouledHand.descriptions,
      },
      homeruns,
    );
    const points = total(score.parts);
    const extras = describeExtras(a, b, score);
    return {
      a, b, points, outcome: 'foul', ...score,
      summary: `${verdict(a, b, points)} (seat ${fouled} fouled${extras ? `; ${extras}` : ''})`,
    };
  }

  // Two valid hands: segment by segment.
  const winners = SEGMENTS.map((s) => (x.values[s] > y.values[s] ? a : y.values[s] > x.values[s] ? b : null));
  const score = scoreSegments(profile, a, b, winners, qualifying(profile, x.values), qualifying(profile, y.values), { a: x.descriptions, b: y.descriptions }, homeruns);
  const won = SEGMENTS.map((s, i) => `${s} ${winners[i] === null ? 'tie' : `seat ${winners[i]}`}`).join(', ');
  const points = total(score.parts);
  const extras = describeExtras(a, b, score);
  return { a, b, points, outcome: 'showdown', ...score, summary: `${verdict(a, b, points)} (${won}${extras ? `; ${extras}` : ''})` };
}

/**
 * Scores a showdown: every pair of live seats once, in announcement order, and each seat's
 * total. `hands` holds one entry per live seat (empty seats are simply absent).
 */
export function scoreShowdown(profile: Profile, button: number, hands: readonly ScoredHand[]): ShowdownScore {
  const bySeat = new Map(hands.map((h) => [h.seat, h]));
  if (bySeat.size !== hands.length) throw new RangeError('a seat appears twice in the showdown');
  const order = clockwiseFromButton(button, hands.map((h) => h.seat));
  const homeruns = homerunSeats(profile, hands);
  const pairs: PairScore[] = [];
  const points: Record<number, number> = {};
  for (const seat of order) points[seat] = 0;
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const pair = scorePair(profile, bySeat.get(order[i])!, bySeat.get(order[j])!, homeruns);
      pairs.push(pair);
      points[pair.a] += pair.points;
      points[pair.b] -= pair.points;
    }
  }
  return { order, pairs, points, homeruns: order.filter((s) => homeruns.has(s)) };
}
