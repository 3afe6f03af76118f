/**
 * Showdown record -> result: THE contract the `settle` command, the hand lifecycle and the
 * dealer screen share (docs/settle.md documents every field in and out).
 *
 *   record --parseShowdown--> Showdown --classify--> ScoredHand per seat
 *          --scoreShowdown--> pairs and points --settle--> payments within table stakes
 */
import { formatCards } from './cards';
import { detectNaturals, verifyNatural, type NaturalName } from './naturals';
import { judgeJackpot, type JackpotResult } from './jackpot';
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
  /** The deal's jackpot hands; present only when the profile names jackpot hands. */
  readonly jackpot?: JackpotResult;
}

/** A refusal, as `fail` gives it. */
type Refusal = { readonly ok: false; readonly error: { readonly code: string; readonly message: string; readonly path?: string } };

interface Classified {
  readonly hand: ScoredHand;
  readonly view: HandView;
  readonly proof?: NaturalProofView;
  readonly falseNatural?: FalseNatural;
}

function setView(seat: ShowdownSeat, status: ScoredHand['status'], descriptions?: Readonly<Record<Segment, string>>): HandView {
  // Keys in the order the view always had: status, the cards, then the descriptions.
  const s = seat.setting;
  if (!s) return { status, cards: formatCards(seat.cards) };
  if (descriptions) return { status, front: formatCards(s.front), middle: formatCards(s.middle), back: formatCards(s.back), descriptions };
  return { status, front: formatCards(s.front), middle: formatCards(s.middle), back: formatCards(s.back) };
}

function classifySetting(profile: Profile, seat: ShowdownSeat, prefix = ''): Classified | Refusal {
  if (!seat.setting) {
    const reason = `${prefix}no setting given (the hand was laid down unset)`;
    return { hand: { seat: seat.seat, status: 'fouled', reason }, view: setView(seat, 'fouled') };
  }
  const r = checkSetting(seat.setting, profile.lowballMiddle ? LOWBALL : HIGH);
  if (!r.ok) return fail(r.error.code, `seats[${seat.index}] (seat ${seat.seat}): ${r.error.message}`, `seats[${seat.index}]`);
  const v = r.value;
  if (v.fouled) {
    const hand: ScoredHand = v.descriptions
      ? { seat: seat.seat, status: 'fouled', reason: prefix + v.reason, descriptions: v.descriptions }
      : { seat: seat.seat, status: 'fouled', reason: prefix + v.reason };
    return { hand, view: setView(seat, 'fouled', v.descriptions) };
  }
  return {
    hand: { seat: seat.seat, status: 'set', values: v.values, descriptions: v.descriptions },
    view: setView(seat, 'set', v.descriptions),
  };
}

const LOWBALL = { lowballMiddle: true } as const;
const HIGH = { lowballMiddle: false } as const;

function classify(profile: Profile, seat: ShowdownSeat): Classified | Refusal {
  if (seat.foul !== undefined) {
    return { hand: { seat: seat.seat, status: 'fouled', reason: `ruled fouled by the floor: ${seat.foul}` }, view: setView(seat, 'fouled') };
  }
  if (seat.surrender) return { hand: { seat: seat.seat, status: 'surrendered' }, view: setView(seat, 'surrendered') };
  if (seat.natural) return classifyNatural(profile, seat, seat.natural);
  return classifySetting(profile, seat);
}

function classifyNatural(profile: Profile, seat: ShowdownSeat, declared: NaturalName): Classified | Refusal {
  const proof = verifyNatural(seat.cards, declared);
  if (proof.ok) {
    // The declaration is true; score the best natural the hand holds under this profile
    // (RULES.md section 7: "the terminal offers the best one"), the declared one on a tie.
    const scored = bestNatural(profile, [declared, ...detectNaturals(seat.cards)]) ?? declared;
    const best = scored === declared ? proof : verifyNatural(seat.cards, scored);
    if (!best.ok) return fail(best.error.code, `seats[${seat.index}].natural (seat ${seat.seat}): ${best.error.message}`, `seats[${seat.index}].natural`);
    const p = best.value;
    const arrangement = p.arrangement
      ? { front: formatCards(p.arrangement.front), middle: formatCards(p.arrangement.middle), back: formatCards(p.arrangement.back) }
      : undefined;
    const s = seat.setting;
    const cards = formatCards(seat.cards);
    // Keys in the order the view always had: status, cards, then the setting when given.
    const view: HandView = s
      ? { status: 'natural', cards, front: formatCards(s.front), middle: formatCards(s.middle), back: formatCards(s.back) }
      : { status: 'natural', cards };
    // Keys in the order the proof always had: name, declared, explanation, arrangement.
    const proofView: NaturalProofView = scored !== declared
      ? (arrangement ? { name: p.name, declared, explanation: p.explanation, arrangement } : { name: p.name, declared, explanation: p.explanation })
      : (arrangement ? { name: p.name, explanation: p.explanation, arrangement } : { name: p.name, explanation: p.explanation });
    return { hand: { seat: seat.seat, status: 'natural', natural: scored }, view, proof: proofView };
  }
  if (proof.error.code !== 'natural-not-held') {
    return fail(proof.error.code, `seats[${seat.index}].natural (seat ${seat.seat}): ${proof.error.message}`, `seats[${seat.index}].natural`);
  }
  // A false declaration (RULES.md section 7): fouled, or by profile option played as set.
  const reason = proof.error.message;
  const prefix = `false declaration of ${declared} (${reason}); `;
  if (profile.falseNatural === 'play-as-set') {
    const played = classifySetting(profile, seat, seat.setting ? '' : prefix);
    if ('error' in played) return played;
    return { hand: played.hand, view: played.view, falseNatural: { declared, reason, playedAs: seat.setting ? 'set' : 'foul' } };
  }
  const hand: ScoredHand = { seat: seat.seat, status: 'fouled', reason: `false declaration of ${declared}: ${reason}` };
  return { hand, view: setView(seat, 'fouled'), falseNatural: { declared, reason, playedAs: 'foul' } };
}

/** The seats' figures keyed by seat number, in `order`. */
function keyedByOrder(order: readonly number[], r: Readonly<Record<number, number>>): Record<string, number> {
  const out: Record<number, number> = {};
  for (const seat of order) out[seat] = r[seat]; // the key is the seat's number as text, as String(seat)
  return out;
}

/** Settles a checked showdown (for callers that already hold typed data). */
export function settleShowdown(showdown: Showdown): Result<SettleResult> {
  const { profile, button, pointValue, seats } = showdown;
  const classified: Classified[] = [];
  const hands: ScoredHand[] = [];
  for (const seat of seats) {
    const c = classify(profile, seat);
    if ('error' in c) return c;
    classified.push(c);
    hands.push(c.hand);
  }
  const score = scoreShowdown(profile, button, hands);
  for (const p of score.pairs) {
    if (!Number.isSafeInteger(Math.abs(p.points) * pointValue)) {
      return fail('amount-too-large', `pointValue: seat ${p.a} against seat ${p.b} is ${p.points} points, which at ${pointValue} a point is beyond exact integer money`, 'pointValue');
    }
  }
  // Every sum the settlement forms is bounded by a seat's gross points (all it wins plus all
  // it owes); keep that exact too, not only each pair.
  for (const seat of score.order) {
    let gross = 0;
    for (const p of score.pairs) if (p.a === seat || p.b === seat) gross += Math.abs(p.points);
    if (!Number.isSafeInteger(gross * pointValue)) {
      return fail('amount-too-large', `pointValue: seat ${seat} wins and owes ${gross} points in all, which at ${pointValue} a point is beyond exact integer money`, 'pointValue');
    }
  }
  const stacks: Record<number, number | undefined> = {};
  for (const s of seats) stacks[s.seat] = s.stack;
  const money = settle({ order: score.order, pairs: score.pairs, pointValue, stacks, netting: showdown.netting });

  // The seat-keyed parts, in one walk over the seats (seat-number keys: in seat order whatever the walk).
  const fouled: number[] = [];
  const fouls: Record<string, string> = {};
  const surrendered: number[] = [];
  const naturals: Record<string, NaturalName> = {};
  const naturalProofs: Record<string, NaturalProofView> = {};
  const falseNaturals: Record<string, FalseNatural> = {};
  const views: Record<string, HandView> = {};
  for (const c of classified) {
    const h = c.hand;
    const key = String(h.seat);
    if (h.status === 'fouled') {
      fouled.push(h.seat);
      fouls[key] = h.reason;
    } else if (h.status === 'surrendered') {
      surrendered.push(h.seat);
    } else if (h.status === 'natural') {
      naturals[key] = h.natural;
    }
    if (c.proof !== undefined) naturalProofs[key] = c.proof;
    if (c.falseNatural !== undefined) falseNaturals[key] = c.falseNatural;
    views[key] = c.view;
  }
  // One literal per shape (the keys in the order the result always had: id first when given).
  const points = keyedByOrder(score.order, score.points);
  const net = keyedByOrder(score.order, money.net);
  const profileId = { name: profile.name, version: profile.version };
  const result: { -readonly [K in keyof SettleResult]: SettleResult[K] } = showdown.id !== undefined
    ? {
      id: showdown.id, profile: profileId, button, pointValue, order: score.order, pairs: score.pairs, points, fouled, fouls, surrendered, naturals,
      naturalProofs, falseNaturals, homeruns: score.homeruns, hands: views, net, payments: money.payments, owed: money.owed, shortfalls: money.shortfalls,
      allIn: money.allIn,
    }
    : {
      profile: profileId, button, pointValue, order: score.order, pairs: score.pairs, points, fouled, fouls, surrendered, naturals,
      naturalProofs, falseNaturals, homeruns: score.homeruns, hands: views, net, payments: money.payments, owed: money.owed, shortfalls: money.shortfalls,
      allIn: money.allIn,
    };
  if (money.netted) result.nettedPayments = money.netted;
  if (profile.game === 'ofc') {
    const royalties: Record<string, Royalties> = {};
    for (const c of classified) if (c.hand.status === 'set') royalties[String(c.hand.seat)] = royaltiesOf(profile, c.hand.values);
    result.royalties = royalties;
    const inFantasyland = new Set<number>();
    for (const s of seats) if (s.fantasyland) inFantasyland.add(s.seat);
    result.fantasyland = fantasylandNextHand(profile, hands, inFantasyland);
  }
  if (profile.jackpot !== null) {
    const byFloor = new Map<number, string>();
    for (const s of seats) if (s.jackpotDisqualified !== undefined) byFloor.set(s.seat, s.jackpotDisqualified);
    result.jackpot = judgeJackpot(profile.jackpot, hands, byFloor);
  }
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
