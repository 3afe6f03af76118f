/**
 * The terminal's screens and who is signed in on each: the Electron window is one screen, and
 * on `npm run serve` every browser socket is its own. A person signs in on a screen with his
 * staff id and PIN for one purpose (the dealer to take the box; the floor or an auditor to read
 * the table's history); he stays signed in there until he signs out, the screen goes away, or
 * he leaves it unused for the domain's idle time (`IDLE_SIGN_OUT_MINUTES`). Every sign-in,
 * refusal and sign-out is a staff event (app/services/staff.ts).
 *
 * A PIN given with one request (a floor ruling, a void) is checked here too (`verify`): the
 * person is signed in for that request only, and out again after it, unless he was already.
 */
import { idleSignOutMs, type Purpose, type Role } from '../domain/staff';
import { fail, ok, type Result } from '../domain/result';
import type { StaffService } from '../services/staff';
import type { Credential } from '../contract/fields';
import type { ScreenPerson, SessionView } from '../contract/session';
import { isoTime } from '../services/iso-time';
import { Listeners } from '../listeners';

/** A person signed in on one screen. */
interface SignedIn {
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly purpose: Purpose;
  readonly since: number;
  lastUsed: number;
}

/** A person whose PIN came with a request: who, for the event's record. */
export interface Signer {
  readonly staffId: string;
  readonly name: string;
}

/** How often idle people are looked for (the guard also checks at every request). */
const SWEEP_MS = 10_000;

/** One screen: its people by purpose, and who hears when they change. */
export class Screen {
  /** @internal */ readonly people = new Map<Purpose, SignedIn>();
  /** @internal */ readonly changes = new Listeners<SessionView>();
  /** @internal */ closed = false;

  constructor(
    /** For the terminal's own log lines: `electron`, `ws-3` ... */
    readonly label: string,
    private readonly screens: Screens,
  ) {}

  /** Who is signed in here, as the screen shows it. */
  session(): SessionView {
    return this.screens.session(this);
  }

  /** Hears every change of who is signed in here (a sign-in, a sign-out, an idle sign-out). */
  onSession(listener: (session: SessionView) => void): () => void {
    return this.changes.add(listener);
  }
}

export interface ScreensOptions {
  readonly staff: StaffService;
  readonly tableId: string;
  /** ms since the epoch. */
  readonly clock: () => number;
  readonly log?: (line: string) => void;
  /** Sweep for idle people on a timer (default true; tests sweep by hand). */
  readonly sweep?: boolean;
}

/** Every screen of one terminal's table. */
export class Screens {
  private readonly screens = new Set<Screen>();
  private readonly timer: ReturnType<typeof setInterval> | null;
  private count = 0;

  constructor(private readonly o: ScreensOptions) {
    this.timer = o.sweep === false ? null : setInterval(() => this.signOutIdle(), SWEEP_MS);
    this.timer?.unref?.();
  }

  /** A new screen, nobody signed in on it. */
  open(kind: string): Screen {
    const s = new Screen(`${kind}-${++this.count}`, this);
    this.screens.add(s);
    return s;
  }

  /** The screen is gone (its socket closed, its window shut): everyone on it is signed out. */
  close(screen: Screen): void {
    if (screen.closed) return;
    for (const p of [...screen.people.values()]) this.end(screen, p);
    screen.closed = true;
    this.screens.delete(screen);
  }

  /** Stops the idle sweep and signs everyone out (the terminal is closing). */
  closeAll(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of [...this.screens]) this.close(s);
  }

  /**
   * Signs a person in on `screen` for `purpose` with his PIN (recorded; a wrong PIN is recorded
   * too and counts toward his lockout). He replaces whoever was signed in there for that purpose,
   * and is signed out of it on any other screen (one screen per person and purpose).
   */
  signIn(screen: Screen, who: Credential, purpose: Purpose): Result<SessionView> {
    if (screen.closed) return fail('screen-closed', 'this screen is no longer connected');
    const checked = this.o.staff.signIn({ staffId: who.staffId, pin: who.pin, purpose, ...this.at(purpose) });
    if (!checked.ok) return checked;
    const member = this.o.staff.state.members.get(who.staffId)!;
    for (const other of this.screens) {
      const there = other.people.get(purpose);
      if (other !== screen && there?.staffId === who.staffId) {
        other.people.delete(purpose);
        other.changes.emit(this.session(other));
      }
    }
    const before = screen.people.get(purpose);
    if (before && before.staffId !== who.staffId) this.end(screen, before, false);
    const now = this.o.clock();
    screen.people.set(purpose, { staffId: member.id, name: member.name, roles: member.roles, purpose, since: now, lastUsed: now });
    const view = this.session(screen);
    screen.changes.emit(view);
    return ok(view);
  }

  /** Signs the person out of `purpose` on `screen` (of every purpose when left out). */
  signOut(screen: Screen, purpose?: Purpose): SessionView {
    for (const p of [...screen.people.values()]) if (purpose === undefined || p.purpose === purpose) this.end(screen, p);
    return this.session(screen);
  }

  /**
   * The person signed in on `screen` for `purpose`, when he has not been idle too long (then he
   * is signed out now, and this is null). `use`: the request is his, so his idle time restarts.
   */
  active(screen: Screen, purpose: Purpose, use = true): Readonly<SignedIn> | null {
    const p = screen.people.get(purpose);
    if (!p) return null;
    // The staff log is the truth: a person disabled (or signed out there) is gone from the screen too.
    const member = this.o.staff.state.members.get(p.staffId);
    if (!member || member.disabled || !member.sessions.some((s) => s.purpose === purpose && s.tableId === (this.at(purpose).tableId ?? null))) {
      this.end(screen, p);
      return null;
    }
    const now = this.o.clock();
    if (now - p.lastUsed >= idleSignOutMs(purpose)) {
      this.o.log?.(`screen ${screen.label}: ${p.staffId} signed out after ${idleSignOutMs(purpose) / 60_000} minutes idle (${purpose})`);
      this.end(screen, p);
      return null;
    }
    if (use) {
      // The screen shows when it will sign him out: told again once that moved by a minute.
      const moved = now - p.lastUsed >= 60_000;
      p.lastUsed = now;
      if (moved) screen.changes.emit(this.session(screen));
    }
    return p;
  }

  /** Signs out everyone idle too long, on every screen. */
  signOutIdle(): void {
    for (const s of this.screens) for (const purpose of [...s.people.keys()]) this.active(s, purpose, false);
  }

  /**
   * Checks a PIN given with one request, for `purpose`, and signs the person in for it (recorded).
   * `done` signs him out again after the request, unless he was signed in for it already.
   */
  verify(who: Credential, purpose: Purpose): Result<{ signer: Signer; done: () => void }> {
    const member = this.o.staff.state.members.get(who.staffId);
    const already = member?.sessions.some((s) => s.purpose === purpose && s.tableId === (this.at(purpose).tableId ?? null)) ?? false;
    const checked = this.o.staff.signIn({ staffId: who.staffId, pin: who.pin, purpose, ...this.at(purpose) });
    if (!checked.ok) return checked;
    const m = this.o.staff.state.members.get(who.staffId)!;
    const done = () => {
      if (already) return;
      const out = this.o.staff.signOut({ staffId: m.id, purpose, ...this.at(purpose) });
      if (!out.ok) this.o.log?.(`the sign-out of ${m.id} after his ${purpose} could not be recorded: ${out.error.message}`);
    };
    return ok({ signer: { staffId: m.id, name: m.name }, done });
  }

  /** Who is signed in on `screen`. */
  session(screen: Screen): SessionView {
    const people: ScreenPerson[] = [...screen.people.values()].map((p) => ({
      staffId: p.staffId, name: p.name, roles: [...p.roles], purpose: p.purpose, since: isoTime(p.since),
      signsOutAt: isoTime(p.lastUsed + idleSignOutMs(p.purpose)),
    }));
    return { screen: screen.label, people, noStaff: this.o.staff.state.members.size === 0 };
  }

  /** Where a sign-in for `purpose` is: at this table, but an admin's, which is the terminal's. */
  private at(purpose: Purpose): { tableId?: string } {
    return purpose === 'admin' ? {} : { tableId: this.o.tableId };
  }

  /** Ends a sign-in on a screen: in the staff log (if still open there) and on the screen. */
  private end(screen: Screen, p: SignedIn, emit = true): void {
    screen.people.delete(p.purpose);
    const member = this.o.staff.state.members.get(p.staffId);
    const open = member?.sessions.some((s) => s.purpose === p.purpose && s.tableId === (this.at(p.purpose).tableId ?? null)) ?? false;
    if (open) {
      const out = this.o.staff.signOut({ staffId: p.staffId, purpose: p.purpose, ...this.at(p.purpose) });
      if (!out.ok) this.o.log?.(`the sign-out of ${p.staffId} (${p.purpose}) could not be recorded: ${out.error.message}`);
    }
    if (emit) screen.changes.emit(this.session(screen));
  }
}
