/**
 * The table service: THE one place the terminal, the `table` command, the local web server and
 * Electron call to run a live table. Commands in the dealer's terms, each returning a `Result`
 * with the refusal in words; a subscription for pushed updates; devices (the shoe, the showdown
 * scanner) attached so their reads flow into the hand.
 *
 * Write-ahead: every command builds its events and folds them with the table's fold
 * (app/domain/table, the hand's events through the hand fold within it), then appends them (and
 * the follow-ups the hand fold asks for, and the query rows they change) in ONE transaction;
 * only after the commit returns does the in-memory state change and do subscribers hear of it.
 * Opening a database is a replay of each table's log from its last checkpoint, after the
 * start-up check; a crash at any point loses nothing that was acknowledged.
 *
 * Its parts: card-input.ts (what callers give), device-routing.ts (devices and their faults),
 * alert-words.ts (alerts and their words), table-repository.ts (the SQL it reads),
 * table-snapshot.ts (what the screen reads), live-table.ts (what it keeps in memory).
 * All methods are synchronous (better-sqlite3 is); one service owns a database file.
 * The API is documented in docs/store.md.
 */
import { parseCard, type Card } from '../domain/cards';
import {
  apply, buildSettled, followUps, idleDeal, initialState, isOver, replay, scannerExpects,
  type Actor, type CorrectionAction, type FloorSignature, type HandEvent, type HandState, type Irregularity, type MisdealCause, type ProfileSnapshot, type Row,
  type SeatNo, type TwoHandedRound,
} from '../domain/hand';
import { isNaturalName, type NaturalName } from '../domain/naturals';
import { resolveProfile } from '../domain/profiles';
import { correctableHand, correctedHand as corrected, correctionSignersNeeded, planCorrection, type HandCorrection } from '../domain/table/correction';
import { fail, ok, type DomainError, type Result } from '../domain/result';
import {
  ALERT_CLEARED_BY, applyTable, applyTableEntry, checkBuyIn, checkpointOf, handIdFor, nextHandStarted, tableFromCheckpoint,
  type DeviceSetting, type StartedDevice, type TableCheckpoint, type TableEvent, type TableLanguage, type TableState,
} from '../domain/table';
import type { CardSource } from '../../hardware/card-source';
import { Listeners } from '../listeners';
import { DEAL_IDLE, handAlerts, integrityAlert, integrityRefusal } from './alert-words';
import { cardOf, cardsOf, originOf, toHex, type CardInput, type ReadOrigin } from './card-input';
import { DeviceRouter, refusalEndsScan } from './device-routing';
import { SCAN_ORDER } from '../domain/hand/scan-order';
import { calledMisdealDetail } from '../domain/hand/dealer-calls';
import { paymentsToMake } from '../domain/hand/guards';
import { isoTime } from './iso-time';
import { LiveTable, type HandStep } from './live-table';
import { Projector, projectEntry, type AlertDraft } from './projections';
import { readAlerts, readAlert, readLedger, recallHands, type AlertFilter } from './queries';
import { checkAtStart, type StartupFinding } from './startup-check';
import type { AlertView, CorrectionPreview, HandSummary, LedgerEntry, ReplayStep, TableListener, TableSnapshot, TableUpdate } from './service-types';
import type { StoredEvent, Store, WriteTx } from './store';
import { rowDifferences, TableRepository } from './table-repository';
import { tableSnapshot } from './table-snapshot';

export type { CardInput, ReadOrigin } from './card-input';
export type * from './service-types';

export interface TableServiceOptions {
  /** The clock for events' `at` (ms since epoch); default the store's clock. */
  readonly clock?: () => number;
  /** Called with an error a subscriber threw (the others still hear the update). Default: the
   *  error is thrown again on its own (a microtask), where the process's uncaught-error handling
   *  hears it, so it is never lost silently. */
  readonly onListenerError?: (error: unknown) => void;
}

/** A hand never needs more follow-ups than this; more means a fold bug, not a long hand. */
const MAX_FOLLOW_UPS = 64;

function isSeat(x: unknown): x is SeatNo {
  return x === 1 || x === 2 || x === 3 || x === 4;
}

/** The `signedBy` of a floor event, when the floor gave PINs. */
function signatures(signedBy: readonly FloorSignature[] | undefined): { signedBy?: FloorSignature[] } {
  return signedBy && signedBy.length > 0 ? { signedBy: signedBy.map((s) => ({ staffId: s.staffId, name: s.name })) } : {};
}

function storeFailed(e: unknown): { ok: false; error: DomainError } {
  const why = e instanceof Error ? e.message : String(e);
  return fail('store-failed', `the terminal could not record this (nothing was changed): ${why}`);
}

export class TableService {
  private readonly tables = new Map<string, LiveTable>();
  private readonly listeners: Listeners<TableUpdate>;
  private readonly projector: Projector;
  private readonly repository: TableRepository;
  private readonly devices: DeviceRouter;
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
    this.repository = new TableRepository(store.db);
    this.devices = new DeviceRouter({
      now: () => this.now(),
      emit: (u) => this.emit(u),
      snapshotOf: (t) => this.snapshotOf(t),
      changed: (t, events) => this.changed(t, events),
      commitTable: (t, events, alerts) => this.commitTable(t, events, alerts),
      handEvents: (handId) => this.store.handEvents<HandEvent>(handId),
      lastTableRead: (tableId, device) => {
        const reads = this.repository.deviceReadsAfter(tableId, this.repository.lastCheckpoint(tableId)?.id ?? 0);
        for (let i = reads.length - 1; i >= 0; i--) {
          const b = reads[i].body;
          if (b.device === device && b.seq != null && b.raw !== undefined) return { id: reads[i].id, seq: b.seq, raw: b.raw };
        }
        return null;
      },
      cardRead: (cmd) => this.cardRead(cmd),
      cardUnreadable: (cmd) => this.cardUnreadable(cmd),
      sequenceGap: (cmd) => this.sequenceGap(cmd),
      scanRows: (cmd) => this.scanRows(cmd),
    });
    this.clock = options.clock ?? store.clock;
    this.listeners = new Listeners<TableUpdate>(options.onListenerError ?? ((e) => queueMicrotask(() => { throw e; })));
    const found = checkAtStart(store, store.migrations);
    const perTable = this.load();
    this.raiseIntegrityAlerts(found, perTable);
  }

  /** What the start-up check found (docs/store.md, "Checked at every start"): the log and schema
   *  of the whole database, and the hands that no longer replay. Empty when all is well. */
  readonly startupFindings: StartupFinding[] = [];

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
    if (typeof cmd.tableId === 'string' && this.tables.has(cmd.tableId)) return fail('table-exists', `table ${cmd.tableId} is already open on this terminal`);
    const profile = resolveProfile(cmd.profile);
    if (!profile.ok) return profile;
    const event: TableEvent = {
      type: 'table-opened', at: this.now(), by: cmd.by ?? 'dealer', tableId: cmd.tableId,
      name: (typeof cmd.name === 'string' ? cmd.name.trim() : '') || cmd.tableId,
      profile: { name: profile.value.name, version: profile.value.version, snapshot: JSON.parse(JSON.stringify(profile.value)) as ProfileSnapshot },
      pointValue: cmd.pointValue, mode: cmd.mode ?? 'shoe', seqModulo: cmd.seqModulo === undefined ? 100 : cmd.seqModulo, button: cmd.button ?? 1,
    };
    const opened = applyTable(null, { handId: null, body: event });
    if (!opened.ok) return opened;
    const t = new LiveTable(opened.value);
    const committed = this.commitTable(t, [event], [], [opened.value]);
    if (!committed.ok) return committed;
    this.tables.set(cmd.tableId, t);
    return this.changed(t, committed.value);
  }

  /**
   * A dealer takes the box, relieving the one before (between hands only). `staffId`: the
   * dealer signed in with his PIN (the terminal's screens always give it; the `table simulate`
   * command names a dealer only).
   */
  dealerOn(cmd: { tableId: string; dealer: string; staffId?: string }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const dealer = typeof cmd.dealer === 'string' ? cmd.dealer.trim() : '';
    const at = this.now();
    const { dealer: before, dealerStaffId: beforeId } = t.value.state;
    const staff = cmd.staffId !== undefined ? { staffId: cmd.staffId } : {};
    const events: TableEvent[] = [];
    const relief = before !== null && dealer !== '' && !t.value.state.hand && (before !== dealer || beforeId !== (cmd.staffId ?? null));
    if (relief) events.push({ type: 'dealer-off', at, by: 'dealer', dealer: before, ...(beforeId !== null ? { staffId: beforeId } : {}) });
    events.push({ type: 'dealer-on', at, by: 'dealer', dealer, ...staff });
    return this.tableCommand(t.value, events);
  }

  /** The dealer leaves the box. Between hands only. */
  dealerOff(cmd: { tableId: string }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const { dealer, dealerStaffId } = t.value.state;
    return this.tableCommand(t.value, [
      { type: 'dealer-off', at: this.now(), by: 'dealer', dealer: dealer ?? '', ...(dealerStaffId !== null ? { staffId: dealerStaffId } : {}) },
    ]);
  }

  /**
   * The admin `staffId` changes the table's rules from the next hand (between hands only): the
   * profile (a preset name or a whole profile object; left out: as now), the point value and
   * the table's name and the language its screens start in (each left out: as now), with a
   * reason. Refused as the table fold refuses
   * `rules-changed` (docs/table.md, "Changing the rules"), or an invalid profile with its own code.
   */
  changeRules(cmd: { tableId: string; staffId: string; reason: string; profile?: string | object; pointValue?: number; name?: string; language?: TableLanguage }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const now = t.value.state;
    let profile = { name: now.profile.name, version: now.profile.version, snapshot: now.profileSnapshot };
    if (cmd.profile !== undefined) {
      const resolved = resolveProfile(cmd.profile);
      if (!resolved.ok) return resolved;
      profile = { name: resolved.value.name, version: resolved.value.version, snapshot: JSON.parse(JSON.stringify(resolved.value)) as ProfileSnapshot };
    }
    return this.tableCommand(t.value, [{
      type: 'rules-changed', at: this.now(), by: 'system', profile, pointValue: cmd.pointValue ?? now.pointValue,
      name: typeof cmd.name === 'string' ? cmd.name.trim() : now.name, staffId: cmd.staffId,
      reason: typeof cmd.reason === 'string' ? cmd.reason.trim() : '',
      ...(cmd.language !== undefined ? { language: cmd.language } : now.language !== null ? { language: now.language } : {}),
    }]);
  }

  /** A player sits down at an empty seat with his first buy-in (a full one). Between hands only. */
  seatPlayer(cmd: { tableId: string; seat: SeatNo; playerId: string; name?: string; buyIn: number }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const at = this.now();
    const playerId = typeof cmd.playerId === 'string' ? cmd.playerId.trim() : '';
    const name = (typeof cmd.name === 'string' ? cmd.name.trim() : '') || undefined;
    return this.tableCommand(t.value, [
      { type: 'player-seated', at, by: 'dealer', seat: cmd.seat, playerId, ...(name ? { name } : {}) },
      { type: 'buy-in', at, by: 'dealer', seat: cmd.seat, playerId, amount: cmd.buyIn, short: false },
    ]);
  }

  /**
   * A seated player buys more chips: at least the profile's `buyInPoints` (20 unless the house
   * asks more) for a full one, or one short buy-in of at least half of it after each full one. Refused while a hand is in play (no chips added during a hand).
   */
  buyIn(cmd: { tableId: string; seat: SeatNo; amount: number }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const state = t.value.state;
    const seat = isSeat(cmd.seat) ? state.seats[cmd.seat - 1] : null;
    // Whether it is a short buy-in is the rules' answer (the fold checks the event says the same).
    const kind = seat ? checkBuyIn(cmd.amount, state.pointValue, state.profile.buyInPoints, seat.stack, seat.shortBuyInAllowed) : null;
    return this.tableCommand(t.value, [{
      type: 'buy-in', at: this.now(), by: 'dealer', seat: cmd.seat, playerId: seat?.playerId ?? '', amount: cmd.amount,
      short: kind?.ok === true && kind.value.kind === 'short-buy-in',
    }]);
  }

  /** A player leaves with his whole stack (cash-out in the ledger). Between hands only. */
  leaveSeat(cmd: { tableId: string; seat: SeatNo }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const seat = isSeat(cmd.seat) ? t.value.state.seats[cmd.seat - 1] : null;
    return this.tableCommand(t.value, [{
      type: 'player-left', at: this.now(), by: 'dealer', seat: cmd.seat, playerId: seat?.playerId ?? '', cashOut: seat?.stack ?? 0,
    }]);
  }

  // ------------------------------------------------------------------ start-ups and shut-downs

  /**
   * Records that `program` (version `version`) began running the table with `devices`: a
   * `terminal-started` event saying whether the run before ended without a stop (a restart
   * after a crash) and what differs from the last start's configuration.
   */
  recordStart(cmd: { tableId: string; program: string; version: string; devices: readonly StartedDevice[] }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const last = this.repository.lastLifecycle(cmd.tableId);
    const before = this.repository.lastStart(cmd.tableId);
    const changed: string[] = [];
    if (before) {
      if (before.program !== cmd.program) changed.push(`program: ${before.program} -> ${cmd.program}`);
      if (before.version !== cmd.version) changed.push(`version: ${before.version} -> ${cmd.version}`);
      for (const role of ['shoe', 'scanner'] as const) {
        const was = before.devices.find((d) => d.role === role)?.id ?? 'none';
        const now = cmd.devices.find((d) => d.role === role)?.id ?? 'none';
        if (was !== now) changed.push(`${role}: ${was} -> ${now}`);
      }
    }
    return this.tableCommand(t.value, [{
      type: 'terminal-started', at: this.now(), by: 'system', program: cmd.program, version: cmd.version,
      devices: cmd.devices.map((d) => ({ role: d.role, id: d.id, label: d.label, simulated: d.simulated })),
      afterCrash: last === 'terminal-started', changed,
    }]);
  }

  /** Records that `program` stopped running the table in order (`terminal-stopped`). */
  recordStop(cmd: { tableId: string; program: string }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    return this.tableCommand(t.value, [{ type: 'terminal-stopped', at: this.now(), by: 'system', program: cmd.program }]);
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
    if (!table.hand) {
      const held = this.integrityHold(table.id);
      if (held) return held;
    }
    const event = nextHandStarted(table.state, { at: this.now(), by: 'dealer', ...(cmd.twoHanded ? { twoHanded: cmd.twoHanded } : {}) });
    if (!event.ok) return event;
    const steps = this.advance(table.state, event.value.handId, event.value);
    if (!steps.ok) return steps;
    table.scanBuffer = [];
    return this.commitHand(table, event.value.handId, steps.value);
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
  cardRead(cmd: { tableId: string; card: CardInput; seq?: number | null; afterSeq?: number; raw?: Uint8Array | string; by?: Actor } & ReadOrigin): Result<TableSnapshot> {
    const card = cardOf(cmd.card, 'card read');
    if (!card.ok) return card;
    return this.handEvent(cmd.tableId, {
      type: 'card-dealt', at: this.now(), by: cmd.by ?? 'device', seq: cmd.seq ?? null, ...(cmd.afterSeq !== undefined ? { afterSeq: cmd.afterSeq } : {}),
      card: card.value, raw: toHex(cmd.raw), ...originOf(cmd),
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
  declareSurrender(cmd: { tableId: string; seat: SeatNo; cards?: readonly CardInput[] | string }): Result<TableSnapshot> {
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

  /** The dealer's answer to a seat's scan that looks out of order (`scanTarget.question`):
   *  record it as scanned, or drop it to scan the seat again (`no-scan-question` when none waits). */
  answerScan(cmd: { tableId: string; record: boolean }): Result<TableSnapshot> {
    const t = this.openHand(cmd.tableId);
    return t.ok ? this.devices.answerScan(t.value, cmd.record === true) : t;
  }

  /** Rows of one seat from the scanner, in the order given, recorded in one commit: all or none. */
  scanRows(cmd: { tableId: string; seat: SeatNo; rows: readonly { row: Row; cards: readonly CardInput[] | string }[] }): Result<TableSnapshot> {
    const t = this.openHand(cmd.tableId);
    if (!t.ok) return t;
    const held = this.integrityHold(cmd.tableId);
    if (held) return held;
    const hand = t.value.hand!;
    const steps: HandStep[] = [];
    let table = t.value.state;
    for (const { row, cards } of cmd.rows) {
      const c = cardsOf(cards, `${row} row`);
      if (!c.ok) return c;
      const r = this.advance(table, hand.id, { type: 'row-scanned', at: this.now(), by: 'dealer', seat: cmd.seat, row, cards: c.value ?? [] });
      if (!r.ok) return r;
      steps.push(...r.value);
      table = r.value.at(-1)?.table ?? table;
    }
    return steps.length > 0 ? this.commitHand(t.value, hand.id, steps) : ok(this.snapshotOf(t.value));
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
    const list = paymentsToMake(st.result);
    const p = list[cmd.index];
    if (!p) return fail('no-such-payment', `there is no payment ${JSON.stringify(cmd.index)}: the settlement has ${list.length}`);
    return this.handEvent(cmd.tableId, {
      type: 'payment-executed', at: this.now(), by: 'dealer', index: cmd.index, from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount,
    });
  }

  /**
   * A misdeal on report: `wrong-card-count` (dealer), `short-deal` (the shoe stopped before the
   * last card: the deal is ended, and the fold's short-deal misdeal recorded) or `floor-ruling`
   * (floor, named). The automatic causes are called by the terminal itself; a pending one is
   * recorded by this too.
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
    // A short deal is the deal ended before its last card: the fold finds the misdeal (with the
    // count in its words) and the follow-ups record it.
    if (cmd.cause === 'short-deal' && !pending) return this.handEvent(cmd.tableId, { type: 'deal-ended', at: this.now(), by });
    return this.handEvent(cmd.tableId, {
      type: 'misdeal-called', at: this.now(), by, cause: cmd.cause, automatic: pending?.cause === cmd.cause ? pending.automatic : false,
      cardsRead: [...state.deal.cards], detail: cmd.detail?.trim() || pending?.detail || calledMisdealDetail(cmd.cause, by !== 'dealer'),
    });
  }

  /**
   * A floor manager's correction (who, why, what): rule on an irregularity, replace a seat's
   * hand, foul a seat, or a note. `handId` reaches an earlier hand (a note only). `signedBy`:
   * the floor person who gave his PIN for it (the terminal's screens always give it).
   */
  floorCorrection(cmd: { tableId: string; floor: string; reason: string; action: CorrectionAction; handId?: string; signedBy?: readonly FloorSignature[] }): Result<TableSnapshot> {
    const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
    if (!floor) return fail('name-needed', 'a floor correction is signed by the floor manager (name)');
    const event: HandEvent = {
      type: 'floor-correction', at: this.now(), by: `floor:${floor}`, reason: cmd.reason, action: cmd.action, ...signatures(cmd.signedBy),
    };
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    if (cmd.handId !== undefined && cmd.handId !== t.value.hand?.id) return this.noteOnPastHand(t.value, cmd.handId, event);
    const open = t.value.hand?.state.irregularities.filter((i) => i.resolution === null) ?? [];
    const r = this.handEvent(cmd.tableId, event);
    if (!r.ok) return r;
    // The irregularities this ruling resolved (a ruling on one, or the floor's hand replacing a seat's).
    const now = r.value.hand?.state.irregularities ?? [];
    let out: Result<TableSnapshot> = r;
    for (const irr of open) {
      const ruled = now.find((i) => i.id === irr.id)?.resolution;
      if (ruled) out = this.clearRuledAlert(t.value, irr, ruled.ruling, floor, cmd.signedBy?.[0]?.staffId) ?? out;
    }
    return out;
  }

  /**
   * The floor's ruling on an irregularity clears the alert it raised, in the same person's name
   * with the ruling as the note (its own commit right after the ruling: were the terminal to stop
   * between the two, the alert stays raised until the floor clears it, the safe side). Returns
   * the new snapshot, or null when no alert of it is raised.
   */
  private clearRuledAlert(table: LiveTable, irr: Irregularity, ruling: string, floor: string, staffId: string | undefined): Result<TableSnapshot> | null {
    const handId = table.hand?.id ?? table.lastHand?.id;
    const alert = this.raisedAlertsOf(table.id).find((a) => a.kind === 'irregularity' && a.handId === handId && a.code === irr.kind && a.message.includes(irr.detail));
    if (!alert) return null;
    const acked = this.acknowledgeAlert({
      alertId: alert.id, by: floor, as: 'floor', tableId: table.id, note: `ruled: ${ruling}`, ...(staffId !== undefined ? { staffId } : {}),
    });
    return acked.ok ? this.snapshot(table.id) : null;
  }

  /**
   * The floor voids the hand (the button stays; the hand's chips go back). Once a payment is
   * made, `signedBy` must name a second floor person (the two-person rule), and the payments
   * made are listed for the dealer to move back.
   */
  voidHand(cmd: { tableId: string; floor: string; reason: string; signedBy?: readonly FloorSignature[] }): Result<TableSnapshot> {
    const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
    if (!floor) return fail('name-needed', 'a hand is voided by the floor manager (name)');
    return this.handEvent(cmd.tableId, { type: 'hand-voided', at: this.now(), by: `floor:${floor}`, reason: cmd.reason, ...signatures(cmd.signedBy) });
  }

  /**
   * The floor corrects the table's last played hand after it closed (docs/table.md, "Correcting
   * a played hand"): settled again with seats corrected, or voided, with a reason; `signedBy`
   * the floor people who gave their PINs (two when chips move). The chips to move are listed in
   * the snapshot's `correction` for the dealer to tick (`executeCorrectionPayment`).
   */
  correctHand(cmd: { tableId: string; handId: string; floor: string; reason: string; correction: HandCorrection; signedBy: readonly FloorSignature[] }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const floor = typeof cmd.floor === 'string' ? cmd.floor.trim() : '';
    if (!floor) return fail('name-needed', 'a hand is corrected by the floor manager (name)');
    const played = correctableHand(t.value.state.lastPlayed, cmd.handId);
    if (!played.ok) return played;
    const reason = typeof cmd.reason === 'string' ? cmd.reason.trim() : '';
    const plan = planCorrection(played.value, cmd.correction, reason);
    if (!plan.ok) return plan;
    return this.tableCommand(t.value, [{
      type: 'hand-corrected', at: this.now(), by: `floor:${floor}`, handId: cmd.handId, correction: cmd.correction, reason,
      signedBy: [...cmd.signedBy], result: plan.value.result, transfers: [...plan.value.transfers],
    }]);
  }

  /** What `correctHand` would do with this correction, without recording anything (the floor signs after seeing it). */
  previewCorrection(cmd: { tableId: string; handId: string; correction: HandCorrection; reason?: string }): Result<CorrectionPreview> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const found = correctableHand(t.value.state.lastPlayed, cmd.handId);
    if (!found.ok) return found;
    const played = found.value;
    const plan = planCorrection(played, cmd.correction, cmd.reason?.trim() || 'ruled by the floor');
    if (!plan.ok) return plan;
    const after = corrected(played, plan.value).net;
    return ok({
      handId: played.handId, before: played.net, after, transfers: plan.value.transfers, fouled: plan.value.result?.fouled ?? [],
      voided: plan.value.result === null, needsSecond: correctionSignersNeeded(plan.value) === 2,
    });
  }

  /** The dealer moved the chips of transfer `index` of the last correction. */
  executeCorrectionPayment(cmd: { tableId: string; index: number }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    const played = t.value.state.lastPlayed;
    if (!played || played.pending.length === 0) return fail('no-correction', 'there are no chips of a correction to move');
    const p = played.pending[cmd.index];
    if (!p) return fail('no-such-payment', `there is no transfer ${JSON.stringify(cmd.index)}: the correction has ${played.pending.length}`);
    return this.tableCommand(t.value, [{
      type: 'correction-payment-executed', at: this.now(), by: 'dealer', handId: played.handId, index: cmd.index, from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount,
    }]);
  }

  /** Closes the hand (every payment made). The last payment closes it by itself. */
  closeHand(cmd: { tableId: string }): Result<TableSnapshot> {
    return this.handEvent(cmd.tableId, { type: 'hand-closed', at: this.now(), by: 'dealer' });
  }

  // ------------------------------------------------------------------ alerts

  /**
   * Someone has seen the alert; it stops being raised. `as: 'floor'` records it as the floor's
   * (actor `floor:<name>`), otherwise as the dealer's, who may acknowledge only the kinds the
   * domain gives him (`ALERT_CLEARED_BY`; else `floor-needed`). `staffId`: the person's, when he
   * signed in or gave his PIN.
   */
  acknowledgeAlert(cmd: { alertId: number; by: string; staffId?: string; note?: string; as?: 'dealer' | 'floor'; tableId?: string }): Result<AlertView> {
    const alert = readAlert(this.store.db, cmd.alertId);
    // A table's screen reaches only its own table's alerts.
    if (!alert || (cmd.tableId !== undefined && alert.tableId !== cmd.tableId)) {
      return fail('no-such-alert', `there is no alert ${JSON.stringify(cmd.alertId)}${cmd.tableId !== undefined ? ` at table ${cmd.tableId}` : ''}`);
    }
    if (alert.acknowledged) {
      return fail('already-acknowledged', `alert ${alert.id} was acknowledged by ${alert.acknowledged.by} at ${alert.acknowledged.at}`);
    }
    const person = typeof cmd.by === 'string' ? cmd.by.trim() : '';
    if (!person) return fail('name-needed', 'an alert is acknowledged by a named person');
    const note = cmd.note?.trim() || undefined;
    if (cmd.as !== 'floor' && ALERT_CLEARED_BY[alert.kind] === 'floor') {
      const what = alert.kind === 'integrity' ? "damage to the terminal's record" : `an ${alert.kind} (${alert.code})`;
      return fail('floor-needed', `alert ${alert.id} is ${what}: only the floor clears it, with a floor person's PIN`);
    }
    if (alert.kind === 'integrity') {
      if (!note) return fail('reason-needed', `alert ${alert.id} is damage to the terminal's record: the floor clears it with a reason`);
      // A log the table's fold refuses would stop every later load at the same row: clearing the
      // alert cannot make the table deal; the file must be restored (docs/store.md).
      if (alert.code === 'table-does-not-replay') {
        return fail('repair-needed', `alert ${alert.id}: table ${alert.tableId}'s log cannot be folded past a damaged row; clearing it would not let the table deal. Restore the database from its last good copy (or move the table to a new file) with a technician`);
      }
    }
    const t = this.tables.get(alert.tableId);
    if (!t) return fail('unknown-table', `alert ${alert.id} is of table ${alert.tableId}, which is not on this terminal`);
    const committed = this.commitTable(t, [
      {
        type: 'alert-acknowledged', at: this.now(), by: cmd.as === 'floor' ? `floor:${person}` : 'dealer', alertId: alert.id, person,
        ...(cmd.staffId !== undefined ? { staffId: cmd.staffId } : {}), ...(note ? { note } : {}),
      },
    ]);
    if (!committed.ok) return committed;
    const acked = readAlert(this.store.db, alert.id)!;
    this.changed(t, committed.value);
    this.emit({ kind: 'alert-acknowledged', alert: acked });
    return ok(acked);
  }

  /**
   * The deals the shoe has stopped reading before their last card: each table whose open hand
   * has had no read for `idleMs` (by the service's clock) raises one alert for the dealer (kind
   * `device-fault`, code `deal-idle`), once per hand, and its screen is told; the dealer then
   * ends the deal as a short-deal misdeal (`callMisdeal`) or the shoe goes on. Returns the tables
   * alerted now. Called by the terminal's timer.
   */
  checkIdleDeals(idleMs: number): string[] {
    const alerted: string[] = [];
    for (const t of this.tables.values()) {
      const hand = t.hand;
      if (!hand) continue;
      const now = this.clock();
      const idle = idleDeal(hand.state, (at) => now - Date.parse(at), idleMs);
      if (!idle) continue;
      if (this.raisedAlertsOf(t.id).some((a) => a.code === DEAL_IDLE && a.handId === hand.id)) continue;
      const seconds = Math.round(idle.idleMs / 1000);
      const committed = this.commitTable(t, [], [{
        kind: 'device-fault', code: DEAL_IDLE, handId: hand.id,
        message: `Hand ${hand.state.info?.handNumber ?? hand.id}: the shoe has read nothing for ${seconds} s with ${idle.read} of ${idle.of} cards read. If no card is left in the shoe, the deal is short: call a misdeal.`,
      }]);
      if (!committed.ok) continue;
      this.changed(t, committed.value);
      alerted.push(t.id);
    }
    return alerted;
  }

  /** Alerts, newest last; by default those still raised on every table. */
  alerts(filter: AlertFilter = { raised: true }): AlertView[] {
    return readAlerts(this.store.db, filter);
  }

  // ------------------------------------------------------------------ devices

  /**
   * Attaches a card source to a table: a shoe's cards and faults flow into the open hand (a
   * gap or an unreadable card becomes the fold's misdeal; a device fault raises an alert); a
   * scanner's cards fill the row the showdown expects next (app/services/device-routing.ts).
   * Returns the function that detaches it. The source is not started or stopped here.
   */
  attachCardSource(tableId: string, source: CardSource): Result<() => void> {
    const t = this.table(tableId);
    return t.ok ? this.devices.attach(t.value, source) : t;
  }

  /**
   * Records that the admin `staffId` set the table's shoe or scanner (`device-set`), with a
   * reason: refused while a hand is in play (`hand-in-play`, the fold's answer) and without a
   * reason. Only the record: the terminal swaps the device itself once this is committed
   * (app/services/device-settings.ts).
   */
  recordDeviceSet(cmd: { tableId: string; role: 'shoe' | 'scanner'; setting: DeviceSetting; device: string | null; label: string | null; staffId: string; reason: string }): Result<TableSnapshot> {
    const t = this.table(cmd.tableId);
    if (!t.ok) return t;
    return this.tableCommand(t.value, [{
      type: 'device-set', at: this.now(), by: 'system', role: cmd.role, setting: cmd.setting, device: cmd.device, label: cmd.label,
      staffId: cmd.staffId, reason: typeof cmd.reason === 'string' ? cmd.reason.trim() : '',
    }]);
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

  private openHand(tableId: string): Result<LiveTable> {
    const t = this.table(tableId);
    if (!t.ok) return t;
    if (!t.value.hand) return fail('no-hand-in-play', `no hand is in play at table ${tableId}: start a hand first`);
    return t;
  }

  /**
   * Folds `first` (an event of hand `handId`) into the table, then every follow-up the hand
   * fold asks for; refuses when `first` does not apply. Each event is folded once, by the
   * table's fold, which hands the hand's state after it too.
   */
  private advance(table: TableState, handId: string, first: HandEvent): Result<HandStep[]> {
    const r = applyTableEntry(table, { handId, body: first });
    if (!r.ok) return r;
    if (!r.value.hand) return ok([]); // not a hand's play (cannot happen for the events the service builds)
    const steps: HandStep[] = [{ event: first, state: r.value.hand, table: r.value.table }];
    this.followUpsFrom(steps, handId, steps[0]);
    return ok(steps);
  }

  /** Appends to `steps` the follow-ups the hand fold asks for after `start` (the hand's and
   *  the table's state). */
  private followUpsFrom(steps: HandStep[], handId: string, start: { readonly state: HandState; readonly table: TableState }): void {
    let last = start;
    for (let round = 0; round < MAX_FOLLOW_UPS; round++) {
      const next = followUps(last.state, this.now());
      if (next.length === 0) return;
      for (const e of next) {
        const r = applyTableEntry(last.table, { handId, body: e });
        if (!r.ok || !r.value.hand) throw new Error(`the table fold refused the hand's own follow-up ${e.type}: ${r.ok ? 'not a hand event' : r.error.message}`);
        last = { event: e, state: r.value.hand, table: r.value.table } as HandStep;
        steps.push(last as HandStep);
      }
    }
    throw new Error(`the hand fold asked for more than ${MAX_FOLLOW_UPS} rounds of follow-ups`);
  }

  private handEvent(tableId: string, event: HandEvent): Result<TableSnapshot> {
    const t = this.openHand(tableId);
    if (!t.ok) return t;
    // Damage found at start: the hand may still be ended (a misdeal, a void) or noted, not played on.
    if (event.type !== 'hand-voided' && event.type !== 'misdeal-called' && !(event.type === 'floor-correction' && event.action.kind === 'note')) {
      const held = this.integrityHold(tableId);
      if (held) return held;
    }
    const hand = t.value.hand!;
    const steps = this.advance(t.value.state, hand.id, event);
    if (!steps.ok) return steps;
    return this.commitHand(t.value, hand.id, steps.value);
  }

  /** A refusal while an integrity alert of the table is raised (the table does not deal), or null. */
  private integrityHold(tableId: string): { ok: false; error: DomainError } | null {
    const alert = this.raisedAlertsOf(tableId).find((a) => a.kind === 'integrity');
    return alert ? integrityRefusal(alert) : null;
  }

  /**
   * Raises an integrity alert on every table for each start-up finding (and on its own table for
   * a hand that does not replay), unless the same alert is still raised from an earlier start:
   * the alert persists across restarts until the floor clears it, and a start that finds the
   * damage again raises it again.
   */
  private raiseIntegrityAlerts(found: readonly StartupFinding[], perTable: ReadonlyMap<string, StartupFinding[]>): void {
    this.startupFindings.push(...found);
    for (const list of perTable.values()) this.startupFindings.push(...list);
    for (const table of this.tables.values()) {
      const raised = this.raisedAlertsOf(table.id).filter((a) => a.kind === 'integrity');
      const drafts: AlertDraft[] = [...found, ...(perTable.get(table.id) ?? [])]
        .filter((f) => !raised.some((a) => a.code === f.code && a.message === f.message))
        .map(integrityAlert);
      if (drafts.length === 0) continue;
      const committed = this.commitTable(table, [], drafts);
      // Named here because no alert can say it (a query row the alert's own row needs is gone).
      if (!committed.ok) throw new Error(`table ${table.id}: the start-up check found damage and could not record it (${drafts.map((d) => d.message).join('; ')}): ${committed.error.message}`);
    }
  }

  /**
   * Appends a hand's steps (and the alerts they raise) in one transaction, then updates memory.
   * When the hand ends, a `table-checkpoint` of the table after it goes into the same
   * transaction: loading starts at the last one (and the audit checks each against the fold).
   */
  private commitHand(table: LiveTable, handId: string, steps: readonly HandStep[]): Result<TableSnapshot> {
    if (steps.length === 0) return this.changed(table, []);
    const open = table.hand?.id === handId ? table.hand : null;
    const before = open?.state ?? initialState;
    const alerts = handAlerts(handId, before, steps);
    const last = steps[steps.length - 1];
    const final = last.state;
    const ends = isOver(final) && !isOver(before);
    let checkpoint: TableEvent | null = null;
    if (ends) {
      const cp = checkpointOf(last.table, this.now());
      if (!cp.ok) return cp;
      checkpoint = cp.value;
    }
    const number = open?.number ?? last.table.handsStarted;
    const stored = this.write((tx) => {
      const out: StoredEvent[] = [];
      let prior = table.state;
      for (const step of steps) {
        const s = tx.append({ tableId: table.id, handId, body: step.event });
        out.push(s);
        projectEntry(this.projector, tx, s, prior, { table: step.table, hand: step.state });
        prior = step.table;
      }
      for (const a of alerts) out.push(this.appendAlert(tx, table.id, a, last.table));
      if (checkpoint) out.push(this.appendTableEvent(tx, table.id, checkpoint, last.table));
      return out;
    });
    if (!stored.ok) return stored;
    table.state = last.table;
    if (ends) {
      table.lastHand = { id: handId, number, state: final };
      table.scanBuffer = [];
    }
    return this.changed(table, stored.value);
  }

  /** Runs `fn` in one write transaction; a failure is a `store-failed` refusal (nothing written). */
  private write(fn: (tx: WriteTx) => StoredEvent[]): Result<StoredEvent[]> {
    let stored: StoredEvent[];
    try {
      stored = this.store.write(fn);
    } catch (e) {
      return storeFailed(e);
    }
    this.committed(stored);
    return ok(stored);
  }

  /** Appends one table-level event and writes its rows from the table's state after it. */
  private appendTableEvent(tx: WriteTx, tableId: string, event: TableEvent, after: TableState): StoredEvent {
    const s = tx.append({ tableId, body: event });
    projectEntry(this.projector, tx, s, null, { table: after, hand: null });
    return s;
  }

  private appendAlert(tx: WriteTx, tableId: string, a: AlertDraft, state: TableState): StoredEvent {
    const event: TableEvent = {
      type: 'alert-raised', at: this.now(), by: 'system', alertId: this.projector.nextAlertId(), kind: a.kind, code: a.code,
      message: a.message, handId: a.handId, ...(a.device ? { device: a.device } : {}),
    };
    // An alert changes nothing at the table; the fold checks its shape.
    const checked = applyTable(state, { handId: null, body: event });
    if (!checked.ok) throw new Error(`the table fold refused an alert the terminal built: ${checked.error.message}`);
    return this.appendTableEvent(tx, tableId, event, state);
  }

  /**
   * Appends table-level events (and alerts) in one transaction, each with the table's state
   * after it (`states`, from the fold), then makes the last one the table's.
   */
  private commitTable(table: LiveTable, events: readonly TableEvent[], alerts: readonly AlertDraft[] = [], states?: readonly TableState[]): Result<StoredEvent[]> {
    let after = table.state;
    const folded: TableState[] = [];
    if (states) {
      folded.push(...states);
      after = states[states.length - 1] ?? after;
    } else {
      for (const e of events) {
        const r = applyTable(after, { handId: null, body: e });
        if (!r.ok) return r;
        after = r.value;
        folded.push(after);
      }
    }
    const stored = this.write((tx) => {
      const out = events.map((e, i) => this.appendTableEvent(tx, table.id, e, folded[i]));
      for (const a of alerts) out.push(this.appendAlert(tx, table.id, a, after));
      return out;
    });
    if (!stored.ok) return stored;
    table.state = after;
    return stored;
  }

  /** A command made of table-level events: folded, committed, and the new snapshot. */
  private tableCommand(table: LiveTable, events: readonly TableEvent[]): Result<TableSnapshot> {
    const committed = this.commitTable(table, events);
    return committed.ok ? this.changed(table, committed.value) : committed;
  }

  /** A note on a hand that is no longer in play (the fold allows only a note there). */
  private noteOnPastHand(table: LiveTable, handId: string, event: HandEvent): Result<TableSnapshot> {
    const events = this.store.handEvents<HandEvent>(handId);
    if (events.length === 0 || events[0].tableId !== table.id) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} at table ${table.id}`);
    const state = replay(events.map((e) => e.body));
    if (!state.ok) return fail('replay-failed', `hand ${handId} does not replay: ${state.error.message}`);
    const r = apply(state.value, event);
    if (!r.ok) return r;
    const atTable = applyTable(table.state, { handId, body: event });
    if (!atTable.ok) return atTable;
    const stored = this.write((tx) => {
      const s = tx.append({ tableId: table.id, handId, body: event });
      projectEntry(this.projector, tx, s, table.state, { table: atTable.value, hand: r.value });
      return [s];
    });
    if (!stored.ok) return stored;
    if (table.lastHand?.id === handId) table.lastHand.state = r.value;
    return this.changed(table, stored.value);
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
    return tableSnapshot(t, this.raisedAlertsOf(t.id), this.devices.scanTarget(t));
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

  /**
   * Loads every table by folding its log: from its last `table-checkpoint` (written at the end
   * of every hand) on, or from `table-opened`. Returns, per table, what did not add up: an
   * entry the fold refuses (the table is loaded as it stood before it, and does not deal) and
   * query rows that differ from the fold (the rows are a convenience; the log is the record).
   */
  private load(): Map<string, StartupFinding[]> {
    const findings = new Map<string, StartupFinding[]>();
    for (const tableId of this.repository.tableIds()) {
      const found: StartupFinding[] = [];
      let state: TableState | null = null;
      let from = 0;
      const cp = this.repository.lastCheckpoint(tableId);
      if (cp) {
        const restored = tableFromCheckpoint(cp.body as TableCheckpoint);
        if (restored.ok) {
          state = restored.value;
          from = cp.id;
        } else {
          found.push({ code: 'table-does-not-replay', message: `table ${tableId}: its checkpoint at log row ${cp.id} is not valid: ${restored.error.message}` });
        }
      }
      let lastOfHand = 0;
      for (const entry of this.repository.entriesAfter(tableId, from)) {
        if (entry.handId !== null) lastOfHand = entry.id;
        const r = applyTable(state, entry);
        if (!r.ok) {
          found.push({
            code: 'table-does-not-replay',
            message: `table ${tableId} cannot be rebuilt from its log: log row ${entry.id} (${entry.type}${entry.handId ? ` of hand ${entry.handId}` : ''}): ${r.error.message}`,
          });
          break;
        }
        state = r.value;
      }
      if (!state) {
        this.startupFindings.push(...found);
        continue; // nothing to load it from: the finding is listed, and there is no table to deal at
      }
      const t = new LiveTable(state);
      t.scanBuffer = this.heldRow(t, lastOfHand);
      found.push(...this.projectionDifferences(state));
      if (!t.hand && state.handsStarted > 0) {
        const last = handIdFor(state.id, state.handsStarted);
        const replayed = replay(this.store.handEvents<HandEvent>(last).map((e) => e.body));
        if (replayed.ok) t.lastHand = { id: last, number: state.handsStarted, state: replayed.value };
      }
      this.tables.set(tableId, t);
      if (found.length > 0) findings.set(tableId, found);
      else if (t.hand) this.resume(t);
    }
    return findings;
  }

  /**
   * Where the table's query rows (tables, seats, the last hand's outcome) differ from the fold:
   * a row written outside the terminal. The rows are rewritten from the fold as events change
   * them; `table audit` rebuilds and compares them all.
   */
  private projectionDifferences(state: TableState): StartupFinding[] {
    const out = rowDifferences(state, this.repository.rows(state.id));
    return out.length === 0 ? [] : [{ code: 'query-tables-differ', message: `table ${state.id}: the query tables differ from the log: ${out.join('; ')}` }];
  }

  /** The cards of the seat being scanned that a scanner waiting for ACKs had sent before a
   *  restart (`scanner-card-held` after the hand's last event, for the rows it expects; a
   *  refusal that ended the seat's scan drops those before it). */
  private heldRow(t: LiveTable, afterId: number): Card[] {
    const target = t.hand ? scannerExpects(t.hand.state) : null;
    if (!target) return [];
    const rows = SCAN_ORDER.slice(SCAN_ORDER.indexOf(target.row));
    let out: Card[] = [];
    for (const { body } of this.repository.deviceReadsAfter(t.id, afterId)) {
      if (body.type === 'device-read-refused' && body.role === 'scanner' && refusalEndsScan(body.code)) out = [];
      if (body.type !== 'scanner-card-held' || body.seat !== target.seat || !rows.includes(body.row)) continue;
      const card = parseCard(body.card);
      if (card.ok && !out.includes(card.value)) out.push(card.value);
    }
    return out;
  }

  /** A recovered open hand: append what the fold still asks for (or finish it if it ended). */
  private resume(t: LiveTable): void {
    const hand = t.hand!;
    const steps: HandStep[] = [];
    this.followUpsFrom(steps, hand.id, { state: hand.state, table: t.state });
    if (steps.length > 0) {
      const r = this.commitHand(t, hand.id, steps);
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
