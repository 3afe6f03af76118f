/**
 * "What could this hand have been" (docs/hindsight.md): for one seat's 13 cards at a showdown,
 * for the floor's information only (nothing here changes a payment),
 *   - the strongest legal setting of the same cards (`bestArrangement`, back first), and
 *   - the legal setting that would have scored the most points against the hands actually at
 *     the table, under the table's profile: every legal split of the 13 cards, exact.
 * Each with the points it would have made, in all and from each opponent, beside what the seat
 * actually made.
 *
 * Points always come from the settlement's own scoring (`scorePair`, `homerunSeats`,
 * `scoreShowdown` in scoring.ts); nothing here knows a rule. The search only avoids calling it
 * 72,072 times: a pair's points depend on the seat's setting only through who wins each of the
 * three segments, the bonus each of the seat's segments qualifies for and who made a homerun,
 * so `scorePair` is called once per distinct combination of those and remembered. Whether a
 * homerun is made depends only on who wins each segment against each opponent, so
 * `homerunSeats` is remembered the same way. The test's brute force (every split through
 * `scoreShowdown`) checks that this gives the same numbers.
 */
import { bestArrangement } from './arrange';
import { findDuplicate, formatCard, formatCards, isCard, type Card } from './cards';
import { describeLowball, describeValue, evaluate3, evaluate5, lowball27, type HandValue } from './evaluate';
import { detectNaturals, type NaturalName } from './naturals';
import { bestNatural, naturalRule, segmentBonus, type Profile } from './profiles';
import { fail, ok, type Result } from './result';
import { homerunSeats, scorePair, scoreShowdown, TABLE_SEATS, type PairScore, type ScoredHand } from './scoring';
import { settleShowdown } from './settle';
import { showJson } from './json';
import { checkSetting, SEGMENT_SIZES, SEGMENTS, type Segment, type SegmentValues, type SetHand } from './setting';
import { parseShowdown, type Showdown } from './showdown';

// ---------------------------------------------------------------- input and output

/** A live seat's hand as the settlement scored it. */
export type TableHand =
  /** Set 3/5/5 as shown; out of order it is scored as fouled, as the settlement scores it. */
  | { readonly seat: number; readonly status: 'set'; readonly setting: SetHand }
  /** Fouled (a wrong count, the floor's ruling, a false natural the profile fouls). */
  | { readonly seat: number; readonly status: 'fouled'; readonly cards?: readonly Card[] }
  | { readonly seat: number; readonly status: 'surrendered'; readonly cards?: readonly Card[] }
  /** A verified natural: the one scored (the best the cards hold under the profile). */
  | { readonly seat: number; readonly status: 'natural'; readonly natural: NaturalName; readonly cards?: readonly Card[] };

export interface HindsightInput {
  readonly profile: Profile;
  /** The dealer button, 1-4: the order of the pair rows (it changes no points). */
  readonly button: number;
  /** The seat whose hand is looked at. */
  readonly seat: number;
  /** Every live seat's hand, the looked-at seat's included (its 13 cards: its setting, or `cards`). */
  readonly hands: readonly TableHand[];
}

/** What a seat makes against the table. Seat-keyed objects use the seat number as key. */
export interface SeatPoints {
  /** Points the seat wins from the table in all (negative: it pays). */
  readonly points: number;
  /** What the seat wins from each other live seat. */
  readonly perOpponent: Readonly<Record<string, number>>;
  /** The settlement's rows for the seat's pairs (announcement order), with their summaries. */
  readonly pairs: readonly PairScore[];
}

/** A legal setting of the seat's 13 cards and what it would have made. */
export interface HindsightSetting extends SeatPoints {
  /** Card codes, each segment strongest first. */
  readonly hand: SetHand;
  /** The same cards as canonical text ("Kd 5d 2s"). */
  readonly text: Readonly<Record<Segment, string>>;
  /** The values the segments are compared by (a lowball middle: its 2-7 strength). */
  readonly values: SegmentValues;
  readonly descriptions: Readonly<Record<Segment, string>>;
}

export interface Hindsight {
  readonly seat: number;
  readonly profile: { readonly name: string; readonly version: number };
  /** What the seat actually made, with the status it was scored with. */
  readonly actual: SeatPoints & { readonly status: ScoredHand['status'] };
  /** `bestArrangement`'s setting: the best back, then middle, then front. */
  readonly strongest: HindsightSetting;
  /** The legal setting scoring the most against these hands (ties: docs/hindsight.md). */
  readonly mostPoints: HindsightSetting;
  /** Legal settings of the 13 cards (of the 72,072 splits into 3/5/5). */
  readonly legalSettings: number;
  /** Legal settings that would have scored exactly `mostPoints.points`. */
  readonly tiedForMost: number;
  /** Legal settings that would have scored more than the seat actually made. */
  readonly moreThanActual: number;
  /** When the cards hold a natural the profile plays: what declaring it would have made. */
  readonly natural?: SeatPoints & { readonly name: NaturalName };
}

// ---------------------------------------------------------------- subsets of 13 positions

const FIVES = 1287;
const THREES = 286;
const ALL = (1 << 13) - 1;
/** The 5 positions of each 5-subset of 0..12 and its 13-bit mask. */
const FIVE_AT = new Uint8Array(FIVES * 5);
const FIVE_MASK = new Uint16Array(FIVES);
/** The 3 positions of each 3-subset of 0..12. */
const THREE_AT = new Uint8Array(THREES * 3);
/** Subset index by 13-bit mask (-1: not a 3- or 5-subset). */
const FIVE_BY_MASK = new Int16Array(1 << 13).fill(-1);
const THREE_BY_MASK = new Int16Array(1 << 13).fill(-1);
/** Every split: for back `b` and its `k`-th middle (56 of the 8 positions left), the middle's and the front's subset index at `b * 56 + k`. */
const MIDDLES = 56;
const SPLIT_MIDDLE = new Int16Array(FIVES * MIDDLES);
const SPLIT_FRONT = new Int16Array(FIVES * MIDDLES);

{
  let n5 = 0;
  let n3 = 0;
  for (let mask = 0; mask <= ALL; mask++) {
    let bits = 0;
    for (let m = mask; m; m &= m - 1) bits++;
    if (bits !== 5 && bits !== 3) continue;
    const at: number[] = [];
    for (let p = 0; p < 13; p++) if ((mask >> p) & 1) at.push(p);
    if (bits === 5) {
      FIVE_AT.set(at, n5 * 5);
      FIVE_MASK[n5] = mask;
      FIVE_BY_MASK[mask] = n5++;
    } else {
      THREE_AT.set(at, n3 * 3);
      THREE_BY_MASK[mask] = n3++;
    }
  }
  const patterns: number[] = [];
  for (let pattern = 0; pattern < 256; pattern++) {
    let bits = 0;
    for (let m = pattern; m; m &= m - 1) bits++;
    if (bits === 5) patterns.push(pattern);
  }
  const rest: number[] = [];
  for (let b = 0; b < FIVES; b++) {
    rest.length = 0;
    for (let p = 0; p < 13; p++) if (!((FIVE_MASK[b] >> p) & 1)) rest.push(p);
    for (let k = 0; k < MIDDLES; k++) {
      let mMask = 0;
      for (let q = 0; q < 8; q++) if ((patterns[k] >> q) & 1) mMask |= 1 << rest[q];
      SPLIT_MIDDLE[b * MIDDLES + k] = FIVE_BY_MASK[mMask];
      SPLIT_FRONT[b * MIDDLES + k] = THREE_BY_MASK[ALL ^ FIVE_MASK[b] ^ mMask];
    }
  }
}

// ---------------------------------------------------------------- checks

type Refusal = { readonly ok: false; readonly error: { readonly code: string; readonly message: string; readonly path?: string } };

function refuse(code: string, path: string, message: string): Refusal {
  return fail(code, `${path}: ${message}`, path);
}

function isSeat(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= TABLE_SEATS;
}

/** Checks a card list's codes and (when `size` is given) its length; duplicates are checked across the table. */
function checkCards(cards: unknown, path: string, size?: number): Refusal | undefined {
  if (!Array.isArray(cards)) return refuse('bad-card', path, 'expected a list of card codes');
  for (let i = 0; i < cards.length; i++) {
    if (!isCard(cards[i])) return refuse('bad-card', `${path}[${i}]`, `not a card code (0-51): ${showJson(cards[i])}`);
  }
  if (size !== undefined && cards.length !== size) return refuse('wrong-card-count', path, `expected ${size} cards, got ${cards.length}`);
  return undefined;
}

interface Checked {
  /** The looked-at seat's 13 cards. */
  readonly cards: readonly Card[];
  /** Each live seat as scored, in the order given; the looked-at one at `self`. */
  readonly scored: readonly ScoredHand[];
  readonly self: number;
}

function checkInput(input: HindsightInput): Result<Checked> {
  const { profile, button, seat, hands } = input;
  if (!isSeat(button)) return refuse('bad-button', 'button', `the button is a seat 1-${TABLE_SEATS}, not ${showJson(button)}`);
  if (!isSeat(seat)) return refuse('bad-seat', 'seat', `a seat is 1-${TABLE_SEATS}, not ${showJson(seat)}`);
  if (!Array.isArray(hands)) return refuse('bad-hands', 'hands', 'expected a list of the live seats\' hands');
  if (hands.length < 2) return refuse('too-few-seats', 'hands', `a showdown has at least two live seats, not ${hands.length}`);
  if (hands.length > TABLE_SEATS) return refuse('bad-hands', 'hands', `a table has at most ${TABLE_SEATS} seats, not ${hands.length}`);
  const seen = new Set<number>();
  /** The seat holding each card code so far, 0 = none. */
  const holder = new Uint8Array(52);
  const scored: ScoredHand[] = [];
  let self = -1;
  let selfCards: readonly Card[] | undefined;
  for (let i = 0; i < hands.length; i++) {
    const h = hands[i];
    const path = `hands[${i}]`;
    if (!isSeat(h?.seat)) return refuse('bad-seat', `${path}.seat`, `a seat is 1-${TABLE_SEATS}, not ${showJson(h?.seat)}`);
    if (seen.has(h.seat)) return refuse('duplicate-seat', `${path}.seat`, `seat ${h.seat} is given twice`);
    seen.add(h.seat);
    let cards: readonly Card[] | undefined;
    let hand: ScoredHand;
    if (h.status === 'set') {
      const s = h.setting;
      if (typeof s !== 'object' || s === null) return refuse('bad-setting', `${path}.setting`, `seat ${h.seat} is "set" but gives no setting`);
      for (const segment of SEGMENTS) {
        const bad = checkCards(s[segment], `${path}.setting.${segment}`);
        if (bad) return bad;
        if (s[segment].length !== SEGMENT_SIZES[segment]) {
          return refuse('bad-setting', `${path}.setting.${segment}`, `seat ${h.seat}'s ${segment} has ${s[segment].length} cards; a set hand is front 3, middle 5, back 5 (give a wrong count as "fouled")`);
        }
      }
      cards = s.front.concat(s.middle, s.back);
      const verdict = checkSetting(s, { lowballMiddle: profile.lowballMiddle });
      if (!verdict.ok) return refuse(verdict.error.code, `${path}.setting`, verdict.error.message);
      const v = verdict.value;
      hand = v.fouled
        ? (v.descriptions ? { seat: h.seat, status: 'fouled', reason: v.reason, descriptions: v.descriptions } : { seat: h.seat, status: 'fouled', reason: v.reason })
        : { seat: h.seat, status: 'set', values: v.values, descriptions: v.descriptions };
    } else if (h.status === 'fouled' || h.status === 'surrendered' || h.status === 'natural') {
      if (h.cards !== undefined) {
        const bad = checkCards(h.cards, `${path}.cards`, 13);
        if (bad) return bad;
        cards = h.cards;
      }
      if (h.status === 'fouled') hand = { seat: h.seat, status: 'fouled', reason: 'fouled' };
      else if (h.status === 'surrendered') {
        if (profile.surrenderPenalty === null) return refuse('surrender-not-played', `${path}.status`, `profile ${profile.name} does not play surrender, yet seat ${h.seat} surrendered`);
        hand = { seat: h.seat, status: 'surrendered' };
      } else {
        if (naturalRule(profile, h.natural) === undefined) {
          return refuse('natural-not-played', `${path}.natural`, `profile ${profile.name} does not play the natural ${showJson(h.natural)} (seat ${h.seat})`);
        }
        hand = { seat: h.seat, status: 'natural', natural: h.natural };
      }
    } else {
      return refuse('bad-status', `${path}.status`, `expected "set", "fouled", "surrendered" or "natural", not ${showJson((h as { status?: unknown }).status)}`);
    }
    if (cards) {
      const dup = findDuplicate(cards);
      if (dup !== undefined) return refuse('duplicate-card', path, `${formatCard(dup)} appears twice in seat ${h.seat}'s hand`);
      for (const c of cards) {
        if (holder[c] !== 0) return refuse('duplicate-card', path, `${formatCard(c)} is in seat ${h.seat}'s hand and in seat ${holder[c]}'s`);
        holder[c] = h.seat;
      }
    }
    if (h.seat === seat) {
      self = i;
      selfCards = cards;
      if (!cards) return refuse('missing-cards', path, `seat ${seat}'s 13 cards are needed: give its setting or its cards`);
    }
    scored.push(hand);
  }
  if (self < 0 || !selfCards) return refuse('unknown-seat', 'seat', `seat ${seat} is not among the live seats (${hands.map((h) => h.seat).join(', ')})`);
  return ok({ cards: selfCards, scored, self });
}

// ---------------------------------------------------------------- scoring helpers

/** What `seat` makes at the table `hands` (through scoreShowdown, the settlement's scoring). */
function pointsAt(profile: Profile, button: number, seat: number, hands: readonly ScoredHand[]): SeatPoints {
  const score = scoreShowdown(profile, button, hands);
  const perOpponent: Record<string, number> = {};
  const pairs: PairScore[] = [];
  for (const seatNo of score.order) if (seatNo !== seat) perOpponent[String(seatNo)] = 0;
  for (const p of score.pairs) {
    if (p.a === seat) perOpponent[String(p.b)] = p.points;
    else if (p.b === seat) perOpponent[String(p.a)] = -p.points;
    else continue;
    pairs.push(p);
  }
  return { points: score.points[seat], perOpponent, pairs };
}

function withHand(hands: readonly ScoredHand[], at: number, hand: ScoredHand): ScoredHand[] {
  const out = hands.slice();
  out[at] = hand;
  return out;
}

function describeSegments(values: SegmentValues, lowball: boolean): Record<Segment, string> {
  return {
    front: describeValue(values.front),
    middle: lowball ? describeLowball(values.middle) : describeValue(values.middle),
    back: describeValue(values.back),
  };
}

const strongestFirst = (a: Card, b: Card) => b - a;

function settingAt(input: HindsightInput, checked: Checked, hand: SetHand): HindsightSetting {
  const sorted = { front: [...hand.front].sort(strongestFirst), middle: [...hand.middle].sort(strongestFirst), back: [...hand.back].sort(strongestFirst) };
  const verdict = checkSetting(sorted, { lowballMiddle: input.profile.lowballMiddle });
  if (!verdict.ok || verdict.value.fouled) throw new Error(`hindsight: a setting it found is not legal: ${formatCards(sorted.front)} / ${formatCards(sorted.middle)} / ${formatCards(sorted.back)}`);
  const { values, descriptions } = verdict.value;
  const scoredHand: ScoredHand = { seat: input.seat, status: 'set', values, descriptions };
  const at = pointsAt(input.profile, input.button, input.seat, withHand(checked.scored, checked.self, scoredHand));
  return {
    hand: sorted,
    text: { front: formatCards(sorted.front), middle: formatCards(sorted.middle), back: formatCards(sorted.back) },
    values, descriptions, ...at,
  };
}

// ---------------------------------------------------------------- the search

interface Search {
  readonly legal: number;
  readonly tied: number;
  readonly more: number;
  readonly best: number;
  readonly hand: SetHand;
}

/**
 * Every legal split of `cards` scored against `opponents`; the best by points, then the
 * stronger back, middle, front, then the back and the middle holding the higher card codes.
 */
function search(profile: Profile, seat: number, cards: readonly Card[], opponents: readonly ScoredHand[], actual: number): Search {
  const lowball = profile.lowballMiddle;
  // Positions in ascending card order: a larger position mask holds the higher card codes.
  const c = [...cards].sort((a, b) => a - b);

  // Each 5-card and 3-card subset valued once, with the bonus it qualifies for.
  const high5 = new Int32Array(FIVES);
  const middle5 = new Int32Array(FIVES);
  for (let i = 0, k = 0; i < FIVES; i++, k += 5) {
    high5[i] = evaluate5(c[FIVE_AT[k]], c[FIVE_AT[k + 1]], c[FIVE_AT[k + 2]], c[FIVE_AT[k + 3]], c[FIVE_AT[k + 4]]);
    middle5[i] = lowball ? lowball27([c[FIVE_AT[k]], c[FIVE_AT[k + 1]], c[FIVE_AT[k + 2]], c[FIVE_AT[k + 3]], c[FIVE_AT[k + 4]]]) : high5[i];
  }
  const front3 = new Int32Array(THREES);
  for (let f = 0, k = 0; f < THREES; f++, k += 3) front3[f] = evaluate3(c[THREE_AT[k]], c[THREE_AT[k + 1]], c[THREE_AT[k + 2]]);

  // Bonuses as small indices into the distinct amounts met in each segment.
  const indexer = () => {
    const seen = new Map<number, number>();
    return { seen, of: (bonus: number) => { let at = seen.get(bonus); if (at === undefined) seen.set(bonus, (at = seen.size)); return at; } };
  };
  const fb = indexer();
  const mb = indexer();
  const bb = indexer();
  const frontBonus = new Int32Array(THREES);
  const middleBonus = new Int32Array(FIVES);
  const backBonus = new Int32Array(FIVES);
  for (let f = 0; f < THREES; f++) frontBonus[f] = fb.of(segmentBonus(profile, 'front', front3[f]));
  for (let i = 0; i < FIVES; i++) {
    middleBonus[i] = mb.of(segmentBonus(profile, 'middle', middle5[i]));
    backBonus[i] = bb.of(segmentBonus(profile, 'back', high5[i]));
  }
  const nf = fb.seen.size;
  const nm = mb.seen.size;
  const nq = nf * nm * bb.seen.size;

  // Who wins each segment against each valid opponent: 0 the seat, 1 a tie, 2 the opponent.
  const n = opponents.length;
  const setAt: number[] = [];
  opponents.forEach((o, j) => { if (o.status === 'set') setAt.push(j); });
  const vsFront = new Uint8Array(n * THREES);
  const vsMiddle = new Uint8Array(n * FIVES);
  const vsBack = new Uint8Array(n * FIVES);
  const cmp = (mine: number, theirs: number) => (mine > theirs ? 0 : mine === theirs ? 1 : 2);
  for (const j of setAt) {
    const v = (opponents[j] as Extract<ScoredHand, { status: 'set' }>).values;
    for (let f = 0; f < THREES; f++) vsFront[j * THREES + f] = cmp(front3[f], v.front);
    for (let i = 0; i < FIVES; i++) {
      vsMiddle[j * FIVES + i] = cmp(middle5[i], v.middle);
      vsBack[j * FIVES + i] = cmp(high5[i], v.back);
    }
  }

  // Remembered answers of the settlement's scoring: homeruns by the outcomes against every
  // valid opponent; each pair's points by its outcomes, the seat's bonuses and the homeruns.
  const homerunMemo = new Int16Array(27 ** setAt.length).fill(-1);
  const pairMemo = opponents.map(() => new Float64Array(27 * nq * 4).fill(NaN));
  const triples = new Int32Array(n);

  const handFor = (vf: HandValue, vm: number, vb: HandValue): ScoredHand => {
    const values = { front: vf, middle: vm, back: vb };
    return { seat, status: 'set', values, descriptions: describeSegments(values, lowball) };
  };
  const homerunBits = (key: number, vf: HandValue, vm: number, vb: HandValue): number => {
    let bits = homerunMemo[key];
    if (bits >= 0) return bits;
    const made = homerunSeats(profile, [handFor(vf, vm, vb), ...opponents]);
    bits = made.has(seat) ? 1 : 0;
    for (let j = 0; j < n; j++) if (made.has(opponents[j].seat)) bits |= 2 << j;
    homerunMemo[key] = bits;
    return bits;
  };

  let legal = 0;
  let tied = 0;
  let more = 0;
  let best = Number.NEGATIVE_INFINITY;
  let bestB = -1;
  let bestM = -1;
  let bestVb = -1;
  let bestVm = -1;
  let bestVf = -1;
  for (let b = 0; b < FIVES; b++) {
    const bMask = FIVE_MASK[b];
    const vb = high5[b];
    for (let k = b * MIDDLES, end = k + MIDDLES; k < end; k++) {
      const m = SPLIT_MIDDLE[k];
      // Fouled splits cost two comparisons (RULES.md s4; a lowball middle: front <= back only).
      if (!lowball && high5[m] > vb) continue;
      const f = SPLIT_FRONT[k];
      const vf = front3[f];
      if (lowball ? vf > vb : vf > high5[m]) continue;
      const vm = middle5[m];
      legal++;

      let homeKey = 0;
      for (let s = setAt.length - 1; s >= 0; s--) {
        const j = setAt[s];
        const t = vsFront[j * THREES + f] + 3 * vsMiddle[j * FIVES + m] + 9 * vsBack[j * FIVES + b];
        triples[j] = t;
        homeKey = homeKey * 27 + t;
      }
      const homeruns = homerunBits(homeKey, vf, vm, vb);
      const q = frontBonus[f] + nf * (middleBonus[m] + nm * backBonus[b]);
      let total = 0;
      for (let j = 0; j < n; j++) {
        const hr = (homeruns & 1) | (((homeruns >> (j + 1)) & 1) << 1);
        const key = triples[j] + 27 * (q + nq * hr);
        let points = pairMemo[j][key];
        if (points !== points) {
          const mine = handFor(vf, vm, vb);
          points = pairMemo[j][key] = scorePair(profile, mine, opponents[j], homerunSeats(profile, [mine, ...opponents])).points;
        }
        total += points;
      }

      if (total > actual) more++;
      if (total < best) continue;
      if (total > best) {
        best = total;
        tied = 1;
      } else {
        tied++;
        const stronger = vb > bestVb || (vb === bestVb && (vm > bestVm || (vm === bestVm && (vf > bestVf
          || (vf === bestVf && (bMask > bestB || (bMask === bestB && FIVE_MASK[m] > bestM)))))));
        if (!stronger) continue;
      }
      bestB = bMask;
      bestM = FIVE_MASK[m];
      bestVb = vb;
      bestVm = vm;
      bestVf = vf;
    }
  }
  if (legal === 0) throw new Error('hindsight: 13 cards always have a legal setting');
  const pick = (mask: number) => c.filter((_, p) => (mask >> p) & 1);
  return { legal, tied, more, best, hand: { front: pick(ALL ^ bestB ^ bestM), middle: pick(bestM), back: pick(bestB) } };
}

// ---------------------------------------------------------------- the API

/**
 * The two answers for one seat of a showdown (see the module comment). Refuses, with a code and
 * the field: a button or seat not 1-4 (`bad-button`, `bad-seat`), a seat twice
 * (`duplicate-seat`), fewer than two live seats (`too-few-seats`) or more than four
 * (`bad-hands`), the looked-at seat not among them (`unknown-seat`) or without its cards
 * (`missing-cards`), a card code not 0-51 (`bad-card`), `cards` not 13 (`wrong-card-count`), a
 * card twice in a hand or across hands (`duplicate-card`), a set hand not 3/5/5
 * (`bad-setting`), an unknown status (`bad-status`), a natural or a surrender the profile does
 * not play (`natural-not-played`, `surrender-not-played`).
 */
export function hindsight(input: HindsightInput): Result<Hindsight> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const { profile, button, seat } = input;
  const { cards, scored, self } = checked.value;
  const opponents = scored.filter((_, i) => i !== self);

  const actual = { status: scored[self].status, ...pointsAt(profile, button, seat, scored) };
  const found = search(profile, seat, cards, opponents, actual.points);
  const mostPoints = settingAt(input, checked.value, found.hand);
  if (mostPoints.points !== found.best) {
    throw new Error(`hindsight: the search made ${found.best} points of a setting the settlement scores ${mostPoints.points}`);
  }
  // In ascending code order: among settings of equal values bestArrangement's pick follows the
  // order of its input, and the answer must not depend on the order the cards were given in.
  const strongest = settingAt(input, checked.value, bestArrangement([...cards].sort((a, b) => a - b)).hand);

  const result: { -readonly [K in keyof Hindsight]: Hindsight[K] } = {
    seat,
    profile: { name: profile.name, version: profile.version },
    actual,
    strongest,
    mostPoints,
    legalSettings: found.legal,
    tiedForMost: found.tied,
    moreThanActual: found.more,
  };
  const name = bestNatural(profile, detectNaturals(cards));
  if (name !== undefined) {
    result.natural = { name, ...pointsAt(profile, button, seat, withHand(scored, self, { seat, status: 'natural', natural: name })) };
  }
  return ok(result);
}

/**
 * {@link hindsight} for a seat of a parsed showdown record: every seat classified as
 * `settleShowdown` classifies it (its status, the natural it scores, a false natural played as
 * set). Refuses what `settleShowdown` refuses, and a seat that is not live (`unknown-seat`).
 */
export function hindsightOfShowdown(showdown: Showdown, seat: number): Result<Hindsight> {
  const settled = settleShowdown(showdown);
  if (!settled.ok) return settled;
  const r = settled.value;
  if (!showdown.seats.some((s) => s.seat === seat)) {
    return refuse('unknown-seat', 'seat', `seat ${showJson(seat)} is not among the live seats (${showdown.seats.map((s) => s.seat).join(', ')})`);
  }
  const hands: TableHand[] = showdown.seats.map((s): TableHand => {
    const status = r.hands[String(s.seat)].status;
    if (status === 'set' && s.setting) return { seat: s.seat, status, setting: s.setting };
    if (status === 'natural') return { seat: s.seat, status, natural: r.naturals[String(s.seat)], cards: s.cards };
    if (status === 'surrendered') return { seat: s.seat, status, cards: s.cards };
    return { seat: s.seat, status: 'fouled', cards: s.cards };
  });
  return hindsight({ profile: showdown.profile, button: showdown.button, seat, hands });
}

/** {@link hindsightOfShowdown} for a showdown record as JSON (docs/settle.md); refuses what `parseShowdown` refuses. */
export function hindsightOfRecord(record: unknown, seat: number): Result<Hindsight> {
  const showdown = parseShowdown(record);
  if (!showdown.ok) return showdown;
  return hindsightOfShowdown(showdown.value, seat);
}
