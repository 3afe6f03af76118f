// What each role may do, enforced in the one dispatch both front doors call (issue 10 s2), on
// real SQLite files with the test staff: a screen with nobody signed in may only sign in; the
// dealer on duty deals from the screen he signed in on and nowhere else; a dealer cannot rule,
// void or correct; a floor action carries the floor person's PIN, a wrong one is refused and
// recorded and five lock him out; a void after a payment needs a second floor person; an
// auditor reads and does nothing else; the idle sign-out; a WebSocket without a session is
// refused. (`serve --host` beyond loopback, which needs TLS, is in serve-process.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AccessLogView, RecallView } from '../../../app/contract/floor';
import type { SessionView, StaffListView } from '../../../app/contract/session';
import type { TerminalView } from '../../../app/contract/view';
import type { Result } from '../../../app/domain/result';
import { LOCKOUT_FAILURES } from '../../../app/domain/staff';
import { StaffService } from '../../../app/services/staff';
import { openStore } from '../../../app/services/store';
import { Screens } from '../../../app/terminal/screens';
import type { ScreenLink, Terminal } from '../../../app/terminal/terminal';
import { startWebServer } from '../../../app/web/server';
import { STAFF, addStaff, credentialOf } from '../../support/staff';
import { openSimTerminal, viewUntil } from './sim-terminal';

let terminal: Terminal;
let screen: ScreenLink;

beforeEach(async () => {
  terminal = await openSimTerminal(29);
  screen = terminal.openScreen('test');
});
afterEach(async () => terminal.close());

async function ok<T = TerminalView>(on: ScreenLink, name: string, args: unknown = {}): Promise<T> {
  const r = (await on.request(name, args)) as Result<T>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}
async function refused(on: ScreenLink, name: string, args: unknown = {}): Promise<{ code: string; message: string; path?: string }> {
  const r = await on.request(name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

/** Every event row of the table's log, and of the staff log, as counts. */
function rows(): { table: number; staff: number } {
  const db = terminal.service.store.db;
  return {
    table: db.prepare("SELECT COUNT(*) FROM events WHERE table_id <> '@staff'").pluck().get() as number,
    staff: db.prepare("SELECT COUNT(*) FROM events WHERE table_id = '@staff'").pluck().get() as number,
  };
}
/** The staff log's rows after row `after`: type and body. */
function staffEventsAfter(after: number): { type: string; body: Record<string, unknown> }[] {
  return (terminal.service.store.db.prepare("SELECT type, body FROM events WHERE table_id = '@staff' ORDER BY id").all() as { type: string; body: string }[])
    .slice(after).map((r) => ({ type: r.type, body: JSON.parse(r.body) as Record<string, unknown> }));
}

const dealer = { dealer: credentialOf(STAFF.dealer) };
const jana = credentialOf(STAFF.floor);
const petr = credentialOf(STAFF.floor2);
const wrong = (p: { staffId: string }) => ({ staffId: p.staffId, pin: '000000' });

async function seatTwo(): Promise<void> {
  await ok(screen, 'dealerOn', dealer);
  await ok(screen, 'seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
  await ok(screen, 'seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
}

describe('a screen with nobody signed in', () => {
  it('may read the state and sign in, and nothing else: each refusal names the role it needs and appends nothing', async () => {
    const before = rows();
    expect((await ok(screen, 'snapshot')).dealer).toBeNull();
    expect(await ok<SessionView>(screen, 'session')).toEqual({ screen: screen.label, people: [], noStaff: false });
    for (const [name, args] of [['seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 }], ['startHand', {}], ['acknowledgeAlert', { id: 1 }], ['dealerOff', {}]] as const) {
      expect(await refused(screen, name, args)).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/role dealer/) });
    }
    for (const name of ['recall', 'accessLog'] as const) {
      expect(await refused(screen, name)).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/role floor or auditor/) });
    }
    expect(await refused(screen, 'floorCorrection', { reason: 'x', action: { kind: 'note' } })).toMatchObject({ code: 'credential-needed' });
    expect(rows()).toEqual(before);
  });

  it('says when the terminal has no staff yet (the first admin is added by the command)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpt-roles-empty-'));
    try {
      const store = openStore(join(dir, 't.db'));
      store.close();
      const empty = await openSimTerminal(1, ['--db', join(dir, 't.db')]);
      try {
        expect(await ok<SessionView>(empty.openScreen('test'), 'session')).toMatchObject({ people: [], noStaff: true });
      } finally {
        await empty.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the dealer', () => {
  it('signs in with his PIN to take the box; the dealer on duty and his staff id are on record; a wrong PIN is refused and recorded', async () => {
    const staffBefore = rows().staff;
    expect(await refused(screen, 'dealerOn', { dealer: wrong(STAFF.dealer) })).toMatchObject({ code: 'wrong-pin' });
    expect(await refused(screen, 'dealerOn', { dealer: credentialOf(STAFF.floor) })).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/dealer role/) });
    const session = await ok<SessionView>(screen, 'dealerOn', dealer);
    expect(session.people).toEqual([expect.objectContaining({ staffId: 'eva', name: 'Eva', purpose: 'take-box' })]);
    expect(terminal.view()).toMatchObject({ dealer: 'Eva', dealerStaffId: 'eva' });
    expect(staffEventsAfter(staffBefore).map((e) => [e.type, e.body.reason ?? e.body.purpose])).toEqual([
      ['staff-sign-in-failed', 'wrong-pin'], ['staff-sign-in-failed', 'not-allowed'], ['staff-signed-in', 'take-box'],
    ]);
    const on = terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'dealer-on'").pluck().get() as string;
    expect(JSON.parse(on)).toMatchObject({ dealer: 'Eva', staffId: 'eva' });
  });

  it('deals only from the screen he signed in on; another dealer cannot take the box during a hand; a relief takes it between hands', async () => {
    await seatTwo();
    const other = terminal.openScreen('test');
    expect(await refused(other, 'startHand')).toMatchObject({ code: 'not-allowed' });
    await ok(screen, 'startHand');
    await viewUntil(terminal, (v) => v.hand?.phase === 'setting');
    expect(await refused(other, 'dealerOn', { dealer: credentialOf(STAFF.dealer2) })).toMatchObject({ code: 'hand-in-play' });
    expect((await ok<SessionView>(other, 'session')).people).toEqual([]); // signed out again
    await ok(screen, 'callMisdeal', { cause: 'wrong-card-count' });
    // Between hands Jan relieves Eva: her screen can no longer deal.
    const relief = await ok<SessionView>(other, 'dealerOn', { dealer: credentialOf(STAFF.dealer2) });
    expect(relief.people[0]).toMatchObject({ staffId: 'jan', purpose: 'take-box' });
    expect(terminal.view()).toMatchObject({ dealer: 'Jan', dealerStaffId: 'jan' });
    expect(await refused(screen, 'nextHand')).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/not on duty/) });
    await ok(other, 'nextHand');
    const box = terminal.service.store.db.prepare("SELECT type, body FROM events WHERE type IN ('dealer-on', 'dealer-off') ORDER BY id").all() as { type: string; body: string }[];
    expect(box.map((r) => [r.type, JSON.parse(r.body).staffId])).toEqual([['dealer-on', 'eva'], ['dealer-off', 'eva'], ['dealer-on', 'jan']]);
  });

  it('cannot rule, void, correct or clear the floor\'s alerts: his own PIN is not a floor PIN', async () => {
    await seatTwo();
    await ok(screen, 'startHand');
    await viewUntil(terminal, (v) => v.hand?.phase === 'setting');
    const before = rows();
    const mine = credentialOf(STAFF.dealer);
    expect(await refused(screen, 'voidHand', { floor: mine, reason: 'I want to' })).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/floor role/), path: 'floor.purpose' });
    expect(await refused(screen, 'floorCorrection', { floor: mine, reason: 'r', action: { kind: 'foul-seat', seat: 2 } })).toMatchObject({ code: 'not-allowed' });
    const after = rows();
    expect(after.table).toBe(before.table);
    // Each refused sign-in is on record, as every failed sign-in is.
    expect(staffEventsAfter(before.staff).map((e) => [e.type, e.body.reason])).toEqual([['staff-sign-in-failed', 'not-allowed'], ['staff-sign-in-failed', 'not-allowed']]);
    // An irregularity alert is the floor's: the dealer's acknowledgement is refused.
    const alertId = raiseIrregularity();
    expect(terminal.view().alerts.find((a) => a.id === alertId)).toMatchObject({ clearedBy: 'floor' });
    expect(await refused(screen, 'acknowledgeAlert', { id: alertId })).toMatchObject({ code: 'floor-needed' });
    await ok(screen, 'floorAcknowledgeAlert', { id: alertId, floor: jana, note: 'seen' });
  });
});

/** Raises an irregularity alert on the table: once a seat has set, the dealer reports seat 1
 *  holding seat 2's hand (the hands play as they lie, noted for the floor). */
function raiseIrregularity(): number {
  const set = terminal.service.seatReady({ tableId: terminal.tableId, seat: 2 });
  if (!set.ok) throw new Error(set.error.message);
  const r = terminal.service.reportWrongSeat({ tableId: terminal.tableId, heldBy: 1, handOf: 2 });
  if (!r.ok) throw new Error(r.error.message);
  const alert = terminal.service.alerts({ tableId: terminal.tableId, raised: true }).find((a) => a.kind === 'irregularity');
  if (!alert) throw new Error('no irregularity alert was raised');
  return alert.id;
}

describe('the floor', () => {
  it('gives her PIN with each action; a wrong one is refused and recorded, the fifth locks her out, and nothing reaches the table', async () => {
    await seatTwo();
    await ok(screen, 'startHand');
    await viewUntil(terminal, (v) => v.hand?.phase === 'setting');
    const before = rows();
    for (let i = 1; i < LOCKOUT_FAILURES; i++) {
      expect(await refused(screen, 'voidHand', { floor: wrong(STAFF.floor), reason: 'dispute' })).toMatchObject({ code: 'wrong-pin', path: 'floor.pin' });
    }
    expect(await refused(screen, 'voidHand', { floor: wrong(STAFF.floor), reason: 'dispute' })).toMatchObject({ code: 'wrong-pin' });
    expect(await refused(screen, 'voidHand', { floor: jana, reason: 'dispute' })).toMatchObject({ code: 'locked-out' });
    expect(rows().table).toBe(before.table);
    const types = staffEventsAfter(before.staff).map((e) => e.type);
    expect(types.filter((t) => t === 'staff-sign-in-failed')).toHaveLength(LOCKOUT_FAILURES + 1);
    expect(types).toContain('staff-locked-out');
    // Petr is not locked out: he voids, signed in for that action only.
    const staffBefore = rows().staff;
    const v = await ok(screen, 'voidHand', { floor: petr, reason: 'deck short a card' });
    expect(v.hand).toMatchObject({ phase: 'voided', voided: { by: 'Petr Dvořák', returned: [] } });
    expect(staffEventsAfter(staffBefore).map((e) => [e.type, e.body.purpose])).toEqual([['staff-signed-in', 'floor-action'], ['staff-signed-out', 'floor-action']]);
    const voided = terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'hand-voided'").pluck().get() as string;
    expect(JSON.parse(voided)).toMatchObject({ by: 'floor:Petr Dvořák', signedBy: [{ staffId: 'petr', name: 'Petr Dvořák' }] });
  });

  it('voids a hand after a payment only with a second floor person (the two-person rule); the chips paid go back', async () => {
    await seatTwo();
    await ok(screen, 'seatPlayer', { seat: 3, name: 'Cyril', buyIn: 300000 });
    await ok(screen, 'startHand');
    const dealt = await viewUntil(terminal, (v) => v.hand?.phase === 'setting');
    for (const s of dealt.hand!.seats.filter((x) => x.live)) await ok(screen, 'seatReady', { seat: s.seat });
    let v = await ok(screen, 'openShowdown');
    for (const s of v.hand!.seats.filter((x) => x.live)) {
      // Fouled on purpose (back row weakest): the result does not matter, only that chips move.
      const c = s.cards!;
      v = await ok(screen, 'setHand', { seat: s.seat, front: c.slice(0, 3), middle: c.slice(3, 8), back: c.slice(8) });
    }
    v = await ok(screen, 'settle');
    const payments = v.hand!.result!.payments;
    expect(payments.length).toBeGreaterThan(1); // the seed's hands pay: the test's premise
    v = await ok(screen, 'executePayment', { index: payments[0].index });
    const stacksBefore = terminal.service.snapshot(terminal.tableId);
    expect(v.hand!.voidNeedsSecondFloor).toBe(true);
    expect(await refused(screen, 'voidHand', { floor: jana, reason: 'scored the wrong sets' })).toMatchObject({ code: 'second-floor-needed' });
    expect(await refused(screen, 'voidHand', { floor: jana, second: jana, reason: 'x' })).toMatchObject({ code: 'same-floor-person', path: 'second.staffId' });
    expect(await refused(screen, 'voidHand', { floor: jana, second: wrong(STAFF.floor2), reason: 'x' })).toMatchObject({ code: 'wrong-pin', path: 'second.pin' });
    v = await ok(screen, 'voidHand', { floor: jana, second: petr, reason: 'scored the wrong sets' });
    const p = payments[0];
    expect(v.hand!.voided).toEqual({ by: 'Jana Nováková', second: 'Petr Dvořák', reason: 'scored the wrong sets', returned: [{ from: p.payer, to: p.payee, amount: p.amount }] });
    // The stacks are those the hand started with.
    const started = stacksBefore.ok ? stacksBefore.value.hand!.state.seats.filter((s) => s.player).map((s) => s.player!.stack) : [];
    expect(v.seats.filter((s) => s.player).map((s) => s.stack)).toEqual(started);
    await ok(screen, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    const log = await ok<AccessLogView>(screen, 'accessLog');
    expect(log.entries.at(-1)).toMatchObject({ type: 'staff-signed-in', person: 'olga', purpose: 'audit' });
    expect(log.entries.find((e) => e.type === 'hand-voided')).toMatchObject({ person: 'jana', what: 'hand voided, with Petr Dvořák (petr) as the second floor person', why: 'scored the wrong sets' });
  });
});

describe('the auditor', () => {
  it('reads the recall and the access log, and can do nothing else', async () => {
    const auditor = credentialOf(STAFF.auditor);
    expect(await refused(screen, 'signIn', { person: auditor, purpose: 'floor-action' })).toMatchObject({ code: 'not-allowed' });
    await ok(screen, 'signIn', { person: auditor, purpose: 'audit' });
    expect((await ok<RecallView>(screen, 'recall')).hands).toEqual([]);
    expect((await ok<AccessLogView>(screen, 'accessLog')).entries.length).toBeGreaterThan(0);
    expect(await refused(screen, 'seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 })).toMatchObject({ code: 'not-allowed' });
    expect(await refused(screen, 'dealerOn', { dealer: auditor })).toMatchObject({ code: 'not-allowed' });
    expect(await refused(screen, 'floorCorrection', { floor: auditor, reason: 'r', action: { kind: 'note' } })).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/floor role/) });
    // Signing out ends his reading.
    expect((await ok<SessionView>(screen, 'signOut', {})).people).toEqual([]);
    expect(await refused(screen, 'recall')).toMatchObject({ code: 'not-allowed' });
  });
});

describe('the admin', () => {
  it('manages the staff from a screen with his PIN; nobody else can; a disabled dealer is off the screen at once', async () => {
    const admin = credentialOf(STAFF.admin);
    expect(await refused(screen, 'staffList', { admin: jana })).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/admin role/) });
    const before = rows().staff;
    const list = await ok<StaffListView>(screen, 'staffList', { admin });
    expect(list.people.map((p) => p.staffId)).toEqual(['ada', 'eva', 'jan', 'jana', 'petr', 'olga']);
    expect(JSON.stringify(list)).not.toMatch(/salt|hash|scrypt/);
    const added = await ok<StaffListView>(screen, 'staffAdd', { admin, staffId: 'karel', name: 'Karel', roles: ['dealer', 'floor'], pin: '314159' });
    expect(added.people.at(-1)).toMatchObject({ staffId: 'karel', roles: ['dealer', 'floor'], disabled: null });
    expect(await refused(screen, 'staffAdd', { admin, staffId: 'karel', name: 'K', roles: ['dealer'], pin: '314159' })).toMatchObject({ code: 'staff-exists' });
    expect(await refused(screen, 'staffAdd', { admin, staffId: 'x', name: 'X', roles: ['boss'], pin: '314159' })).toMatchObject({ code: 'bad-role' });
    expect(await refused(screen, 'staffAdd', { admin, staffId: 'x', name: '  ', roles: ['dealer'], pin: '314159' })).toMatchObject({ code: 'name-needed' });
    // The admin's sign-in for each request, the change, his sign-out: all on record (the bad role
    // is refused by its shape, before any PIN is looked at).
    expect(staffEventsAfter(before).map((e) => e.type)).toEqual([
      'staff-signed-in', 'staff-signed-out', 'staff-signed-in', 'staff-added', 'staff-signed-out', 'staff-signed-in', 'staff-signed-out',
    ]);
    // Karel deals; the admin disables him: his screen can no longer act.
    await ok(screen, 'dealerOn', { dealer: { staffId: 'karel', pin: '314159' } });
    await ok(screen, 'seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
    await ok(terminal.openScreen('test'), 'staffDisable', { admin, staffId: 'karel', reason: 'left the casino' });
    expect(await refused(screen, 'seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 })).toMatchObject({ code: 'not-allowed' });
    expect((await ok<SessionView>(screen, 'session')).people).toEqual([]);
    expect(await refused(screen, 'dealerOn', { dealer: { staffId: 'karel', pin: '314159' } })).toMatchObject({ code: 'staff-disabled' });
    // A new PIN ends a lockout.
    for (let i = 0; i < LOCKOUT_FAILURES; i++) await refused(screen, 'signIn', { person: wrong(STAFF.auditor), purpose: 'audit' });
    expect(await refused(screen, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' })).toMatchObject({ code: 'locked-out' });
    await ok(screen, 'staffSetPin', { admin, staffId: 'olga', pin: '10203040' });
    expect((await ok<SessionView>(screen, 'signIn', { person: { staffId: 'olga', pin: '10203040' }, purpose: 'audit' })).people).toEqual([expect.objectContaining({ staffId: 'olga' })]);
    expect(await refused(screen, 'staffSetPin', { admin, staffId: 'olga', pin: '4711' })).toMatchObject({ code: 'bad-pin', message: expect.not.stringMatching(/4711/) });
  });
});

describe('the idle sign-out', () => {
  it('signs a person out of a screen after the domain\'s idle time, recorded, and the screen hears it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpt-roles-idle-'));
    let now = Date.parse('2026-12-01T10:00:00.000Z');
    const store = openStore(join(dir, 't.db'), { clock: () => now });
    try {
      addStaff(store);
      const staff = StaffService.open(store);
      if (!staff.ok) throw new Error(staff.error.message);
      const screens = new Screens({ staff: staff.value, tableId: 'T1', clock: () => now, sweep: false });
      const s = screens.open('test');
      const heard: SessionView[] = [];
      s.onSession((v) => heard.push(v));
      const signed = screens.signIn(s, credentialOf(STAFF.floor), 'floor-action');
      expect(signed.ok && signed.value.people[0]).toMatchObject({ staffId: 'jana', signsOutAt: '2026-12-01T10:05:00.000Z' });
      now += 4 * 60_000;
      expect(screens.active(s, 'floor-action')).not.toBeNull(); // used: the idle time starts again
      now += 4 * 60_000 + 59_000;
      screens.signOutIdle();
      expect(s.session().people).toHaveLength(1);
      now += 1_000;
      screens.signOutIdle();
      expect(s.session().people).toEqual([]);
      expect(heard.at(-1)!.people).toEqual([]);
      const last = store.db.prepare("SELECT type, body FROM events WHERE table_id = '@staff' ORDER BY id DESC LIMIT 1").get() as { type: string; body: string };
      expect([last.type, JSON.parse(last.body)]).toEqual(['staff-signed-out', expect.objectContaining({ staffId: 'jana', purpose: 'floor-action', tableId: 'T1', by: 'system', at: '2026-12-01T10:09:00.000Z' })]);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the WebSocket', () => {
  it('refuses a request without a session; each socket is its own screen; a closed socket signs its people out', async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'cpt-roles-web-'));
    const server = await startWebServer({ rendererDir, token: 'r'.repeat(64), openScreen: () => terminal.openScreen('ws') });
    const sockets: WebSocket[] = [];
    const open = async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${'r'.repeat(64)}`);
      await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
      sockets.push(ws);
      let id = 0;
      return (name: string, args: unknown = {}) => new Promise<Result<unknown>>((resolve) => {
        const mine = ++id;
        const on = (d: WebSocket.RawData) => {
          const m = JSON.parse(d.toString()) as { t: string; id?: number; result?: Result<unknown> };
          if (m.t === 'res' && m.id === mine) {
            ws.off('message', on);
            resolve(m.result!);
          }
        };
        ws.on('message', on);
        ws.send(JSON.stringify({ t: 'req', id: mine, name, args }));
      });
    };
    try {
      const a = await open();
      const b = await open();
      expect(await a('seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 })).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      expect(await a('dealerOn', dealer)).toMatchObject({ ok: true, value: { people: [{ staffId: 'eva' }] } });
      expect(await a('seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 })).toMatchObject({ ok: true });
      expect(await b('seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 })).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      const staffRows = rows().staff;
      sockets[0].close();
      await new Promise<void>((r) => {
        const t = setInterval(() => {
          if (rows().staff > staffRows) {
            clearInterval(t);
            r();
          }
        }, 10);
      });
      expect(staffEventsAfter(staffRows)).toEqual([{ type: 'staff-signed-out', body: expect.objectContaining({ staffId: 'eva', purpose: 'take-box' }) }]);
      // Eva is still the dealer on duty: she signs in again on the other socket and goes on.
      expect(terminal.view().dealerStaffId).toBe('eva');
      expect(await b('dealerOn', dealer)).toMatchObject({ ok: true });
      expect(await b('seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 })).toMatchObject({ ok: true });
    } finally {
      for (const ws of sockets) ws.close();
      await server.close();
      rmSync(rendererDir, { recursive: true, force: true });
    }
  });
});
