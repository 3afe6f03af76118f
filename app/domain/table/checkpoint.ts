/**
 * Checkpoints: the whole table between hands as one event, so that loading can start at the
 * last checkpoint instead of at `table-opened`. `checkpointOf` writes one, the fold checks a
 * checkpoint against the state the log has built, `tableFromCheckpoint` builds the state back.
 */
import { checkCards, isActor, isIsoTime, isNonEmptyText, isNonNegativeInteger, isSeatNo } from '../hand/check';
import type { Actor, SeatNo } from '../hand/events';
import { isObject, showJson } from '../json';
import { fail, ok, type Result } from '../result';
import { checkOpening, isTrimmedName } from './check';
import { firstDifference } from './difference';
import { TABLE_LANGUAGES, type CheckpointSeat, type TableCheckpoint } from './events';
import { isStaffId } from '../staff/state';
import { checkPlayedHand, type PlayedHand } from './correction';
import { type CarriedOver, type TableSeat, type TableState } from './state';

/** A checkpoint without its envelope (`type`, `at`, `by`). */
export type CheckpointBody = Omit<TableCheckpoint, 'type' | 'at' | 'by'>;

function seatBody(s: TableSeat | null): CheckpointSeat | null {
  return s ? { playerId: s.playerId, name: s.name, stack: s.stack, shortBuyInAllowed: s.shortBuyInAllowed } : null;
}

function carriedBody(c: CarriedOver): CheckpointBody['carried'] {
  const r = c.reservedRound;
  return {
    reservedRound: r ? { round: 'reserved', fromHandId: r.fromHandId, hands: r.hands.map((h) => ({ seat: h.seat, cards: [...h.cards] })) } : null,
    fantasyland: [...c.fantasyland],
  };
}

/** The state as a checkpoint's fields, in their fixed order (the open hand is not part of it). */
export function checkpointBody(state: TableState): CheckpointBody {
  return {
    tableId: state.id,
    name: state.name,
    profile: { name: state.profile.name, version: state.profile.version, snapshot: state.profileSnapshot },
    pointValue: state.pointValue,
    mode: state.mode,
    seqModulo: state.seqModulo,
    button: state.button,
    handsStarted: state.handsStarted,
    seats: state.seats.map(seatBody),
    dealer: state.dealer,
    // Only when there is one, so that checkpoints written before staff sign-in still load.
    ...(state.dealerStaffId !== null ? { dealerStaffId: state.dealerStaffId } : {}),
    carried: carriedBody(state.carried),
    // Only when there is one (and so checkpoints written before corrections still load).
    ...(state.lastPlayed !== null ? { lastPlayed: state.lastPlayed } : {}),
    // Only when the admin has set one (and so checkpoints written before it could be set still load).
    ...(state.language !== null ? { language: state.language } : {}),
  };
}

/**
 * The `table-checkpoint` event for the state: plain JSON, fields in a fixed order. Refused
 * (`hand-in-play`) while a hand is in play: a checkpoint is written between hands.
 */
export function checkpointOf(state: TableState, at: string, by: Actor = 'system'): Result<TableCheckpoint> {
  if (state.hand) {
    return fail('hand-in-play', `A checkpoint is written only between hands: hand ${state.hand.number} is in play at table ${state.id}`);
  }
  return ok({ type: 'table-checkpoint', at, by, ...checkpointBody(state) });
}

/** The checkpoint's fields, without its envelope. */
export function bodyOf(e: TableCheckpoint): Record<string, unknown> {
  const { type: _type, at: _at, by: _by, ...body } = e;
  return body;
}

function bad(message: string, path?: string): { ok: false; error: { code: string; message: string; path?: string } } {
  return fail('bad-checkpoint', `table-checkpoint: ${message}`, path);
}

function checkSeat(x: unknown, i: number): Result<TableSeat | null> {
  const path = `seats[${i}]`;
  if (x === null) return ok(null);
  if (!isObject(x)) return bad(`${path} must be a seated player or null, not ${showJson(x)}`, path);
  if (!isTrimmedName(x.playerId)) return bad(`${path}.playerId must be the player's id, not ${showJson(x.playerId)}`, `${path}.playerId`);
  if (x.name !== null && !isTrimmedName(x.name)) return bad(`${path}.name must be a name or null, not ${showJson(x.name)}`, `${path}.name`);
  if (!isNonNegativeInteger(x.stack)) return bad(`${path}.stack must be a whole number of minor units from 0, not ${showJson(x.stack)}`, `${path}.stack`);
  if (typeof x.shortBuyInAllowed !== 'boolean') return bad(`${path}.shortBuyInAllowed must be true or false, not ${showJson(x.shortBuyInAllowed)}`, `${path}.shortBuyInAllowed`);
  return ok({ playerId: x.playerId, name: x.name as string | null, stack: x.stack, shortBuyInAllowed: x.shortBuyInAllowed });
}

function checkCarried(x: unknown): Result<CarriedOver> {
  if (!isObject(x)) return bad(`carried must be { reservedRound, fantasyland }, not ${showJson(x)}`, 'carried');
  const fl = x.fantasyland;
  if (!Array.isArray(fl) || !fl.every(isSeatNo) || new Set(fl).size !== fl.length) {
    return bad(`carried.fantasyland must be a list of different seats, not ${showJson(fl)}`, 'carried.fantasyland');
  }
  const r = x.reservedRound;
  if (r === null) return ok({ reservedRound: null, fantasyland: fl as SeatNo[] });
  if (!isObject(r) || r.round !== 'reserved' || !isNonEmptyText(r.fromHandId) || !Array.isArray(r.hands) || r.hands.length !== 2) {
    return bad('carried.reservedRound must be null or a reserved round { round: "reserved", fromHandId, hands: two seats with their cards }', 'carried.reservedRound');
  }
  const hands: { seat: SeatNo; cards: number[] }[] = [];
  for (const [i, h] of (r.hands as unknown[]).entries()) {
    const path = `carried.reservedRound.hands[${i}]`;
    if (!isObject(h) || !isSeatNo(h.seat)) return bad(`${path} must be { seat, cards }`, path);
    const cards = checkCards(h.cards, path);
    if (!cards.ok) return bad(cards.error.message, `${path}.cards`);
    hands.push({ seat: h.seat, cards: cards.value });
  }
  return ok({ reservedRound: { round: 'reserved', fromHandId: r.fromHandId, hands }, fantasyland: fl as SeatNo[] });
}

/**
 * Builds the table's state from a checkpoint, so that loading can start there: every field
 * is checked (a table-opened's fields, the hands started, four seats, the dealer, what is
 * carried over) and nothing else may be present. Refused with `bad-checkpoint` naming the
 * field. The state has no open hand.
 */
export function tableFromCheckpoint(body: TableCheckpoint): Result<TableState> {
  if (!isObject(body) || body.type !== 'table-checkpoint') return bad(`a checkpoint is a table-checkpoint event, not ${showJson((body as { type?: unknown })?.type)}`, 'type');
  if (!isIsoTime(body.at)) return bad(`"at" must be an ISO 8601 time with a zone, not ${showJson(body.at)}`, 'at');
  if (!isActor(body.by)) return bad(`"by" must be dealer, device, system or floor:<name>, not ${showJson(body.by)}`, 'by');
  const profile = checkOpening(body, 'table-checkpoint');
  if (!profile.ok) return bad(profile.error.message.replace(/^table-checkpoint: /, ''), profile.error.path);
  if (!isNonNegativeInteger(body.handsStarted)) return bad(`handsStarted must be a whole number from 0, not ${showJson(body.handsStarted)}`, 'handsStarted');
  if (!Array.isArray(body.seats) || body.seats.length !== 4) return bad('seats must list the four seats (null when empty)', 'seats');
  const seats: (TableSeat | null)[] = [];
  for (const [i, x] of (body.seats as unknown[]).entries()) {
    const s = checkSeat(x, i);
    if (!s.ok) return s;
    if (s.value && seats.some((o) => o?.playerId === s.value!.playerId)) return bad(`${s.value.playerId} sits at two seats`, `seats[${i}].playerId`);
    seats.push(s.value);
  }
  if (body.dealer !== null && !isTrimmedName(body.dealer)) return bad(`dealer must be a name or null, not ${showJson(body.dealer)}`, 'dealer');
  const dealerStaffId = body.dealerStaffId ?? null;
  if (dealerStaffId !== null && (!isStaffId(dealerStaffId) || body.dealer === null)) {
    return bad(`dealerStaffId must be the staff id of the dealer on duty when there is one, not ${showJson(dealerStaffId)}`, 'dealerStaffId');
  }
  const carried = checkCarried(body.carried);
  if (!carried.ok) return carried;
  let lastPlayed: PlayedHand | null = null;
  if (body.lastPlayed !== undefined) {
    const checked = checkPlayedHand(body.lastPlayed);
    if (!checked.ok) return bad(checked.error.message, `lastPlayed${checked.error.path ? `.${checked.error.path}` : ''}`);
    lastPlayed = checked.value;
  }
  const language = body.language ?? null;
  if (language !== null && !TABLE_LANGUAGES.includes(language)) {
    return bad(`language must be one of ${TABLE_LANGUAGES.join(', ')} when given, not ${showJson(language)}`, 'language');
  }
  const state: TableState = {
    id: body.tableId, name: body.name, profile: profile.value, profileSnapshot: body.profile.snapshot, pointValue: body.pointValue, language,
    mode: body.mode, seqModulo: body.seqModulo, button: body.button, handsStarted: body.handsStarted, seats, dealer: body.dealer,
    dealerStaffId, hand: null, carried: carried.value, lastPlayed,
  };
  const extra = firstDifference(checkpointBody(state), bodyOf(body));
  if (extra) return bad(`${extra.path} is not a field of a checkpoint`, extra.path);
  return ok(state);
}
