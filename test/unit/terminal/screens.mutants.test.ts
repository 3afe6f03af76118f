/**
 * The screens of a terminal (app/terminal/screens.ts) over a real staff log (a SQLite file with
 * the test staff, test/support/staff.ts): the screen's label, who is signed in on it as the
 * screen is told (`session`, and the pushes its listeners hear), one screen per person and
 * purpose, a replacement, signing out of one purpose or all, a closed screen signing its people
 * out and refusing sign-ins, the idle sign-out (at the domain's idle time to the millisecond,
 * checked at every request and by the sweep, which `sweep: false` turns off), the staff log as
 * the truth (a sign-in ended there is gone from the screen), and a PIN checked for one request
 * (`verify`). Every sign-out is checked in the staff log too: the `staff-signed-out` events the
 * terminal records and the sign-ins left open. Clocks are injected (vitest's fake timers for the
 * sweep's timer); nothing waits. The staff log is written as `table staff add` writes it, but
 * with the PINs hashed by cheap scrypt parameters (the stored record names its parameters), so
 * that the many PIN checks here take microseconds, not a tenth of a second each.
 */
import { constants, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_LOG_ID, type Purpose } from '../../../app/domain/staff';
import type { Result } from '../../../app/domain/result';
import type { SessionView } from '../../../app/contract/session';
import { StaffService } from '../../../app/services/staff';
import { openStore, type Store } from '../../../app/services/store';
import { Screens, type Screen } from '../../../app/terminal/screens';
import { hashPin } from '../../../app/services/pins';
import { STAFF, credentialOf } from '../../support/staff';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const MIN = 60_000;
const iso = (ms: number): string => new Date(ms).toISOString();

let folder: string;
let store: Store;
let staff: StaffService;
let screens: Screens;
let screen: Screen;
/** The time of the screens and of the staff log; tests move it. */
let now: number;
/** The terminal's log lines. */
let logs: string[];
/** When true, every write to the store fails (a full disk, say). */
let storeFails: boolean;

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Mia is a dealer and a floor person: one person signed in for two purposes at the table. */
const MIA = { staffId: 'mia', name: 'Mia', pin: '314159', roles: ['dealer', 'floor'] } as const;

let templateFolder: string;
let template: string;

/**
 * A database with {@link STAFF} and Mia, as the admin adds them (the first admin by the system,
 * the others signed by him), their PINs hashed with cheap parameters.
 */
beforeAll(() => {
  templateFolder = mkdtempSync(join(tmpdir(), 'cp-screens-template-'));
  template = join(templateFolder, 'staff.db');
  const t = openStore(template, { clock: () => T0 - MIN });
  try {
    const cheap = (pin: string) => must(hashPin(pin, { params: { N: 16, r: 1, p: 1, keyLength: 32 } }));
    const { admin } = STAFF;
    const added = (p: { staffId: string; name: string; pin: string; roles: readonly string[] }, by: string) =>
      ({ type: 'staff-added', at: iso(T0 - MIN), by, staffId: p.staffId, name: p.name, roles: [...p.roles], pin: cheap(p.pin) });
    const bodies = [
      added(admin, 'system'),
      { type: 'staff-signed-in', at: iso(T0 - MIN), by: 'staff:ada', staffId: 'ada', purpose: 'admin' },
      ...[...Object.values(STAFF).filter((p) => p !== admin), MIA].map((p) => added(p, 'staff:ada')),
      { type: 'staff-signed-out', at: iso(T0 - MIN), by: 'staff:ada', staffId: 'ada', purpose: 'admin' },
    ];
    t.write((tx) => { for (const body of bodies) tx.append({ tableId: STAFF_LOG_ID, body }); });
  } finally {
    t.close();
  }
});
afterAll(() => rmSync(templateFolder, { recursive: true, force: true }));

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cp-screens-'));
  const path = join(folder, 't.db');
  copyFileSync(template, path, constants.COPYFILE_EXCL);
  now = T0;
  logs = [];
  storeFails = false;
  store = openStore(path, {
    clock: () => {
      if (storeFails) throw new Error('disk I/O error');
      return now;
    },
  });
  staff = must(StaffService.open(store, { clock: () => now }));
  screens = new Screens({ staff, tableId: 'T1', clock: () => now, sweep: false, log: (l) => logs.push(l) });
  screen = screens.open('test');
});

afterEach(() => {
  vi.useRealTimers();
  storeFails = false;
  screens.closeAll();
  store.close();
  rmSync(folder, { recursive: true, force: true });
});

type Person = (typeof STAFF)[keyof typeof STAFF];

/** Signs `person` in on `on` for `purpose`; the session the screen is told. */
function signIn(person: Person | typeof MIA, purpose: Purpose, on: Screen = screen): SessionView {
  return must(screens.signIn(on, credentialOf(person), purpose));
}

/** The staff events recorded so far: their type and body. */
function staffEvents(): { type: string; body: Record<string, unknown> }[] {
  return (store.db.prepare('SELECT type, body FROM events WHERE table_id = ? ORDER BY id').all(STAFF_LOG_ID) as { type: string; body: string }[])
    .map((r) => ({ type: r.type, body: JSON.parse(r.body) as Record<string, unknown> }));
}

/** The staff events recorded by `act`. */
function recordedBy(act: () => void): { type: string; body: Record<string, unknown> }[] {
  const before = staffEvents().length;
  act();
  return staffEvents().slice(before);
}

/** A person's open sign-ins in the staff log, as [purpose, table]. */
const sessionsOf = (staffId: string): [Purpose, string | null][] =>
  staff.state.members.get(staffId)!.sessions.map((s) => [s.purpose, s.tableId]);

/** Who the screen shows, as [staffId, purpose]. */
const shown = (s: Screen): [string, Purpose][] => s.session().people.map((p) => [p.staffId, p.purpose]);

/** Every session pushed to `s` from now on. */
function pushesTo(s: Screen): SessionView[] {
  const heard: SessionView[] = [];
  s.onSession((v) => heard.push(v));
  return heard;
}

/** A terminal sign-out of a screen person, as recorded: by the system. */
const signedOut = (staffId: string, purpose: Purpose, tableId?: string) => ({
  type: 'staff-signed-out', body: { type: 'staff-signed-out', at: expect.any(String), by: 'system', staffId, purpose, ...(tableId ? { tableId } : {}) },
});

describe('a new screen', () => {
  it('is labelled by its kind and a number counted up from 1 for each screen opened, and nobody is signed in on it', () => {
    const a = screens.open('ws');
    const b = screens.open('ws');
    expect([screen.label, a.label, b.label]).toEqual(['test-1', 'ws-2', 'ws-3']);
    expect(b.session()).toEqual({ screen: 'ws-3', people: [], noStaff: false });
  });

  it('says noStaff on a terminal that has nobody on its staff yet', () => {
    const empty = openStore(join(folder, 'empty.db'));
    try {
      const none = new Screens({ staff: must(StaffService.open(empty)), tableId: 'T1', clock: () => now, sweep: false });
      expect(none.open('electron').session()).toEqual({ screen: 'electron-1', people: [], noStaff: true });
      none.closeAll();
    } finally {
      empty.close();
    }
  });
});

describe('signIn', () => {
  it('records the sign-in at this table and tells the screen who, with his roles, since when and when he is signed out if idle', () => {
    const heard = pushesTo(screen);
    let events!: ReturnType<typeof staffEvents>;
    let view!: SessionView;
    events = recordedBy(() => { view = signIn(STAFF.dealer, 'take-box'); });
    expect(events.map((e) => [e.type, e.body.purpose, e.body.tableId])).toEqual([['staff-signed-in', 'take-box', 'T1']]);
    const eva = { staffId: 'eva', name: 'Eva', roles: ['dealer'], purpose: 'take-box', since: iso(T0), signsOutAt: iso(T0 + 20 * MIN) };
    expect(view).toEqual({ screen: 'test-1', people: [eva], noStaff: false });
    expect(heard).toEqual([view]);

    now = T0 + MIN;
    events = recordedBy(() => { view = signIn(STAFF.floor, 'floor-action'); });
    expect(events.map((e) => [e.type, e.body.purpose, e.body.tableId])).toEqual([['staff-signed-in', 'floor-action', 'T1']]);
    expect(view.people).toEqual([eva, {
      staffId: 'jana', name: 'Jana Nováková', roles: ['floor'], purpose: 'floor-action', since: iso(T0 + MIN), signsOutAt: iso(T0 + 6 * MIN),
    }]);
    expect(sessionsOf('eva')).toEqual([['take-box', 'T1']]);
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T1']]);
  });

  it("signs an admin in at the terminal, not at the table", () => {
    const events = recordedBy(() => signIn(STAFF.admin, 'admin'));
    expect(events).toEqual([{ type: 'staff-signed-in', body: { type: 'staff-signed-in', at: iso(T0), by: 'staff:ada', staffId: 'ada', purpose: 'admin' } }]);
    expect(sessionsOf('ada')).toEqual([['admin', null]]);
    expect(screens.active(screen, 'admin')?.staffId).toBe('ada');
    expect(recordedBy(() => screens.signOut(screen, 'admin'))).toEqual([signedOut('ada', 'admin')]);
    expect(sessionsOf('ada')).toEqual([]);
  });

  it('replaces whoever was signed in there for that purpose: he is signed out, and the screen is told once, of the new person', () => {
    signIn(STAFF.floor, 'floor-action');
    const heard = pushesTo(screen);
    now = T0 + MIN;
    let view!: SessionView;
    const events = recordedBy(() => { view = signIn(STAFF.floor2, 'floor-action'); });
    expect(events.map((e) => [e.type, e.body.staffId])).toEqual([['staff-signed-in', 'petr'], ['staff-signed-out', 'jana']]);
    expect(events[1]).toEqual(signedOut('jana', 'floor-action', 'T1'));
    expect(sessionsOf('jana')).toEqual([]);
    expect(shown(screen)).toEqual([['petr', 'floor-action']]);
    expect(heard).toEqual([view]);
  });

  it('signing in again on the same screen keeps him signed in, in the log and on the screen, with one push', () => {
    signIn(STAFF.dealer, 'take-box');
    const heard = pushesTo(screen);
    now = T0 + MIN;
    let view!: SessionView;
    const events = recordedBy(() => { view = signIn(STAFF.dealer, 'take-box'); });
    expect(events.map((e) => e.type)).toEqual(['staff-signed-in']);
    expect(sessionsOf('eva')).toEqual([['take-box', 'T1']]);
    expect(view.people.map((p) => [p.staffId, p.since])).toEqual([['eva', iso(T0 + MIN)]]);
    expect(heard).toEqual([view]);
  });

  it('takes him off any other screen for that purpose (told), still signed in, and leaves other people on other screens alone', () => {
    const a = screen;
    const b = screens.open('ws');
    const c = screens.open('ws');
    signIn(STAFF.dealer, 'take-box', a);
    signIn(STAFF.floor, 'floor-action', c);
    const [toA, toB, toC] = [pushesTo(a), pushesTo(b), pushesTo(c)];
    const events = recordedBy(() => signIn(STAFF.dealer, 'take-box', b));
    expect(events.map((e) => e.type)).toEqual(['staff-signed-in']);
    expect([shown(a), shown(b), shown(c)]).toEqual([[], [['eva', 'take-box']], [['jana', 'floor-action']]]);
    expect(toA).toEqual([{ screen: 'test-1', people: [], noStaff: false }]);
    expect(toB.map((v) => v.people.map((p) => p.staffId))).toEqual([['eva']]);
    expect(toC).toEqual([]);
    expect(sessionsOf('eva')).toEqual([['take-box', 'T1']]);

    // Another floor person signing in on a: jana stays on c (and signed in).
    const more = recordedBy(() => signIn(STAFF.floor2, 'floor-action', a));
    expect(more.map((e) => [e.type, e.body.staffId])).toEqual([['staff-signed-in', 'petr']]);
    expect([shown(a), shown(b), shown(c)]).toEqual([[['petr', 'floor-action']], [['eva', 'take-box']], [['jana', 'floor-action']]]);
    expect(toC).toEqual([]);
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T1']]);
  });
});

describe('signOut', () => {
  it('signs out of one purpose only, recorded, and tells the screen', () => {
    signIn(STAFF.dealer, 'take-box');
    signIn(STAFF.floor, 'floor-action');
    const heard = pushesTo(screen);
    let view!: SessionView;
    const events = recordedBy(() => { view = screens.signOut(screen, 'floor-action'); });
    expect(events).toEqual([signedOut('jana', 'floor-action', 'T1')]);
    expect(view.people.map((p) => p.staffId)).toEqual(['eva']);
    expect(heard).toEqual([view]);
    expect([sessionsOf('eva'), sessionsOf('jana')]).toEqual([[['take-box', 'T1']], []]);
  });

  it('signs out of every purpose when none is named', () => {
    signIn(MIA, 'take-box');
    signIn(MIA, 'floor-action');
    const events = recordedBy(() => expect(screens.signOut(screen).people).toEqual([]));
    expect(events).toEqual([signedOut('mia', 'take-box', 'T1'), signedOut('mia', 'floor-action', 'T1')]);
    expect(sessionsOf('mia')).toEqual([]);
  });

  it('ends only the sign-in at this table: the same person signed in at another table stays so', () => {
    signIn(STAFF.floor, 'floor-action');
    must(staff.signIn({ ...credentialOf(STAFF.floor), purpose: 'floor-action', tableId: 'T2' }));
    expect(screens.active(screen, 'floor-action')?.staffId).toBe('jana');
    const events = recordedBy(() => screens.signOut(screen, 'floor-action'));
    expect(events).toEqual([signedOut('jana', 'floor-action', 'T1')]);
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T2']]);
    expect(logs).toEqual([]);
  });

  it('says in the terminal log when the sign-out could not be recorded, and takes him off the screen anyway', () => {
    signIn(STAFF.dealer, 'take-box');
    storeFails = true;
    expect(screens.signOut(screen).people).toEqual([]);
    storeFails = false;
    expect(logs).toEqual(['the sign-out of eva (take-box) could not be recorded: the terminal could not record this (nothing was changed): disk I/O error']);
    expect(sessionsOf('eva')).toEqual([['take-box', 'T1']]);
  });
});

describe('close and closeAll', () => {
  it('closing a screen signs its people out (recorded, told) and refuses a sign-in there afterwards, recording nothing', () => {
    const other = screens.open('ws');
    signIn(STAFF.dealer, 'take-box');
    signIn(STAFF.floor, 'floor-action', other);
    const heard = pushesTo(screen);
    const events = recordedBy(() => screens.close(screen));
    expect(events).toEqual([signedOut('eva', 'take-box', 'T1')]);
    expect(heard).toEqual([{ screen: 'test-1', people: [], noStaff: false }]);
    expect([sessionsOf('eva'), shown(other), sessionsOf('jana')]).toEqual([[], [['jana', 'floor-action']], [['floor-action', 'T1']]]);

    const refused = recordedBy(() => {
      const r = screens.signIn(screen, credentialOf(STAFF.dealer), 'take-box');
      expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['screen-closed', 'this screen is no longer connected']);
    });
    expect(refused).toEqual([]);
    expect(recordedBy(() => screens.close(screen))).toEqual([]);
  });

  it('closeAll signs everyone out on every screen and closes them all', () => {
    const other = screens.open('ws');
    signIn(STAFF.dealer, 'take-box');
    signIn(STAFF.floor, 'floor-action', other);
    const events = recordedBy(() => screens.closeAll());
    expect(events).toEqual([signedOut('eva', 'take-box', 'T1'), signedOut('jana', 'floor-action', 'T1')]);
    expect([shown(screen), shown(other)]).toEqual([[], []]);
    for (const s of [screen, other]) {
      const r = screens.signIn(s, credentialOf(STAFF.floor), 'floor-action');
      expect(r.ok ? null : r.error.code).toBe('screen-closed');
    }
  });
});

describe('active: the staff log is the truth', () => {
  it('a sign-in ended in the staff log is gone from the screen (told), with nothing more recorded and nothing logged', () => {
    signIn(STAFF.floor, 'floor-action');
    must(staff.signIn({ ...credentialOf(STAFF.floor), purpose: 'floor-action', tableId: 'T2' }));
    must(staff.signOut({ staffId: 'jana', purpose: 'floor-action', tableId: 'T1' }));
    const heard = pushesTo(screen);
    const events = recordedBy(() => expect(screens.active(screen, 'floor-action')).toBeNull());
    expect(events).toEqual([]);
    expect(heard).toEqual([{ screen: 'test-1', people: [], noStaff: false }]);
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T2']]);
    expect(logs).toEqual([]);
  });

  it('counts only the sign-in for this purpose: one for another purpose at the table does not keep him', () => {
    signIn(MIA, 'take-box');
    signIn(MIA, 'floor-action');
    must(staff.signOut({ staffId: 'mia', purpose: 'floor-action', tableId: 'T1' }));
    const events = recordedBy(() => expect(screens.active(screen, 'floor-action')).toBeNull());
    expect(events).toEqual([]);
    expect(shown(screen)).toEqual([['mia', 'take-box']]);
    expect(screens.active(screen, 'take-box')?.staffId).toBe('mia');
    expect(sessionsOf('mia')).toEqual([['take-box', 'T1']]);
    expect(logs).toEqual([]);
  });

  it('a person signed out of everything in the staff log is gone from the screen', () => {
    signIn(STAFF.dealer, 'take-box');
    must(staff.signOut({ staffId: 'eva' }));
    expect(screens.active(screen, 'take-box')).toBeNull();
    expect(shown(screen)).toEqual([]);
    expect(logs).toEqual([]);
  });
});

describe('the idle sign-out', () => {
  it('signs him out at exactly his idle time (a floor person 5 minutes), recorded, told, and said in the terminal log', () => {
    signIn(STAFF.floor, 'floor-action');
    const heard = pushesTo(screen);
    now = T0 + 5 * MIN - 1;
    expect(screens.active(screen, 'floor-action', false)?.staffId).toBe('jana');
    now = T0 + 5 * MIN;
    const events = recordedBy(() => expect(screens.active(screen, 'floor-action', false)).toBeNull());
    expect(events).toEqual([signedOut('jana', 'floor-action', 'T1')]);
    expect(heard).toEqual([{ screen: 'test-1', people: [], noStaff: false }]);
    expect(logs).toEqual(['screen test-1: jana signed out after 5 minutes idle (floor-action)']);
  });

  it('a request of his (active, by default his use) restarts his idle time; active(..., false) does not', () => {
    signIn(STAFF.floor, 'floor-action');
    now = T0 + 4 * MIN;
    expect(screens.active(screen, 'floor-action')?.staffId).toBe('jana');
    expect(screen.session().people[0].signsOutAt).toBe(iso(T0 + 9 * MIN));
    now = T0 + 8 * MIN;
    expect(screens.active(screen, 'floor-action', false)?.staffId).toBe('jana');
    now = T0 + 9 * MIN;
    expect(screens.active(screen, 'floor-action', false)).toBeNull();
    expect(sessionsOf('jana')).toEqual([]);
  });

  it('tells the screen the new sign-out time once it moved by a minute, not at every request', () => {
    signIn(STAFF.floor, 'floor-action');
    const heard = pushesTo(screen);
    now = T0 + 30_000;
    screens.active(screen, 'floor-action');
    expect(heard).toEqual([]);
    now = T0 + 30_000 + MIN - 1;
    screens.active(screen, 'floor-action');
    expect(heard).toEqual([]);
    now = T0 + 30_000 + 2 * MIN - 1;
    screens.active(screen, 'floor-action');
    expect(heard.map((v) => v.people.map((p) => p.signsOutAt))).toEqual([[iso(T0 + 30_000 + 7 * MIN - 1)]]);
    now += 10_000;
    screens.active(screen, 'floor-action');
    expect(heard).toHaveLength(1);
  });

  it('pushes at exactly a minute after his last request', () => {
    signIn(STAFF.dealer, 'take-box');
    const heard = pushesTo(screen);
    now = T0 + MIN;
    screens.active(screen, 'take-box');
    expect(heard.map((v) => v.people.map((p) => p.signsOutAt))).toEqual([[iso(T0 + 21 * MIN)]]);
  });

  it('signOutIdle signs out only those idle too long, on every screen, and does not count as their use', () => {
    const other = screens.open('ws');
    signIn(STAFF.floor, 'floor-action');
    signIn(STAFF.dealer, 'take-box', other);
    now = T0 + 4 * MIN;
    expect(recordedBy(() => screens.signOutIdle())).toEqual([]);
    expect([shown(screen), shown(other)]).toEqual([[['jana', 'floor-action']], [['eva', 'take-box']]]);
    expect(screen.session().people[0].signsOutAt).toBe(iso(T0 + 5 * MIN));
    now = T0 + 5 * MIN;
    expect(recordedBy(() => screens.signOutIdle())).toEqual([signedOut('jana', 'floor-action', 'T1')]);
    expect([shown(screen), shown(other)]).toEqual([[], [['eva', 'take-box']]]);
    now = T0 + 20 * MIN;
    expect(recordedBy(() => screens.signOutIdle())).toEqual([signedOut('eva', 'take-box', 'T1')]);
    expect(shown(other)).toEqual([]);
    expect(logs).toEqual([
      'screen test-1: jana signed out after 5 minutes idle (floor-action)',
      'screen ws-2: eva signed out after 20 minutes idle (take-box)',
    ]);
  });
});

describe('the idle sweep on a timer', () => {
  it('sweeps by itself by default: an idle person is signed out within the sweep interval', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    const timed = new Screens({ staff, tableId: 'T1', clock: () => Date.now() });
    try {
      const s = timed.open('electron');
      must(timed.signIn(s, credentialOf(STAFF.floor), 'floor-action'));
      const heard = pushesTo(s);
      vi.advanceTimersByTime(5 * MIN - 1);
      expect(shown(s)).toEqual([['jana', 'floor-action']]);
      vi.advanceTimersByTime(10_000);
      expect(shown(s)).toEqual([]);
      expect(heard).toEqual([{ screen: 'electron-1', people: [], noStaff: false }]);
      expect(sessionsOf('jana')).toEqual([]);
    } finally {
      timed.closeAll();
    }
  });

  it('does not sweep with sweep: false: the idle person stays until a request or a sweep by hand', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    const byHand = new Screens({ staff, tableId: 'T1', clock: () => Date.now(), sweep: false });
    try {
      const s = byHand.open('electron');
      must(byHand.signIn(s, credentialOf(STAFF.floor), 'floor-action'));
      const heard = pushesTo(s);
      vi.advanceTimersByTime(30 * MIN);
      expect(heard).toEqual([]);
      expect(shown(s)).toEqual([['jana', 'floor-action']]);
      expect(sessionsOf('jana')).toEqual([['floor-action', 'T1']]);
      byHand.signOutIdle();
      expect(shown(s)).toEqual([]);
      expect(sessionsOf('jana')).toEqual([]);
    } finally {
      byHand.closeAll();
    }
  });
});

describe('verify: a PIN given with one request', () => {
  it('signs the person in for the request (recorded at the table) and out again when done', () => {
    let done!: () => void;
    const events = recordedBy(() => {
      const v = must(screens.verify(credentialOf(STAFF.floor), 'floor-action'));
      expect(v.signer).toEqual({ staffId: 'jana', name: 'Jana Nováková' });
      done = v.done;
    });
    expect(events.map((e) => [e.type, e.body.purpose, e.body.tableId])).toEqual([['staff-signed-in', 'floor-action', 'T1']]);
    expect(recordedBy(() => done())).toEqual([{ type: 'staff-signed-out', body: expect.objectContaining({ staffId: 'jana', purpose: 'floor-action', tableId: 'T1' }) }]);
    expect(sessionsOf('jana')).toEqual([]);
  });

  it('signs him out when done although he is signed in at another table (that sign-in stays)', () => {
    must(staff.signIn({ ...credentialOf(STAFF.floor), purpose: 'floor-action', tableId: 'T2' }));
    const v = must(screens.verify(credentialOf(STAFF.floor), 'floor-action'));
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T2'], ['floor-action', 'T1']]);
    v.done();
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T2']]);
  });

  it('signs him out when done although he is signed in at the table for another purpose (that sign-in stays)', () => {
    signIn(MIA, 'take-box');
    const v = must(screens.verify(credentialOf(MIA), 'floor-action'));
    v.done();
    expect(sessionsOf('mia')).toEqual([['take-box', 'T1']]);
    expect(shown(screen)).toEqual([['mia', 'take-box']]);
  });

  it('leaves him signed in when done when he was signed in for it already', () => {
    signIn(STAFF.floor, 'floor-action');
    const v = must(screens.verify(credentialOf(STAFF.floor), 'floor-action'));
    expect(recordedBy(() => v.done())).toEqual([]);
    expect(sessionsOf('jana')).toEqual([['floor-action', 'T1']]);
  });

  it('says in the terminal log when his sign-out after the request could not be recorded', () => {
    const v = must(screens.verify(credentialOf(STAFF.floor), 'floor-action'));
    must(staff.signOut({ staffId: 'jana' }));
    v.done();
    expect(logs).toEqual(['the sign-out of jana after his floor-action could not be recorded: jana is not signed in for floor-action at table T1']);
  });

  it('returns the refusal of a wrong PIN, recorded', () => {
    const events = recordedBy(() => {
      const r = screens.verify({ staffId: 'jana', pin: '000000' }, 'floor-action');
      expect(r.ok ? null : r.error.code).toBe('wrong-pin');
    });
    expect(events.map((e) => [e.type, e.body.reason])).toEqual([['staff-sign-in-failed', 'wrong-pin']]);
  });
});
