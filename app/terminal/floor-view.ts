/**
 * TableService's recall and replay -> the floor panel's views (app/contract/floor.ts). Pure
 * reshaping: which events a hand has, their order and the state after each come from the
 * services (`recall`, `replayHand`, the fold); this keeps what the floor reads and breaks it
 * into parts the screen can word in any language.
 */
import type { FoundCorrection } from '../services/hand-search';
import type { SettleResult } from '../domain/settle';
import type { CorrectionAction, HandEvent } from '../domain/hand/events';
import type { HandState } from '../domain/hand/state';
import { seatStatus } from '../domain/hand/views';
import { paymentsToMake } from '../domain/hand/guards';
import type { HandSummary, ReplayStep } from '../services/table-service';
import type {
  ActorView, FloorAction, FoundHandView, HandSearchView, HandTimelineView, HindsightSettingView, RecallView, RecalledHand, ReplayStepView, ReplayView, StepEvent, StepState,
  TimelineAlert, TimelineComparison, TimelineCorrection, TimelineEntry, TimelineJackpot, TimelinePayment, TimelineSet,
} from '../contract/floor';
import { parseCards, type Card } from '../domain/cards';
import { hindsightOfRecord, type HindsightSetting } from '../domain/hindsight';
import type { FoundHand, FoundPayment, HandPage } from '../services/hand-search';
import type { AlertView } from '../services/service-types';
import { ROWS, type HandPhase, type HandWords, type Row, type SeatNumber } from '../contract/view';
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
/** Who did a step; `dealer`: the name of the dealer of the hand, when known. */
function actorView(by: string, dealer: string | null = null): ActorView {
  if (by.startsWith('floor:')) return { kind: 'floor', name: by.slice('floor:'.length) };
  if (by === 'device' || by === 'system') return { kind: by };
  return dealer ? { kind: 'dealer', name: dealer } : { kind: 'dealer' };
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
        payments: paymentsToMake(e.result).length,
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
    paymentsTotal: settlement ? paymentsToMake(settlement.result).length : 0,
    irregularities: state.irregularities.length,
    irregularitiesOpen: state.irregularities.filter((i) => i.resolution === null && i.blocking).length,
  };
}

function replayStepView(step: ReplayStep, dealer: string | null): ReplayStepView {
  const body = step.event.body;
  return {
    index: step.index,
    eventId: step.event.id,
    at: msOf(body.at) ?? msOf(step.event.recordedAt) ?? 0,
    by: actorView(body.by, dealer),
    event: stepEvent(body, step.state),
    after: stepState(step.state),
  };
}

/** A replayed hand; `steps` must be one hand's, in order (TableService.replayHand); `dealer` the name of the hand's dealer, when known. */
export function replayView(steps: readonly ReplayStep[], dealer: string | null = null): ReplayView {
  const first = steps[0]!.event.body;
  const started = first.type === 'hand-started' ? first : null;
  return {
    handId: steps[0]!.event.handId ?? '',
    number: started?.handNumber ?? 0,
    button: started?.button ?? 1,
    steps: steps.map((step) => replayStepView(step, dealer)),
  };
}

// ------------------------------------------------------------------ hand search and timeline

/** A found hand as the history lists it (`corrected`: the floor corrected or noted it). */
export function foundHandView(h: FoundHand): FoundHandView {
  return {
    handId: h.handId, number: h.number, startedAt: msOf(h.startedAt) ?? 0, endedAt: msOf(h.endedAt), outcome: h.outcome,
    button: h.button, dealer: h.dealer, misdealCause: h.misdealCause, voidReason: h.voidReason,
    fouls: h.fouls, naturals: h.naturals, surrenders: h.surrenders, allIns: h.allIns, corrections: h.corrections, corrected: h.corrections > 0,
    seats: h.seats.map((s) => ({
      seat: s.seat, player: s.player, stackBefore: s.stackBefore, points: s.points, net: s.net,
      fouled: s.fouled, surrendered: s.surrendered, natural: s.natural, allIn: s.allIn,
    })),
  };
}

export function handSearchView(tableId: string, page: HandPage, limit: number): HandSearchView {
  return { tableId, hands: page.hands.map(foundHandView), next: page.next, limit };
}

function cardsOf(text: string | undefined): Card[] | null {
  if (text === undefined) return null;
  const r = parseCards(text);
  return r.ok ? r.value : null;
}

/** A setting of 13 cards in parts, under the hand's own rules. */
function settingView(s: HindsightSetting, state: HandState): HindsightSettingView {
  return { front: [...s.hand.front], middle: [...s.hand.middle], back: [...s.hand.back], words: rowWords(s.hand, state), points: s.points, perOpponent: { ...s.perOpponent } };
}

/** The floor's "what could it have been" for one seat of a settled hand, or its refusal in words. */
function hindsightView(record: unknown, seat: SeatNumber, state: HandState): HandTimelineView['hindsight'][number] {
  const r = hindsightOfRecord(record, seat);
  if (!r.ok) return { seat, refused: r.error.message };
  const h = r.value;
  return {
    seat, actual: { status: h.actual.status, points: h.actual.points },
    strongest: settingView(h.strongest, state), mostPoints: settingView(h.mostPoints, state),
    legalSettings: h.legalSettings, moreThanActual: h.moreThanActual,
  };
}

/** What the timeline reads beside the hand's events. */
export interface TimelineParts {
  readonly tableId: string;
  readonly hand: FoundHand;
  readonly payments: readonly FoundPayment[];
  readonly alerts: readonly AlertView[];
  /** Every live seat gets the hindsight, not only the fouled ones. */
  readonly withHindsight: boolean;
  /** The hand's corrections after it was paid, oldest first. */
  readonly corrections: readonly FoundCorrection[];
}

/**
 * A stored hand as its timeline; `steps` must be that hand's, in order (TableService.replayHand).
 * The hindsight is worked out for each seat the settlement fouled (every live seat with
 * `withHindsight`), from the hand's settled record; a seat it cannot look at (a natural held,
 * a seat with no 13 cards) gives its refusal in words.
 */
export function timelineView(steps: readonly ReplayStep[], parts: TimelineParts): HandTimelineView {
  const final = steps[steps.length - 1]!.state;
  const started = steps[0]!.event.body.type === 'hand-started' ? steps[0]!.event.body : null;
  const settledStep = steps.find((s) => s.event.body.type === 'settled');
  const settled = settledStep?.event.body.type === 'settled' ? settledStep.event.body : null;
  const r = settled?.result ?? null;
  const entries: TimelineEntry[] = steps.map((step) => {
    const e = step.event.body;
    const read = e.type === 'card-dealt' || e.type === 'card-unreadable' ? { device: e.device ?? null, raw: e.raw, simulated: e.simulated === true } : null;
    const signed = e.type === 'floor-correction' || e.type === 'hand-voided' ? (e.signedBy ?? []).map((p) => ({ staffId: p.staffId, name: p.name })) : [];
    return { index: step.index, eventId: step.event.id, at: msOf(e.at) ?? msOf(step.event.recordedAt) ?? 0, by: actorView(e.by, parts.hand.dealer), signedBy: signed, event: stepEvent(e, step.state), read };
  });
  const settledState = settledStep?.state ?? final;
  const sets: TimelineSet[] = r ? r.order.map((seat) => {
    const h = r.hands[String(seat)];
    const rows = { front: cardsOf(h?.front), middle: cardsOf(h?.middle), back: cardsOf(h?.back) };
    const complete = rows.front && rows.middle && rows.back ? { front: rows.front, middle: rows.middle, back: rows.back } : null;
    return {
      seat: seat as SeatNumber, front: rows.front ?? [], middle: rows.middle ?? [], back: rows.back ?? [],
      words: complete ? rowWords(complete, settledState) : null,
      status: (h?.status ?? 'set') as TimelineSet['status'], foul: r.fouls[String(seat)] ?? null, natural: r.naturals[String(seat)] ?? null,
    };
  }) : [];
  const comparisons: TimelineComparison[] = r ? r.pairs.map((p) => ({
    a: p.a as SeatNumber, b: p.b as SeatNumber, outcome: p.outcome,
    rows: p.segments ? Object.fromEntries(p.segments.map((s) => [s.segment, s.winner === p.a ? 1 : s.winner === p.b ? -1 : 0])) as Record<Row, -1 | 0 | 1> : null,
    points: p.points, scoop: p.scoop as SeatNumber | null, homerun: p.homerun as SeatNumber | null, summary: p.summary,
  })) : [];
  // The service ticks every payment as the dealer on duty ('dealer'); the event's `by` is free
  // text to the fold, so a floor person or another actor is named as recorded.
  const tickedBy = new Map(steps.filter((s) => s.event.body.type === 'payment-executed').map((s) => [s.event.id, s.event.body.by]));
  const payments: TimelinePayment[] = parts.payments.map((p) => {
    const by = p.executedEventId !== null ? tickedBy.get(p.executedEventId) : undefined;
    return {
      index: p.index, from: p.from, to: p.to, amount: p.amount, executedAt: msOf(p.executedAt),
      by: by === undefined ? null : by === 'dealer' ? (parts.hand.dealer ?? 'dealer') : by.startsWith('floor:') ? by.slice('floor:'.length) : by,
    };
  });
  const alerts: TimelineAlert[] = parts.alerts.map((a) => ({
    id: a.id, kind: a.kind, code: a.code, message: a.message, raisedAt: msOf(a.raisedAt) ?? 0,
    acknowledged: a.acknowledged ? { by: a.acknowledged.by, at: msOf(a.acknowledged.at) ?? 0, note: a.acknowledged.note } : null,
  }));
  const looked = r ? (parts.withHindsight ? r.order : r.fouled) : [];
  return {
    tableId: parts.tableId,
    hand: foundHandView(parts.hand),
    profile: started ? { name: started.profile.name, version: started.profile.version } : parts.hand.profile,
    pointValue: parts.hand.pointValue,
    entries, sets, comparisons,
    points: r ? { ...r.points } : null,
    payments, alerts,
    hindsight: settled ? looked.map((seat) => hindsightView(settled.record, seat as SeatNumber, settledState)) : [],
    corrections: parts.corrections.map(correctionEntry),
    jackpot: jackpotView(parts.corrections.length > 0 ? parts.corrections[parts.corrections.length - 1].body.result : r),
  };
}

function correctionEntry(c: FoundCorrection): TimelineCorrection {
  const e = c.body;
  return {
    at: msOf(e.at) ?? msOf(c.recordedAt) ?? 0, by: e.by.startsWith('floor:') ? e.by.slice('floor:'.length) : e.by,
    signedBy: e.signedBy.map((p) => ({ staffId: p.staffId, name: p.name })), reason: e.reason, kind: e.correction.kind,
    seats: e.correction.kind === 'void' ? [] : e.correction.seats.map((x) => ({ seat: x.seat as SeatNumber, kind: x.kind })),
    points: e.result ? { ...e.result.points } : null,
    transfers: e.transfers.map((t) => ({ from: t.from as SeatNumber, to: t.to as SeatNumber, amount: t.amount })),
  };
}

/** The jackpot part of the result in force (the last correction's, else the settlement's); a void has none. */
function jackpotView(r: SettleResult | null): TimelineJackpot | null {
  const j = r?.jackpot;
  if (!j) return null;
  return {
    qualifying: j.qualifying.map((q) => ({ seat: q.seat as SeatNumber, hand: q.hand })),
    standing: j.standing.map((s) => s as SeatNumber),
    disqualified: j.disqualified.map((d) => (d.reason === 'floor'
      ? { seat: d.seat as SeatNumber, reason: 'floor' as const, note: d.note }
      : { seat: d.seat as SeatNumber, reason: 'lower-hand' as const, below: d.below as SeatNumber })),
  };
}
