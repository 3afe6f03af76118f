/**
 * Showdown record -> result: THE contract the `settle` command, the hand lifecycle and the
 * dealer screen share (docs/settle.md documents every field in and out).
 *
 *   record --parseShowdown--> Showdown --classify--> ScoredHand per seat
 *          --scoreShowdown--> pairs and points --settle--> payments within table stakes
 */
import { formatCards, type Card } from './cards';
import { detectNaturals, verifyNatural, type NaturalName } from './naturals';
import { judgeJackpot, type JackpotResult } from './jackpot';
import { fantasylandNextHand, royaltiesOf, type Royalties } from './ofc';
import { bestNatural, type Profile } from './profiles';
import { fail, ok, type Result } from './result';
import { scoreShowdown, type PairScore, type ScoredHand } from './scoring';
import { checkSetting, judgeSetting, type Segment, type SettingVerdict } from './setting';
import { settle, type Transfer } from './settlement';
import { parseShowdownNotingTexts, type RecordTexts, type Showdown, type ShowdownSeat } from './showdown';

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

/**
 * The card texts of the record a showdown was read from (see {@link parseShowdownNotingTexts})
 * in this same call, or undefined for a showdown given as typed data: every text is then written
 * from the cards, and every setting checked in full (a parsed one is known to hold the seat's
 * 13 different cards).
 */
type Texts = RecordTexts | undefined;

/** The canonical text of a seat's cards: the record's own when it noted one (slot k: 0 front, 1 middle, 2 back, 3 cards). */
function textOf(texts: Texts, seat: ShowdownSeat, k: number, cards: readonly Card[]): string {
  const noted = texts === undefined ? undefined : texts[seat.seat * 4 + k];
  return noted ?? formatCards(cards);
}

function setView(seat: ShowdownSeat, status: ScoredHand['status'], texts: Texts, descriptions?: Readonly<Record<Segment, string>>): HandView {
  // Keys in the order the view always had: status, the cards, then the descriptions.
  const s = seat.setting;
  if (!s) return { status, cards: textOf(texts, seat, 3, seat.cards) };
  const front = textOf(texts, seat, 0, s.front);
  const middle = textOf(texts, seat, 1, s.middle);
  const back = textOf(texts, seat, 2, s.back);
  if (descriptions) return { status, front, middle, back, descriptions };
  return { status, front, middle, back };
}

function classifySetting(profile: Profile, seat: ShowdownSeat, texts: Texts, prefix = ''): Classified | Refusal {
  if (!seat.setting) {
    const reason = `${prefix}no setting given (the hand was laid down unset)`;
    return { hand: { seat: seat.seat, status: 'fouled', reason }, view: setView(seat, 'fouled', texts) };
  }
  let v: SettingVerdict;
  if (texts !== undefined) {
    v = judgeSetting(seat.setting, profile.lowballMiddle);
  } else {
    const r = checkSetting(seat.setting, profile.lowballMiddle ? LOWBALL : HIGH);
    if (!r.ok) return fail(r.error.code, `seats[${seat.index}] (seat ${seat.seat}): ${r.error.message}`, `seats[${seat.index}]`);
    v = r.value;
  }
  if (v.fouled) {
    const hand: ScoredHand = v.descriptions
      ? { seat: seat.seat, status: 'fouled', reason: prefix + v.reason, descriptions: v.descriptions }
      : { seat: seat.seat, status: 'fouled', reason: prefix + v.reason };
    return { hand, view: setView(seat, 'fouled', texts, v.descriptions) };
  }
  return {
    hand: { seat: seat.seat, status: 'set', values: v.values, descriptions: v.descriptions },
    view: setView(seat, 'set', texts, v.descriptions),
  };
}

const LOWBALL = { lowballMiddle: true } as const;
const HIGH = { lowballMiddle: false } as const;

function classify(profile: Profile, seat: ShowdownSeat, texts: Texts): Classified | Refusal {
  if (seat.foul !== undefined) {
    return { hand: { seat: seat.seat, status: 'fouled', reason: `ruled fouled by the floor: ${seat.foul}` }, view: setView(seat, 'fouled', texts) };
  }
  if (seat.surrender) return { hand: { seat: seat.seat, status: 'surrendered' }, view: setView(seat, 'surrendered', texts) };
  if (seat.natural) return classifyNatural(profile, seat, seat.natural, texts);
  return classifySetting(profile, seat, texts);
}

function classifyNatural(profile: Profile, seat: ShowdownSeat, declared: NaturalName, texts: Texts): Classified | Refusal {
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
    const cards = textOf(texts, seat, 3, seat.cards);
    // Keys in the order the view always had: status, cards, then the setting when given.
    const view: HandView = s
      ? { status: 'natural', cards, front: textOf(texts, seat, 0, s.front), middle: textOf(texts, seat, 1, s.middle), back: textOf(texts, seat, 2, s.back) }
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
    const played = classifySetting(profile, seat, texts, seat.setting ? '' : prefix);
    if ('error' in played) return played;
    return { hand: played.hand, view: played.view, falseNatural: { declared, reason, playedAs: seat.setting ? 'set' : 'foul' } };
  }
  const hand: ScoredHand = { seat: seat.seat, status: 'fouled', reason: `false declaration of ${declared}: ${reason}` };
  return { hand, view: setView(seat, 'fouled', texts), falseNatural: { declared, reason, playedAs: 'foul' } };
}

/** Settles a checked showdown (for callers that already hold typed data). */
export function settleShowdown(showdown: Showdown): Result<SettleResult> {
  return settleRead(showdown, undefined);
}

function settleRead(showdown: Showdown, texts: Texts): Result<SettleResult> {
  const { profile, button, pointValue, seats } = showdown;
  let classified: Classified[];
  let hands: ScoredHand[];
  if (seats.length === 4) {
    // The usual four seats, each list in one literal; in seat order, the first refusal returned.
    const c0 = classify(profile, seats[0], texts);
    if ('error' in c0) return c0;
    const c1 = classify(profile, seats[1], texts);
    if ('error' in c1) return c1;
    const c2 = classify(profile, seats[2], texts);
    if ('error' in c2) return c2;
    const c3 = classify(profile, seats[3], texts);
    if ('error' in c3) return c3;
    classified = [c0, c1, c2, c3];
    hands = [c0.hand, c1.hand, c2.hand, c3.hand];
  } else {
    classified = [];
    hands = [];
    for (const seat of seats) {
      const c = classify(profile, seat, texts);
      if ('error' in c) return c;
      classified.push(c);
      hands.push(c.hand);
    }
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
  // By seat number; a list rather than an object (the settlement reads stacks[seat] either way).
  const stacks: (number | undefined)[] = [undefined, undefined, undefined, undefined, undefined];
  for (const s of seats) stacks[s.seat] = s.stack;
  const money = settle({ order: score.order, pairs: score.pairs, pointValue, stacks, netting: showdown.netting });

  // The seat-keyed parts, in one walk over the seats (seat-number keys: in seat order whatever the walk).
  const fouled: number[] = [];
  const fouls: Record<string, string> = {};
  const surrendered: number[] = [];
  const naturals: Record<string, NaturalName> = {};
  const naturalProofs: Record<string, NaturalProofView> = {};
  const falseNaturals: Record<string, FalseNatural> = {};
  // Seats 1-4 (parseShowdown sorts them): the views in one literal (integer keys list in
  // ascending order whatever the order they are set in, so it is the object the loop makes).
  const four = classified.length === 4 && classified[0].hand.seat === 1 && classified[1].hand.seat === 2 && classified[2].hand.seat === 3
    && classified[3].hand.seat === 4;
  const views: Record<string, HandView> = four ? { 1: classified[0].view, 2: classified[1].view, 3: classified[2].view, 4: classified[3].view } : {};
  for (const c of classified) {
    const h = c.hand;
    const key = h.seat; // as a property key, the seat number as text (String(seat))
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
    if (!four) views[key] = c.view;
  }
  // One literal per shape (the keys in the order the result always had: id first when given).
  // The points and the nets as the scoring and the settlement made them: each keyed by the
  // seats of `order`, set in that order (their own objects, made for this showdown alone).
  const points = score.points;
  const net = money.net;
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
  // The record's canonical card texts are the hands' texts in the result: the card lists they
  // were read into are this call's own, unchanged between the parse and the settlement.
  const texts: RecordTexts = [];
  const showdown = parseShowdownNotingTexts(record, texts);
  if (!showdown.ok) return showdown;
  return settleRead(showdown.value, texts);
}
