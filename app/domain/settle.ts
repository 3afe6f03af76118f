/**
 * Showdown record -> result: THE contract the `settle` command, the hand lifecycle and the
 * dealer screen share (docs/settle.md documents every field in and out).
 *
 *   record --parseShowdown--> Showdown --classify--> ScoredHand per seat
 *          --scoreShowdown--> pairs and points --settle--> payments within table stakes
 */
import { formatCards } from './cards';
import { detectNaturals, verifyNatural, type NaturalName } from './naturals';
import { fantasylandNextHand, royaltiesOf, type Royalties } from './ofc';
import { bestNatural, type Profile } from './profiles';
import { fail, ok, type Result } from './result';
import { scoreShowdown, type PairScore, type ScoredHand } from './scoring';
import { checkSetting, type Segment } from './setting';
import { settle, type Transfer } from './settlement';
import { parseShowdown, type Showdown, type ShowdownSeat } from './showdown';

/** A seat's hand as settled, for display. Card lists are canonical text ("Kd 5d 2s"). */
export interface HandView {
  readonly status: ScoredHand['status'];
  readonly front?: string;
  readonly middle?: string;
  readonly back?: string;
  /** All 13 cards when no setting was given (a natural laid down, a surrender). */
  readonly cards?: string;
  readonly descriptions?: Readonly<Record<Segment, string>>;
}

export interface NaturalProofView {
  /** The natural scored: the declared one, or a better one the hand also holds. */
  readonly name: NaturalName;
  /** Present only when the natural scored is not the one declared (the hand holds a better
   *  one the profile plays, RULES.md section 7 "the terminal offers the best one"). */
  readonly declared?: NaturalName;
  readonly explanation: string;
  /** The arrangement that proves three flushes / three straights. */
  readonly arrangement?: { readonly front: string; readonly middle: string; readonly back: string };
}

export interface FalseNatural {
  readonly declared: NaturalName;
  readonly reason: string;
  /** What the profile did with the hand: fouled it, or played it as set. */
  readonly playedAs: 'foul' | 'set';
}

/** The result of settling one showdown record. Seat-keyed objects use the seat number as key. */
export interface SettleResult {
  readonly id?: string | number;
  readonly profile: { readonly name: string; readonly version: number };
  readonly button: number;
  readonly pointValue: number;
  /** Live seats in announcement and payment order: left of the button first, clockwise. */
  readonly order: readonly number[];
  /** Every pair of live seats once, in announcement order; `points` is what `a` wins from `b`. */
  readonly pairs: readonly PairScore[];
  /** Each live seat's total points. */
  readonly points: Readonly<Record<string, number>>;
  /** Fouled seats (including false naturals the profile fouls), ascending. */
  readonly fouled: readonly number[];
  /** Why each fouled seat is fouled. */
  readonly fouls: Readonly<Record<string, string>>;
  readonly surrendered: readonly number[];
  /** Verified naturals by seat. */
  readonly naturals: Readonly<Record<string, NaturalName>>;
  readonly naturalProofs: Readonly<Record<string, NaturalProofView>>;
  readonly falseNaturals: Readonly<Record<string, FalseNatural>>;
  /** Seats that made a homerun (super bonus). */
  readonly homeruns: readonly number[];
  readonly hands: Readonly<Record<string, HandView>>;
  /** Money per seat after table stakes, minor units; sums to zero. */
  readonly net: Readonly<Record<string, number>>;
  /** Chip movements: payers in order from left of the button, each payer's payees likewise. */
  readonly payments: readonly Transfer[];
  /** What each loser owed each winner after the winner's-stack cap (before all-in shortfalls). */
  readonly owed: readonly Transfer[];
  /** Owed but unpaid because the payer was all in. */
  readonly shortfalls: readonly Transfer[];
  readonly allIn: readonly number[];
  /** The fewest transfers with the same nets; present when the record asks (`netting: true`). */
  readonly nettedPayments?: readonly Transfer[];
  /** OFC: each valid hand's royalties. */
  readonly royalties?: Readonly<Record<string, Royalties>>;
  /** OFC: seats dealt Fantasyland next hand. */
  readonly fantasyland?: readonly number[];
}

interface Classified {
  readonly hand: ScoredHand;
  readonly view: HandView;
  readonly proof?: NaturalProofView;
  readonly falseNatural?: FalseNatural;
}

function setView(seat: ShowdownSeat, status: ScoredHand['status'], descriptions?: Readonly<Record<Segment, string>>): HandView {
  const s = seat.setting;
  const cards = s ? {
    front: formatCards(s.front), middle: formatCards(s.middle), back: formatCards(s.back),
  } : { cards: formatCards(seat.cards) };
  return { status, ...cards, ...(descriptions ? { descriptions } : {}) };
}

function classifySetting(profile: Profile, seat: ShowdownSeat, prefix = ''): Result<Classified> {
  if (!seat.setting) {
    const reason = `${prefix}no setting given (the hand was laid down unset)`;
    return ok({ hand: { seat: seat.seat, status: 'fouled', reason }, view: setView(seat, 'fouled') });
  }
  const r = checkSetting(seat.setting, { lowballMiddle: profile.lowballMiddle });
  if (!r.ok) return fail(r.error.code, `seats[${seat.index}] (seat ${seat.seat}): ${r.error.message}`, `seats[${seat.index}]`);
  const v = r.value;
  if (v.fouled) {
    const hand: ScoredHand = { seat: seat.seat, status: 'fouled', reason: prefix + v.reason, ...(v.descriptions ? { descriptions: v.descriptions } : {}) };
    return ok({ hand, view: setView(seat, 'fouled', v.descriptions) });
  }
  return ok({
    hand: { seat: seat.seat, status: 'set', values: v.values, descriptions: v.descriptions },
    view: setView(seat, 'set', v.descriptions),
  });
}

function classify(profile: Profile, seat: ShowdownSeat): Result<Classified> {
  if (seat.foul !== undefined) {
    return ok({ hand: { seat: seat.seat, status: 'fouled', reason: `ruled fouled by the floor: ${seat.foul}` }, view: setView(seat, 'fouled') });
  }
  if (seat.surrender) return ok({ hand: { seat: seat.seat, status: 'surrendered' }, view: setView(seat, 'surrendered') });
  if (seat.natural) {
    const proof = verifyNatural(seat.cards, seat.natural);
    if (proof.ok) {
      // The declaration is true; score the best natural the hand holds under this profile
      // (RULES.md section 7: "the terminal offers the best one"), the declared one on a tie.
      const scored = bestNatural(profile, [seat.natural, ...detectNaturals(seat.cards)]) ?? seat.natural;
      const best = scored === seat.natural ? proof : verifyNatural(seat.cards, scored);
      if (!best.ok) return fail(best.error.code, `seats[${seat.index}].natural (seat ${seat.seat}): ${best.error.message}`, `seats[${seat.index}].natural`);
      const p = best.value;
      const arrangement = p.arrangement
        ? { front: formatCards(p.arrangement.front), middle: formatCards(p.arrangement.middle), back: formatCards(p.arrangement.back) }
        : undefined;
      return ok({
        hand: { seat: seat.seat, status: 'natural', natural: scored },
        view: { status: 'natural', cards: formatCards(seat.cards), ...(seat.setting ? setView(seat, 'natural') : {}) },
        proof: {
          name: p.name, ...(scored !== seat.natural ? { declared: seat.natural } : {}), explanation: p.explanation,
          ...(arrangement ? { arrangement } : {}),
        },
      });
    }
    if (proof.error.code !== 'natural-not-held') {
      return fail(proof.error.code, `seats[${seat.index}].natural (seat ${seat.seat}): ${proof.error.message}`, `seats[${seat.index}].natural`);
    }
    // A false declaration (RULES.md section 7): fouled, or by profile option played as set.
    const reason = proof.error.message;
    const prefix = `false declaration of ${seat.natural} (${reason}); `;
    if (profile.falseNatural === 'play-as-set') {
      const played = classifySetting(profile, seat, seat.setting ? '' : prefix);
      if (!played.ok) return played;
      return ok({ ...played.value, falseNatural: { declared: seat.natural, reason, playedAs: seat.setting ? 'set' : 'foul' } });
    }
    const hand: ScoredHand = { seat: seat.seat, status: 'fouled', reason: `false declaration of ${seat.natural}: ${reason}` };
    return ok({ hand, view: setView(seat, 'fouled'), falseNatural: { declared: seat.natural, reason, playedAs: 'foul' } });
  }
  return classifySetting(profile, seat);
}

/** What `pick` gives for each seat, keyed by seat number (seats it gives nothing for are left out). */
function bySeat<T>(classified: readonly Classified[], pick: (c: Classified) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const c of classified) {
    const v = pick(c);
    if (v !== undefined) out[String(c.hand.seat)] = v;
  }
  return out;
}

/** The seats' figures keyed by seat number, in `order`. */
function keyedByOrder(order: readonly number[], r: Readonly<Record<number, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const seat of order) out[String(seat)] = r[seat];
  return out;
}

/** Settles a checked showdown (for callers that already hold typed data). */
export function settleShowdown(showdown: Showdown): Result<SettleResult> {
  const { profile, button, pointValue, seats } = showdown;
  const classified: Classified[] = [];
  for (const seat of seats) {
    const c = classify(profile, seat);
    if (!c.ok) return c;
    classified.push(c.value);
  }
  const hands = classified.map((c) => c.hand);
  const score = scoreShowdown(profile, button, hands);
  for (const p of score.pairs) {
    if (!Number.isSafeInteger(Math.abs(p.points) * pointValue)) {
      return fail('amount-too-large', `pointValue: seat ${p.a} against seat ${p.b} is ${p.points} points, which at ${pointValue} a point is beyond exact integer money`, 'pointValue');
    }
  }
  // Every sum the settlement forms is bounded by a seat's gross points (all it wins plus all
  // it owes); keep that exact too, not only each pair.
  for (const seat of score.order) {
    const gross = score.pairs.reduce((sum, p) => sum + (p.a === seat || p.b === seat ? Math.abs(p.points) : 0), 0);
    if (!Number.isSafeInteger(gross * pointValue)) {
      return fail('amount-too-large', `pointValue: seat ${seat} wins and owes ${gross} points in all, which at ${pointValue} a point is beyond exact integer money`, 'pointValue');
    }
  }
  const stacks: Record<number, number | undefined> = {};
  for (const s of seats) stacks[s.seat] = s.stack;
  const money = settle({ order: score.order, pairs: score.pairs, pointValue, stacks, netting: showdown.netting });

  const ofc = profile.game === 'ofc';
  const result: SettleResult = {
    ...(showdown.id !== undefined ? { id: showdown.id } : {}),
    profile: { name: profile.name, version: profile.version },
    button,
    pointValue,
    order: score.order,
    pairs: score.pairs,
    points: keyedByOrder(score.order, score.points),
    fouled: hands.filter((h) => h.status === 'fouled').map((h) => h.seat),
    fouls: bySeat(classified, (c) => (c.hand.status === 'fouled' ? c.hand.reason : undefined)),
    surrendered: hands.filter((h) => h.status === 'surrendered').map((h) => h.seat),
    naturals: bySeat(classified, (c) => (c.hand.status === 'natural' ? c.hand.natural : undefined)),
    naturalProofs: bySeat(classified, (c) => c.proof),
    falseNaturals: bySeat(classified, (c) => c.falseNatural),
    homeruns: score.homeruns,
    hands: bySeat(classified, (c) => c.view),
    net: keyedByOrder(score.order, money.net),
    payments: money.payments,
    owed: money.owed,
    shortfalls: money.shortfalls,
    allIn: money.allIn,
    ...(money.netted ? { nettedPayments: money.netted } : {}),
    ...(ofc ? { royalties: bySeat(classified, (c) => (c.hand.status === 'set' ? royaltiesOf(profile, c.hand.values) : undefined)) } : {}),
    ...(ofc ? { fantasyland: fantasylandNextHand(profile, hands, new Set(seats.filter((s) => s.fantasyland).map((s) => s.seat))) } : {}),
  };
  return ok(result);
}

/**
 * Settles one showdown record (the JSON format in docs/settle.md). Refuses a record that
 * cannot be settled, naming the field; a foul or a false natural is an outcome, not a refusal.
 */
export function settleRecord(record: unknown): Result<SettleResult> {
  const showdown = parseShowdown(record);
  if (!showdown.ok) return showdown;
  return settleShowdown(showdown.value);
}
