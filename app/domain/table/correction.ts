/**
 * Corrections after the fact (docs/table.md, "Correcting a played hand"): the floor rules that
 * the table's last played hand is settled again with a seat's hand as the floor establishes it
 * (a set, a foul, a natural), or voided. The original settlement stays in the log; the
 * correction is a new event, and the chips to move are the difference between what each seat
 * got and what it is now owed, as the fewest transfers, each ticked off by the dealer.
 *
 * Pure: the table fold (fold.ts) checks each `hand-corrected` against {@link planCorrection}.
 */
import { formatCards, parseCards, type Card } from '../cards';
import type { FloorSignature, SeatNo, ShowdownRecord, ShowdownRecordSeat } from '../hand/events';
import type { HandState } from '../hand/state';
import { nextAction, type NextAction } from '../hand/offers';
import { playingSeats } from '../hand/state';
import { isNaturalName, type NaturalName } from '../naturals';
import { checkCards, isNonEmptyText, isNonNegativeInteger, isPositiveInteger, isSeatNo, sameCards } from '../hand/check';
import { isObject, showJson } from '../json';
import { fail, ok, type Result } from '../result';
import { settleRecord, type SettleResult } from '../settle';
import { netTransfers, type Transfer } from '../settlement';

/** A seat's hand as the floor establishes it. Cards are card codes (app/domain/cards.ts). */
export type SeatCorrection =
  | { readonly kind: 'set'; readonly seat: SeatNo; readonly front: readonly Card[]; readonly middle: readonly Card[]; readonly back: readonly Card[] }
  | { readonly kind: 'foul'; readonly seat: SeatNo }
  | { readonly kind: 'natural'; readonly seat: SeatNo; readonly natural: NaturalName }
  /** The hand stays as it was, out of the jackpot (RULES.md s11: a player showed or discussed his hand). */
  | { readonly kind: 'disqualify-jackpot'; readonly seat: SeatNo };

/** What the floor rules: the hand settled again with these seats corrected, or voided. */
export type HandCorrection =
  | { readonly kind: 'resettle'; readonly seats: readonly SeatCorrection[] }
  | { readonly kind: 'void' };

/** A chip movement of a correction and whether the dealer has made it. */
export interface CorrectionTransfer extends Transfer {
  readonly done: boolean;
}

/** The table's last played hand, as far as a correction needs it. */
export interface PlayedHand {
  readonly handId: string;
  readonly number: number;
  /** Who sat where in the hand (a correction is refused once one of them has left). */
  readonly players: readonly { readonly seat: SeatNo; readonly playerId: string }[];
  /** The showdown record in force (the hand's, or its last correction's). */
  readonly record: ShowdownRecord;
  /** Each seat's money from the hand as it stands (minor units; sums to zero). */
  readonly net: Readonly<Record<string, number>>;
  /** Payment order: left of the button first, clockwise (the hand's). */
  readonly order: readonly number[];
  /** Corrections made so far. */
  readonly corrections: number;
  /** The last correction's chip movements, each ticked off by the dealer. */
  readonly pending: readonly CorrectionTransfer[];
  /** Whether the hand now stands voided. */
  readonly voided: boolean;
}

/** The correctable hand a closed hand leaves (null for a misdeal or a void: nothing was paid). */
export function playedHandOf(state: HandState): PlayedHand | null {
  const st = state.settlement;
  if (state.phase !== 'closed' || !st || !state.info) return null;
  return {
    handId: state.info.handId,
    number: state.info.handNumber,
    players: playingSeats(state).map((s) => ({ seat: s.seat, playerId: s.player!.playerId })).sort((a, b) => a.seat - b.seat),
    record: st.record,
    net: st.result.net,
    order: st.result.order,
    corrections: 0,
    pending: [],
    voided: false,
  };
}

/**
 * A correction as an event carries it, checked for shape (`bad-event` naming the field): a void,
 * or 1 to 4 seats each `set` (card codes in front, middle, back), `foul` or `natural`.
 */
export function checkCorrection(x: unknown): Result<HandCorrection> {
  if (!isObject(x)) return fail('bad-event', `hand-corrected: correction must be {kind: "resettle", seats} or {kind: "void"}, not ${showJson(x)}`, 'correction');
  if (x.kind === 'void') return ok({ kind: 'void' });
  if (x.kind !== 'resettle' || !Array.isArray(x.seats) || x.seats.length > 4) {
    return fail('bad-event', `hand-corrected: correction must be {kind: "resettle", seats} or {kind: "void"}, not ${showJson(x)}`, 'correction');
  }
  const seats: SeatCorrection[] = [];
  for (const [i, c] of (x.seats as unknown[]).entries()) {
    const path = `correction.seats[${i}]`;
    if (!isObject(c) || !isSeatNo(c.seat)) return fail('bad-event', `hand-corrected: ${path} must name a seat 1-4`, path);
    if (c.kind === 'foul') seats.push({ kind: 'foul', seat: c.seat });
    else if (c.kind === 'disqualify-jackpot') seats.push({ kind: 'disqualify-jackpot', seat: c.seat });
    else if (c.kind === 'natural' && isNaturalName(c.natural)) seats.push({ kind: 'natural', seat: c.seat, natural: c.natural });
    else if (c.kind === 'set') {
      const rows: Card[][] = [];
      for (const row of ['front', 'middle', 'back'] as const) {
        const cards = checkCards(c[row], `${path}.${row}`);
        if (!cards.ok) return cards;
        rows.push(cards.value);
      }
      seats.push({ kind: 'set', seat: c.seat, front: rows[0], middle: rows[1], back: rows[2] });
    } else return fail('bad-event', `hand-corrected: ${path} is a set, a foul, a natural or a jackpot disqualification, not ${showJson(c)}`, path);
  }
  return ok({ kind: 'resettle', seats });
}

/**
 * The table's last played hand when it is `handId` (the only hand the floor may correct, until
 * the next hand starts), or `not-correctable` naming the hand that is.
 */
export function correctableHand(lastPlayed: PlayedHand | null, handId: string): Result<PlayedHand> {
  if (lastPlayed && lastPlayed.handId === handId) return ok(lastPlayed);
  return fail('not-correctable', `only the table's last played hand can be corrected, before the next hand starts${lastPlayed ? ` (hand ${lastPlayed.number})` : ''}; ${showJson(handId)} is not it`);
}

/** What a correction gives: the hand's new result (null for a void) and the chips to move. */
export interface CorrectionPlan {
  readonly record: ShowdownRecord | null;
  readonly result: SettleResult | null;
  readonly transfers: readonly Transfer[];
}

function seatCards(s: ShowdownRecordSeat): Card[] {
  const text = s.cards ?? `${s.front ?? ''} ${s.middle ?? ''} ${s.back ?? ''}`;
  const r = parseCards(text);
  // The record was built by the hand fold from checked cards: it always parses.
  if (!r.ok) throw new RangeError(`a stored showdown record holds bad cards: ${r.error.message}`);
  return r.value;
}

function correctedSeat(s: ShowdownRecordSeat, c: SeatCorrection, reason: string, jackpot: boolean): Result<ShowdownRecordSeat> {
  if (c.kind === 'disqualify-jackpot') {
    if (!jackpot) return fail('jackpot-not-played', `the hand's rules name no jackpot hands`);
    if (s.jackpotDisqualified !== undefined) return fail('already-disqualified', `seat ${s.seat} is already out of the jackpot (${s.jackpotDisqualified})`);
    return ok({ ...s, jackpotDisqualified: reason });
  }
  const r = replacedSeat(s, c, reason);
  // A hand the floor disqualified from the jackpot stays disqualified whatever else is corrected.
  return r.ok && s.jackpotDisqualified !== undefined ? ok({ ...r.value, jackpotDisqualified: s.jackpotDisqualified }) : r;
}

function replacedSeat(s: ShowdownRecordSeat, c: Exclude<SeatCorrection, { kind: 'disqualify-jackpot' }>, reason: string): Result<ShowdownRecordSeat> {
  const cards = seatCards(s);
  if (s.surrender) return fail('seat-surrendered', `seat ${s.seat} surrendered: a surrender is the player's, not the floor's to correct`);
  switch (c.kind) {
    case 'set': {
      const given = [...c.front, ...c.middle, ...c.back];
      if (given.length !== cards.length || !sameCards(given, cards)) {
        return fail('card-not-this-seats', `the hand given for seat ${s.seat} is not the 13 cards the seat was dealt (${formatCards(cards)})`);
      }
      return ok({ seat: s.seat, stack: s.stack, front: formatCards(c.front), middle: formatCards(c.middle), back: formatCards(c.back) });
    }
    case 'foul':
      return ok({ seat: s.seat, stack: s.stack, cards: formatCards(cards), foul: reason });
    case 'natural':
      if (!isNaturalName(c.natural)) return fail('unknown-natural', `${JSON.stringify(c.natural)} is not a natural`);
      return ok({ seat: s.seat, stack: s.stack, cards: formatCards(cards), natural: c.natural });
  }
}

/**
 * The result and the chips to move of a correction of `played` with the floor's `reason`.
 * Refuses a seat not in the hand (`seat-not-playing`), a seat twice (`duplicate-seat`), no
 * seat (`nothing-to-correct`), a set that is not the seat's 13 cards (`card-not-this-seats`),
 * a surrendered seat (`seat-surrendered`), and a record settlement refuses (its code). A
 * false natural is an outcome (the profile fouls it or plays it as set), not a refusal.
 */
export function planCorrection(played: PlayedHand, correction: HandCorrection, reason: string): Result<CorrectionPlan> {
  let record: ShowdownRecord | null = null;
  let result: SettleResult | null = null;
  const newNet: Record<string, number> = {};
  if (correction.kind === 'void') {
    for (const seat of played.order) newNet[String(seat)] = 0;
  } else {
    if (!Array.isArray(correction.seats) || correction.seats.length === 0) return fail('nothing-to-correct', 'a correction names at least one seat');
    const seats = [...played.record.seats];
    const seen = new Set<number>();
    for (const c of correction.seats) {
      const i = seats.findIndex((s) => s.seat === c.seat);
      if (i < 0) return fail('seat-not-playing', `seat ${String(c.seat)} did not play hand ${played.handId}`);
      if (seen.has(c.seat)) return fail('duplicate-seat', `seat ${c.seat} is corrected twice`);
      seen.add(c.seat);
      const s = correctedSeat(seats[i], c, reason, isObject(played.record.rules.jackpot));
      if (!s.ok) return s;
      seats[i] = s.value;
    }
    record = { ...played.record, seats };
    const settled = settleRecord(record);
    if (!settled.ok) return settled;
    result = settled.value;
    for (const seat of played.order) newNet[String(seat)] = result.net[String(seat)] ?? 0;
  }
  const difference: Record<number, number> = {};
  for (const seat of played.order) difference[seat] = newNet[String(seat)] - (played.net[String(seat)] ?? 0);
  return ok({ record, result, transfers: netTransfers(played.order, difference) });
}

/** The played hand after a correction: the new record and nets in force, the chips to move. */
export function correctedHand(played: PlayedHand, plan: CorrectionPlan): PlayedHand {
  const net: Record<string, number> = {};
  for (const seat of played.order) net[String(seat)] = plan.result ? plan.result.net[String(seat)] ?? 0 : 0;
  return {
    ...played,
    record: plan.record ?? played.record,
    net,
    corrections: played.corrections + 1,
    pending: plan.transfers.map((t) => ({ from: t.from, to: t.to, amount: t.amount, done: false })),
    voided: plan.result === null,
  };
}

/** Whether the chips of the last correction are all moved. */
export function correctionSettled(played: PlayedHand | null): boolean {
  return !played || played.pending.every((t) => t.done);
}

/**
 * What the dealer does next at the table: the hand's next action (`nextAction`), except that
 * between hands the chips of the floor's correction of the last hand move before the next hand
 * (the fold refuses `hand-started` until they have: `correction-pending`).
 */
export function tableNextAction(hand: HandState | null, lastPlayed: PlayedHand | null): NextAction {
  const next = nextAction(hand);
  return next === 'start-hand' && !correctionSettled(lastPlayed) ? 'move-correction-chips' : next;
}

/** The floor people a correction that moves chips needs: two different ones (the two-person rule). */
export function correctionSignersNeeded(plan: CorrectionPlan): 1 | 2 {
  return plan.transfers.length > 0 ? 2 : 1;
}

/**
 * A played hand as a checkpoint carries it, checked field by field: `bad-played-hand` naming the
 * field (path relative to the played hand). The record must settle to the nets given, unless a
 * correction has moved them (then the nets must sum to zero over the hand's seats).
 */
export function checkPlayedHand(x: unknown): Result<PlayedHand> {
  const bad = (message: string, path: string) => fail('bad-played-hand', `lastPlayed.${path}: ${message}`, path);
  if (!isObject(x)) return bad(`must be the last played hand, not ${showJson(x)}`, '');
  if (!isNonEmptyText(x.handId)) return bad(`must be the hand's id, not ${showJson(x.handId)}`, 'handId');
  if (!isPositiveInteger(x.number)) return bad(`must be the hand's number, not ${showJson(x.number)}`, 'number');
  if (!Array.isArray(x.players) || x.players.length < 2 || !x.players.every((p) => isObject(p) && isSeatNo(p.seat) && isNonEmptyText(p.playerId))) {
    return bad('must list the seats that played with their player ids', 'players');
  }
  if (!Array.isArray(x.order) || x.order.length !== x.players.length || !x.order.every(isSeatNo)) return bad('must list the seats in payment order', 'order');
  if (!isObject(x.net) || !x.order.every((s) => Number.isSafeInteger((x.net as Record<string, unknown>)[String(s)]))) return bad('must give each seat its money from the hand', 'net');
  const net = x.net as Record<string, number>;
  if ((x.order as number[]).reduce((a, s) => a + net[String(s)], 0) !== 0) return bad('must sum to zero', 'net');
  if (!isObject(x.record) || x.record.id !== x.handId) return bad('must be the hand\'s showdown record', 'record');
  const settled = settleRecord(x.record);
  if (!settled.ok) return bad(`does not settle: ${settled.error.message}`, 'record');
  if (!isNonNegativeInteger(x.corrections)) return bad(`must be a whole number, not ${showJson(x.corrections)}`, 'corrections');
  if (typeof x.voided !== 'boolean') return bad('must be true or false', 'voided');
  if (x.corrections === 0 && (x.voided || x.order.some((s) => settled.value.net[String(s)] !== net[String(s)]))) {
    return bad('must be what the record settles to when nothing was corrected', 'net');
  }
  if (!Array.isArray(x.pending) || !x.pending.every((t) => isObject(t) && isSeatNo(t.from) && isSeatNo(t.to) && t.from !== t.to && isPositiveInteger(t.amount) && typeof t.done === 'boolean')) {
    return bad('must list the correction\'s chip movements { from, to, amount, done }', 'pending');
  }
  return ok(x as unknown as PlayedHand);
}

export type { FloorSignature };
