/**
 * The terminal's staff over a store: loading is a replay of the staff events (table id
 * `@staff`), each command builds its event(s), lets the fold (app/domain/staff) check them and
 * appends them in one write; only then does the state in memory change. PINs are hashed and
 * compared here (pins.ts); the fold sees the hash record and the outcome of the comparison.
 *
 * Refusals are Results with codes. Nothing is appended for a refusal, except that every failed
 * sign-in of a known person is recorded (`wrong-pin`, `locked-out`, `staff-disabled`,
 * `not-allowed`), also when it is an admin's signature on a change: the change is then not made.
 */
import type { DomainError, Result } from '../domain/result';
import { fail, ok } from '../domain/result';
import {
  STAFF_LOG_ID, applyStaff, decideSignIn, failuresInARow, findMember, lockedUntil, replayStaff, sessionOf,
  type PinHash, type Purpose, type Role, type StaffActor, type StaffEvent, type StaffMember, type StaffSession, type StaffSignedOut, type StaffState,
} from '../domain/staff';
import { isoTime } from './iso-time';
import { checkPin, hashPin, verifyPin } from './pins';
import { parseBody, type Store, type StoredEvent } from './store';

/** A person as shown: everything but the PIN's hash. */
export interface StaffView {
  readonly id: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly addedAt: string;
  readonly pinSetAt: string;
  readonly disabled: { readonly at: string; readonly by: StaffActor; readonly reason: string | null } | null;
  /** The end of the lockout, while locked out; else null. */
  readonly lockedUntil: string | null;
  /** Wrong PINs in a row now. */
  readonly failures: number;
  readonly signedIn: readonly StaffSession[];
}

/** An admin's signature on a change: his staff id and PIN (a sign-in for `admin` for that change only). */
export interface AdminSignature {
  readonly staffId: string;
  readonly pin: string;
}

/** An admin already signed in for `admin` (his PIN checked by the caller, e.g. a screen's guard). */
export interface SignedInAdmin {
  readonly signedIn: string;
}

export interface StaffServiceOptions {
  /** ms since the epoch, the `at` of the events (default: the store's clock). */
  readonly clock?: () => number;
}

/** The person as shown at `at`. */
export function staffView(m: StaffMember, at: string): StaffView {
  return {
    id: m.id, name: m.name, roles: m.roles, addedAt: m.addedAt, pinSetAt: m.pinSetAt, disabled: m.disabled,
    lockedUntil: lockedUntil(m, at), failures: failuresInARow(m, at), signedIn: m.sessions,
  };
}

/** Every staff event of the store, in log order (each body parsed as the log's readers do). */
export function readStaffEvents(store: Store): StoredEvent<StaffEvent>[] {
  const rows = store.db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body FROM events WHERE table_id = ? ORDER BY id').all(STAFF_LOG_ID) as {
    id: number; table_id: string; hand_id: string | null; hand_seq: number | null; type: string; recorded_at: string; body: string;
  }[];
  return rows.map((r) => ({
    id: r.id, tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at,
    body: parseBody(r.body, r.id, r.hand_id, r.type) as StaffEvent,
  }));
}

/** The staff as the log has it, or `staff-log-damaged` naming the event that does not fold. */
export function loadStaff(store: Store): Result<StaffState> {
  const events = readStaffEvents(store);
  const bad = events.find((e) => e.handId !== null);
  if (bad) return fail('staff-log-damaged', `log row ${bad.id}: a staff event is stored with a hand id (${bad.handId})`);
  const state = replayStaff(events.map((e) => e.body));
  if (!state.ok) {
    const i = Number(/^events\[(\d+)\]$/.exec(state.error.path ?? '')?.[1] ?? -1);
    const row = i >= 0 ? ` (log row ${events[i].id})` : '';
    return fail('staff-log-damaged', `the staff events do not fold${row}: ${state.error.message}`);
  }
  return state;
}

let stand_in: PinHash | null = null;

/**
 * The PIN comparison of one sign-in, which takes a PIN's time even when the PIN is not the
 * question (an unknown id, a disabled or locked-out person, a role not held): the answer's delay
 * does not tell a real staff id, or a locked-out one, from the others. `done()` spends that time
 * if no comparison was made.
 */
function comparing(pin: string): ((stored: PinHash) => boolean) & { done(): void } {
  let compared = false;
  const match = (stored: PinHash) => {
    compared = true;
    return verifyPin(pin, stored);
  };
  return Object.assign(match, {
    done() {
      if (compared) return;
      stand_in ??= (hashPin('000000') as { ok: true; value: PinHash }).value;
      verifyPin(pin, stand_in);
    },
  });
}

function storeFailed(e: unknown): { ok: false; error: DomainError } {
  const why = e instanceof Error ? e.message : String(e);
  return fail('store-failed', `the terminal could not record this (nothing was changed): ${why}`);
}

/** The staff commands. One service per open store (it keeps the staff in memory). */
export class StaffService {
  private current: StaffState;
  private readonly clock: () => number;

  private constructor(
    readonly store: Store,
    state: StaffState,
    options: StaffServiceOptions,
  ) {
    this.current = state;
    this.clock = options.clock ?? store.clock;
  }

  /** Loads the staff from the store (a replay of its staff events); `staff-log-damaged` when they do not fold. */
  static open(store: Store, options: StaffServiceOptions = {}): Result<StaffService> {
    const state = loadStaff(store);
    return state.ok ? ok(new StaffService(store, state.value, options)) : state;
  }

  /** The staff as of the last commit. */
  get state(): StaffState {
    return this.current;
  }

  /** Everyone, in the order added (disabled people included, marked). */
  list(): StaffView[] {
    const at = this.now();
    return [...this.current.members.values()].map((m) => staffView(m, at));
  }

  /** One person, or `unknown-staff`. */
  view(staffId: string): Result<StaffView> {
    const m = findMember(this.current, staffId);
    return m.ok ? ok(staffView(m.value, this.now())) : m;
  }

  /**
   * Adds a person. Signed by an admin (`admin`), except the very first admin of a terminal
   * that never had one (then `admin` is left out and `roles` must include admin). Refused:
   * `bad-pin` (the new PIN or the admin's not 6-12 digits), the admin's sign-in refusals
   * (`unknown-staff`, `wrong-pin`, `locked-out`, `staff-disabled`, `not-allowed`: recorded
   * when he is known), `admin-needed`, `staff-exists`, `bad-staff-id`, `name-needed`, `bad-role`.
   */
  add(cmd: { readonly staffId: string; readonly name: string; readonly roles: readonly Role[]; readonly pin: string; readonly admin?: AdminSignature | SignedInAdmin }): Result<StaffView> {
    const pin = checkPin(cmd.pin, 'the new PIN');
    if (!pin.ok) return pin;
    return this.signedChange(cmd.admin, (by, at) => {
      const hashed = hashPin(pin.value);
      if (!hashed.ok) return hashed;
      return ok({ type: 'staff-added', at, by, staffId: cmd.staffId, name: cmd.name, roles: [...cmd.roles], pin: hashed.value });
    }, cmd.staffId);
  }

  /**
   * Disables a person (he can no longer sign in; his open sign-ins end), signed by another
   * admin. Refused: the signature's refusals, `unknown-staff`, `already-disabled`, `not-allowed`
   * (an admin disabling himself).
   */
  disable(cmd: { readonly staffId: string; readonly reason?: string; readonly admin: AdminSignature | SignedInAdmin }): Result<StaffView> {
    return this.signedChange(cmd.admin, (by, at) => ok({
      type: 'staff-disabled', at, by, staffId: cmd.staffId, ...(cmd.reason !== undefined ? { reason: cmd.reason } : {}),
    }), cmd.staffId);
  }

  /**
   * Gives a person a new PIN (ending a lockout), signed by an admin (himself included). Refused:
   * `bad-pin`, the signature's refusals, `unknown-staff`, `staff-disabled`.
   */
  setPin(cmd: { readonly staffId: string; readonly pin: string; readonly admin: AdminSignature | SignedInAdmin }): Result<StaffView> {
    const pin = checkPin(cmd.pin, 'the new PIN');
    if (!pin.ok) return pin;
    return this.signedChange(cmd.admin, (by, at) => {
      const hashed = hashPin(pin.value);
      return hashed.ok ? ok({ type: 'staff-pin-set', at, by, staffId: cmd.staffId, pin: hashed.value }) : hashed;
    }, cmd.staffId);
  }

  /**
   * Signs a person in for `purpose` (at `tableId`; needed to take the box). Refused with
   * nothing recorded: `bad-pin` (not 6-12 digits), `unknown-staff`, `bad-purpose`,
   * `table-needed`, `bad-table`. Refused and recorded: `staff-disabled`, `locked-out` (naming
   * until when), `not-allowed` (naming the role needed), `wrong-pin` (the fifth in a row also
   * locks him out). Returns the open sign-in.
   */
  signIn(cmd: { readonly staffId: string; readonly pin: string; readonly purpose: Purpose; readonly tableId?: string }): Result<StaffSession & { readonly staffId: string }> {
    const pin = checkPin(cmd.pin);
    if (!pin.ok) return pin;
    const at = this.now();
    const compare = comparing(pin.value);
    const d = decideSignIn(this.current, { staffId: cmd.staffId, purpose: cmd.purpose, ...(cmd.tableId !== undefined ? { tableId: cmd.tableId } : {}), at }, compare);
    compare.done();
    const committed = this.commit(d.events);
    if (!committed.ok) return committed;
    if (!d.result.ok) return d.result;
    return ok({ staffId: d.result.value.id, purpose: cmd.purpose, tableId: cmd.tableId ?? null, at });
  }

  /**
   * Ends a person's sign-in for `purpose` (at `tableId`), or all of them when `purpose` is
   * left out. Refused: `unknown-staff`, `not-signed-in`, `bad-purpose`, `bad-table`.
   */
  signOut(cmd: { readonly staffId: string; readonly purpose?: Purpose; readonly tableId?: string }): Result<StaffView> {
    const e: StaffSignedOut = {
      // No PIN proves who asks for a sign-out: the terminal records it as its own.
      type: 'staff-signed-out', at: this.now(), by: 'system', staffId: cmd.staffId,
      ...(cmd.purpose !== undefined ? { purpose: cmd.purpose } : {}), ...(cmd.tableId !== undefined ? { tableId: cmd.tableId } : {}),
    };
    const committed = this.commit([e]);
    return committed.ok ? this.view(cmd.staffId) : committed;
  }

  private now(): string {
    return isoTime(this.clock());
  }

  /**
   * A change by an admin's signature: the admin's sign-in for `admin` (its failure recorded and
   * returned), the change, and his sign-out (unless he was signed in for admin already), in one
   * write; or, with no signature, the change by `system` (which the fold allows only for the
   * first admin). `build` makes the change once the signature is good.
   */
  private signedChange(admin: AdminSignature | SignedInAdmin | undefined, build: (by: StaffActor, at: string) => Result<StaffEvent>, subject: string): Result<StaffView> {
    const at = this.now();
    if (admin === undefined || 'signedIn' in admin) {
      // No signature (the first admin, by `system`), or an admin signed in already: the fold
      // checks that he is.
      const change = build(admin === undefined ? 'system' : `staff:${admin.signedIn}`, at);
      if (!change.ok) return change;
      const committed = this.commit([change.value]);
      return committed.ok ? this.view(subject) : committed;
    }
    const pin = checkPin(admin.pin, "the admin's PIN");
    if (!pin.ok) return fail(pin.error.code, pin.error.message, 'admin.pin');
    // The change is tried first, as if the admin had signed: a change the fold refuses whoever
    // signs it (staff-exists, already-disabled ...) is refused before the PIN is compared, so a
    // refusal never tells a right PIN from a wrong one, and nothing is recorded for it.
    const by: StaffActor = `staff:${admin.staffId}`;
    const change = build(by, at);
    if (!change.ok) return change;
    const asSigned = applyStaff(this.current, { type: 'staff-signed-in', at, by, staffId: admin.staffId, purpose: 'admin' });
    if (asSigned.ok) {
      const tried = applyStaff(asSigned.value, change.value);
      if (!tried.ok) return tried;
    }
    const wasSignedIn = (() => {
      const m = this.current.members.get(admin.staffId);
      return m !== undefined && sessionOf(m, 'admin', null) !== undefined;
    })();
    const compare = comparing(pin.value);
    const d = decideSignIn(this.current, { staffId: admin.staffId, purpose: 'admin', at }, compare);
    compare.done();
    if (!d.result.ok) {
      const committed = this.commit(d.events);
      if (!committed.ok) return committed;
      // The refusal is of the signature: its fields are the admin's.
      const e = d.result.error;
      return fail(e.code, e.message, `admin.${e.path ?? 'staffId'}`);
    }
    const signOut: StaffSignedOut = { type: 'staff-signed-out', at, by, staffId: admin.staffId, purpose: 'admin' };
    const committed = this.commit([...d.events, change.value, ...(wasSignedIn ? [] : [signOut])]);
    return committed.ok ? this.view(subject) : committed;
  }

  /**
   * Folds `events` onto the state and appends them in one write; the state changes only after
   * the commit. A refusal of the fold, or a failed write (`store-failed`), writes nothing.
   */
  private commit(events: readonly StaffEvent[]): Result<StaffState> {
    let state = this.current;
    for (const e of events) {
      const next = applyStaff(state, e);
      if (!next.ok) return next;
      state = next.value;
    }
    if (events.length === 0) return ok(state);
    try {
      this.store.write((tx) => {
        for (const e of events) tx.append({ tableId: STAFF_LOG_ID, body: e });
      });
    } catch (e) {
      return storeFailed(e);
    }
    this.current = state;
    return ok(state);
  }
}
