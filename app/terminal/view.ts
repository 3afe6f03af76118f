/**
 * TableService's snapshot -> the screen's TerminalView (app/contract/view.ts). Pure mapping:
 * every decision (phases, blockers, fouls, verification, scores, payments, stacks, the next
 * action, what each seat and the floor may do, which cards may be shown) comes from the
 * services and the domain (app/domain/hand: views.ts, guards.ts, offers.ts); this only
 * reshapes it for display, and breaks each hand value into category and ranks so the screen
 * can word it in any language. No rule is restated here.
 */
import { correctionView } from './correction-view';
import { tableNextAction } from '../domain/table/correction';
import { parseCards, type Card } from '../domain/cards';
import { dealerMisdealCauses } from '../domain/hand/dealer-calls';
import { paymentsToMake } from '../domain/hand/guards';
import { DEAL_IDLE } from '../services/alert-words';
import {
  categoryOf, describeLowball, describeValue, evaluate, lowball27, lowballToValue, ranksOf, type HandValue,
} from '../domain/evaluate';
import {
  OPEN_PHASES, blockerList, blockerWords, canEnterHand, canRule, cardsVisible, heldCards, ofcPlacements, paymentsMade, playingSeats, scannerExpects, seatOffers, seatStatus,
  seatStatusText, stacksNow, type HandState, type Offer, type SeatNo, type SeatState,
} from '../domain/hand';
import { NATURAL_NAMES } from '../domain/naturals';
import { ALERT_CLEARED_BY, type AlertKind } from '../domain/table';
import type { Profile } from '../domain/profiles';
import { checkSetting } from '../domain/setting';
import type { SettleResult } from '../domain/settle';
import type { PairScore } from '../domain/scoring';
import type { CentralLinkState } from '../casino/forwarder';
import type { DeviceStatus, TableSnapshot } from '../services/table-service';
import {
  COMPASS, ROWS, ROW_SIZES, SEAT_NUMBERS, type AlertView, type CentralLinkView, type ComparisonView, type DeviceView, type HandPhase, type HandSeatView, type HandView,
  type HandWords, type IrregularityView, type OfcHandView, type OfcResultView, type NaturalView, type OfferView, type PaymentView, type Reason, type ResultView, type Row, type SeatNumber,
  type SeatOffersView, type SeatView, type SetRows, type SetView, type TerminalView,
} from '../contract/view';

/** What the terminal knows beside the service: how money is shown, which devices it has. */
export interface ViewContext {
  readonly currency: string;
  /** The shoe's and scanner's ids as attached (to pick their status out of the snapshot). */
  readonly shoe: DeviceIdentity | null;
  readonly scanner: DeviceIdentity | null;
}

export interface DeviceIdentity {
  readonly id: string;
  readonly label: string;
  readonly simulated: boolean;
  /** False when the device's wire format has no integrity check (the lines format). */
  readonly checked: boolean;
}

// ---------------------------------------------------------------- hand words

function wordsOfValue(value: HandValue): HandWords {
  return { category: categoryOf(value), ranks: ranksOf(value, 2), english: describeValue(value) };
}

/** Words for one row's cards, or null when the row cannot be valued (wrong count). */
export function wordsOfRow(cards: readonly Card[], row: Row, lowballMiddle: boolean): HandWords | null {
  if (cards.length !== ROW_SIZES[row]) return null;
  if (row === 'middle' && lowballMiddle) {
    const strength = lowball27(cards);
    const value = lowballToValue(strength);
    return { category: categoryOf(value), ranks: ranksOf(value, 5), lowball: true, english: describeLowball(strength) };
  }
  return wordsOfValue(evaluate(cards));
}

function wordsOfRows(rows: SetRows, lowballMiddle: boolean): Readonly<Record<Row, HandWords>> | null {
  const out: Partial<Record<Row, HandWords>> = {};
  for (const r of ROWS) {
    const w = wordsOfRow(rows[r], r, lowballMiddle);
    if (!w) return null;
    out[r] = w;
  }
  return out as Record<Row, HandWords>;
}

// ---------------------------------------------------------------- devices

/** The screen's device status from the service's last report. */
function deviceView(role: 'shoe' | 'scanner', identity: DeviceIdentity | null, status: DeviceStatus | undefined): DeviceView {
  if (!identity) return { role, kind: 'none', status: 'off', label: '', detail: null, unchecked: false };
  const view = viewOfStatus(role, identity, status);
  return { ...view, unchecked: !identity.checked };
}

function viewOfStatus(role: 'shoe' | 'scanner', identity: DeviceIdentity, status: DeviceStatus | undefined): Omit<DeviceView, 'unchecked'> {
  const kind = identity.simulated ? 'simulated' : 'serial';
  const label = status?.label ?? identity.label;
  if (!status) return { role, kind, status: 'connecting', label, detail: null };
  const detail: Reason | null = status.detail ? { code: status.status, message: status.detail } : null;
  switch (status.status) {
    case 'connected': case 'ready': case 'heartbeat-restored': case 'shoe-empty': case 'device-status':
      return { role, kind, status: 'connected', label, detail: status.status === 'device-status' ? detail : null };
    case 'connecting': case 'reconnecting':
      return { role, kind, status: 'connecting', label, detail };
    case 'disconnected': case 'open-failed':
      return { role, kind, status: status.fault ? 'disconnected' : 'off', label, detail };
    case 'stopped': case 'detached':
      return { role, kind, status: 'off', label, detail };
    default:
      return { role, kind, status: status.fault ? 'fault' : 'connected', label, detail: detail ?? { code: status.status, message: status.status } };
  }
}

// ---------------------------------------------------------------- the hand

function rowsOf(x: { front: readonly Card[]; middle: readonly Card[]; back: readonly Card[] }): SetRows {
  return { front: [...x.front], middle: [...x.middle], back: [...x.back] };
}

function textRows(x: { readonly front: string; readonly middle: string; readonly back: string }): SetRows | null {
  const f = parseCards(x.front);
  const m = parseCards(x.middle);
  const b = parseCards(x.back);
  return f.ok && m.ok && b.ok ? { front: f.value, middle: m.value, back: b.value } : null;
}

function naturalView(profile: Profile, seat: SeatState): NaturalView | null {
  const claim = seat.natural;
  if (!claim) return null;
  const verified = claim.status === 'verified';
  const arrangement = claim.proof?.arrangement;
  return {
    name: claim.name,
    verified,
    points: verified ? (profile.naturals[claim.name]?.points ?? null) : null,
    proof: verified && arrangement ? rowsOf(arrangement) : null,
    explanation: claim.proof?.explanation ?? null,
    reason: claim.status === 'rejected'
      ? { code: 'natural-not-held', message: claim.reason ?? 'the declared natural is not in the dealt cards' }
      : null,
  };
}

function setView(state: HandState, profile: Profile, seat: SeatState): SetView | null {
  const hand = seat.hand;
  if (!hand) return null;
  const rows = rowsOf(hand);
  const verdict = checkSetting(hand, { lowballMiddle: profile.lowballMiddle });
  let foul: Reason | null = null;
  if (!verdict.ok) foul = { code: verdict.error.code, message: verdict.error.message };
  else if (verdict.value.fouled) foul = { code: verdict.value.code, message: verdict.value.reason };
  else if (seatStatus(state, seat.seat) === 'fouled') foul = { code: 'fouled', message: seatStatusText(state, seat.seat) };
  const settledFoul = state.settlement?.result.fouls[String(seat.seat)];
  if (!foul && settledFoul) foul = { code: 'fouled', message: settledFoul };
  return { rows, source: hand.source === 'scanner' ? 'scanner' : 'touch', foul, words: wordsOfRows(rows, profile.lowballMiddle) };
}

function offerView(o: Offer, currency: string): OfferView {
  const r = o.refusal;
  return { offered: o.offered, refusal: r ? { code: r.code, message: r.message, ...(r.figures ? { figures: { ...r.figures, currency } } : {}) } : null };
}

/** Each action for the seat as the domain offers it (the fold's own answer, app/domain/hand/offers.ts). */
function seatOffersView(state: HandState, seat: SeatNo, currency: string): SeatOffersView {
  const o = seatOffers(state, seat);
  return {
    seatReady: offerView(o.seatReady, currency),
    declareSurrender: offerView(o.declareSurrender, currency),
    declareNatural: offerView(o.declareNatural, currency),
    reportExposure: offerView(o.reportExposure, currency),
    reportWrongSeat: [...o.reportWrongSeat],
    enterHand: o.enterHand,
    floorReplace: o.floorReplace,
    floorFoul: o.floorFoul,
  };
}

function handSeatView(state: HandState, profile: Profile, seat: SeatState, scanning: { seat: SeatNo; held: Readonly<Partial<Record<Row, readonly Card[]>>> } | null, currency: string): HandSeatView {
  const scanned: { front: Card[]; middle: Card[]; back: Card[] } = { front: [], middle: [], back: [] };
  for (const r of ROWS) scanned[r] = [...(seat.scanned[r] ?? [])];
  if (scanning && scanning.seat === seat.seat) for (const r of ROWS) if (scanning.held[r]) scanned[r] = [...scanning.held[r]];
  const cards = cardsVisible(state, seat.seat) ? (heldCards(state, seat.seat) ?? null) : null;
  const offers = seatOffersView(state, seat.seat, currency);
  return {
    seat: seat.seat,
    live: seat.playing,
    dealt: seat.dealt.length,
    ready: seat.ready,
    surrendered: seat.surrender !== null,
    natural: naturalView(profile, seat),
    set: setView(state, profile, seat),
    scanned,
    cards,
    exposed: seat.exposed.length,
    canReplace: offers.floorReplace,
    offers,
    floorFoul: seat.fouledByFloor ? { reason: seat.fouledByFloor.reason, irregularity: seat.fouledByFloor.irregularity } : null,
  };
}

/** The name of who did it: `floor:Jana` -> `Jana`; a role as it is. */
function actorName(by: string): string {
  return by.startsWith('floor:') ? by.slice('floor:'.length) : by;
}

function irregularityViews(state: HandState): IrregularityView[] {
  return state.irregularities.map((i) => ({
    id: i.id,
    seat: i.seat,
    kind: i.kind,
    cards: [...i.cards],
    dealtTo: i.cards.map((c) => (state.deal.owner[c] ? (state.deal.owner[c] as SeatNumber) : null)),
    ...(i.kind === 'wrong-seat-after-set' ? { otherSeat: (i.otherSeat as SeatNumber | undefined) ?? null } : {}),
    detail: i.detail,
    blocking: i.blocking,
    at: Date.parse(i.at),
    resolution: i.resolution ? { ruling: i.resolution.ruling, by: actorName(i.resolution.by), reason: i.resolution.reason } : null,
    rulings: (['accept', 'foul-seat'] as const).filter((r) => canRule(state, i.id, r)),
  }));
}

function outcomeKind(p: PairScore): ComparisonView['kind'] {
  switch (p.outcome) {
    case 'showdown': return 'compared';
    case 'naturals-push': return 'natural';
    default: return p.outcome;
  }
}

function notesOf(p: PairScore): Reason[] {
  const out: Reason[] = [];
  if (p.homerun !== null) out.push({ code: 'homerun', message: `seat ${p.homerun} homerun` });
  else if (p.scoop !== null) out.push({ code: 'scoop', message: `seat ${p.scoop} scoops` });
  if (p.majority !== null) out.push({ code: 'majority', message: `seat ${p.majority} majority bonus` });
  if (p.parts.bonuses !== 0) out.push({ code: 'bonuses', message: `bonus hands ${p.parts.bonuses > 0 ? '+' : ''}${p.parts.bonuses}` });
  return out;
}

function comparisonView(result: SettleResult, seatRows: ReadonlyMap<number, Readonly<Record<Row, HandWords>> | null>, p: PairScore): ComparisonView {
  const rows = p.outcome === 'showdown' && p.segments
    ? Object.fromEntries(p.segments.map((s) => [s.segment, s.winner === p.a ? 1 : s.winner === p.b ? -1 : 0])) as Record<Row, -1 | 0 | 1>
    : null;
  const showWords = p.outcome === 'showdown';
  void result;
  return {
    a: p.a as SeatNumber,
    b: p.b as SeatNumber,
    kind: outcomeKind(p),
    rows,
    aWords: showWords ? (seatRows.get(p.a) ?? null) : null,
    bWords: showWords ? (seatRows.get(p.b) ?? null) : null,
    points: p.points,
    notes: notesOf(p),
  };
}

function resultView(state: HandState, profile: Profile): ResultView | null {
  const st = state.settlement;
  if (!st) return null;
  const r = st.result;
  const seatRows = new Map<number, Readonly<Record<Row, HandWords>> | null>();
  for (const seat of r.order) {
    const h = r.hands[String(seat)];
    const rows = h && h.front !== undefined && h.middle !== undefined && h.back !== undefined
      ? textRows({ front: h.front, middle: h.middle, back: h.back }) : null;
    seatRows.set(seat, rows ? wordsOfRows(rows, profile.lowballMiddle) : null);
  }
  const payments: PaymentView[] = paymentsToMake(r).map((p, index) => ({
    index, payer: p.from as SeatNumber, payee: p.to as SeatNumber, amount: p.amount, done: st.executed[index] === true,
  }));
  return {
    comparisons: r.pairs.map((p) => comparisonView(r, seatRows, p)),
    seats: r.order.map((seat) => {
      const points = r.points[String(seat)] ?? 0;
      const net = r.net[String(seat)] ?? 0;
      // Table stakes (RULES.md s9): what the points are worth and what the seat actually wins or loses.
      return { seat: seat as SeatNumber, points, net, gross: points * r.pointValue, capped: net !== points * r.pointValue, allIn: r.allIn.includes(seat) };
    }),
    payments,
    paymentList: r.nettedPayments !== undefined ? 'netted' : 'pairwise',
    ...(r.royalties !== undefined || r.fantasyland !== undefined ? { ofc: ofcResultView(r) } : {}),
  };
}

/** OFC results: settle's royalties of each valid hand, in announcement order, and the next hand's Fantasyland seats. */
function ofcResultView(r: SettleResult): OfcResultView {
  const royalties = r.royalties ?? {};
  return {
    royalties: r.order.filter((seat) => royalties[String(seat)] !== undefined).map((seat) => ({ seat: seat as SeatNumber, ...royalties[String(seat)] })),
    fantasylandNext: (r.fantasyland ?? []).map((seat) => seat as SeatNumber),
  };
}

/** OFC: each playing seat's rows, the cards it places now and the rows that take them (the
 *  domain's `ofcPlacements`), and a Fantasyland seat's 13 once it may show them (`canEnterHand`). */
function ofcHandView(state: HandState): OfcHandView | null {
  if (state.info?.game !== 'ofc') return null;
  const placements = ofcPlacements(state);
  return {
    next: placements.next,
    seats: playingSeats(state).map((s) => ({
      seat: s.seat,
      fantasyland: state.info!.fantasyland.includes(s.seat),
      rows: rowsOf(s.hand ?? s.placed),
      toPlace: (placements.seats.find((p) => p.seat === s.seat)?.cards ?? []).map((c) => ({ card: c.card, rows: [...c.rows] })),
      fantasylandCards: state.info!.fantasyland.includes(s.seat) && canEnterHand(state, s.seat) ? [...(heldCards(state, s.seat) ?? [])] : null,
    })),
  };
}

function handView(snapshot: TableSnapshot, profile: Profile, hasScanner: boolean, currency: string): HandView | null {
  const hand = snapshot.hand;
  const state = hand?.state;
  if (!hand || !state || !state.info || state.phase === 'idle') return null;
  const scanTarget = snapshot.scanTarget;
  const scanning = scanTarget && Object.keys(scanTarget.held).length > 0 ? { seat: scanTarget.seat, held: scanTarget.held } : null;
  const abort = state.abort;
  return {
    id: hand.handId,
    number: hand.number,
    phase: state.phase as HandPhase,
    open: hand.open && OPEN_PHASES.includes(state.phase),
    button: state.info.button,
    cardsRead: state.deal.reads,
    seats: state.seats.map((s) => handSeatView(state, profile, s, scanning, currency)),
    // Only a table with a scanner is told what to scan; without one every hand is tapped in.
    // The row the scanner fills next: a seat's rows are held until all are in (scan-order.ts).
    expectedScan: hand.open && hasScanner ? (scanTarget ? { seat: scanTarget.seat, row: scanTarget.row } : scannerExpects(state)) : null,
    blockers: hand.open ? blockerList(state).map((b) => ({ ...b, message: blockerWords(b) })) : [],
    misdealCauses: hand.open ? dealerMisdealCauses(state) : [],
    scanQuestion: hand.open && hasScanner ? (scanTarget?.question ?? null) : null,
    dealIdle: hand.open && dealerMisdealCauses(state).includes('short-deal') && snapshot.alerts.some((a) => a.code === DEAL_IDLE && a.handId === hand.handId),
    misdeal: abort?.kind === 'misdeal' ? { code: abort.cause, message: abort.detail } : null,
    voided: abort?.kind === 'void' ? { by: actorName(abort.by), second: abort.second ?? null, reason: abort.reason, returned: (abort.returned ?? []).map((p) => ({ ...p })) } : null,
    voidNeedsSecondFloor: hand.open && paymentsMade(state) > 0,
    irregularities: irregularityViews(state),
    result: resultView(state, profile),
    ofc: ofcHandView(state),
  };
}

// ---------------------------------------------------------------- the table

function seatViews(snapshot: TableSnapshot): SeatView[] {
  const state = snapshot.hand?.open ? snapshot.hand.state : null;
  const now = state ? stacksNow(state) : {};
  return SEAT_NUMBERS.map((seat) => {
    const s = snapshot.seats[seat - 1];
    const inHand = now[seat];
    return {
      seat,
      compass: COMPASS[seat],
      player: s.player ? { id: s.player.id, name: s.player.name ?? s.player.id } : null,
      stack: inHand ?? s.stack,
    };
  });
}

/**
 * The alerts with the parts the screen words them from: the hand's number (when it is the hand
 * shown) and, for a hand irregularity, which of its irregularities it raised (same kind, its
 * sentence in the alert's): the screen words it in its language with the seat and cards.
 */
function alertViews(snapshot: TableSnapshot): AlertView[] {
  const hand = snapshot.hand;
  const state = hand?.state;
  return snapshot.alerts.map((a) => {
    const here = hand !== null && hand !== undefined && a.handId === hand.handId;
    const irr = here && a.kind === 'irregularity'
      ? state?.irregularities.find((i) => i.kind === a.code && a.message.includes(i.detail)) ?? null
      : null;
    return {
      id: a.id, kind: a.kind, clearedBy: ALERT_CLEARED_BY[a.kind as AlertKind] ?? 'floor', code: a.code, message: a.message, raisedAt: Date.parse(a.raisedAt),
      handNumber: here ? hand!.number : null,
      irregularity: irr ? irr.id : null,
    };
  });
}

/** The profile's naturals, highest-ranked first (catalogue order among equals). */
function naturalNames(profile: Profile): string[] {
  return NATURAL_NAMES.filter((n) => profile.naturals[n] !== undefined)
    .sort((x, y) => profile.naturals[x]!.rank - profile.naturals[y]!.rank || NATURAL_NAMES.indexOf(x) - NATURAL_NAMES.indexOf(y));
}

/** The central link's state as the screen shows it (the forwarder's own, app/casino/forwarder.ts). */
export function centralLinkView(link: CentralLinkState): CentralLinkView {
  const down = link.state === 'down' ? link : null;
  return {
    state: link.state, behind: link.behind, downSince: down?.since ?? null, retryAt: down?.retryAt ?? null, reason: down?.reason ?? null,
    // Only while a backlog is sent: the usual view is as it always was.
    ...(link.state === 'behind' && link.catchUp ? { catchUp: link.catchUp } : {}),
  };
}

/**
 * The whole screen's state from one table snapshot (and the last refused device read, and the
 * central link's state when the terminal forwards its log).
 */
export function toTerminalView(snapshot: TableSnapshot, context: ViewContext, deviceNotice: Reason | null = null, central: CentralLinkState | null = null): TerminalView {
  const profile = snapshot.profile;
  const status = (identity: DeviceIdentity | null) => (identity ? snapshot.devices.find((d) => d.device === identity.id) : undefined);
  return {
    table: {
      id: snapshot.tableId,
      name: snapshot.name,
      pointValue: snapshot.pointValue,
      currency: context.currency,
      profile: { name: profile.name, version: profile.version },
      surrenderPoints: profile.surrenderPenalty,
      naturals: naturalNames(profile),
      buyIn: snapshot.buyIn,
      language: snapshot.language,
    },
    shoe: deviceView('shoe', context.shoe, status(context.shoe)),
    scanner: deviceView('scanner', context.scanner, status(context.scanner)),
    dealer: snapshot.dealer,
    dealerStaffId: snapshot.dealerStaffId,
    button: snapshot.button,
    nextAction: tableNextAction(snapshot.hand?.state ?? null, snapshot.lastPlayed),
    seats: seatViews(snapshot),
    hand: handView(snapshot, profile, context.scanner !== null, context.currency),
    alerts: alertViews(snapshot),
    deviceNotice,
    central: central ? centralLinkView(central) : null,
    correction: correctionView(snapshot),
  };
}
