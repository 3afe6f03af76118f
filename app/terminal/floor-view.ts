/**
 * TableService's recall and replay -> the floor panel's views (app/contract/floor.ts). Pure
 * reshaping: which events a hand has, their order and the state after each come from the
 * services (`recall`, `replayHand`, the fold); this keeps what the floor reads and breaks it
 * into parts the screen can word in any language.
 */
import type { CorrectionAction, HandEvent } from '../domain/hand/events';
import type { HandState } from '../domain/hand/state';
import { seatStatus } from '../domain/hand/views';
import type { HandSummary, ReplayStep } from '../services/table-service';
import type {
  ActorView, FloorAction, RecallView, RecalledHand, ReplayStepView, ReplayView, StepEvent, StepState,
} from '../contract/floor';
import { ROWS, type HandPhase, type HandWords, type Row } from '../contract/view';
import { wordsOfRow } from './view';

/** Each row's value in parts, under the hand's own rules (a 2-7 lowball middle ...). */
function rowWords(rows: { readonly front: readonly number[]; readonly middle: readonly number[]; readonly back: readonly number[] }, state: HandState): Readonly<Record<Row, HandWords>> | null {
  const lowball = state.info?.profile.lowballMiddle === true;
  const out: Partial<Record<Row, HandWords>> = {};
  for (const r of ROWS) {
    const w = wordsOfRow(rows[r], r, lowball);
    if (!w) return null;
    out[r] = w;
  }
  return out as Record<Row, HandWords>;
}

/** `floor:<name>` -> the floor, named; the other actors are roles. */
function actorView(by: string): ActorView {
  if (by.startsWith('floor:')) return { kind: 'floor', name: by.slice('floor:'.length) };
  return { kind: by === 'device' || by === 'system' ? by : 'dealer' };
}

function msOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** One recalled hand for the list. */
function recalledHand(h: HandSummary): RecalledHand {
  return {
    handId: h.handId,
    number: h.number,
    startedAt: msOf(h.startedAt) ?? 0,
    endedAt: msOf(h.endedAt),
    outcome: h.outcome,
    phase: h.phase,
    button: h.button,
    dealer: h.dealer,
    misdealCause: h.misdealCause,
    voidReason: h.voidReason,
    seats: h.seats.map((s) => ({
      seat: s.seat, player: s.player, stackBefore: s.stackBefore, points: s.points, net: s.net,
      fouled: s.fouled, surrendered: s.surrendered, natural: s.natural,
    })),
    payments: h.payments.length,
    events: h.events,
  };
}

export function recallView(tableId: string, hands: readonly HandSummary[]): RecallView {
  return { tableId, hands: hands.map(recalledHand) };
}

function floorAction(a: CorrectionAction): FloorAction {
  switch (a.kind) {
    case 'resolve-irregularity': return { kind: a.kind, irregularity: a.irregularity, ruling: a.ruling };
    case 'foul-seat': return { kind: a.kind, seat: a.seat };
    case 'replace-hand': return { kind: a.kind, seat: a.seat, front: [...a.front], middle: [...a.middle], back: [...a.back] };
    case 'note': return { kind: 'note' };
  }
}

/** The event as the floor reads it; `after` gives what the fold made of it. */
function stepEvent(e: HandEvent, after: HandState): StepEvent {
  switch (e.type) {
    case 'hand-started':
      return {
        type: e.type, number: e.handNumber, button: e.button,
        players: e.seats.map((s) => ({ seat: s.seat, name: s.name ?? s.playerId, stack: s.stack })),
      };
    case 'card-dealt': {
      // A read the fold turned into a misdeal (read twice, a 53rd card) went to no seat.
      const owner = after.pendingMisdeal || after.phase === 'misdealt' ? 0 : after.deal.owner[e.card];
      return { type: e.type, card: e.card, seat: owner === 0 || owner === undefined ? null : owner, seq: e.seq };
    }
    case 'card-unreadable': return { type: e.type, seq: e.seq };
    case 'sequence-gap': return { type: e.type, expected: e.expected, got: e.got };
    case 'deal-ended': return { type: e.type };
    case 'card-exposed': return { type: e.type, seat: e.seat, card: e.card ?? null };
    case 'wrong-seat-delivery': return { type: e.type, heldBy: e.heldBy, handOf: e.handOf };
    case 'seat-ready': return { type: e.type, seat: e.seat };
    case 'surrender-declared': return { type: e.type, seat: e.seat };
    case 'natural-declared': return { type: e.type, seat: e.seat, natural: e.natural };
    case 'natural-verified': return { type: e.type, seat: e.seat, natural: e.natural };
    case 'natural-rejected': return { type: e.type, seat: e.seat, natural: e.natural, reason: e.reason };
    case 'row-scanned': return { type: e.type, seat: e.seat, row: e.row, cards: [...e.cards] };
    case 'hand-set':
      return { type: e.type, seat: e.seat, front: [...e.front], middle: [...e.middle], back: [...e.back], source: e.source, words: rowWords(e, after) };
    case 'card-placed': return { type: e.type, seat: e.seat, card: e.card, row: e.row };
    case 'showdown-opened': return { type: e.type };
    case 'settled':
      return {
        type: e.type,
        payments: e.result.payments.length,
        net: e.result.order.map((seat) => ({ seat: seat as 1 | 2 | 3 | 4, net: e.result.net[String(seat)] ?? 0 })),
      };
    case 'payment-executed': return { type: e.type, index: e.index, from: e.from, to: e.to, amount: e.amount };
    case 'misdeal-called': return { type: e.type, cause: e.cause, automatic: e.automatic, detail: e.detail };
    case 'floor-correction':
      return { type: e.type, reason: e.reason, action: floorAction(e.action), words: e.action.kind === 'replace-hand' ? rowWords(e.action, after) : null };
    case 'hand-voided': return { type: e.type, reason: e.reason };
    case 'hand-closed': return { type: e.type };
  }
}

const DONE: ReadonlySet<string> = new Set(['set', 'read', 'surrendered', 'natural', 'fouled']);

/** The figures of a hand's state the floor follows step by step. */
function stepState(state: HandState): StepState {
  const playing = state.seats.filter((s) => s.playing);
  const settlement = state.settlement;
  return {
    phase: state.phase as HandPhase | 'idle',
    cardsRead: state.deal.reads,
    dealt: state.seats.map((s) => s.dealt.length),
    playing: playing.length,
    seatsDone: playing.filter((s) => DONE.has(seatStatus(state, s.seat))).length,
    paymentsMade: settlement ? settlement.executed.filter(Boolean).length : 0,
    paymentsTotal: settlement ? settlement.result.payments.length : 0,
    irregularities: state.irregularities.length,
    irregularitiesOpen: state.irregularities.filter((i) => i.resolution === null && i.blocking).length,
  };
}

function replayStepView(step: ReplayStep): ReplayStepView {
  const body = step.event.body;
  return {
    index: step.index,
    eventId: step.event.id,
    at: msOf(body.at) ?? msOf(step.event.recordedAt) ?? 0,
    by: actorView(body.by),
    event: stepEvent(body, step.state),
    after: stepState(step.state),
  };
}

/** A replayed hand; `steps` must be one hand's, in order (TableService.replayHand). */
export function replayView(steps: readonly ReplayStep[]): ReplayView {
  const first = steps[0]!.event.body;
  const started = first.type === 'hand-started' ? first : null;
  return {
    handId: steps[0]!.event.handId ?? '',
    number: started?.handNumber ?? 0,
    button: started?.button ?? 1,
    steps: steps.map(replayStepView),
  };
}
