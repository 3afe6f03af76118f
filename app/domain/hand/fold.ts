/**
 * The hand as a pure fold over its events (issue 3 section 1):
 * `apply(state, event) -> Result<HandState>` returns a new state or refuses the event with a
 * stable code and a reason a dealer understands; `replay(events)` folds a whole log.
 *
 * Every guard and every decision is listed in docs/hand-lifecycle.md.
 */
import { formatCard, isCard, type Card } from '../cards';
import { sameJson, showJson } from '../json';
import { NATURAL_TITLES, isNaturalName, verifyNatural } from '../naturals';
import { resolveProfile } from '../profiles';
import { failWith } from '../figured-refusals';
import { fail, money, ok, type Result } from '../result';
import { SEGMENTS, cardsOf } from '../setting';
import { plural } from '../words';
import {
  cardList, checkCards, checkFloorSignatures, formatAmount, isActor, isFloorActor, isHex, isIsoTime, isNonEmptyText, isNonNegativeInteger,
  isPositiveInteger, isSeatNo, sameCards, seatName,
} from './check';
import { ofcSchedule, sharedChineseSchedule, HAND_SIZE } from './deal';
import { paymentsMade } from './views';
import {
  ROW_SIZES, anyoneHasSet, blockerText, cardsAreKnown, hasVerifiedNatural, heldCards, inFantasyland, isFouled,
  paymentsToMake, scannedCardRefusal, settlementBlockers, showdownBlockers, shownElsewhere, surrenderCost, thirteenOf,
} from './guards';
import type {
  CardDealt, CardExposed, CardPlaced, CardUnreadable, CorrectionAction, DealEnded, EventOf, FloorCorrection,
  HandClosed, HandEvent, HandEventType, HandSet, HandStarted, HandVoided, MisdealCalled, MisdealCause,
  NaturalDeclared, NaturalRejected, NaturalVerified, PaymentExecuted, ReadOrigin, Row, RowScanned, SeatNo, SeatReady, SequenceGap,
  Settled, ShowdownOpened, SurrenderDeclared, WrongSeatDelivery,
} from './events';
import { HAND_EVENT_TYPES } from './events';
import { showdownRecord } from './record';
import {
  OPEN_PHASES, PHASE_RANK, emptySeat, withDeal, withSeatFields, withState, initialState, isOver, seatOf,
  type HandState, type Irregularity, type Phase, type SeatState, type ShownHand,
} from './state';

type Step = Result<HandState>;

// ---------------------------------------------------------------------------------------
// Small state updates

function withSeat(state: HandState, seat: SeatNo, patch: Partial<SeatState>): HandState {
  const seats = state.seats.slice();
  seats[seat - 1] = withSeatFields(seats[seat - 1], patch);
  return withState(state, { seats });
}

function withMisdealPending(state: HandState, cause: MisdealCause, automatic: boolean, detail: string): HandState {
  return withState(state, { pendingMisdeal: { cause, automatic, detail } });
}

function addIrregularity(state: HandState, irr: Omit<Irregularity, 'id' | 'resolution'>): HandState {
  const id = state.irregularities.length + 1;
  return withState(state, { irregularities: [...state.irregularities, { ...irr, id, resolution: null }] });
}

function phaseWords(phase: Phase): string {
  switch (phase) {
    case 'idle': return 'no hand has started';
    case 'dealing': return 'the cards are being dealt';
    case 'setting': return 'the players are setting their hands';
    case 'showdown': return 'the hands are open';
    case 'paying': return 'the payments are being made';
    case 'closed': return 'the hand is closed';
    case 'misdealt': return 'the hand was a misdeal';
    case 'voided': return 'the hand was voided';
  }
}

/** Refuses an event that is not allowed in the current phase. */
function wrongPhase(state: HandState, what: string, allowed: readonly Phase[]): Step {
  const earliest = Math.min(...allowed.map((p) => PHASE_RANK[p]));
  const code = PHASE_RANK[state.phase] >= earliest ? 'too-late' : state.phase === 'dealing' ? 'deal-not-finished' : 'too-early';
  return fail(code, `${what} now: ${phaseWords(state.phase)}`);
}

function needPhase(state: HandState, what: string, allowed: readonly Phase[]): Step | null {
  return allowed.includes(state.phase) ? null : wrongPhase(state, what, allowed);
}

function needPlayingSeat(state: HandState, seat: unknown, what: string): Result<SeatState> {
  if (!isSeatNo(seat)) return fail('bad-seat', `${what}: ${showJson(seat)} is not a seat (1-4)`);
  const s = seatOf(state, seat);
  if (!s.playing) return fail('seat-not-playing', `${what}: ${seatName(seat)} is empty this hand`);
  return ok(s);
}

/** A copy of the list with one more item (faster than concat or a spread). */
function appended<T>(list: readonly T[], item: T): T[] {
  const out = list.slice();
  out.push(item);
  return out;
}

// ---------------------------------------------------------------------------------------
// hand-started

function startHand(e: HandStarted): Step {
  if (!isNonEmptyText(e.tableId)) return fail('bad-event', 'hand-started: tableId must be non-empty text');
  if (!isNonEmptyText(e.handId)) return fail('bad-event', 'hand-started: handId must be non-empty text');
  if (!isPositiveInteger(e.handNumber)) return fail('bad-event', `hand-started: handNumber must be a whole number from 1, not ${showJson(e.handNumber)}`);
  if (!isSeatNo(e.button)) return fail('bad-seat', `hand-started: the button must be on seat 1-4, not ${showJson(e.button)}`);
  if (!isPositiveInteger(e.pointValue)) return fail('bad-point-value', `hand-started: the point value must be a whole number of minor units above 0, not ${showJson(e.pointValue)}`);
  if (e.mode !== 'shoe' && e.mode !== 'scanner-only') return fail('bad-event', `hand-started: mode must be "shoe" or "scanner-only", not ${showJson(e.mode)}`);
  if (e.seqModulo !== undefined && !(isPositiveInteger(e.seqModulo) && e.seqModulo >= 2)) {
    return fail('bad-event', `hand-started: seqModulo must be a whole number from 2, not ${showJson(e.seqModulo)}`);
  }
  const p = e.profile as HandStarted['profile'] | undefined;
  if (!p || typeof p !== 'object') return fail('bad-profile', 'hand-started: the profile (name, version, snapshot) is missing');
  if (typeof p.snapshot !== 'object' || p.snapshot === null || Array.isArray(p.snapshot)) {
    return fail('bad-profile', 'hand-started: the profile snapshot must be the whole profile object, not a preset name');
  }
  const resolved = resolveProfile(p.snapshot);
  if (!resolved.ok) return fail('bad-profile', `hand-started: the profile snapshot is not a valid profile: ${resolved.error.message}`);
  const profile = resolved.value;
  if (p.name !== profile.name || p.version !== profile.version) {
    return fail('bad-profile', `hand-started: profile ${showJson(p.name)} version ${showJson(p.version)} does not match its snapshot (${profile.name} version ${profile.version})`);
  }

  if (!Array.isArray(e.seats) || e.seats.length < 2 || e.seats.length > 4) {
    return fail('bad-seats', `hand-started: a hand needs 2 to 4 players, not ${Array.isArray(e.seats) ? e.seats.length : 'none'}`);
  }
  const seats = [1, 2, 3, 4].map((s) => emptySeat(s as SeatNo));
  for (const [i, sp] of e.seats.entries()) {
    if (!sp || !isSeatNo(sp.seat)) return fail('bad-seat', `hand-started: seats[${i}].seat must be 1-4`);
    if (seats[sp.seat - 1].player) return fail('bad-seats', `hand-started: ${seatName(sp.seat)} is listed twice`);
    if (!isNonEmptyText(sp.playerId)) return fail('bad-seats', `hand-started: ${seatName(sp.seat)} has no player id`);
    if (!isPositiveInteger(sp.stack)) {
      return fail('bad-stack', `hand-started: ${seatName(sp.seat)} must have chips in play (a whole number of minor units above 0), not ${showJson(sp.stack)}`);
    }
    seats[sp.seat - 1] = withSeatFields(seats[sp.seat - 1], { player: sp, playing: true });
  }
  const seated = seats.filter((s) => s.playing).map((s) => s.seat);

  // Fantasyland (OFC only).
  const fl = e.fantasyland ?? [];
  if (!Array.isArray(fl)) return fail('bad-event', 'hand-started: fantasyland must be a list of seats');
  if (fl.length > 0 && (profile.game !== 'ofc' || profile.fantasyland === null)) {
    const listed = fl.map((s) => showJson(s));
    const who = listed.length === 1 ? `Seat ${listed[0]} is` : `seats ${listed.join(', ')} are`;
    return fail('no-fantasyland', `hand-started: ${profile.name} has no Fantasyland, yet ${who} listed in it`);
  }
  for (const s of fl) {
    if (!isSeatNo(s) || !seated.includes(s)) return fail('bad-seat', `hand-started: Fantasyland seat ${showJson(s)} has no player`);
  }
  if (new Set(fl).size !== fl.length) return fail('bad-seats', 'hand-started: a Fantasyland seat is listed twice');

  // Two-handed play with the reserved hand.
  const two = e.twoHanded ?? null;
  let reservedDealt: Map<SeatNo, Card[]> | null = null;
  if (two) {
    if (profile.game !== 'chinese') return fail('bad-two-handed', 'hand-started: the reserved-hand game is Chinese Poker only');
    if (seated.length !== 2) return fail('bad-two-handed', `hand-started: the reserved-hand game is for two players, not ${seated.length}`);
    if (two.round === 'dealt') {
      const spares = [1, 2, 3, 4].filter((s) => !seated.includes(s as SeatNo));
      const r = two.reserve;
      if (!Array.isArray(r) || r.length !== 2 || !seated.every((s) => r.filter((x) => x?.seat === s).length === 1)) {
        return fail('bad-two-handed', `hand-started: each of seats ${seated.join(' and ')} must reserve one spare hand`);
      }
      if (!r.every((x) => spares.includes(x.hand)) || r[0].hand === r[1].hand) {
        return fail('bad-two-handed', `hand-started: the two players must reserve different spare hands (the hands of seats ${spares.join(' and ')})`);
      }
    } else if (two.round === 'reserved') {
      if (!isNonEmptyText(two.fromHandId)) return fail('bad-two-handed', 'hand-started: a reserved round names the hand it was dealt in (fromHandId)');
      const hands = two.hands;
      if (!Array.isArray(hands) || hands.length !== 2 || !seated.every((s) => hands.filter((x) => x?.seat === s).length === 1)) {
        return fail('bad-two-handed', `hand-started: a reserved round gives the reserved cards of seats ${seated.join(' and ')}`);
      }
      reservedDealt = new Map();
      for (const h of hands) {
        const expected = e.mode === 'shoe' ? 13 : undefined;
        const cards = checkCards(h.cards, `hand-started: ${seatName(h.seat)}'s reserved hand`, expected);
        if (!cards.ok) return cards;
        if (cards.value.length !== 0 && cards.value.length !== 13) {
          return fail('wrong-card-count', `hand-started: ${seatName(h.seat)}'s reserved hand must be 13 cards (or none when they were never read)`);
        }
        reservedDealt.set(h.seat, cards.value);
      }
      const all = [...reservedDealt.values()].flat();
      if (new Set(all).size !== all.length) return fail('duplicate-card', 'hand-started: the two reserved hands share a card');
      if ([...reservedDealt.values()].some((c) => c.length === 0) && [...reservedDealt.values()].some((c) => c.length > 0)) {
        return fail('wrong-card-count', 'hand-started: either both reserved hands are known or neither');
      }
    } else {
      return fail('bad-two-handed', `hand-started: twoHanded.round must be "dealt" or "reserved"`);
    }
  }

  const game = profile.game;
  let deal = initialState.deal;
  let phase: Phase = 'dealing';
  if (reservedDealt) {
    phase = 'setting';
    deal = withDeal(deal, { ended: true });
    const owner = deal.owner.slice();
    for (const [s, cards] of reservedDealt) {
      seats[s - 1] = withSeatFields(seats[s - 1], { dealt: cards });
      for (const c of cards) owner[c] = s;
    }
    deal = withDeal(deal, { owner });
  } else if (e.mode === 'shoe') {
    deal = withDeal(deal, { schedule: game === 'ofc' ? ofcSchedule(e.button, seated, fl) : sharedChineseSchedule(e.button) });
  }
  const snapshot = p.snapshot;
  return ok(withState(initialState, {
    phase,
    info: {
      tableId: e.tableId, handId: e.handId, handNumber: e.handNumber, button: e.button, pointValue: e.pointValue,
      profileName: profile.name, profileVersion: profile.version, profileSnapshot: snapshot, profile, game,
      mode: e.mode, twoHanded: two, fantasyland: fl, seqModulo: e.seqModulo ?? null, startedAt: e.at,
    },
    seats,
    deal,
  }));
}

// ---------------------------------------------------------------------------------------
// The shoe

const SHOE_PHASES: readonly Phase[] = ['dealing', 'setting'];

function needShoe(state: HandState, what: string): Step | null {
  const info = state.info!;
  if (info.mode !== 'shoe') return fail('no-shoe', `${what}: this table plays without a shoe (scanner-only)`);
  if (info.twoHanded?.round === 'reserved') return fail('no-deal', `${what}: this round is played with the reserved hands; nothing is dealt`);
  if (state.phase === 'setting' && info.game === 'ofc') return fail('deal-over', `${what}: the OFC deal is complete`);
  return needPhase(state, what, SHOE_PHASES);
}

/** The automatic misdeal a sequence number shows, if any. */
function sequenceProblem(state: HandState, seq: number | null, afterSeq?: number): string | null {
  // A status frame (jam, ready) between two cards took the numbers in between; the device layer
  // checked those, so the card must follow the status, not the last card.
  const last = afterSeq ?? state.deal.lastSeq;
  if (seq === null || last === null) return null;
  const m = state.info!.seqModulo;
  const expected = m === null ? last + 1 : (last + 1) % m;
  return seq === expected ? null : `the shoe's sequence numbers jumped from ${last} to ${seq} (a read was lost)`;
}

function checkSeq(state: HandState, seq: unknown, what: string): Result<number | null> {
  if (seq === null) return ok(null);
  if (!isNonNegativeInteger(seq)) return fail('bad-event', `${what}: seq must be a whole number or null, not ${showJson(seq)}`);
  const m = state.info!.seqModulo;
  if (m !== null && seq >= m) return fail('bad-event', `${what}: seq ${seq} is outside the shoe's range 0-${m - 1}`);
  return ok(seq);
}

/** A read's origin fields, when present, are a device id and `simulated: true`. */
function checkOrigin(e: ReadOrigin, what: string): Step | null {
  if (e.device !== undefined && (typeof e.device !== 'string' || e.device === '')) return fail('bad-event', `${what}: device must be the device's id, not ${showJson(e.device)}`);
  if (e.simulated !== undefined && e.simulated !== true) return fail('bad-event', `${what}: simulated is true or absent, not ${showJson(e.simulated)}`);
  return null;
}

/** A readable card whose read shows an automatic misdeal: the read is recorded (it is part of
 *  `cardsRead`) but dealt to no one, and the misdeal is pending. */
function misdealInRead(state: HandState, cardsRead: Card[], seq: number | null, at: string, cause: MisdealCause, detail: string): Step {
  const d = state.deal;
  return ok(withMisdealPending(withState(state, { deal: withDeal(d, { reads: d.reads + 1, cards: cardsRead, lastSeq: seq, lastReadAt: at }) }), cause, true, detail));
}

function cardDealt(state: HandState, e: CardDealt): Step {
  const refused = needShoe(state, 'No card can be dealt');
  if (refused) return refused;
  if (!isCard(e.card)) return fail('bad-card', `card-dealt: ${showJson(e.card)} is not a card code (0..51)`);
  if (!isHex(e.raw)) return fail('bad-event', 'card-dealt: raw must be the device bytes as hex');
  const origin = checkOrigin(e, 'card-dealt');
  if (origin) return origin;
  const seq = checkSeq(state, e.seq, 'card-dealt');
  if (!seq.ok) return seq;
  if (e.afterSeq !== undefined) {
    const after = checkSeq(state, e.afterSeq, 'card-dealt afterSeq');
    if (!after.ok) return after;
    if (after.value === null || seq.value === null) return fail('bad-event', 'card-dealt: afterSeq needs a seq, and is a whole number or absent');
  }
  const d = state.deal;
  const index = d.reads;
  const readNo = index + 1;
  const cardsRead = appended(d.cards, e.card);
  const gap = sequenceProblem(state, seq.value, e.afterSeq);
  if (gap) return misdealInRead(state, cardsRead, seq.value, e.at, 'sequence-gap', gap);
  if (index >= d.schedule.length) {
    return misdealInRead(state, cardsRead, seq.value, e.at, 'too-many-cards', `the shoe read a card too many: ${formatCard(e.card)} was read ${readNo}${readNo === 53 ? 'rd' : 'th'}, the deal has ${d.schedule.length} cards`);
  }
  const earlier = d.cards.indexOf(e.card);
  if (earlier >= 0) return misdealInRead(state, cardsRead, seq.value, e.at, 'card-read-twice', `${formatCard(e.card)} was read twice (cards ${earlier + 1} and ${d.cards.length + 1} read)`);
  const to = d.schedule[index];
  const owner = d.owner.slice();
  owner[e.card] = to;
  const seats = state.seats.slice();
  seats[to - 1] = withSeatFields(seats[to - 1], { dealt: appended(seats[to - 1].dealt, e.card) });
  return ok(withState(state, { seats, deal: withDeal(d, { reads: readNo, cards: cardsRead, lastSeq: seq.value, lastReadAt: e.at, owner }) }));
}

function cardUnreadable(state: HandState, e: CardUnreadable): Step {
  const refused = needShoe(state, 'No card can be dealt');
  if (refused) return refused;
  if (!isHex(e.raw)) return fail('bad-event', 'card-unreadable: raw must be the device bytes as hex');
  const origin = checkOrigin(e, 'card-unreadable');
  if (origin) return origin;
  const seq = checkSeq(state, e.seq, 'card-unreadable');
  if (!seq.ok) return seq;
  const d = state.deal;
  const next = withState(state, { deal: withDeal(d, { reads: d.reads + 1, lastSeq: seq.value, lastReadAt: e.at }) });
  const gap = sequenceProblem(state, seq.value);
  if (gap) return ok(withMisdealPending(next, 'sequence-gap', true, gap));
  // The bytes stay in the event, for the floor's timeline: the dealer's words have no hex in them.
  return ok(withMisdealPending(next, 'unreadable-card', true, `read ${d.reads + 1} could not be read by the shoe`));
}

function sequenceGap(state: HandState, e: SequenceGap): Step {
  const refused = needShoe(state, 'A sequence gap cannot belong to this hand');
  if (refused) return refused;
  if (!isNonNegativeInteger(e.expected) || !isNonNegativeInteger(e.got)) return fail('bad-event', 'sequence-gap: expected and got must be whole numbers');
  return ok(withMisdealPending(state, 'sequence-gap', true, `the shoe reported a gap in its sequence numbers (expected ${e.expected}, got ${e.got}): a read was lost`));
}

function dealEnded(state: HandState, _e: DealEnded): Step {
  if (state.phase !== 'dealing') return fail('deal-already-ended', `The deal cannot end now: ${phaseWords(state.phase)}`);
  if (state.deal.ended) return fail('deal-already-ended', 'The deal has already ended');
  const d = state.deal;
  if (state.info!.mode === 'shoe' && d.reads < d.schedule.length) {
    return ok(withMisdealPending(withState(state, { deal: withDeal(d, { ended: true }) }), 'short-deal', true,
      `the deal ended after ${plural(d.reads, 'card')} of ${d.schedule.length}`));
  }
  return ok(withState(state, { phase: 'setting', deal: withDeal(d, { ended: true }) }));
}

// ---------------------------------------------------------------------------------------
// The dealer's reports

const MISDEAL_EXPOSED = 5;

/** Whether a position's hand is played this hand or the next (a two-handed reserve). */
function positionIsPlayed(state: HandState, seat: SeatNo): boolean {
  if (seatOf(state, seat).playing) return true;
  const two = state.info!.twoHanded;
  return two?.round === 'dealt' && two.reserve.some((r) => r.hand === seat);
}

function cardExposed(state: HandState, e: CardExposed): Step {
  const refused = needPhase(state, 'An exposed card can only be reported before the hands are opened', SHOE_PHASES);
  if (refused) return refused;
  if (!isSeatNo(e.seat)) return fail('bad-seat', `card-exposed: ${showJson(e.seat)} is not a seat (1-4)`);
  const s = seatOf(state, e.seat);
  const card = e.card ?? null;
  if (card !== null) {
    if (!isCard(card)) return fail('bad-card', `card-exposed: ${showJson(card)} is not a card code (0..51)`);
    if (s.exposed.includes(card)) return fail('already-exposed', `${formatCard(card)} of ${seatName(e.seat)}'s hand is already noted as exposed`);
    const owner = state.deal.owner[card];
    if (cardsAreKnown(state) && owner !== 0 && owner !== e.seat) {
      return fail('card-not-in-hand', `${formatCard(card)} was dealt to ${seatName(owner)}, not ${seatName(e.seat)}`);
    }
  }
  const exposed = [...s.exposed, card];
  const next = withSeat(state, e.seat, { exposed });
  if (exposed.length >= MISDEAL_EXPOSED && positionIsPlayed(state, e.seat)) {
    return ok(withMisdealPending(next, 'cards-exposed', false, `${exposed.length} cards of ${seatName(e.seat)}'s hand were exposed`));
  }
  return ok(next);
}

function wrongSeatDelivery(state: HandState, e: WrongSeatDelivery): Step {
  const refused = needPhase(state, 'A wrong-seat delivery can only be reported before the hands are opened', SHOE_PHASES);
  if (refused) return refused;
  const held = needPlayingSeat(state, e.heldBy, 'wrong-seat-delivery');
  if (!held.ok) return held;
  if (!isSeatNo(e.handOf)) return fail('bad-seat', `wrong-seat-delivery: ${showJson(e.handOf)} is not a seat (1-4)`);
  if (e.handOf === e.heldBy) return fail('bad-event', `wrong-seat-delivery: ${seatName(e.heldBy)} holding his own hand is no wrong delivery`);
  const what = `${seatName(e.heldBy)} was given the hand dealt to ${seatName(e.handOf)}`;
  if (held.value.holds === e.handOf) {
    // The other half of a swap already noted from the other seat (a log written when a swap
    // was two reports replays as it did): a note, nothing moves. The same report twice is refused.
    const reported = state.irregularities.some((i) => i.kind === 'wrong-seat-after-set' && i.seat === e.heldBy);
    if (reported || !anyoneHasSet(state)) return fail('already-reported', `${seatName(e.heldBy)} is already noted as holding ${seatName(e.handOf)}'s hand`);
    return ok(addIrregularity(state, {
      seat: e.heldBy, kind: 'wrong-seat-after-set', otherSeat: e.handOf, cards: [], blocking: false, at: e.at,
      detail: `${what}, reported after a hand was set: already noted as the other half of a swap; the hands play as they lie`,
    }));
  }
  if (!anyoneHasSet(state)) return ok(withMisdealPending(state, 'wrong-seat-delivery', false, what));
  // Decision (RULES.md 8: after a set the hands play as they lie): a report is a swap. The seat
  // that held `handOf` until now (its own seat, unless an earlier report moved it) takes the hand
  // `heldBy` held, so no two seats ever hold the same cards; a rotation of three is two reports.
  const displaced = state.seats.find((s) => s.holds === e.handOf)!;
  const gives = held.value.holds;
  for (const s of [held.value, displaced]) {
    if (s.playing && s.natural !== null) {
      return fail('natural-declared', `${seatName(e.heldBy)} and ${seatName(displaced.seat)} cannot swap hands: ${seatName(s.seat)}'s natural was declared on the cards noted for him; the floor rules (a void or a note)`);
    }
  }
  const swap = displaced.playing
    ? `${seatName(displaced.seat)} holds the hand dealt to ${seatName(gives)}`
    : `the hand dealt to ${seatName(gives)} lies at ${seatName(displaced.seat)}, where no one plays`;
  const noted = addIrregularity(state, {
    seat: e.heldBy, kind: 'wrong-seat-after-set', otherSeat: e.handOf, cards: [], blocking: false, at: e.at,
    detail: `${what}, reported after a hand was set: ${swap}; the hands play as they lie`,
  });
  return ok(withSeat(withSeat(noted, e.heldBy, { holds: e.handOf }), displaced.seat, { holds: gives }));
}

// ---------------------------------------------------------------------------------------
// Setting: ready, surrender, naturals

function seatReady(state: HandState, e: SeatReady): Step {
  if (state.info!.game === 'ofc') return fail('not-in-ofc', 'In OFC a hand is set by placing its cards');
  const refused = needPhase(state, `${isSeatNo(e.seat) ? seatName(e.seat) : 'A seat'} cannot be marked set`, ['setting']);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, 'seat-ready');
  if (!r.ok) return r;
  const s = r.value;
  const name = seatName(s.seat);
  if (s.surrender) return fail('surrendered', `${name} has surrendered`);
  if (s.natural?.status === 'declared' || s.natural?.status === 'verified') return fail('natural-declared', `${name} has declared ${NATURAL_TITLES[s.natural.name]}`);
  if (isFouled(state, s)) return fail('fouled', `${name}'s hand is already fouled`);
  if (s.ready) return fail('already-ready', `${name} is already marked as set`);
  return ok(withSeat(state, s.seat, { ready: true }));
}

/** In shoe mode the cards a declaration is judged on are the dealt ones: if the event repeats
 *  them they must be those. Without a shoe they must be given (scanned). */
function claimCards(state: HandState, seat: SeatNo, given: unknown, what: string): Result<{ cards: Card[] | null; foreign: Card[] }> {
  const held = heldCards(state, seat);
  if (held) {
    if (held.length !== HAND_SIZE) return fail('deal-incomplete', `${what}: ${seatName(seat)} holds ${held.length} cards, not 13`);
    if (given !== undefined && given !== null) {
      const cards = checkCards(given, what, HAND_SIZE);
      if (!cards.ok) return cards;
      if (!sameCards(cards.value, held)) {
        const wrong = cards.value.filter((c) => !held.includes(c));
        return fail('cards-not-dealt-to-seat', `${what}: ${cardList(wrong)} ${wrong.length === 1 ? 'was' : 'were'} not dealt to ${seatName(seat)}; scan the hand again or call the floor`);
      }
    }
    return ok({ cards: held.slice(), foreign: [] });
  }
  if (given === undefined || given === null) return ok({ cards: null, foreign: [] });
  const cards = checkCards(given, what, HAND_SIZE);
  if (!cards.ok) return cards;
  return ok({ cards: cards.value, foreign: cards.value.filter((c) => shownElsewhere(state, c, seat) !== null) });
}

/** Records a blocking irregularity for cards a seat shows that another seat has shown too
 *  (scanner-only play, where the deal is not known). */
function noteDuplicates(state: HandState, seat: SeatNo, cards: readonly Card[], at: string): HandState {
  if (cards.length === 0) return state;
  const others = [...new Set(cards.map((c) => shownElsewhere(state, c, seat)).filter((s): s is SeatNo => s !== null))];
  return addIrregularity(state, {
    seat, kind: 'duplicate-across-seats', cards, blocking: true, at,
    detail: `${cardList(cards)} ${cards.length === 1 ? 'is' : 'are'} also in the hand of ${others.map(seatName).join(' and ')}`,
  });
}

function surrenderDeclared(state: HandState, e: SurrenderDeclared): Step {
  const who = isSeatNo(e.seat) ? seatName(e.seat) : 'A seat';
  const refused = needPhase(state, `${who} cannot surrender`, ['setting']);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, 'surrender-declared');
  if (!r.ok) return r;
  const s = r.value;
  const info = state.info!;
  const penalty = info.profile.surrenderPenalty;
  if (penalty === null) return fail('surrender-not-played', `${who} cannot surrender: surrender is not played under ${info.profileName}`);
  if (s.surrender) return fail('already-surrendered', `${who} has already surrendered`);
  if (s.natural && s.natural.status !== 'rejected') return fail('natural-declared', `${who} cannot surrender: he has declared ${NATURAL_TITLES[s.natural.name]}`);
  if (isFouled(state, s)) return fail('fouled', `${who} cannot surrender: his hand is already fouled`);
  const { opponents, owed, stack } = surrenderCost(state, s.seat)!;
  if (owed > stack) {
    return failWith('surrender-not-covered', `${who} cannot surrender: ${formatAmount(stack)} in chips does not cover the ${penalty}-point penalty of ${penalty} x ${plural(opponents, 'opponent')} x ${formatAmount(info.pointValue)} = ${formatAmount(owed)}`,
      { seat: s.seat, stack: money(stack), owed: money(owed), penalty, opponents, pointValue: money(info.pointValue) });
  }
  const c = claimCards(state, s.seat, e.cards, 'surrender-declared');
  if (!c.ok) return c;
  // Without a shoe nothing can tell the record these 13 cards later (a surrendered seat is not read).
  if (c.value.cards === null) {
    return fail('surrender-cards-needed', `${who}'s surrender: scan the 13 folded cards (this table has no shoe)`);
  }
  const next = withSeat(state, s.seat, { surrender: { cards: c.value.cards }, ready: false });
  return ok(noteDuplicates(next, s.seat, c.value.foreign, e.at));
}

function naturalDeclared(state: HandState, e: NaturalDeclared): Step {
  const who = isSeatNo(e.seat) ? seatName(e.seat) : 'A seat';
  const refused = needPhase(state, `${who} cannot declare a natural (naturals are declared before the hands are opened)`, ['setting']);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, 'natural-declared');
  if (!r.ok) return r;
  const s = r.value;
  const info = state.info!;
  if (!isNaturalName(e.natural)) return fail('unknown-natural', `natural-declared: ${showJson(e.natural)} is not a natural`);
  const played = Object.keys(info.profile.naturals);
  if (!info.profile.naturals[e.natural]) {
    return fail('natural-not-played', `${who} cannot declare ${NATURAL_TITLES[e.natural]}: it is not played under ${info.profileName}${played.length ? ` (naturals played: ${played.join(', ')})` : ' (no naturals are played)'}`);
  }
  if (s.surrender) return fail('surrendered', `${who} has surrendered`);
  if (s.natural) return fail('natural-already-declared', `${who} has already declared ${NATURAL_TITLES[s.natural.name]}`);
  if (isFouled(state, s)) return fail('fouled', `${who}'s hand is already fouled`);
  const c = claimCards(state, s.seat, e.cards, 'natural-declared');
  if (!c.ok) return c;
  if (c.value.cards === null) {
    return fail('cards-needed', `${who}'s natural: scan the 13 cards laid face up (this table has no shoe)`);
  }
  const next = withSeat(state, s.seat, {
    natural: { name: e.natural, status: 'declared', cards: c.value.cards, proof: null, reason: null }, ready: false,
  });
  return ok(noteDuplicates(next, s.seat, c.value.foreign, e.at));
}

function naturalVerdict(state: HandState, e: NaturalVerified | NaturalRejected): Step {
  const verified = e.type === 'natural-verified';
  const refused = needPhase(state, 'A natural cannot be judged', ['setting']);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, e.type);
  if (!r.ok) return r;
  const s = r.value;
  const who = seatName(s.seat);
  if (!s.natural) return fail('no-natural', `${who} has declared no natural`);
  if (s.natural.status !== 'declared') return fail('natural-already-judged', `${who}'s ${NATURAL_TITLES[s.natural.name]} was already ${s.natural.status}`);
  if (e.natural !== s.natural.name) return fail('natural-mismatch', `${who} declared ${NATURAL_TITLES[s.natural.name]}, not ${showJson(e.natural)}`);
  const check = verifyNatural(s.natural.cards!, s.natural.name);
  if (!check.ok && check.error.code !== 'natural-not-held') return check;
  if (verified && !check.ok) return fail('verdict-mismatch', `${who}'s ${NATURAL_TITLES[s.natural.name]} is false (${check.error.message}): it cannot be verified`);
  if (!verified && check.ok) return fail('verdict-mismatch', `${who}'s ${NATURAL_TITLES[s.natural.name]} is true (${check.value.explanation}): it cannot be rejected`);
  if (verified) {
    const v = e as NaturalVerified;
    if (!v.proof || v.proof.name !== s.natural.name) return fail('bad-event', 'natural-verified: the proof must be the one verifyNatural gives');
    return ok(withSeat(state, s.seat, { natural: { ...s.natural, status: 'verified', proof: v.proof } }));
  }
  const reason = (e as NaturalRejected).reason;
  if (!isNonEmptyText(reason)) return fail('bad-event', 'natural-rejected: the reason is missing');
  return ok(withSeat(state, s.seat, { natural: { ...s.natural, status: 'rejected', reason } }));
}

// ---------------------------------------------------------------------------------------
// Showing hands: scanner rows, whole hands, OFC placements

/** Checks a shown hand against what the seat was dealt and records an irregularity for every
 *  card that was dealt to another seat or never dealt (or, without a shoe, that another seat
 *  has shown). */
function checkShownHand(state: HandState, seat: SeatNo, cards: readonly Card[], at: string): HandState {
  const held = heldCards(state, seat);
  if (!held) return noteDuplicates(state, seat, cards.filter((c) => shownElsewhere(state, c, seat) !== null), at);
  const foreign = cards.filter((c) => !held.includes(c));
  if (foreign.length === 0) return state;
  let next = state;
  const ofOthers = foreign.filter((c) => state.deal.owner[c] !== 0);
  const never = foreign.filter((c) => state.deal.owner[c] === 0);
  if (ofOthers.length > 0) {
    const where = ofOthers.map((c) => `${formatCard(c)} to ${seatName(state.deal.owner[c] as SeatNo)}`).join(', ');
    next = addIrregularity(next, { seat, kind: 'card-of-other-seat', cards: ofOthers, blocking: true, at, detail: `shows cards dealt to another seat (${where})` });
  }
  if (never.length > 0) {
    next = addIrregularity(next, {
      seat, kind: 'card-not-dealt', cards: never, blocking: true, at,
      detail: `shows ${cardList(never)}, which ${never.length === 1 ? 'was' : 'were'} never dealt this hand`,
    });
  }
  return next;
}

/** The seat must show a hand at showdown (it is not out of the comparison). */
function needShowingSeat(state: HandState, seat: unknown, what: string): Result<SeatState> {
  const r = needPlayingSeat(state, seat, what);
  if (!r.ok) return r;
  const s = r.value;
  const who = seatName(s.seat);
  if (s.surrender) return fail('surrendered', `${what}: ${who} has surrendered; his hand is not shown`);
  if (hasVerifiedNatural(s)) return fail('natural-declared', `${what}: ${who} plays a verified natural; his hand is not set`);
  if (isFouled(state, s)) return fail('fouled', `${what}: ${who}'s hand is fouled`);
  if (s.hand) return fail('hand-already-read', `${what}: ${who}'s hand is already read; only the floor can correct it`);
  return ok(s);
}

function checkRows(h: { front: unknown; middle: unknown; back: unknown }, what: string): Result<ShownHand> {
  const rows: Partial<Record<Row, Card[]>> = {};
  for (const row of SEGMENTS) {
    const c = checkCards(h[row], `${what} ${row}`);
    if (!c.ok) return c;
    rows[row] = c.value;
  }
  const all = [...rows.front!, ...rows.middle!, ...rows.back!];
  const again = checkCards(all, what);
  if (!again.ok) return again;
  if (all.length !== HAND_SIZE) {
    return fail('wrong-card-count', `${what}: the rows hold ${plural(all.length, 'card')}; a hand has 13 (read it again, or call the floor)`);
  }
  return ok({ front: rows.front!, middle: rows.middle!, back: rows.back!, source: 'touch' });
}

function rowScanned(state: HandState, e: RowScanned): Step {
  const refused = needPhase(state, 'A row cannot be scanned', ['showdown']);
  if (refused) return refused;
  if (state.info!.game === 'ofc') return fail('not-in-ofc', 'OFC rows are recorded as the cards are placed');
  const r = needShowingSeat(state, e.seat, 'row-scanned');
  if (!r.ok) return r;
  const s = r.value;
  if (!SEGMENTS.includes(e.row)) return fail('bad-event', `row-scanned: ${showJson(e.row)} is not a row (front, middle, back)`);
  if (s.scanned[e.row]) return fail('row-already-scanned', `${seatName(s.seat)}'s ${e.row} is already read; only the floor can correct it`);
  const c = checkCards(e.cards, `${seatName(s.seat)}'s ${e.row}`);
  if (!c.ok) return c;
  for (const card of c.value) {
    const refusal = scannedCardRefusal(state, s.seat, card);
    if (refusal) return { ok: false, error: refusal };
  }
  const scanned = { ...s.scanned, [e.row]: c.value };
  const sofar = SEGMENTS.flatMap((row) => scanned[row] ?? []);
  const dup = checkCards(sofar, `${seatName(s.seat)}'s hand`);
  if (!dup.ok) return dup;
  if (sofar.length > HAND_SIZE || (SEGMENTS.every((row) => scanned[row]) && sofar.length !== HAND_SIZE)) {
    return fail('wrong-card-count', `${seatName(s.seat)}'s rows would hold ${plural(sofar.length, 'card')}; a hand has 13 (scan the row again, or call the floor)`);
  }
  if (!SEGMENTS.every((row) => scanned[row])) return ok(withSeat(state, s.seat, { scanned }));
  const hand: ShownHand = { front: scanned.front!, middle: scanned.middle!, back: scanned.back!, source: 'scanner' };
  return ok(checkShownHand(withSeat(state, s.seat, { scanned, hand }), s.seat, sofar, e.at));
}

function handSet(state: HandState, e: HandSet): Step {
  const info = state.info!;
  if (e.source !== 'scanner' && e.source !== 'touch') return fail('bad-event', `hand-set: source must be "scanner" or "touch", not ${showJson(e.source)}`);
  if (info.game === 'ofc') return fantasylandSet(state, e);
  const refused = needPhase(state, 'A hand cannot be read (the hands are read once they are opened)', ['showdown']);
  if (refused) return refused;
  const r = needShowingSeat(state, e.seat, 'hand-set');
  if (!r.ok) return r;
  const rows = checkRows(e, `${seatName(r.value.seat)}'s hand`);
  if (!rows.ok) return rows;
  const hand: ShownHand = { ...rows.value, source: e.source };
  return ok(checkShownHand(withSeat(state, r.value.seat, { hand, scanned: {} }), r.value.seat, cardsOf(hand), e.at));
}

/** OFC: a Fantasyland player shows his 13 cards, set, at his turn; no rearranging after. */
function fantasylandSet(state: HandState, e: HandSet): Step {
  const refused = needPhase(state, 'A Fantasyland hand cannot be shown', SHOE_PHASES);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, 'hand-set');
  if (!r.ok) return r;
  const s = r.value;
  const who = seatName(s.seat);
  if (!inFantasyland(state, s.seat)) return fail('use-placements', `${who} is not in Fantasyland: his cards are placed one at a time`);
  if (s.hand) return fail('hand-already-read', `${who}'s Fantasyland hand is already shown and cannot be rearranged`);
  const rows = checkRows(e, `${who}'s hand`);
  if (!rows.ok) return rows;
  const cards = cardsOf(rows.value);
  const held = heldCards(state, s.seat);
  if (held) {
    if (held.length < HAND_SIZE) return fail('deal-incomplete', `${who} has been dealt ${held.length} of his 13 Fantasyland cards`);
    const wrong = cards.filter((c) => !held.includes(c));
    if (wrong.length) return fail('cards-not-dealt-to-seat', `${cardList(wrong)} ${wrong.length === 1 ? 'was' : 'were'} not dealt to ${who}`);
  } else {
    const clash = cards.find((c) => shownElsewhere(state, c, s.seat) !== null);
    if (clash !== undefined) return fail('card-on-table', `${formatCard(clash)} is already on the table at ${seatName(shownElsewhere(state, clash, s.seat)!)}`);
  }
  return ok(withSeat(state, s.seat, { hand: { ...rows.value, source: e.source } }));
}

function cardPlaced(state: HandState, e: CardPlaced): Step {
  const info = state.info!;
  if (info.game !== 'ofc') return fail('not-ofc', `Cards are placed one at a time only in OFC, not under ${info.profileName}`);
  const refused = needPhase(state, 'A card cannot be placed', SHOE_PHASES);
  if (refused) return refused;
  const r = needPlayingSeat(state, e.seat, 'card-placed');
  if (!r.ok) return r;
  const s = r.value;
  const who = seatName(s.seat);
  if (inFantasyland(state, s.seat)) return fail('fantasyland-sets-at-once', `${who} is in Fantasyland: he shows all 13 cards at once`);
  if (!SEGMENTS.includes(e.row)) return fail('bad-event', `card-placed: ${showJson(e.row)} is not a row (front, middle, back)`);
  if (!isCard(e.card)) return fail('bad-card', `card-placed: ${showJson(e.card)} is not a card code (0..51)`);
  const where = SEGMENTS.find((row) => s.placed[row].includes(e.card));
  if (where) return fail('already-placed', `${formatCard(e.card)} is already in ${who}'s ${where}: a placed card never moves`);
  if (s.placed[e.row].length >= ROW_SIZES[e.row]) {
    const open = SEGMENTS.filter((row) => s.placed[row].length < ROW_SIZES[row]);
    return fail('row-full', `${who}'s ${e.row} is full (${ROW_SIZES[e.row]} cards): ${formatCard(e.card)} must go to the ${open.join(' or ')}`);
  }
  const held = heldCards(state, s.seat);
  if (held) {
    if (!held.includes(e.card)) return fail('cards-not-dealt-to-seat', `${formatCard(e.card)} was not dealt to ${who}`);
  } else {
    const other = shownElsewhere(state, e.card, s.seat);
    if (other !== null) return fail('card-on-table', `${formatCard(e.card)} is already on the table at ${seatName(other)}`);
  }
  const placed = { ...s.placed, [e.row]: [...s.placed[e.row], e.card] };
  const full = SEGMENTS.every((row) => placed[row].length === ROW_SIZES[row]);
  const hand: ShownHand | null = full ? { front: placed.front, middle: placed.middle, back: placed.back, source: 'placed' } : null;
  return ok(withSeat(state, s.seat, { placed, hand }));
}

// ---------------------------------------------------------------------------------------
// Showdown, settlement, payments

function showdownOpened(state: HandState, e: ShowdownOpened): Step {
  if (state.phase !== 'setting' && state.phase !== 'dealing') return wrongPhase(state, 'The hands cannot be opened', ['setting']);
  const blockers = showdownBlockers(state);
  if (blockers.length) return fail('not-ready-to-open', `The hands cannot be opened yet: ${blockerText(blockers)}`);
  return ok(withState(state, { phase: 'showdown', showdownAt: e.at }));
}

function checkResultShape(state: HandState, result: unknown): string | null {
  if (!result || typeof result !== 'object') return 'the result is missing';
  const r = result as Settled['result'];
  if (!Array.isArray(r.payments)) return 'the result has no payments list';
  if (r.nettedPayments !== undefined && !Array.isArray(r.nettedPayments)) return 'the result\'s netted payments are not a list';
  if (!r.net || typeof r.net !== 'object') return 'the result has no net per seat';
  // The list the dealer makes is the one checked: the netted list when there is one.
  for (const [i, p] of paymentsToMake(r).entries()) {
    if (!p || !isSeatNo(p.from) || !isSeatNo(p.to) || !isPositiveInteger(p.amount) || p.from === p.to
      || !seatOf(state, p.from).playing || !seatOf(state, p.to).playing) {
      return `payment ${i} is not a payment between two players of this hand`;
    }
  }
  const total = Object.values(r.net).reduce<number>((a, b) => a + (typeof b === 'number' ? b : Number.NaN), 0);
  if (total !== 0) return 'the nets do not sum to zero';
  return null;
}

function settled(state: HandState, e: Settled): Step {
  const refused = needPhase(state, 'The hand cannot be settled', ['showdown']);
  if (refused) return refused;
  const blockers = settlementBlockers(state);
  if (blockers.length) return fail('not-ready-to-settle', `The hand cannot be settled yet: ${blockerText(blockers)}`);
  const record = showdownRecord(state);
  if (!record.ok) return record;
  if (!sameJson(record.value, e.record)) return fail('record-mismatch', 'settled: the showdown record is not the one this hand produces (build it with showdownRecord)');
  const bad = checkResultShape(state, e.result);
  if (bad) return fail('bad-settlement', `settled: ${bad}`);
  return ok(withState(state, {
    phase: 'paying',
    settlement: { record: e.record, result: e.result, at: e.at, executed: paymentsToMake(e.result).map(() => false) },
  }));
}

function paymentExecuted(state: HandState, e: PaymentExecuted): Step {
  const refused = needPhase(state, 'No payment can be made', ['paying']);
  if (refused) return refused;
  const st = state.settlement!;
  const list = paymentsToMake(st.result);
  if (!isNonNegativeInteger(e.index) || e.index >= list.length) {
    return fail('no-such-payment', `There is no payment ${showJson(e.index)}: the settlement has ${plural(list.length, 'payment')}`);
  }
  const p = { from: list[e.index].from as SeatNo, to: list[e.index].to as SeatNo, amount: list[e.index].amount };
  if (st.executed[e.index]) {
    return failWith('already-paid', `Payment ${e.index + 1} (${seatName(p.from)} pays ${seatName(p.to)} ${formatAmount(p.amount)}) is already made`,
      { number: e.index + 1, from: p.from, to: p.to, amount: money(p.amount) });
  }
  if (e.from !== p.from || e.to !== p.to || e.amount !== p.amount) {
    return fail('payment-mismatch', `Payment ${e.index + 1} is ${seatName(p.from)} pays ${seatName(p.to)} ${formatAmount(p.amount)}, not ${showJson({ from: e.from, to: e.to, amount: e.amount })}`);
  }
  const executed = st.executed.slice();
  executed[e.index] = true;
  return ok(withState(state, { settlement: { ...st, executed } }));
}

function handClosed(state: HandState, e: HandClosed): Step {
  const refused = needPhase(state, 'The hand cannot be closed', ['paying']);
  if (refused) return refused;
  const st = state.settlement!;
  const open = paymentsToMake(st.result).filter((_, i) => !st.executed[i]).map((p) => ({ from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount }));
  if (open.length) {
    const words = open.map((p) => `${seatName(p.from)} pays ${seatName(p.to)} ${formatAmount(p.amount)}`).join('; ');
    return fail('payments-outstanding', `The hand cannot be closed: ${plural(open.length, 'payment')} still to make (${words})`);
  }
  return ok(withState(state, { phase: 'closed', closedAt: e.at }));
}

// ---------------------------------------------------------------------------------------
// Misdeal, floor, void

const REPORTED_CAUSES: readonly MisdealCause[] = ['wrong-card-count', 'floor-ruling'];
const MISDEAL_CAUSES: readonly MisdealCause[] = [
  'card-read-twice', 'too-many-cards', 'unreadable-card', 'sequence-gap', 'short-deal', 'cards-exposed',
  'wrong-seat-delivery', 'wrong-card-count', 'floor-ruling',
];

const chipsMoved = paymentsMade;

function misdealCalled(state: HandState, e: MisdealCalled): Step {
  if (!MISDEAL_CAUSES.includes(e.cause)) return fail('bad-event', `misdeal-called: ${showJson(e.cause)} is not a misdeal cause`);
  if (typeof e.automatic !== 'boolean') return fail('bad-event', 'misdeal-called: automatic must be true or false');
  if (typeof e.detail !== 'string') return fail('bad-event', 'misdeal-called: detail must be text');
  // cardsRead may hold a card twice (that can be the cause): it must be exactly what was read.
  if (!Array.isArray(e.cardsRead) || !sameJson(e.cardsRead, state.deal.cards)) return fail('bad-event', 'misdeal-called: cardsRead must be the cards the shoe read this hand, in order');
  const pending = state.pendingMisdeal;
  if (pending) {
    if (e.cause !== pending.cause || e.automatic !== pending.automatic) {
      return fail('misdeal-mismatch', `The terminal found a misdeal for ${pending.cause} (${pending.detail}); a misdeal for ${e.cause} cannot be recorded instead`);
    }
  } else {
    if (!REPORTED_CAUSES.includes(e.cause)) {
      return fail('no-misdeal', `No ${e.cause} misdeal has happened this hand${e.cause === 'cards-exposed' ? ` (five exposed cards of one hand make one)` : ''}`);
    }
    if (e.automatic) return fail('bad-event', `misdeal-called: a ${e.cause} misdeal is reported, not automatic`);
    if (e.cause === 'floor-ruling' && !isFloorActor(e.by)) return fail('floor-only', 'Only the floor can call a misdeal by ruling');
    if (e.cause === 'wrong-card-count') {
      const refused = needPhase(state, 'A wrong card count can only be reported before the hands are opened', SHOE_PHASES);
      if (refused) return refused;
    }
    if (!OPEN_PHASES.includes(state.phase)) return wrongPhase(state, 'A misdeal cannot be called', OPEN_PHASES);
    const moved = chipsMoved(state);
    if (moved > 0) return fail('chips-moved', `A misdeal cannot be called: ${plural(moved, 'payment')} already made; finish the payments and let the floor correct them`);
  }
  return ok(withState(state, {
    phase: 'misdealt', pendingMisdeal: null,
    abort: { kind: 'misdeal', cause: e.cause, automatic: e.automatic, detail: e.detail, cardsRead: state.deal.cards, by: e.by, at: e.at },
  }));
}

function handVoided(state: HandState, e: HandVoided): Step {
  if (!isFloorActor(e.by)) return fail('floor-only', 'Only the floor can void a hand');
  if (!isNonEmptyText(e.reason)) return fail('reason-needed', 'A hand is voided with a reason');
  const signed = checkFloorSignatures(e);
  if (!signed.ok) return signed;
  const st = state.settlement;
  const made = st ? paymentsToMake(st.result).filter((_, i) => st.executed[i]) : [];
  if (made.length > 0 && (signed.value?.length ?? 0) < 2) {
    // The two-person rule: once chips have moved, undoing them takes a second floor person.
    return fail('second-floor-needed', `${plural(made.length, 'payment')} already made: a void now needs a second floor person's PIN (the two-person rule), and the chips paid go back`);
  }
  const returned = made.map((p) => ({ from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount }));
  return ok(withState(state, { phase: 'voided', pendingMisdeal: null, abort: { kind: 'void', reason: e.reason, by: e.by, at: e.at, second: signed.value?.[1]?.name ?? null, returned } }));
}

function floorCorrection(state: HandState, e: FloorCorrection): Step {
  if (!isFloorActor(e.by)) return fail('floor-only', 'A correction is made by the floor (by: "floor:<name>")');
  if (!isNonEmptyText(e.reason)) return fail('reason-needed', 'A floor correction needs a reason');
  const signed = checkFloorSignatures(e);
  if (!signed.ok) return signed;
  const a = e.action as CorrectionAction | undefined;
  if (!a || typeof a !== 'object') return fail('bad-event', 'floor-correction: the action is missing');
  if (a.kind === 'note') return ok(state);
  if (isOver(state)) return fail('hand-over', `The hand is over (${phaseWords(state.phase)}): only a note can be added`);
  switch (a.kind) {
    case 'resolve-irregularity': return resolveIrregularity(state, e, a);
    case 'replace-hand': return replaceHand(state, e, a);
    case 'foul-seat': return foulSeat(state, e, a.seat, null);
    default: return fail('bad-event', `floor-correction: unknown action ${showJson((a as { kind: unknown }).kind)}`);
  }
}

function markResolved(state: HandState, ids: readonly number[], ruling: 'accept' | 'foul-seat' | 'hand-replaced', e: FloorCorrection): HandState {
  return withState(state, {
    irregularities: state.irregularities.map((i) => (ids.includes(i.id) ? { ...i, resolution: { ruling, by: e.by, at: e.at, reason: e.reason } } : i)),
  });
}

function resolveIrregularity(state: HandState, e: FloorCorrection, a: Extract<CorrectionAction, { kind: 'resolve-irregularity' }>): Step {
  const irr = state.irregularities.find((i) => i.id === a.irregularity);
  if (!irr) return fail('no-such-irregularity', `There is no irregularity ${showJson(a.irregularity)} in this hand`);
  if (irr.resolution) return fail('already-resolved', `Irregularity ${irr.id} was already ruled on (${irr.resolution.ruling})`);
  if (a.ruling === 'accept') {
    const clash = irr.cards.find((c) => shownElsewhere(state, c, irr.seat) !== null);
    if (clash !== undefined) {
      return fail('cannot-accept', `Irregularity ${irr.id} cannot be accepted as it lies: ${formatCard(clash)} is also in ${seatName(shownElsewhere(state, clash, irr.seat)!)}'s hand; replace a hand or foul a seat`);
    }
    return ok(markResolved(state, [irr.id], 'accept', e));
  }
  if (a.ruling === 'foul-seat') return foulSeat(markResolved(state, [irr.id], 'foul-seat', e), e, irr.seat, irr.id);
  return fail('bad-event', `floor-correction: ruling must be "accept" or "foul-seat", not ${showJson(a.ruling)}`);
}

function foulSeat(state: HandState, e: FloorCorrection, seat: SeatNo, irregularity: number | null): Step {
  const refused = needPhase(state, 'A hand cannot be ruled fouled', ['setting', 'showdown']);
  if (refused) return refused;
  const r = needPlayingSeat(state, seat, 'floor-correction');
  if (!r.ok) return r;
  const s = r.value;
  if (s.surrender) return fail('surrendered', `${seatName(seat)} has surrendered; his hand cannot be fouled`);
  if (s.fouledByFloor) return fail('fouled', `${seatName(seat)}'s hand is already ruled fouled`);
  if (!thirteenOf(state, s)) {
    return fail('cards-unknown', `${seatName(seat)}'s 13 cards are not known (no shoe, hand not read): scan the hand first, or void the hand`);
  }
  return ok(withSeat(state, seat, { fouledByFloor: { irregularity, reason: e.reason } }));
}

function replaceHand(state: HandState, e: FloorCorrection, a: Extract<CorrectionAction, { kind: 'replace-hand' }>): Step {
  const refused = needPhase(state, 'A hand cannot be replaced', ['showdown']);
  if (refused) return refused;
  const r = needPlayingSeat(state, a.seat, 'floor-correction');
  if (!r.ok) return r;
  const s = r.value;
  const who = seatName(s.seat);
  if (s.surrender) return fail('surrendered', `${who} has surrendered; his hand is not shown`);
  if (hasVerifiedNatural(s)) return fail('natural-declared', `${who} plays a verified natural`);
  const rows = checkRows(a, `${who}'s hand`);
  if (!rows.ok) return rows;
  const open = state.irregularities.filter((i) => i.seat === s.seat && i.blocking && !i.resolution).map((i) => i.id);
  const cleared = withSeat(markResolved(state, open, 'hand-replaced', e), s.seat, {
    hand: { ...rows.value, source: 'floor' }, scanned: {}, fouledByFloor: null,
  });
  return ok(checkShownHand(cleared, s.seat, cardsOf(rows.value), e.at));
}

// ---------------------------------------------------------------------------------------
// apply / replay

const EVENT_TYPES: ReadonlySet<string> = new Set(HAND_EVENT_TYPES);

type Handlers = { [K in HandEventType]: (state: HandState, event: EventOf<K>) => Step };

const HANDLERS: Handlers = {
  'hand-started': () => fail('hand-already-started', 'This hand has already started; a new hand needs a new state'),
  'card-dealt': cardDealt,
  'card-unreadable': cardUnreadable,
  'sequence-gap': sequenceGap,
  'deal-ended': dealEnded,
  'card-exposed': cardExposed,
  'wrong-seat-delivery': wrongSeatDelivery,
  'seat-ready': seatReady,
  'surrender-declared': surrenderDeclared,
  'natural-declared': naturalDeclared,
  'natural-verified': naturalVerdict,
  'natural-rejected': naturalVerdict,
  'row-scanned': rowScanned,
  'hand-set': handSet,
  'card-placed': cardPlaced,
  'showdown-opened': showdownOpened,
  settled,
  'payment-executed': paymentExecuted,
  'misdeal-called': misdealCalled,
  'floor-correction': floorCorrection,
  'hand-voided': handVoided,
  'hand-closed': handClosed,
};

/**
 * Applies one event to a hand's state: the new state, or a refusal (`code`, and a `message`
 * for the dealer). The state passed in is never changed.
 */
export function apply(state: HandState, event: HandEvent): Result<HandState> {
  if (!event || typeof event !== 'object') return fail('bad-event', 'an event must be an object');
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type)) return fail('unknown-event', `unknown event type ${showJson(type)}`);
  if (!isIsoTime(event.at)) return fail('bad-time', `${type}: "at" must be an ISO 8601 time with a zone, not ${showJson(event.at)}`);
  if (!isActor(event.by)) return fail('bad-actor', `${type}: "by" must be dealer, device, system or floor:<name>, not ${showJson(event.by)}`);
  let next: Step;
  if (state.phase === 'idle') {
    next = event.type === 'hand-started' ? startHand(event) : fail('no-hand', `${type}: no hand has started`);
  } else if (isOver(state) && !(event.type === 'floor-correction' && event.action?.kind === 'note')) {
    return fail('hand-over', `${type}: ${phaseWords(state.phase)}; nothing more can happen in this hand`);
  } else if (state.pendingMisdeal && event.type !== 'misdeal-called' && event.type !== 'hand-voided'
    && !(event.type === 'floor-correction' && event.action?.kind === 'note')) {
    return fail('misdeal-pending', `${type}: the hand is a misdeal (${state.pendingMisdeal.detail}); the misdeal must be recorded first`);
  } else {
    const handler = HANDLERS[event.type] as (s: HandState, e: HandEvent) => Step;
    next = handler(state, event);
  }
  if (!next.ok) return next;
  return ok(withState(next.value, { eventCount: state.eventCount + 1, lastAt: event.at }));
}

/**
 * Folds a whole event log from the initial state. Refuses at the first event that does not
 * apply, naming its position (1-based) in the log.
 */
export function replay(events: readonly HandEvent[], from: HandState = initialState): Result<HandState> {
  let state = from;
  for (let i = 0; i < events.length; i++) {
    const next = apply(state, events[i]);
    if (!next.ok) {
      return fail(next.error.code, `event ${i + 1} (${String((events[i] as { type?: unknown })?.type)}): ${next.error.message}`, `events[${i}]`);
    }
    state = next.value;
  }
  return ok(state);
}
