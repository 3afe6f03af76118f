/**
 * The table service: THE one place the terminal, the `table` command and (later) the local
 * web server and Electron call to run a live table. Commands in the dealer's terms, each
 * returning a `Result` with the refusal in words; a subscription for pushed updates; devices
 * (the shoe, the showdown scanner) attached so their reads flow into the hand.
 *
 * Write-ahead: every command builds its event, checks it with the hand fold (`apply`), then
 * appends it (and the events `followUps` asks for, and the query-table rows they change) in
 * ONE transaction; only after the commit returns does the in-memory state change and do
 * subscribers hear of it. A crash at any point loses nothing that was acknowledged: on start
 * the open hand of every table is rebuilt from its events and continues where it stopped.
 *
 * All methods are synchronous (better-sqlite3 is); one service owns a database file.
 * The API is documented in docs/store.md.
 */
import { formatCard, isCard, parseCard, parseCards, type Card } from '../domain/cards';
import {
  apply, buildSettled, carryOver, followUps, initialState, isOver, replay, scannedCardRefusal, scannerExpects,
  type Actor, type CorrectionAction, type HandEvent, type HandStarted, type HandState, type MisdealCause, type Row,
  type SeatNo, type TwoHandedRound,
} from '../domain/hand';
import { checkAmount, MAX_POINT_VALUE } from '../domain/money';
import { isNaturalName, type NaturalName } from '../domain/naturals';
import { resolveProfile, type Profile } from '../domain/profiles';
import { fail, ok, type DomainError, type Result } from '../domain/result';
import { SEGMENT_SIZES } from '../domain/setting';
import type { CardSource, SourceEvent, StatusEvent } from '../../hardware/card-source';
import { Listeners } from '../listeners';
import { isoTime } from './iso-time';
import { buyInMinimums, checkBuyIn } from './ledger';
import { Projector, type AlertDraft } from './projections';
import { readAlerts, readAlert, readLedger, recallHands, type AlertFilter } from './queries';
import type {
  AlertView, DeviceStatus, HandSnapshot, HandSummary, LedgerEntry, ReplayStep, ScanTarget, SeatSnapshot, TableListener,
  TableSnapshot, TableUpdate,
} from './service-types';
import type { StoredEvent, Store, WriteTx } from './store';
import type { TableEvent } from './table-events';

export type * from './service-types';

/** A card given by a caller: its code (0..51) or its text (`As`, `10d`, `A♠`). */
export type CardInput = Card | string;

export interface TableServiceOptions {
  /** The clock for events' `at` (ms since epoch); default the store's clock. */
  readonly clock?: () => number;
  /** Called with an error a subscriber threw (the others still hear the update). */
  readonly onListenerError?: (error: unknown) => void;
}

interface LiveSeat {
  playerId: string;
  name: string | null;
  stack: number;
  shortAllowed: boolean;
}

interface LiveHand {
  readonly id: string;
  readonly number: number;
  state: HandState;
}

interface AttachedDevice {
  readonly source: CardSource;
  status: DeviceStatus;
  readonly unsubscribe: () => void;
  /** The last read of this device the log holds (framed shoes: they have a SEQ). */
  lastRead: LastRead | null;
}

interface LiveTable {
  readonly id: string;
  readonly name: string;
  readonly profile: Profile;
  readonly profileSnapshot: Readonly<Record<string, unknown>>;
  readonly pointValue: number;
  readonly mode: 'shoe' | 'scanner-only';
  readonly seqModulo: number | null;
  button: SeatNo;
  handsStarted: number;
  seats: (LiveSeat | null)[];
  dealer: string | null;
  /** The open hand. */
  hand: LiveHand | null;
  /** The last hand that ended (shown until the next starts). */
  lastHand: LiveHand | null;
  readonly devices: Map<string, AttachedDevice>;
  /** Showdown scanner: cards of the row being read. */
  scanBuffer: Card[];
}

/** One event ready to append, with the state it leads to (hand events). */
interface HandStep {
  readonly event: HandEvent;
  readonly state: HandState;
}

const SEATS: readonly SeatNo[] = [1, 2, 3, 4];
const FAULT_STATUSES = new Set(['disconnected', 'open-failed', 'jam', 'lid-open', 'heartbeat-lost']);
const TABLE_ID = /^[A-Za-z0-9][A-Za-z0-9_.]{0,31}$/;
/** A hand never needs more follow-ups than this; more means a fold bug, not a long hand. */
const MAX_FOLLOW_UPS = 64;

function isSeat(x: unknown): x is SeatNo {
  return x === 1 || x === 2 || x === 3 || x === 4;
}

function toHex(raw: Uint8Array | string | undefined): string {
  if (raw === undefined) return '';
  if (typeof raw === 'string') return raw.toLowerCase();
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('hex');
}

function cardOf(input: CardInput, what: string): Result<Card> {
  if (typeof input === 'number') return isCard(input) ? ok(input) : fail('bad-card', `${what}: ${input} is not a card code (0..51)`);
  if (typeof input === 'string') return parseCard(input);
  return fail('bad-card', `${what}: ${JSON.stringify(input)} is not a card`);
}

function cardsOf(input: readonly CardInput[] | string | undefined, what: string): Result<Card[] | undefined> {
  if (input === undefined) return ok(undefined);
  if (typeof input === 'string') return parseCards(input);
  if (!Array.isArray(input)) return fail('bad-card', `${what}: a list of cards is expected`);
  const out: Card[] = [];
  for (const [i, c] of input.entries()) {
    const r = cardOf(c, `${what} card ${i + 1}`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** Which device a read came from, and whether it is the simulator (marked in the log). */
export interface ReadOrigin {
  readonly device?: string;
  readonly simulated?: boolean;
}

function originOf(o: ReadOrigin): { device?: string; simulated?: true } {
  return { ...(o.device !== undefined ? { device: o.device } : {}), ...(o.simulated ? { simulated: true as const } : {}) };
}

/** A device's last read that was recorded: a resend of it is recognised (same SEQ, same bytes). */
interface LastRead {
  readonly seq: number;
  readonly raw: string;
}

function storeFailed(e: unknown): { ok: false; error: DomainError } {
  const why = e instanceof Error ? e.message : String(e);
  return fail('store-failed', `the terminal could not record this (nothing was changed): ${why}`);
}

export class TableService {
  private readonly tables = new Map<string, LiveTable>();
  private readonly listeners: Listeners<TableUpdate>;
  private readonly projector: Projector;
  /** The raised alerts of each table, as last read (every snapshot carries them); dropped
   *  whenever a commit raises or acknowledges an alert. */
  private readonly raisedAlerts = new Map<string, readonly AlertView[]>();
  private readonly clock: () => number;

  /**
   * Loads every table from the store and rebuilds each open hand from its events (crash
   * recovery). Throws when an open hand's events no longer fold (a damaged log: run
   * `table verify-log` and `table replay`).
   */
  constructor(
    readonly store: Store,
    options: TableServiceOptions = {},
  ) {
    this.projector = new Projector(store.db);
    this.clock = options.clock ?? store.clock;
    this.listeners = new Listeners<TableUpdate>(options.onListenerError ?? ((e) => queueMicrotask(() => { throw e; })));
    this.load();
  }

  // ------------------------------------------------------------------ subscription

  /** Hears every change after it is committed. Returns the function that unsubscribes. */
  subscribe(listener: TableListener): () => void {
    return this.listeners.add(listener);
  }

  // ------------------------------------------------------------------ tables and people

  /**
   * Sets up a table on this terminal. `profile`: a preset name or a whole profile object
   * (default `mandarin-house`); `pointValue` in minor units; `mode` `shoe` (default) or
   * `scanner-only`; `seqModulo` where the shoe's sequence numbers wrap (default 100, the framed
   * format; null: never); `button` where the first hand's button sits (default 1).
   */
  openTable(cmd: {
    tableId: string; name?: string; profile?: string | object; pointValue: number; mode?: 'shoe' | 'scanner-only';
    seqModulo?: number | null; button?: SeatNo; by?: Actor;
  }): Result<TableSnapshot> {
    if (typeof cmd.tableId !== 'string' || !TABLE_ID.test(cmd.tableId)) {
      return fail('bad-table-id', `a table id is 1-32 letters, digits, "_" or "." (no spaces or "-"), not ${JSON.stringify(cmd.tableId)}`);
    }
    if (this.tables.has(cmd.tableId)) return fail('table-exists', `table ${cmd.tableId} is already open on this terminal`);
    const pointValue = checkAmount(cmd.pointValue, 'the point value', 'bad-point-value', 1, MAX_POINT_VALUE);
    if (!pointValue.ok) return pointValue;
    const profile = resolveProfile(cmd.profile);
    if (!profile.ok) return profile;
    const mode = cmd.mode ?? 'shoe';
    if (mode !== 'shoe' && mode !== 'scanner-only') return fail('bad-mode', `mode is "shoe" or "scanner-only", not ${JSON.stringify(mode)}`);
    const seqModulo = cmd.seqModulo === undefined ? 100 : cmd.seqModulo;
    if (seqModulo !== null && !(Number.isSafeInteger(seqModulo) && seqModulo >= 2)) {
      return fail('bad-seq-modulo', `seqModulo is a whole number from 2 or null, not ${JSON.stringify(seqModulo)}`);
    }
    const button = cmd.button ?? 1;
    if (!isSeat(button)) return fail('bad-seat', `the button sits at seat 1-4, not ${JSON.stringify(button)}`);
    const snapshot = JSON.parse(JSON.stringify(profile.value)) as Record<string, unknown>;
    const event: TableEvent = {
      type: 'table-opened', at: this.now(), by: cmd.by ?? 'dealer', tableId: cmd.tableId, name: cmd.name?.trim() || cmd.tableId,
      profile: { name: profile.value.name, version: profile.value.version, snapshot }, pointValue: cmd.pointValue, mode, seqModulo, button,
    };
    const committed = this.commitTable(cmd.tableId, [{ event }]);
    if (!committed.ok) return committed;
    const t: LiveTable = {
      id: cmd.tableId, name: event.name, profile: profile.value, profileSnapshot: snapshot, pointValue: cmd.pointValue, mode, seqModulo, button,
      handsStarted: 0, seats: [null, null, null, null], dealer: null, hand: null, lastHand: null, devices: new Map(), scanBuffer: [],
    };
    this.tables.set(t.id, t);
    return this.changed(t, committed.value);
  }

  /** A dealer takes the box, relieving the one before. Between hands only. */
  dealerOn(cmd: { tableId: string; dealer: string }): Result<TableSnapshot> {
    const t = this.betweenHands(cmd.tableId, 'A dealer change');
    if (!t.ok) return t;
    const dealer = typeof cmd.dealer === 'string' ? cmd.dealer.trim() : '';
    if (!dealer) return fail('name-needed', 'the dealer taking the box must be named');
    if (t.value.dealer === dealer) return fail('already-dealing', `${dealer} is already dealing at table ${t.value.id}`);
    const at = this.now();
    const events: { event: TableEvent }[] = [];
    if (t.value.dealer) events.push({ event: { type: 'dealer-off', at, by: 'dealer', dealer: t.value.dealer } });
    events.push({ event: { type: 'dealer-on', at, by: 'dealer', dealer } });
    const committed = this.commitTable(t.value.id, events);
    if (!committed.ok) return committed;
    t.value.dealer = dealer;
    return this.changed(t.value, committed.value);
  }

  /** The dealer leaves the box. Between hands only. */
  dealerOff(cmd: { tableId: string }): Result<TableSnapshot> {
    const t = this.betweenHands(cmd.tableId, 'A dealer change');
    if (!t.ok) return t;
    if (!t.value.dealer) return fail('no-dealer', `no dealer is signed on at table ${t.value.id}`);
    const committed = this.commitTable(t.value.id, [{ event: { type: 'dealer-off', at: this.now(), by: 'dealer', dealer: t.value.dealer } }]);
    if (!committed.ok) return committed;
    t.value.dealer = null;
    return this.changed(t.value, committed.value);
  }

  /** A player sits down at an empty seat with his first buy-in (a full one). Between hands only. */
  seatPlayer(cmd: { tableId: string; seat: SeatNo; playerId: string; name?: string; buyIn: number }): Result<TableSnapshot> {
    const t = this.betweenHands(cmd.tableId, 'A player can sit down');
    if (!t.ok) return t;
    const table = t.value;
    if (!isSeat(cmd.seat)) return fail('bad-seat', `${JSON.stringify(cmd.seat)} is not a seat (1-4)`);
    if (table.seats[cmd.seat - 1]) return fail('seat-taken', `seat ${cmd.seat} is taken by ${table.seats[cmd.seat - 1]!.playerId}`);
    const playerId = typeof cmd.playerId === 'string' ? cmd.playerId.trim() : '';
    if (!playerId) return fail('player-needed', 'the player sitting down needs an id');
    const other = table.seats.findIndex((s) => s?.playerId === playerId);
    if (other >= 0) return fail('already-seated', `${playerId} already sits at seat ${other + 1}`);
    const check = checkBuyIn(cmd.buyIn, table.pointValue, 0, false);
    if (!check.ok) return check;
    const at = this.now();
    const name = cmd.name?.trim() || undefined;
    const committed = this.commitTable(table.id, [
      { event: { type: 'player-seated', at, by: 'dealer', seat: cmd.seat, playerId, ...(name ? { name } : {}) } },
      { event: { type: 'buy-in', at, by: 'dealer', seat: cmd.seat, playerId, amount: cmd.buyIn, short: false }, extra: { stackAfter: cmd.buyIn, shortAllowedAfter: true } },
    ]);
    if (!committed.ok) return committed;
    table.seats[cmd.seat - 1] = { playerId, name: name ?? null, stack: cmd.buyIn, shortAllowed: true };
    return this.changed(table, committed.value);
  }

  /**
   * A seated player buys more chips: at least 20 points (full), or one short buy-in of 10-19
   * points after each full one. Refused while a hand is in play (no chips added during a hand).
   */
  buyIn(cmd: { tableId: string; seat: SeatNo; amount: number }): Result<TableSnapshot> {
    const t = this.betweenHands(cmd.tableId, 'No chips can be added');
    if (!t.ok) return t;
    const table = t.value;
    const seat = this.occupied(table, cmd.seat);
    if (!seat.ok) return seat;
    const check = checkBuyIn(cmd.amount, table.pointValue, seat.value.stack, seat.value.shortAllowed);
    if (!check.ok) return check;
    const stackAfter = seat.value.stack + cmd.amount;
    const committed = this.commitTable(table.id, [{
      event: { type: 'buy-in', at: this.now(), by: 'dealer', seat: cmd.seat, playerId: seat.value.playerId, amount: cmd.amount, short: check.value.kind === 'short-buy-in' },
      extra: { stackAfter, shortAllowedAfter: check.value.shortAllowedAfter },
    }]);
    if (!committed.ok) return committed;
    seat.value.stack = stackAfter;
    seat.value.shortAllowed = check.value.shortAllowedAfter;
    return this.changed(table, committed.value);
  }

  /** A player leaves with his whole stack (cash-out in the ledger). Between hands only. */
  leaveSeat(cmd: { tableId: string; seat: SeatNo }): Result<TableSnapshot> {
    const t = this.betweenHands(cmd.tableId, 'A player can leave');
    if (!t.ok) return t;
    const seat = this.occupied(t.value, cmd.seat);
    if (!seat.ok) return seat;
    const committed = this.commitTable(t.value.id, [{
      event: { type: 'player-left', at: this.now(), by: 'dealer', seat: cmd.seat, playerId: seat.value.playerId, cashOut: seat.value.stack },
    }]);
    if (!committed.ok) return committed;
    t.value.seats[cmd.seat - 1] = null;
    return this.changed(t.value, committed.value);
  }

  // ------------------------------------------------------------------ the hand

  /**
   * Starts the next hand: the seated players with chips, the table's button, its profile and
   * stakes. Refused without a dealer, with a hand in play, or with fewer than two players.
   * Two-handed play: pass `twoHanded` for a dealt round; the reserved round that follows a
   * dealt one starts by itself. OFC Fantasyland seats carry over from the last hand.
   */
  startHand(cmd: { tableId: string; twoHanded?: Extract<TwoHandedRound, { round: 'dealt' }> }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const table = t.value;
    if (table.hand) return fail('hand-in-play', `hand ${table.hand.number} is still in play at table ${table.id}`);
    if (!table.dealer) return fail('no-dealer', `no dealer is signed on at table ${table.id}: sign a dealer on first`);
    const seats = SEATS.flatMap((s) => {
      const p = table.seats[s - 1];
      return p && p.stack > 0 ? [{ seat: s, playerId: p.playerId, ...(p.name ? { name: p.name } : {}), stack: p.stack }] : [];
    });
    if (seats.length < 2) {
      return fail('not-enough-players', `a hand needs at least two players with chips; table ${table.id} has ${seats.length}`);
    }
    const carried = table.lastHand ? carryOver(table.lastHand.state) : null;
    let twoHanded: TwoHandedRound | undefined = cmd.twoHanded;
    if (carried?.reservedRound) {
      if (cmd.twoHanded) return fail('reserved-round-next', 'the next round is played with the reserved hands; it is not dealt');
      const sameSeats = carried.reservedRound.hands.every((h) => seats.some((s) => s.seat === h.seat));
      if (sameSeats && seats.length === 2) twoHanded = carried.reservedRound;
    }
    const fantasyland = (carried?.fantasyland ?? []).filter((s) => seats.some((x) => x.seat === s));
    const number = table.handsStarted + 1;
    const event: HandStarted = {
      type: 'hand-started', at: this.now(), by: 'dealer', tableId: table.id, handId: `${table.id}-${number}`, handNumber: number,
      button: table.button, seats, pointValue: table.pointValue,
      profile: { name: table.profile.name, version: table.profile.version, snapshot: table.profileSnapshot },
      mode: table.mode,
      ...(table.mode === 'shoe' && table.seqModulo !== null ? { seqModulo: table.seqModulo } : {}),
      ...(twoHanded ? { twoHanded } : {}),
      ...(fantasyland.length ? { fantasyland } : {}),
    };
    const steps = this.advance(initialState, event);
    if (!steps.ok) return steps;
    const hand: LiveHand = { id: event.handId, number, state: initialState };
    table.scanBuffer = [];
    return this.commitHand(table, hand, steps.value, true);
  }

  /**
   * Closes the hand when its payments are all made (if it is not closed yet) and starts the
   * next one. After a misdeal or a void it just starts the redeal (the button stays).
   */
  nextHand(cmd: { tableId: string; twoHanded?: Extract<TwoHandedRound, { round: 'dealt' }> }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    if (t.value.hand) {
      const closed = this.closeHand({ tableId: cmd.tableId });
      if (!closed.ok) return closed;
    }
    return this.startHand(cmd);
  }

  /** The shoe read a card (`seq`: the device's sequence number, if its format has one; `raw`:
   *  the device's bytes). Usually arrives from an attached device, not typed. */
  cardRead(cmd: { tableId: string; card: CardInput; seq?: number | null; raw?: Uint8Array | string; by?: Actor } & ReadOrigin): Result<TableSnapshot> {
    const card = cardOf(cmd.card, 'card read');
    if (!card.ok) return card;
    return this.handEvent(cmd.tableId, {
      type: 'card-dealt', at: this.now(), by: cmd.by ?? 'device', seq: cmd.seq ?? null, card: card.value, raw: toHex(cmd.raw), ...originOf(cmd),
    });
  }

  /** The shoe passed a card it could not read (an automatic misdeal). */
  cardUnreadable(cmd: { tableId: string; seq?: number | null; raw?: Uint8Array | string } & ReadOrigin): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'card-unreadable', at: this.now(), by: 'device', seq: cmd.seq ?? null, raw: toHex(cmd.raw), ...originOf(cmd) });
  }

  /** The device reported a gap in its sequence numbers (an automatic misdeal). */
  sequenceGap(cmd: { tableId: string; expected: number; got: number }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'sequence-gap', at: this.now(), by: 'device', expected: cmd.expected, got: cmd.got });
  }

  /** The dealer ends the deal: scanner-only tables, or a shoe deal that stopped short (a misdeal). */
  endDeal(cmd: { tableId: string }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'deal-ended', at: this.now(), by: 'dealer' });
  }

  /** The dealer exposed a card of a seat's hand (`card` if he saw which). Five make a misdeal. */
  reportExposure(cmd: { tableId: string; seat: SeatNo; card?: CardInput }): Result<TableSnapshot> {
    let card: Card | undefined;
    if (cmd.card !== undefined) {
      const c = cardOf(cmd.card, 'exposed card');
      if (!c.ok) return c;
      card = c.value;
    }
    return this.handEvent(cmd.tableId, { type: 'card-exposed', at: this.now(), by: 'dealer', seat: cmd.seat, ...(card !== undefined ? { card } : {}) });
  }

  /** Seat `heldBy` was given the hand dealt to seat `handOf`. A misdeal while no one has set. */
  reportWrongSeat(cmd: { tableId: string; heldBy: SeatNo; handOf: SeatNo }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'wrong-seat-delivery', at: this.now(), by: 'dealer', heldBy: cmd.heldBy, handOf: cmd.handOf });
  }

  /** The player has set his three rows face down. */
  seatReady(cmd: { tableId: string; seat: SeatNo }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'seat-ready', at: this.now(), by: 'dealer', seat: cmd.seat });
  }

  /** The player surrenders (refused when his chips do not cover the penalty). Without a shoe,
   *  `cards` are his 13 cards, scanned. */
  surrender(cmd: { tableId: string; seat: SeatNo; cards?: readonly CardInput[] | string }): Result<TableSnapshot> {
    const cards = cardsOf(cmd.cards, 'surrendered hand');
    if (!cards.ok) return cards;
    return this.handEvent(cmd.tableId, {
      type: 'surrender-declared', at: this.now(), by: 'dealer', seat: cmd.seat, ...(cards.value ? { cards: cards.value } : {}),
    });
  }

  /** The player declares a natural; the terminal verifies it at once against his cards (the
   *  verdict is in the returned state). Without a shoe, `cards` are the 13 cards laid down. */
  declareNatural(cmd: { tableId: string; seat: SeatNo; natural: NaturalName | string; cards?: readonly CardInput[] | string }): Result<TableSnapshot> {
    if (!isNaturalName(cmd.natural)) return fail('unknown-natural', `${JSON.stringify(cmd.natural)} is not a natural`);
    const cards = cardsOf(cmd.cards, 'natural');
    if (!cards.ok) return cards;
    return this.handEvent(cmd.tableId, {
      type: 'natural-declared', at: this.now(), by: 'dealer', seat: cmd.seat, natural: cmd.natural, ...(cards.value ? { cards: cards.value } : {}),
    });
  }

  /** The showdown scanner read one row of a seat's hand. */
  scanRow(cmd: { tableId: string; seat: SeatNo; row: Row; cards: readonly CardInput[] | string }): Result<TableSnapshot> {
    const cards = cardsOf(cmd.cards, `${cmd.row} row`);
    if (!cards.ok) return cards;
    return this.handEvent(cmd.tableId, { type: 'row-scanned', at: this.now(), by: 'dealer', seat: cmd.seat, row: cmd.row, cards: cards.value ?? [] });
  }

  /** A seat's whole set hand, from the scanner or tapped in on the touch screen. */
  setHand(cmd: {
    tableId: string; seat: SeatNo; front: readonly CardInput[] | string; middle: readonly CardInput[] | string; back: readonly CardInput[] | string;
    source?: 'scanner' | 'touch';
  }): Result<TableSnapshot> {
    const rows: Partial<Record<Row, Card[]>> = {};
    for (const row of ['front', 'middle', 'back'] as const) {
      const c = cardsOf(cmd[row], row);
      if (!c.ok) return c;
      rows[row] = c.value ?? [];
    }
    return this.handEvent(cmd.tableId, {
      type: 'hand-set', at: this.now(), by: 'dealer', seat: cmd.seat, front: rows.front!, middle: rows.middle!, back: rows.back!, source: cmd.source ?? 'touch',
    });
  }

  /** OFC: a card placed face up into a row. */
  placeCard(cmd: { tableId: string; seat: SeatNo; card: CardInput; row: Row }): Result<TableSnapshot> {
    const card = cardOf(cmd.card, 'placed card');
    if (!card.ok) return card;
    return this.handEvent(cmd.tableId, { type: 'card-placed', at: this.now(), by: 'dealer', seat: cmd.seat, card: card.value, row: cmd.row });
  }

  /** The hands are opened (refused until every live seat has set). */
  openShowdown(cmd: { tableId: string }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'showdown-opened', at: this.now(), by: 'dealer' });
  }

  /** Settles the showdown with the rules engine: the record, the result and the ordered payments. */
  settle(cmd: { tableId: string }): Result<TableSnapshot> {
    const t = this.openHand(cmd.tableId);
    if (!t.ok) return t;
    const built = buildSettled(t.value.hand!.state, this.now(), 'dealer');
    if (!built.ok) return built;
    return this.handEvent(cmd.tableId, built.value);
  }

  /** The dealer moved the chips of payment `index` (0-based, in the settlement's order). */
  executePayment(cmd: { tableId: string; index: number }): Result<TableSnapshot> {
    const t = this.openHand(cmd.tableId);
    if (!t.ok) return t;
    const st = t.value.hand!.state.settlement;
    if (!st) return fail('not-settled', 'no payment can be made: the hand is not settled');
    const p = st.result.payments[cmd.index];
    if (!p) return fail('no-such-payment', `there is no payment ${JSON.stringify(cmd.index)}: the settlement has ${st.result.payments.length}`);
    return this.handEvent(cmd.tableId, {
      type: 'payment-executed', at: this.now(), by: 'dealer', index: cmd.index, from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount,
    });
  }

  /**
   * A misdeal on report: `wrong-card-count` (dealer) or `floor-ruling` (floor, named). The
   * automatic causes are called by the terminal itself; a pending one is recorded by this too.
   * `floor`, when given, must name the floor manager (a blank name is refused).
   */
  callMisdeal(cmd: { tableId: string; cause: MisdealCause; detail?: string; floor?: string }): Result<TableSnapshot> {
    let by: Actor = 'dealer';
    if (cmd.floor !== undefined) {
      const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
      if (!floor) return fail('name-needed', 'a misdeal called by the floor is signed by the floor manager (name)');
      by = `floor:${floor}`;
    }
    const t = this.openHand(cmd.tableId);
    if (!t.ok) return t;
    const state = t.value.hand!.state;
    const pending = state.pendingMisdeal;
    return this.handEvent(cmd.tableId, {
      type: 'misdeal-called', at: this.now(), by, cause: cmd.cause, automatic: pending?.cause === cmd.cause ? pending.automatic : false,
      cardsRead: [...state.deal.cards], detail: cmd.detail?.trim() || pending?.detail || `misdeal called: ${cmd.cause}`,
    });
  }

  /**
   * A floor manager's correction (who, why, what): rule on an irregularity, replace a seat's
   * hand, foul a seat, or a note. `handId` reaches an earlier hand (a note only).
   */
  floorCorrection(cmd: { tableId: string; floor: string; reason: string; action: CorrectionAction; handId?: string }): Result<TableSnapshot> {
    const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
    if (!floor) return fail('name-needed', 'a floor correction is signed by the floor manager (name)');
    const event: HandEvent = { type: 'floor-correction', at: this.now(), by: `floor:${floor}`, reason: cmd.reason, action: cmd.action };
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    if (cmd.handId !== undefined && cmd.handId !== t.value.hand?.id) return this.noteOnPastHand(t.value, cmd.handId, event);
    return this.handEvent(cmd.tableId, event);
  }

  /** The floor voids the hand (no chips move, the button stays). */
  voidHand(cmd: { tableId: string; floor: string; reason: string }): Result<TableSnapshot> {
    const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
    if (!floor) return fail('name-needed', 'a hand is voided by the floor manager (name)');
    return this.handEvent(cmd.tableId, { type: 'hand-voided', at: this.now(), by: `floor:${floor}`, reason: cmd.reason });
  }

  /** Closes the hand (every payment made). The last payment closes it by itself. */
  closeHand(cmd: { tableId: string }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'hand-closed', at: this.now(), by: 'dealer' });
  }

  // ------------------------------------------------------------------ alerts

  /** Someone (named) has seen the alert; it stops being raised. */
  /** Acknowledges a raised alert in a named person's name; `as: 'floor'` records it as the
   *  floor's (actor `floor:<name>`), otherwise as the dealer's. */
  acknowledgeAlert(cmd: { alertId: number; by: string; note?: string; as?: 'dealer' | 'floor' }): Result<AlertView> {
    const alert = readAlert(this.store.db, cmd.alertId);
    if (!alert) return fail('no-such-alert', `there is no alert ${JSON.stringify(cmd.alertId)}`);
    if (alert.acknowledged) {
      return fail('already-acknowledged', `alert ${alert.id} was acknowledged by ${alert.acknowledged.by} at ${alert.acknowledged.at}`);
    }
    const person = typeof cmd.by === 'string' ? cmd.by.trim() : '';
    if (!person) return fail('name-needed', 'an alert is acknowledged by a named person');
    const note = cmd.note?.trim() || undefined;
    const committed = this.commitTable(alert.tableId, [{
      event: { type: 'alert-acknowledged', at: this.now(), by: cmd.as === 'floor' ? `floor:${person}` : 'dealer', alertId: alert.id, person, ...(note ? { note } : {}) },
    }]);
    if (!committed.ok) return committed;
    const acked = readAlert(this.store.db, alert.id)!;
    const t = this.tables.get(alert.tableId);
    if (t) this.changed(t, committed.value);
    this.emit({ kind: 'alert-acknowledged', alert: acked });
    return ok(acked);
  }

  /** Alerts, newest last; by default those still raised on every table. */
  alerts(filter: AlertFilter = { raised: true }): AlertView[] {
    return readAlerts(this.store.db, filter);
  }

  // ------------------------------------------------------------------ devices

  /**
   * Attaches a card source to a table: a shoe's cards and faults flow into the open hand (a
   * gap or an unreadable card becomes the fold's misdeal; a device fault raises an alert); a
   * scanner's cards fill the row the showdown expects next. Returns the function that detaches
   * it. The source is not started or stopped here.
   */
  attachCardSource(tableId: string, source: CardSource): Result<() => void> {
    const t = this.table(tableId);
    if (!t.ok) return t;
    const table = t.value;
    if (table.devices.has(source.id)) return fail('device-attached', `device ${source.id} is already attached to table ${tableId}`);
    const status: DeviceStatus = {
      device: source.id, role: source.role, label: source.label, simulated: source.simulated,
      status: source.state === 'connected' ? 'connected' : source.state, detail: null, fault: false, at: this.now(),
    };
    const unsubscribe = source.subscribe((e) => this.onDeviceEvent(table, e));
    table.devices.set(source.id, { source, status, unsubscribe, lastRead: this.lastReadOf(table, source.id) });
    this.emit({ kind: 'device-status', tableId, device: status });
    return ok(() => {
      const d = table.devices.get(source.id);
      if (!d || d.source !== source) return;
      d.unsubscribe();
      table.devices.delete(source.id);
      this.emit({ kind: 'device-status', tableId, device: { ...d.status, status: 'detached', fault: false, detail: null, at: this.now() } });
    });
  }

  /** The device's last read in the log: a card whose ACK a crash cut off is in the open hand
   *  or, when that read ended it, in the last hand. */
  private lastReadOf(table: LiveTable, device: string): LastRead | null {
    const hand = table.hand ?? table.lastHand;
    if (!hand) return null;
    const events = this.store.handEvents<HandEvent>(hand.id);
    for (let i = events.length - 1; i >= 0; i--) {
      const b = events[i].body;
      if ((b.type === 'card-dealt' || b.type === 'card-unreadable') && b.device === device && b.seq !== null) return { seq: b.seq, raw: b.raw };
    }
    return null;
  }

  // ------------------------------------------------------------------ reading

  /** One table now. */
  snapshot(tableId: string): Result<TableSnapshot> {
    const t = this.table(tableId);
    return t.ok ? ok(this.snapshotOf(t.value)) : t;
  }

  /** Every table on this terminal. */
  tableIds(): string[] {
    return [...this.tables.keys()];
  }

  /** The last `count` hands of a table (default 10), newest first, with outcome and payments. */
  recall(tableId: string, count = 10): Result<HandSummary[]> {
    if (!this.tables.has(tableId)) return fail('unknown-table', `there is no table ${JSON.stringify(tableId)} on this terminal`);
    if (!Number.isSafeInteger(count) || count < 1) return fail('bad-count', `count is a whole number from 1, not ${JSON.stringify(count)}`);
    return ok(recallHands(this.store.db, tableId, count));
  }

  /** A stored hand step by step, in the original order: each event and the state after it. */
  replayHand(handId: string): Result<ReplayStep[]> {
    return replayStoredHand(this.store, handId);
  }

  /** A table's chip ledger (optionally one player's), oldest first. */
  ledger(tableId: string, playerId?: string): Result<LedgerEntry[]> {
    if (!this.tables.has(tableId)) return fail('unknown-table', `there is no table ${JSON.stringify(tableId)} on this terminal`);
    return ok(readLedger(this.store.db, tableId, playerId));
  }

  // ================================================================== internals

  private now(): string {
    return isoTime(this.clock());
  }

  private table(tableId: string): Result<LiveTable> {
    const t = this.tables.get(tableId);
    return t ? ok(t) : fail('unknown-table', `there is no table ${JSON.stringify(tableId)} on this terminal`);
  }

  private betweenHands(tableId: string, what: string): Result<LiveTable> {
    const t = this.table(tableId);
    if (!t.ok) return t;
    if (t.value.hand) return fail('hand-in-play', `${what} only between hands: hand ${t.value.hand.number} is in play at table ${tableId}`);
    return t;
  }

  private openHand(tableId: string): Result<LiveTable> {
    const t = this.table(tableId);
    if (!t.ok) return t;
    if (!t.value.hand) return fail('no-hand-in-play', `no hand is in play at table ${tableId}: start a hand first`);
    return t;
  }

  private occupied(table: LiveTable, seat: unknown): Result<LiveSeat> {
    if (!isSeat(seat)) return fail('bad-seat', `${JSON.stringify(seat)} is not a seat (1-4)`);
    const s = table.seats[seat - 1];
    return s ? ok(s) : fail('seat-empty', `seat ${seat} at table ${table.id} is empty`);
  }

  /** Applies `first` and every follow-up the fold asks for; refuses when `first` does not apply. */
  private advance(state: HandState, first: HandEvent): Result<HandStep[]> {
    const r = apply(state, first);
    if (!r.ok) return r;
    const steps: HandStep[] = [{ event: first, state: r.value }];
    this.followUpsFrom(steps);
    return ok(steps);
  }

  private followUpsFrom(steps: HandStep[], from: HandState = steps[steps.length - 1].state): void {
    let state = from;
    for (let round = 0; round < MAX_FOLLOW_UPS; round++) {
      const next = followUps(state, this.now());
      if (next.length === 0) return;
      for (const e of next) {
        const r = apply(state, e);
        if (!r.ok) throw new Error(`the hand fold refused its own follow-up ${e.type}: ${r.error.message}`);
        state = r.value;
        steps.push({ event: e, state });
      }
    }
    throw new Error(`the hand fold asked for more than ${MAX_FOLLOW_UPS} rounds of follow-ups`);
  }

  private handEvent(tableId: string, event: HandEvent): Result<TableSnapshot> {
    const t = this.openHand(tableId);
    if (!t.ok) return t;
    const hand = t.value.hand!;
    const steps = this.advance(hand.state, event);
    if (!steps.ok) return steps;
    return this.commitHand(t.value, hand, steps.value, false);
  }

  /** The alerts a run of hand steps raises: a misdeal, each new irregularity. */
  private alertsOf(handId: string, before: HandState, steps: readonly HandStep[]): AlertDraft[] {
    const out: AlertDraft[] = [];
    let seen = before.irregularities.length;
    for (const { event, state } of steps) {
      if (event.type === 'misdeal-called') {
        out.push({ kind: 'misdeal', code: event.cause, handId, message: `Misdeal in hand ${handId}: ${event.detail}. Redeal; the button stays.` });
      }
      for (const irr of state.irregularities.slice(seen)) {
        out.push({ kind: 'irregularity', code: irr.kind, handId, message: `Hand ${handId}, seat ${irr.seat}: ${irr.detail}${irr.blocking ? ' (settlement waits for the floor)' : ''}` });
      }
      seen = state.irregularities.length;
    }
    return out;
  }

  /** Appends a hand's steps (and the alerts they raise) in one transaction, then updates memory. */
  private commitHand(table: LiveTable, hand: LiveHand, steps: readonly HandStep[], starting: boolean): Result<TableSnapshot> {
    const before = hand.state;
    const alerts = this.alertsOf(hand.id, before, steps);
    const final = steps[steps.length - 1].state;
    const ends = isOver(final) && !isOver(before);
    const carried = ends ? carryOver(final) : null;
    let stored: StoredEvent[];
    try {
      stored = this.store.write((tx) => {
        const out: StoredEvent[] = [];
        for (const step of steps) {
          const s = tx.append({ tableId: table.id, handId: hand.id, body: step.event });
          out.push(s);
          this.projector.hand(s as StoredEvent<HandEvent>, step.state);
          if (carried && step.state === final) {
            const net = new Map<SeatNo, number>(carried.stacks.map((x) => [x.seat, x.stack - final.seats[x.seat - 1].player!.stack]));
            this.projector.handEnded(s as StoredEvent<HandEvent>, final, net, carried.button);
          }
        }
        for (const a of alerts) out.push(this.appendAlert(tx, table.id, a));
        return out;
      });
    } catch (e) {
      return storeFailed(e);
    }
    this.committed(stored);
    hand.state = final;
    if (starting) {
      table.hand = hand;
      table.handsStarted = hand.number;
    }
    if (carried) {
      table.hand = null;
      table.lastHand = hand;
      table.button = carried.button;
      for (const s of carried.stacks) {
        const seat = table.seats[s.seat - 1];
        if (seat && seat.playerId === s.playerId) seat.stack = s.stack;
      }
      table.scanBuffer = [];
    }
    return this.changed(table, stored);
  }

  private appendAlert(tx: WriteTx, tableId: string, a: AlertDraft): StoredEvent {
    const event: TableEvent = {
      type: 'alert-raised', at: this.now(), by: 'system', alertId: this.projector.nextAlertId(), kind: a.kind, code: a.code,
      message: a.message, handId: a.handId, ...(a.device ? { device: a.device } : {}),
    };
    const s = tx.append({ tableId, body: event });
    this.projector.table(tx, s as StoredEvent<TableEvent>);
    return s;
  }

  /** Appends table-level events (with what their projection needs) in one transaction. */
  private commitTable(
    tableId: string,
    items: readonly { event: TableEvent; extra?: { stackAfter?: number; shortAllowedAfter?: boolean } }[],
    alerts: readonly AlertDraft[] = [],
  ): Result<StoredEvent[]> {
    let stored: StoredEvent[];
    try {
      stored = this.store.write((tx) => {
        const out: StoredEvent[] = [];
        for (const item of items) {
          const s = tx.append({ tableId, body: item.event });
          this.projector.table(tx, s as StoredEvent<TableEvent>, item.extra);
          out.push(s);
        }
        for (const a of alerts) out.push(this.appendAlert(tx, tableId, a));
        return out;
      });
    } catch (e) {
      return storeFailed(e);
    }
    this.committed(stored);
    return ok(stored);
  }

  /** A note on a hand that is no longer in play (the fold allows only a note there). */
  private noteOnPastHand(table: LiveTable, handId: string, event: HandEvent): Result<TableSnapshot> {
    const events = this.store.handEvents<HandEvent>(handId);
    if (events.length === 0 || events[0].tableId !== table.id) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} at table ${table.id}`);
    const state = replay(events.map((e) => e.body));
    if (!state.ok) return fail('replay-failed', `hand ${handId} does not replay: ${state.error.message}`);
    const r = apply(state.value, event);
    if (!r.ok) return r;
    let stored: StoredEvent[];
    try {
      stored = this.store.write((tx) => {
        const s = tx.append({ tableId: table.id, handId, body: event });
        this.projector.hand(s as StoredEvent<HandEvent>, r.value);
        return [s];
      });
    } catch (e) {
      return storeFailed(e);
    }
    this.committed(stored);
    if (table.lastHand?.id === handId) table.lastHand.state = r.value;
    return this.changed(table, stored);
  }

  // ------------------------------------------------------------------ devices

  /**
   * A device's event. Acknowledge-after-commit: the device's `acknowledge` (its ACK on the wire)
   * is called only once what the event changes is committed, or once it is known to need no
   * record; a failed commit leaves it unacknowledged, and the device resends.
   */
  private onDeviceEvent(table: LiveTable, e: SourceEvent): void {
    const attached = table.devices.get(e.device);
    if (!attached) return;
    if (this.recordDeviceEvent(table, attached, e)) e.acknowledge?.();
  }

  /** Records a device event; true when it is committed (or needs no record). */
  private recordDeviceEvent(table: LiveTable, attached: AttachedDevice, e: SourceEvent): boolean {
    if (e.kind === 'card') {
      if (attached.source.role === 'scanner') return this.scannerCard(table, attached, e.card);
      const seq = e.seq ?? null;
      const raw = toHex(e.raw);
      // A shoe resending a frame whose ACK a crash cut off: recorded already, never twice.
      if (seq !== null && attached.lastRead?.seq === seq && attached.lastRead.raw === raw) return true;
      const r = this.cardRead({ tableId: table.id, card: e.card, seq, raw, ...this.originOfDevice(attached) });
      const recorded = r.ok || this.refuseDeviceRead(table, attached, r.error, e.card);
      if (recorded && seq !== null) attached.lastRead = { seq, raw };
      return recorded;
    }
    return this.deviceStatus(table, attached, e);
  }

  private originOfDevice(attached: AttachedDevice): ReadOrigin {
    return { device: attached.source.id, simulated: attached.source.simulated };
  }

  private deviceStatus(table: LiveTable, attached: AttachedDevice, e: StatusEvent): boolean {
    if (e.status === 'unreadable' || e.status === 'sequence-gap') {
      if (attached.source.role !== 'shoe') return true;
      const r = e.status === 'unreadable'
        ? this.cardUnreadable({ tableId: table.id, raw: e.raw, ...this.originOfDevice(attached) })
        : this.sequenceGap({ tableId: table.id, expected: e.expected, got: e.received });
      return r.ok || this.refuseDeviceRead(table, attached, r.error);
    }
    const fault = FAULT_STATUSES.has(e.status) && !(e.status === 'disconnected' && !e.willRetry && e.reason === 'stopped');
    const detail = 'reason' in e ? e.reason : e.status === 'heartbeat-lost' ? `nothing heard for ${e.silentMs} ms` : e.status === 'device-status' ? e.code : null;
    const at = new Date(e.at).toISOString();
    const previous = attached.status;
    attached.status = { ...previous, status: e.status, detail, fault, at };
    this.emit({ kind: 'device-status', tableId: table.id, device: attached.status });
    if (e.status === 'heartbeat-restored' && previous.status !== 'heartbeat-lost') return true;
    if (previous.status === e.status && previous.detail === detail) return true; // a retry loop repeats itself; log it once
    const alerts: AlertDraft[] = fault
      ? [{ kind: 'device-fault', code: e.status, handId: table.hand?.id ?? null, device: e.device, message: `${attached.source.label}: ${e.status}${detail ? ` (${detail})` : ''}` }]
      : [];
    const committed = this.commitTable(table.id, [{
      event: { type: 'device-status', at: this.now(), by: 'device', device: e.device, role: attached.source.role, status: e.status, ...(detail ? { detail } : {}) },
    }], alerts);
    if (committed.ok) this.changed(table, committed.value);
    return committed.ok;
  }

  /**
   * A card from the showdown scanner: fills the row the showdown expects next. True when it is
   * recorded: refused (the refusal is logged), or the row it completes is committed, or it
   * joins the row being read (held in memory until the row is complete).
   */
  private scannerCard(table: LiveTable, attached: AttachedDevice, card: Card): boolean {
    const refuse = (error: DomainError) => this.refuseDeviceRead(table, attached, error, card);
    const target = table.hand ? scannerExpects(table.hand.state) : null;
    if (!table.hand || !target) {
      return refuse({ code: 'no-row-expected', message: `${formatCard(card)} was scanned, but no row is waiting to be read` });
    }
    if (table.scanBuffer.includes(card)) {
      return refuse({ code: 'scanned-twice', message: `${formatCard(card)} is already in this row` });
    }
    // A card that is not the seat's is refused at once, before the row fills.
    const notTheSeats = scannedCardRefusal(table.hand.state, target.seat, card);
    if (notTheSeats) return refuse(notTheSeats);
    const buffer = [...table.scanBuffer, card];
    if (buffer.length < SEGMENT_SIZES[target.row]) {
      table.scanBuffer = buffer;
      this.emit({ kind: 'state-changed', tableId: table.id, table: this.snapshotOf(table), events: [] });
      return true;
    }
    table.scanBuffer = [];
    const r = this.scanRow({ tableId: table.id, seat: target.seat, row: target.row, cards: buffer });
    return r.ok || refuse(r.error);
  }

  /**
   * A device read the hand refused: kept in the log (`device-read-refused`) for the floor and
   * pushed to the screen. A scanned card that is not the seat's also raises an irregularity
   * alert: a player may be showing a card he was not dealt.
   */
  private refuseDeviceRead(table: LiveTable, attached: AttachedDevice, error: DomainError, card?: Card): boolean {
    const device = attached.source.id;
    const alerts: AlertDraft[] = error.code === 'card-not-this-seats'
      ? [{ kind: 'irregularity', code: error.code, handId: table.hand?.id ?? null, device, message: error.message }]
      : [];
    const committed = this.commitTable(table.id, [{
      event: {
        type: 'device-read-refused', at: this.now(), by: 'device', device, role: attached.source.role,
        ...(card !== undefined ? { card: formatCard(card) } : {}), code: error.code, message: error.message,
      },
    }], alerts);
    if (committed.ok) this.changed(table, committed.value);
    this.emit({ kind: 'device-input-refused', tableId: table.id, device, error });
    return committed.ok;
  }

  private scanTarget(table: LiveTable): ScanTarget | null {
    if (!table.hand) return null;
    const t = scannerExpects(table.hand.state);
    return t ? { seat: t.seat, row: t.row, cards: [...table.scanBuffer], size: SEGMENT_SIZES[t.row] } : null;
  }

  // ------------------------------------------------------------------ snapshots and updates

  /** After a commit: a change to the alerts makes the next snapshot read them again. */
  private committed(stored: readonly StoredEvent[]): void {
    if (stored.some((e) => e.type === 'alert-raised' || e.type === 'alert-acknowledged')) this.raisedAlerts.clear();
  }

  private raisedAlertsOf(tableId: string): AlertView[] {
    let list = this.raisedAlerts.get(tableId);
    if (!list) {
      list = readAlerts(this.store.db, { tableId, raised: true });
      this.raisedAlerts.set(tableId, list);
    }
    return list.map((a) => ({ ...a })); // each snapshot its own objects, as when read afresh
  }

  private snapshotOf(t: LiveTable): TableSnapshot {
    const hand: HandSnapshot | null = t.hand
      ? { handId: t.hand.id, number: t.hand.number, open: true, state: t.hand.state }
      : t.lastHand ? { handId: t.lastHand.id, number: t.lastHand.number, open: false, state: t.lastHand.state } : null;
    const seats: SeatSnapshot[] = SEATS.map((seat) => {
      const s = t.seats[seat - 1];
      return { seat, player: s ? { id: s.playerId, name: s.name } : null, stack: s?.stack ?? 0, shortBuyInAllowed: s?.shortAllowed ?? false };
    });
    return {
      tableId: t.id, name: t.name, profile: t.profile, pointValue: t.pointValue, mode: t.mode, seqModulo: t.seqModulo,
      button: t.hand?.state.info?.button ?? t.button, handsStarted: t.handsStarted, dealer: t.dealer, seats, hand,
      alerts: this.raisedAlertsOf(t.id),
      devices: [...t.devices.values()].map((d) => d.status), scanTarget: this.scanTarget(t), buyIn: buyInMinimums(t.pointValue),
    };
  }

  /** Tells subscribers about a committed change and returns the new snapshot. */
  private changed(t: LiveTable, events: readonly StoredEvent[]): Result<TableSnapshot> {
    const table = this.snapshotOf(t);
    if (this.listeners.size > 0) {
      this.emit({ kind: 'state-changed', tableId: t.id, table, events });
      for (const e of events) {
        if (e.type === 'alert-raised') {
          const alert = readAlert(this.store.db, (e.body as { alertId: number }).alertId);
          if (alert) this.emit({ kind: 'alert-raised', alert });
        }
      }
    }
    return ok(table);
  }

  private emit(update: TableUpdate): void {
    this.listeners.emit(update);
  }

  // ------------------------------------------------------------------ start-up

  /** Loads the tables and rebuilds open hands from their events. */
  private load(): void {
    const db = this.store.db;
    const rows = db.prepare('SELECT * FROM tables ORDER BY opened_event_id').all() as {
      id: string; name: string; profile: string; point_value: number; mode: 'shoe' | 'scanner-only'; seq_modulo: number | null; button: number; hands_started: number;
    }[];
    for (const r of rows) {
      const snapshot = JSON.parse(r.profile) as Record<string, unknown>;
      const profile = resolveProfile(snapshot);
      if (!profile.ok) throw new Error(`table ${r.id}: its stored profile is no longer valid: ${profile.error.message}`);
      const t: LiveTable = {
        id: r.id, name: r.name, profile: profile.value, profileSnapshot: snapshot, pointValue: r.point_value, mode: r.mode, seqModulo: r.seq_modulo,
        button: r.button as SeatNo, handsStarted: r.hands_started, seats: [null, null, null, null],
        dealer: this.projector.currentSession(r.id)?.dealer ?? null, hand: null, lastHand: null, devices: new Map(), scanBuffer: [],
      };
      const seats = db.prepare('SELECT seat, player, name, stack, short_buy_in_allowed FROM seats WHERE table_id = ?').all(r.id) as {
        seat: SeatNo; player: string; name: string | null; stack: number; short_buy_in_allowed: number;
      }[];
      for (const s of seats) t.seats[s.seat - 1] = { playerId: s.player, name: s.name, stack: s.stack, shortAllowed: s.short_buy_in_allowed === 1 };
      const recent = db.prepare('SELECT id, number, outcome FROM hands WHERE table_id = ? ORDER BY number DESC LIMIT 1').get(r.id) as
        { id: string; number: number; outcome: string } | undefined;
      if (recent) {
        const events = this.store.handEvents<HandEvent>(recent.id).map((e) => e.body);
        const state = replay(events);
        if (!state.ok) throw new Error(`table ${r.id}: hand ${recent.id} cannot be rebuilt from its events: ${state.error.message}`);
        const hand: LiveHand = { id: recent.id, number: recent.number, state: state.value };
        if (recent.outcome === 'open') {
          t.hand = hand;
        } else {
          t.lastHand = hand;
        }
      }
      this.tables.set(t.id, t);
      if (t.hand) this.resume(t, t.hand);
    }
  }

  /** A recovered open hand: append what the fold still asks for (or finish it if it ended). */
  private resume(t: LiveTable, hand: LiveHand): void {
    const steps: HandStep[] = [];
    this.followUpsFrom(steps, hand.state);
    if (steps.length > 0) {
      const r = this.commitHand(t, hand, steps, false);
      if (!r.ok) throw new Error(`table ${t.id}: hand ${hand.id} could not be resumed: ${r.error.message}`);
    }
  }
}

/** Replays one stored hand step by step (shared by the service and the floor's tools). */
export function replayStoredHand(store: Store, handId: string): Result<ReplayStep[]> {
  const events = store.handEvents<HandEvent>(handId);
  if (events.length === 0) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} in this database`);
  const steps: ReplayStep[] = [];
  let state = initialState;
  for (const [index, event] of events.entries()) {
    const r = apply(state, event.body);
    if (!r.ok) return fail('replay-failed', `hand ${handId}, event ${index + 1} (${event.type}, log row ${event.id}): ${r.error.message}`);
    state = r.value;
    steps.push({ index, event, state });
  }
  return ok(steps);
}
