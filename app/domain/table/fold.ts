/**
 * The table as a pure fold over its log: `applyTable(state, entry) -> Result<TableState>`
 * returns a new state or refuses the entry with a stable code (the codes the table service
 * gives for the same rule) and a reason a dealer understands; `replayTable(entries)` folds a
 * whole log. An entry with a hand id is a hand's event: it goes to the hand fold (`apply`)
 * for the hand in play, and when that hand is over the table takes the stacks and the
 * button it leaves (`carryOver`).
 *
 * The guards and decisions are listed in docs/table.md.
 */
import { checkFloorSignatures, formatAmount, isActor, isFloorActor, isHex, isIsoTime, isNonEmptyText, isNonNegativeInteger, isPositiveInteger, isSeatNo, seatName } from '../hand/check';
import type { HandEvent, HandStarted, SeatNo } from '../hand/events';
import { HAND_EVENT_TYPES } from '../hand/events';
import { apply } from '../hand/fold';
import { initialState as handInitialState, isOver, type HandState } from '../hand/state';
import { carryOver } from '../hand/views';
import { sameJson, showJson } from '../json';
import { plural } from '../words';
import { failWith } from '../figured-refusals';
import { fail, money, ok, type Result } from '../result';
import { checkBuyIn } from './buy-in';
import { checkCorrection, correctableHand, correctedHand, correctionSettled, correctionSignersNeeded, planCorrection, playedHandOf } from './correction';
import { checkOpening, isTrimmedName } from './check';
import { bodyOf, checkpointBody } from './checkpoint';
import { differenceText, firstDifference } from './difference';
import type {
  AlertAcknowledged, AlertRaised, BuyIn, CorrectionPaymentExecuted, DealerOff, HandCorrected, DealerOn, DeviceReadRefused, DeviceSet, DeviceStatusChanged, PlayerLeft, PlayerSeated, RulesChanged,
  ScannerCardHeld, StartedDevice, TableCheckpoint, TableEvent, TableEventOf, TableEventType, TableOpened, TableOpening, TerminalStarted, TerminalStopped,
} from './events';
import { ALERT_KINDS, TABLE_EVENT_TYPES, TABLE_LANGUAGES } from './events';
import { nextHandStarted } from './next-hand';
import { isStaffId } from '../staff/state';
import { NOTHING_CARRIED, handNumberOf, withSeatAt, withTable, type TableSeat, type TableState } from './state';

/** One entry of the table's log: a table event (`handId` null) or an event of hand `handId`. */
export interface TableEntry {
  readonly handId: string | null;
  readonly body: TableEvent | HandEvent;
}

type Step = Result<TableState>;

const TABLE_TYPES: ReadonlySet<string> = new Set(TABLE_EVENT_TYPES);
const HAND_TYPES: ReadonlySet<string> = new Set(HAND_EVENT_TYPES);

// ---------------------------------------------------------------------------------------
// Guards shared by the handlers

/** Refuses a change that waits for the hand in play to end. */
function betweenHands(state: TableState, what: string): Step | null {
  const h = state.hand;
  return h ? fail('hand-in-play', `${what} only between hands: hand ${h.number} is in play at table ${state.id}`) : null;
}

/** The player at `seat`, when the event names him. */
function seatedPlayer(state: TableState, seat: unknown, playerId: unknown, type: string): Result<TableSeat> {
  if (!isSeatNo(seat)) return fail('bad-seat', `${showJson(seat)} is not a seat (1-4)`);
  const s = state.seats[seat - 1];
  if (!s) return fail('seat-empty', `seat ${seat} at table ${state.id} is empty`);
  if (playerId !== s.playerId) return fail('wrong-player', `${type}: ${seatName(seat)} is ${s.playerId}, not ${showJson(playerId)}`);
  return ok(s);
}

function seatOf(s: TableSeat, c: Partial<TableSeat>): TableSeat {
  return {
    playerId: s.playerId, name: s.name, stack: c.stack ?? s.stack, shortBuyInAllowed: c.shortBuyInAllowed ?? s.shortBuyInAllowed,
  };
}

// ---------------------------------------------------------------------------------------
// The table and its people

function tableOpened(e: TableOpened): Step {
  const profile = checkOpening(e, 'table-opened');
  if (!profile.ok) return profile;
  return ok({
    id: e.tableId, name: e.name, profile: profile.value, profileSnapshot: e.profile.snapshot, pointValue: e.pointValue, language: null, mode: e.mode,
    seqModulo: e.seqModulo, button: e.button, handsStarted: 0, seats: [null, null, null, null], dealer: null, dealerStaffId: null, hand: null,
    carried: NOTHING_CARRIED, lastPlayed: null,
  });
}

/**
 * The floor corrects the table's last played hand (docs/table.md, "Correcting a played hand"):
 * between hands, before the next one starts, with the players of the hand still at their seats,
 * the chips of the last correction all moved, a reason, one floor person's signature (two
 * different ones when chips move), and exactly the result and transfers `planCorrection` gives.
 */
function handCorrected(state: TableState, e: HandCorrected): Step {
  const refused = betweenHands(state, 'A played hand is corrected');
  if (refused) return refused;
  const found = correctableHand(state.lastPlayed, e.handId);
  if (!found.ok) return found;
  const played = found.value;
  if (!correctionSettled(played)) return fail('correction-pending', `the chips of hand ${played.number}'s last correction are not all moved yet`);
  for (const p of played.players) {
    const s = state.seats[p.seat - 1];
    if (!s || s.playerId !== p.playerId) return fail('player-left', `${p.playerId} has left ${seatName(p.seat)}: the chips of hand ${played.number} cannot move at the table any more (the cage settles it)`);
  }
  if (!isFloorActor(e.by)) return fail('floor-only', 'A correction is made by the floor (by: "floor:<name>")');
  if (!isNonEmptyText(e.reason)) return fail('reason-needed', 'A correction needs a reason');
  const signed = checkFloorSignatures(e);
  if (!signed.ok) return signed;
  if (signed.value === null) return fail('bad-event', 'hand-corrected: signedBy names the floor people who gave their PIN');
  const correction = checkCorrection(e.correction);
  if (!correction.ok) return correction;
  const plan = planCorrection(played, correction.value, e.reason);
  if (!plan.ok) return plan;
  if (correctionSignersNeeded(plan.value) === 2 && signed.value.length < 2) {
    return fail('second-floor-needed', `the correction moves chips (${plural(plan.value.transfers.length, 'transfer')}): a second floor person signs it too (the two-person rule)`);
  }
  // Compared as JSON (the log stores bodies with their keys sorted, and a -0 as 0).
  if (!sameJson(plan.value.result, e.result)) return fail('correction-mismatch', 'hand-corrected: the result is not what the corrected hand settles to', 'result');
  if (!sameJson(plan.value.transfers, e.transfers)) return fail('correction-mismatch', 'hand-corrected: the transfers are not the difference between what was paid and what is now owed', 'transfers');
  return ok(withTable(state, { lastPlayed: correctedHand(played, plan.value) }));
}

/** The dealer moved the chips of one transfer of the last correction. */
function correctionPaymentExecuted(state: TableState, e: CorrectionPaymentExecuted): Step {
  const refused = betweenHands(state, 'The chips of a correction move');
  if (refused) return refused;
  const played = state.lastPlayed;
  if (!played || played.handId !== e.handId) return fail('not-correctable', `hand ${showJson(e.handId)} has no correction to pay`);
  const t = isNonNegativeInteger(e.index) ? played.pending[e.index] : undefined;
  if (!t) return fail('no-such-payment', `There is no transfer ${showJson(e.index)}: the correction has ${plural(played.pending.length, 'transfer')}`);
  if (t.done) {
    return failWith('already-paid', `Transfer ${e.index + 1} (${seatName(t.from as SeatNo)} pays ${seatName(t.to as SeatNo)} ${formatAmount(t.amount)}) is already made`,
      { number: e.index + 1, from: t.from, to: t.to, amount: money(t.amount) });
  }
  if (e.from !== t.from || e.to !== t.to || e.amount !== t.amount) {
    return fail('payment-mismatch', `Transfer ${e.index + 1} is ${seatName(t.from as SeatNo)} pays ${seatName(t.to as SeatNo)} ${formatAmount(t.amount)}, not ${showJson({ from: e.from, to: e.to, amount: e.amount })}`);
  }
  const from = state.seats[t.from - 1];
  const to = state.seats[t.to - 1];
  if (!from || !to) return fail('player-left', `a player of hand ${played.number} has left: the cage settles transfer ${e.index + 1}`);
  if (from.stack < t.amount) {
    return failWith('not-enough-chips', `${seatName(t.from as SeatNo)} holds ${formatAmount(from.stack)}, less than the ${formatAmount(t.amount)} to move`,
      { seat: t.from, stack: money(from.stack), amount: money(t.amount) });
  }
  let seats = withSeatAt(state.seats, t.from as SeatNo, seatOf(from, { stack: from.stack - t.amount }));
  seats = withSeatAt(seats, t.to as SeatNo, seatOf(to, { stack: to.stack + t.amount }));
  const pending = played.pending.map((x, i) => (i === e.index ? { ...x, done: true } : x));
  return ok(withTable(state, { seats, lastPlayed: { ...played, pending } }));
}

/**
 * New rules from the next hand (docs/table.md, "Changing the rules"): refused during a hand, with
 * a profile that is not a whole valid one carrying its name and version, a point value out of
 * bounds, a blank name or reason, no admin's staff id, when nothing changes, and when a profile
 * of the same name changes without a higher version (a changed profile gets a new version, so
 * two hands under "mandarin-house v1" were always dealt under the same rules).
 */
function rulesChanged(state: TableState, e: RulesChanged): Step {
  const refused = betweenHands(state, 'The rules change');
  if (refused) return refused;
  const checked = checkOpening({ ...openingOf(state), profile: e.profile, pointValue: e.pointValue, name: e.name }, 'rules-changed');
  if (!checked.ok) return checked;
  if (!isStaffId(e.staffId)) return fail('bad-event', `rules-changed: staffId must be the admin's staff id, not ${showJson(e.staffId)}`);
  if (!isTrimmedName(e.reason)) return fail('reason-needed', 'rules-changed: give the reason for the change');
  if (e.language !== undefined && !TABLE_LANGUAGES.includes(e.language)) {
    return fail('bad-language', `rules-changed: the table's language is one of ${TABLE_LANGUAGES.join(', ')}, not ${showJson(e.language)}`, 'language');
  }
  const language = e.language ?? state.language;
  const profile = checked.value;
  // The rules as profiles, not as snapshots: a snapshot written before an option existed leaves
  // it out, and resolves to its default, as the same snapshot with the default written in does.
  const sameRules = sameJson(profile, state.profile);
  if (sameRules && e.pointValue === state.pointValue && e.name === state.name && language === state.language) {
    return fail('no-change', `table ${state.id} already plays ${profile.name} v${profile.version} at ${formatAmount(e.pointValue)} a point as ${showJson(e.name)}${language ? ` in ${language}` : ''}`);
  }
  if (!sameRules && profile.name === state.profile.name && profile.version <= state.profile.version) {
    return fail('version-needed', `profile ${profile.name} changed: it needs a version above ${state.profile.version}, not ${profile.version}`, 'profile.version');
  }
  return ok(withTable(state, { profile, profileSnapshot: e.profile.snapshot, pointValue: e.pointValue, name: e.name, language }));
}

/** The opening fields of a table as it is now (what a checkpoint repeats). */
function openingOf(state: TableState): TableOpening {
  return {
    tableId: state.id, name: state.name, profile: { name: state.profile.name, version: state.profile.version, snapshot: state.profileSnapshot },
    pointValue: state.pointValue, mode: state.mode, seqModulo: state.seqModulo, button: state.button,
  };
}

function dealerOn(state: TableState, e: DealerOn): Step {
  const refused = betweenHands(state, 'A dealer change');
  if (refused) return refused;
  if (!isTrimmedName(e.dealer)) return fail('name-needed', `the dealer taking the box must be named, not ${showJson(e.dealer)}`);
  if (state.dealer === e.dealer) return fail('already-dealing', `${e.dealer} is already dealing at table ${state.id}`);
  if (state.dealer !== null) {
    return fail('dealer-on-duty', `${state.dealer} is dealing at table ${state.id}: he signs off (dealer-off) before ${e.dealer} takes the box`);
  }
  if (e.staffId !== undefined && !isStaffId(e.staffId)) return fail('bad-event', `dealer-on: staffId must be a staff id when given, not ${showJson(e.staffId)}`);
  return ok(withTable(state, { dealer: e.dealer, dealerStaffId: e.staffId ?? null }));
}

function dealerOff(state: TableState, e: DealerOff): Step {
  const refused = betweenHands(state, 'A dealer change');
  if (refused) return refused;
  if (!state.dealer) return fail('no-dealer', `no dealer is signed on at table ${state.id}`);
  if (e.dealer !== state.dealer) return fail('not-dealing', `${showJson(e.dealer)} is not dealing at table ${state.id}: ${state.dealer} is`);
  if ((e.staffId ?? null) !== state.dealerStaffId) {
    return fail('not-dealing', `dealer-off: staffId ${showJson(e.staffId ?? null)} is not the dealer on duty's (${showJson(state.dealerStaffId)})`);
  }
  return ok(withTable(state, { dealer: null, dealerStaffId: null }));
}

function playerSeated(state: TableState, e: PlayerSeated): Step {
  const refused = betweenHands(state, 'A player can sit down');
  if (refused) return refused;
  if (!isSeatNo(e.seat)) return fail('bad-seat', `${showJson(e.seat)} is not a seat (1-4)`);
  const taken = state.seats[e.seat - 1];
  if (taken) return fail('seat-taken', `seat ${e.seat} is taken by ${taken.playerId}`);
  if (!isTrimmedName(e.playerId)) return fail('player-needed', `the player sitting down needs an id, not ${showJson(e.playerId)}`);
  const other = state.seats.findIndex((s) => s?.playerId === e.playerId);
  if (other >= 0) return fail('already-seated', `${e.playerId} already sits at seat ${other + 1}`);
  if (e.name !== undefined && !isTrimmedName(e.name)) {
    return fail('bad-event', `player-seated: the name is left out or is text without spaces around it, not ${showJson(e.name)}`);
  }
  // He has no chips until his buy-in, and that first buy-in must be a full one.
  const seat: TableSeat = { playerId: e.playerId, name: e.name ?? null, stack: 0, shortBuyInAllowed: false };
  return ok(withTable(state, { seats: withSeatAt(state.seats, e.seat, seat) }));
}

function buyIn(state: TableState, e: BuyIn): Step {
  const refused = betweenHands(state, 'No chips can be added');
  if (refused) return refused;
  const seat = seatedPlayer(state, e.seat, e.playerId, 'buy-in');
  if (!seat.ok) return seat;
  const check = checkBuyIn(e.amount, state.pointValue, state.profile.buyInPoints, seat.value.stack, seat.value.shortBuyInAllowed);
  if (!check.ok) return check;
  const short = check.value.kind === 'short-buy-in';
  if (e.short !== short) {
    return fail('bad-event', `buy-in: short must be ${short}: ${formatAmount(e.amount)} is a ${short ? 'short' : 'full'} buy-in, not ${showJson(e.short)}`);
  }
  const after = seatOf(seat.value, { stack: seat.value.stack + e.amount, shortBuyInAllowed: check.value.shortAllowedAfter });
  return ok(withTable(state, { seats: withSeatAt(state.seats, e.seat, after) }));
}

function playerLeft(state: TableState, e: PlayerLeft): Step {
  const refused = betweenHands(state, 'A player can leave');
  if (refused) return refused;
  const seat = seatedPlayer(state, e.seat, e.playerId, 'player-left');
  if (!seat.ok) return seat;
  if (e.cashOut !== seat.value.stack) {
    return fail('wrong-cash-out', `player-left: ${seat.value.playerId} leaves with his whole stack, ${formatAmount(seat.value.stack)}, not ${showJson(e.cashOut)}`);
  }
  return ok(withTable(state, { seats: withSeatAt(state.seats, e.seat, null) }));
}

// ---------------------------------------------------------------------------------------
// Informational events: kept in the log, the state does not change

function text(x: unknown): boolean {
  return typeof x === 'string';
}

function optionalText(x: unknown): boolean {
  return x === undefined || typeof x === 'string';
}

function role(x: unknown): boolean {
  return x === 'shoe' || x === 'scanner';
}

function shape(state: TableState, type: string, checks: readonly [boolean, string][]): Step {
  const bad = checks.find(([good]) => !good);
  return bad ? fail('bad-event', `${type}: ${bad[1]}`) : ok(state);
}

function alertRaised(state: TableState, e: AlertRaised): Step {
  return shape(state, e.type, [
    [isPositiveInteger(e.alertId), `alertId must be a whole number from 1, not ${showJson(e.alertId)}`],
    [ALERT_KINDS.includes(e.kind), `kind must be one of ${ALERT_KINDS.join(', ')}, not ${showJson(e.kind)}`],
    [isNonEmptyText(e.code), `code must be non-empty text, not ${showJson(e.code)}`],
    [text(e.message), 'message must be text'],
    [e.handId === null || isNonEmptyText(e.handId), `handId must be a hand's id or null, not ${showJson(e.handId)}`],
    [optionalText(e.device), 'device must be text when given'],
  ]);
}

function alertAcknowledged(state: TableState, e: AlertAcknowledged): Step {
  if (!isTrimmedName(e.person)) return fail('name-needed', `an alert is acknowledged by a named person, not ${showJson(e.person)}`);
  return shape(state, e.type, [
    [isPositiveInteger(e.alertId), `alertId must be a whole number from 1, not ${showJson(e.alertId)}`],
    [e.staffId === undefined || isStaffId(e.staffId), `staffId must be a staff id when given, not ${showJson(e.staffId)}`],
    [optionalText(e.note), 'note must be text when given'],
  ]);
}

function deviceStatus(state: TableState, e: DeviceStatusChanged): Step {
  return shape(state, e.type, [
    [isNonEmptyText(e.device), `device must be the device's id, not ${showJson(e.device)}`],
    [role(e.role), `role must be "shoe" or "scanner", not ${showJson(e.role)}`],
    [isNonEmptyText(e.status), `status must be non-empty text, not ${showJson(e.status)}`],
    [optionalText(e.detail), 'detail must be text when given'],
  ]);
}

function deviceReadRefused(state: TableState, e: DeviceReadRefused): Step {
  return shape(state, e.type, [
    [isNonEmptyText(e.device), `device must be the device's id, not ${showJson(e.device)}`],
    [role(e.role), `role must be "shoe" or "scanner", not ${showJson(e.role)}`],
    [optionalText(e.card), 'card must be text when given'],
    [e.seq === undefined || isNonNegativeInteger(e.seq), `seq must be a whole number when given, not ${showJson(e.seq)}`],
    [e.raw === undefined || isHex(e.raw), 'raw must be the device bytes as hex when given'],
    [isNonEmptyText(e.code), `code must be non-empty text, not ${showJson(e.code)}`],
    [text(e.message), 'message must be text'],
  ]);
}

function scannerCardHeld(state: TableState, e: ScannerCardHeld): Step {
  return shape(state, e.type, [
    [isNonEmptyText(e.device), `device must be the device's id, not ${showJson(e.device)}`],
    [isSeatNo(e.seat), `seat must be 1-4, not ${showJson(e.seat)}`],
    [e.row === 'front' || e.row === 'middle' || e.row === 'back', `row must be front, middle or back, not ${showJson(e.row)}`],
    [isNonEmptyText(e.card), `card must be the card's text, not ${showJson(e.card)}`],
    [e.seq === null || isNonNegativeInteger(e.seq), `seq must be a whole number or null, not ${showJson(e.seq)}`],
    [isHex(e.raw), 'raw must be the device bytes as hex'],
  ]);
}

function startedDevice(x: unknown): boolean {
  const d = x as StartedDevice | null;
  return typeof d === 'object' && d !== null && role(d.role) && isNonEmptyText(d.id) && text(d.label) && typeof d.simulated === 'boolean';
}

function terminalStarted(state: TableState, e: TerminalStarted): Step {
  return shape(state, e.type, [
    [isNonEmptyText(e.program), `program must be non-empty text, not ${showJson(e.program)}`],
    [isNonEmptyText(e.version), `version must be non-empty text, not ${showJson(e.version)}`],
    [Array.isArray(e.devices) && e.devices.every(startedDevice), 'devices must be a list of { role, id, label, simulated }'],
    [typeof e.afterCrash === 'boolean', `afterCrash must be true or false, not ${showJson(e.afterCrash)}`],
    [Array.isArray(e.changed) && e.changed.every(text), 'changed must be a list of texts'],
  ]);
}

/** Whether `x` is a device setting as `device-set` carries it (the port's own form is checked where it is opened). */
function deviceSetting(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const s = x as Record<string, unknown>;
  if (s.kind === 'none' || s.kind === 'simulated') return Object.keys(s).length === 1;
  return s.kind === 'serial' && isNonEmptyText(s.port) && (s.format === 'framed' || s.format === 'lines')
    && Number.isSafeInteger(s.baudRate) && (s.baudRate as number) > 0 && Object.keys(s).length === 4;
}

/**
 * The admin sets a device (docs/hardware.md, "Setting the devices on screen"): between hands only,
 * so every card of a hand comes from the device set before it; signed by an admin, with a reason.
 * The table's state does not change: the device is the terminal's, the log keeps who set it.
 */
function deviceSet(state: TableState, e: DeviceSet): Step {
  const refused = betweenHands(state, 'A device change');
  if (refused) return refused;
  if (!isStaffId(e.staffId)) return fail('bad-event', `device-set: staffId must be the admin's staff id, not ${showJson(e.staffId)}`);
  if (!isTrimmedName(e.reason)) return fail('reason-needed', 'device-set: give the reason for the change');
  const none = typeof e.setting === 'object' && e.setting !== null && e.setting.kind === 'none';
  return shape(state, e.type, [
    [role(e.role), `role must be "shoe" or "scanner", not ${showJson(e.role)}`],
    [deviceSetting(e.setting), `setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not ${showJson(e.setting)}`],
    [!(e.role === 'scanner' && e.setting?.kind === 'simulated'), 'setting: the scanner has no simulated device'],
    [none ? e.device === null && e.label === null : isNonEmptyText(e.device) && isNonEmptyText(e.label), 'device and label must be the device\'s id and words (null for none)'],
  ]);
}

function terminalStopped(state: TableState, e: TerminalStopped): Step {
  return shape(state, e.type, [[isNonEmptyText(e.program), `program must be non-empty text, not ${showJson(e.program)}`]]);
}

// ---------------------------------------------------------------------------------------
// Checkpoints

function checkpoint(state: TableState, e: TableCheckpoint): Step {
  const refused = betweenHands(state, 'A checkpoint is written');
  if (refused) return refused;
  // A checkpoint written before corrections of played hands existed carries no `lastPlayed`:
  // it is checked without it, and from it on the hand before is no longer correctable, as when
  // a terminal loads from that checkpoint (so a fold from the start and a load agree).
  const old = e.lastPlayed === undefined && state.lastPlayed !== null;
  const expected = old ? withTable(state, { lastPlayed: null }) : state;
  const d = firstDifference(checkpointBody(expected), bodyOf(e));
  if (!d) return ok(expected);
  return fail('checkpoint-mismatch', `table-checkpoint: ${differenceText(d, 'the table')}`, d.path);
}

// ---------------------------------------------------------------------------------------
// Hands

/** `hand-started`: the hand the table deals next (see `nextHandStarted`), then the hand fold. */
function handStarted(state: TableState, handId: string, e: HandStarted): Step {
  if (e.handId !== handId) return fail('bad-entry', `hand-started of hand ${showJson(e.handId)} is stored as an event of hand ${showJson(handId)}`);
  const dealt = e.twoHanded?.round === 'dealt' ? e.twoHanded : undefined;
  const expected = nextHandStarted(state, { at: e.at, by: e.by, ...(dealt ? { twoHanded: dealt } : {}) });
  if (!expected.ok) return expected;
  const d = firstDifference(expected.value, e);
  if (d) return fail('hand-start-mismatch', `hand-started: ${differenceText(d, "the table's next hand")}`, d.path);
  if (!correctionSettled(state.lastPlayed)) {
    return fail('correction-pending', `the chips of hand ${state.lastPlayed!.number}'s correction are not all moved yet: the dealer moves them before the next hand`);
  }
  const started = apply(handInitialState, e);
  if (!started.ok) return started;
  // The hand before can no longer be corrected at the table once another is dealt.
  return ok(withTable(state, { handsStarted: e.handNumber, hand: { id: e.handId, number: e.handNumber, state: started.value }, lastPlayed: null }));
}

/** A note on a hand that is over (the hand fold allows nothing else there). */
function pastHandNote(state: TableState, handId: string, e: HandEvent): Step {
  if (e.type !== 'floor-correction' || (e.action as { kind?: unknown } | undefined)?.kind !== 'note') {
    return fail('hand-over', `${e.type}: hand ${handId} is over; only a note can be added`);
  }
  if (!isFloorActor(e.by)) return fail('floor-only', 'A correction is made by the floor (by: "floor:<name>")');
  if (!isNonEmptyText(e.reason)) return fail('reason-needed', 'A floor correction needs a reason');
  const signed = checkFloorSignatures(e);
  return signed.ok ? ok(state) : signed;
}

/** What a hand's event did: the table after it, and the hand's own state after it (also when
 *  the event ended the hand, which the table then no longer holds; null for a note on a past hand). */
export interface TableStep {
  readonly table: TableState;
  readonly hand: HandState | null;
}

/** An event of the hand `handId`. */
function handEntry(state: TableState, handId: string, e: HandEvent): Result<TableStep> {
  if (e.type === 'hand-started') {
    const started = handStarted(state, handId, e);
    return started.ok ? ok({ table: started.value, hand: started.value.hand!.state }) : started;
  }
  const open = state.hand;
  if (open?.id !== handId) {
    const number = handNumberOf(state.id, handId);
    if (number !== null && number <= state.handsStarted) {
      const noted = pastHandNote(state, handId, e);
      return noted.ok ? ok({ table: noted.value, hand: null }) : noted;
    }
    return fail('unknown-hand', `${e.type}: there is no hand ${showJson(handId)} at table ${state.id}`);
  }
  const next = apply(open.state, e);
  if (!next.ok) return next;
  if (!isOver(next.value)) return ok({ table: withTable(state, { hand: { id: open.id, number: open.number, state: next.value } }), hand: next.value });
  // The hand is over: the table takes its stacks and the next hand's button.
  const c = carryOver(next.value);
  let seats = state.seats;
  for (const s of c.stacks) seats = withSeatAt(seats, s.seat, seatOf(seats[s.seat - 1]!, { stack: s.stack }));
  const table = withTable(state, {
    button: c.button, seats, hand: null, carried: { reservedRound: c.reservedRound, fantasyland: c.fantasyland }, lastPlayed: playedHandOf(next.value),
  });
  return ok({ table, hand: next.value });
}

// ---------------------------------------------------------------------------------------
// applyTable / replayTable

type Handlers = { [K in TableEventType]: (state: TableState, event: TableEventOf<K>) => Step };

const HANDLERS: Handlers = {
  'table-opened': (state) => fail('table-exists', `table ${state.id} is already open on this terminal`),
  'rules-changed': rulesChanged,
  'hand-corrected': handCorrected,
  'correction-payment-executed': correctionPaymentExecuted,
  'dealer-on': dealerOn,
  'dealer-off': dealerOff,
  'player-seated': playerSeated,
  'buy-in': buyIn,
  'player-left': playerLeft,
  'alert-raised': alertRaised,
  'alert-acknowledged': alertAcknowledged,
  'device-status': deviceStatus,
  'device-read-refused': deviceReadRefused,
  'scanner-card-held': scannerCardHeld,
  'table-checkpoint': checkpoint,
  'terminal-started': terminalStarted,
  'terminal-stopped': terminalStopped,
  'device-set': deviceSet,
};

/** The envelope every event has: a known type, `at` and `by`. */
function envelope(body: TableEvent | HandEvent, types: ReadonlySet<string>): Result<null> {
  const type = body.type;
  if (!types.has(type)) return fail('unknown-event', `unknown event type ${showJson(type)}`);
  if (!isIsoTime(body.at)) return fail('bad-time', `${type}: "at" must be an ISO 8601 time with a zone, not ${showJson(body.at)}`);
  if (!isActor(body.by)) return fail('bad-actor', `${type}: "by" must be dealer, device, system or floor:<name>, not ${showJson(body.by)}`);
  return ok(null);
}

/**
 * Applies one entry of the table's log: the new state, or a refusal (`code`, and a `message`
 * for the dealer). `state` is null before the table is opened (only `table-opened` applies
 * then). A table event changes the table between hands; a hand event goes to the hand in
 * play (`hand-started` only as the hand the table deals next, see `nextHandStarted`), and
 * the hand's end gives the table its stacks and button. The state passed in is never changed;
 * an informational event or a note on a past hand returns it as it is.
 */
export function applyTable(state: TableState | null, entry: TableEntry): Result<TableState> {
  const r = applyTableEntry(state, entry);
  return r.ok ? ok(r.value.table) : r;
}

/**
 * {@link applyTable}, giving also the hand's state after a hand's event (`hand`; null for a
 * table event and a note on a past hand): what the table service commits and projects, with
 * each event folded once.
 */
export function applyTableEntry(state: TableState | null, entry: TableEntry): Result<TableStep> {
  if (!entry || typeof entry !== 'object') return fail('bad-entry', 'a log entry must be an object { handId, body }');
  const body = entry.body as TableEvent | HandEvent | undefined;
  if (!body || typeof body !== 'object') return fail('bad-event', 'an event must be an object');
  const type = (body as { type?: unknown }).type;
  const handId = entry.handId;
  if (typeof type !== 'string' || (!TABLE_TYPES.has(type) && !HAND_TYPES.has(type))) return fail('unknown-event', `unknown event type ${showJson(type)}`);
  if (handId === null) {
    if (!TABLE_TYPES.has(type)) return fail('bad-entry', `${type} is a hand's event: it is stored with its hand's id`);
    const checked = envelope(body, TABLE_TYPES);
    if (!checked.ok) return checked;
    const e = body as TableEvent;
    if (state === null) return tableStep(e.type === 'table-opened' ? tableOpened(e) : fail('no-table', `${type}: the table has not been opened`));
    const handler = HANDLERS[e.type] as (s: TableState, e: TableEvent) => Step;
    return tableStep(handler(state, e));
  }
  if (!isNonEmptyText(handId)) return fail('bad-entry', `a log entry's handId is a hand's id or null, not ${showJson(handId)}`);
  if (!HAND_TYPES.has(type)) return fail('bad-entry', `${type} is a table event: it is stored without a hand id`);
  if (state === null) return fail('no-table', `${type}: the table has not been opened`);
  const e = body as HandEvent;
  // The hand fold checks the envelope of its own events; a hand's first event and a note on a
  // past hand are checked against the table before the hand fold sees them.
  if (e.type === 'hand-started' || state.hand?.id !== handId) {
    const checked = envelope(e, HAND_TYPES);
    if (!checked.ok) return checked;
  }
  return handEntry(state, handId, e);
}

function tableStep(r: Step): Result<TableStep> {
  return r.ok ? ok({ table: r.value, hand: null }) : r;
}

/**
 * Folds a table's log in order, from `from` (default: before `table-opened`; a state from
 * `tableFromCheckpoint` to load from a checkpoint). Refuses at the first entry that does not
 * apply, naming its position (1-based), and an empty log with no state to start from.
 */
export function replayTable(entries: readonly TableEntry[], from: TableState | null = null): Result<TableState> {
  let state = from;
  for (let i = 0; i < entries.length; i++) {
    const next = applyTable(state, entries[i]);
    if (!next.ok) {
      return fail(next.error.code, `entry ${i + 1} (${String((entries[i]?.body as { type?: unknown } | undefined)?.type)}): ${next.error.message}`, `entries[${i}]`);
    }
    state = next.value;
  }
  return state ? ok(state) : fail('no-table', 'the log has no table-opened');
}
