/**
 * `table staff ...` and `table access-log` spawned as a user runs them, and every reader of the
 * log on a log where staff events sit between played hands: verify-log, replay, audit (one pass
 * and by worker threads), export, recall, the start-up check and the table service's loading
 * all run clean, and none of them, nor `staff list` nor the access log, prints a PIN hash.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, replayHands, verifyChain } from '../../../app/services/audit';
import { StaffService } from '../../../app/services/staff';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { poolRunMark, poolRunsSince } from '../../../app/services/worker-pool';
import { tempFolder } from '../store/temp';
import { ROOT, type Ran } from '../../support/table-cli';
import { must } from './helpers';

/** The table command with `stdin` as its input (closed at once when there is none: a PIN is never waited for). */
function table(args: string[], stdin = ''): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.end(stdin);
  });
}

const jsonLines = (s: string) => s.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

/** Every PIN salt and hash stored in the database. */
function secrets(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT json_extract(body, '$.pin.hash'), json_extract(body, '$.pin.salt') FROM events WHERE json_extract(body, '$.pin') IS NOT NULL").raw(true).all().flat() as string[];
  } finally {
    db.close();
  }
}

function expectNoSecret(path: string, ...outputs: string[]): void {
  const all = secrets(path);
  expect(all.length).toBeGreaterThan(0);
  for (const out of outputs) {
    for (const s of all) expect(out).not.toContain(s);
    expect(out).not.toContain('scrypt');
  }
}

const tmp = tempFolder('cp-staff-cli-');
const db = tmp.file('shift.db');
const setup: Record<string, Ran> = {};

beforeAll(async () => {
  setup.sim1 = await table(['simulate', '--db', db, '--hands', '6', '--seed', '5']);
  setup.first = await table(['staff', 'add', '--db', db, '--id', 'boss', '--name', 'Boris Novak', '--role', 'admin,floor', '--pin-stdin'], '135790\n');
  setup.second = await table(['staff', 'add', '--db', db, '--id', 'eva', '--name', 'Eva', '--role', 'dealer', '--admin', 'boss', '--pin-stdin'], '135790\n246810\n');
  setup.unsigned = await table(['staff', 'add', '--db', db, '--id', 'jan', '--name', 'Jan', '--role', 'dealer', '--pin-stdin'], '112233\n');
  setup.wrongAdmin = await table(['staff', 'add', '--db', db, '--id', 'jan', '--name', 'Jan', '--role', 'dealer', '--admin', 'boss', '--pin-stdin'], '135791\n112233\n');
  setup.signIn = await table(['staff', 'sign-in', '--db', db, '--id', 'eva', '--purpose', 'take-box', '--table', 'SIM', '--pin-stdin'], '246810\n');
  setup.wrongPin = await table(['staff', 'sign-in', '--db', db, '--id', 'eva', '--purpose', 'take-box', '--table', 'SIM', '--pin-stdin'], '246811\n');
  setup.sim2 = await table(['simulate', '--db', db, '--hands', '10', '--seed', '5']);
  // The terminal itself starts on this file (the start-up check, the tables loaded), and the floor and staff act.
  const store = openStore(db);
  try {
    const service = new TableService(store);
    expect(service.startupFindings).toEqual([]);
    expect(service.tableIds()).toEqual(['SIM']);
    must(service.floorCorrection({ tableId: 'SIM', floor: 'Jana', reason: 'recount asked by seat 2', action: { kind: 'note' }, handId: 'SIM-2' }));
    const staff = must(StaffService.open(store));
    must(staff.signIn({ staffId: 'boss', pin: '135790', purpose: 'floor-action', tableId: 'SIM' }));
    must(staff.signOut({ staffId: 'boss' }));
  } finally {
    store.close();
  }
  setup.sim3 = await table(['simulate', '--db', db, '--hands', '12', '--seed', '5']);
}, 180_000);
afterAll(() => tmp.cleanup());

describe('table staff', () => {
  it('adds the first admin with no signature; the next person needs an admin id and PIN', () => {
    expect(setup.sim1.code, setup.sim1.stderr).toBe(0);
    expect(setup.first.code, setup.first.stderr).toBe(0);
    expect(jsonLines(setup.first.stdout)).toEqual([expect.objectContaining({ id: 'boss', name: 'Boris Novak', roles: ['admin', 'floor'], disabled: null })]);
    expect(setup.second.code, setup.second.stderr).toBe(0);
    expect(jsonLines(setup.second.stdout)[0]).toMatchObject({ id: 'eva', roles: ['dealer'] });
    expect(setup.unsigned.code).toBe(2);
    expect(setup.unsigned.stderr).toMatch(/^table: staff add: --admin: admin-needed: .*\n$/);
  });

  it('a wrong admin PIN exits 2 with wrong-pin, and the failure is in the log', () => {
    expect(setup.wrongAdmin.code).toBe(2);
    expect(setup.wrongAdmin.stderr).toMatch(/^table: staff add: --pin-stdin \(line 1, the admin's PIN\): wrong-pin: wrong PIN for boss/);
    expect(setup.wrongAdmin.stderr.trim().split('\n')).toHaveLength(1);
    expect(setup.wrongPin.code).toBe(2);
    expect(setup.wrongPin.stderr).toMatch(/wrong-pin: wrong PIN for eva \(1 in a row/);
    const raw = new Database(db, { readonly: true });
    const failed = raw.prepare("SELECT table_id, hand_id, json_extract(body, '$.staffId') AS who, json_extract(body, '$.purpose') AS purpose FROM events WHERE type = 'staff-sign-in-failed' ORDER BY id").all();
    raw.close();
    expect(failed).toEqual([
      { table_id: '@staff', hand_id: null, who: 'boss', purpose: 'admin' },
      { table_id: '@staff', hand_id: null, who: 'eva', purpose: 'take-box' },
    ]);
  });

  it('signs in: one JSON line', () => {
    expect(setup.signIn.code, setup.signIn.stderr).toBe(0);
    expect(jsonLines(setup.signIn.stdout)).toEqual([{ signedIn: { staffId: 'eva', purpose: 'take-box', tableId: 'SIM', at: expect.any(String) } }]);
  });

  it('lists the staff without a PIN hash', async () => {
    const r = await table(['staff', 'list', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const people = jsonLines(r.stdout);
    expect(people.map((p) => p.id)).toEqual(['boss', 'eva']);
    expect(people[1]).toMatchObject({ failures: 1, signedIn: [{ purpose: 'take-box', tableId: 'SIM' }] });
    for (const p of people) expect(Object.keys(p)).not.toContain('pin');
    expectNoSecret(db, r.stdout, r.stderr);
  });

  it('sets a PIN, disables, and refuses a disabled person (one line, exit 2)', async () => {
    const small = tmp.file('small.db');
    expect((await table(['staff', 'add', '--db', small, '--id', 'boss', '--name', 'Boris', '--role', 'admin', '--pin-stdin'], '135790\n')).code).toBe(0);
    expect((await table(['staff', 'add', '--db', small, '--id', 'eva', '--name', 'Eva', '--role', 'dealer,floor', '--admin', 'boss', '--pin-stdin'], '135790\n246810\n')).code).toBe(0);
    const set = await table(['staff', 'set-pin', '--db', small, '--id', 'eva', '--admin', 'boss', '--pin-stdin'], '135790\n864200\n');
    expect(set.code, set.stderr).toBe(0);
    const old = await table(['staff', 'sign-in', '--db', small, '--id', 'eva', '--purpose', 'floor-action', '--pin-stdin'], '246810\n');
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('wrong-pin');
    const fresh = await table(['staff', 'sign-in', '--db', small, '--id', 'eva', '--purpose', 'floor-action', '--pin-stdin'], '864200\n');
    expect(fresh.code, fresh.stderr).toBe(0);
    const off = await table(['staff', 'disable', '--db', small, '--id', 'eva', '--admin', 'boss', '--reason', 'left the casino', '--pin-stdin'], '135790\n');
    expect(off.code, off.stderr).toBe(0);
    expect(jsonLines(off.stdout)[0]).toMatchObject({ id: 'eva', disabled: { by: 'staff:boss', reason: 'left the casino' }, signedIn: [] });
    const refused = await table(['staff', 'sign-in', '--db', small, '--id', 'eva', '--purpose', 'floor-action', '--pin-stdin'], '864200\n');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^table: staff sign-in: --id: staff-disabled: eva \(Eva\) is disabled and cannot sign in\n$/);
    const log = await table(['access-log', '--db', small, '--format', 'json']);
    expect(log.code, log.stderr).toBe(0);
    expect((JSON.parse(log.stdout) as { type: string; what: string }[]).map((e) => `${e.type}: ${e.what}`)).toEqual([
      'staff-added: added Boris as admin',
      'staff-signed-in: signed in', 'staff-added: added Eva as dealer, floor', 'staff-signed-out: signed out',
      'staff-signed-in: signed in', 'staff-pin-set: new PIN set', 'staff-signed-out: signed out',
      'staff-sign-in-failed: sign-in refused: wrong-pin (1 in a row)',
      'staff-signed-in: signed in',
      'staff-signed-in: signed in', 'staff-disabled: disabled', 'staff-signed-out: signed out',
      'staff-sign-in-failed: sign-in refused: staff-disabled',
    ]);
    expectNoSecret(small, set.stdout, off.stdout, log.stdout);
  });

  it.each([
    ['no --pin-stdin', ['add', '--id', 'x1', '--name', 'X', '--role', 'dealer', '--admin', 'boss'], '', /^table: staff add: missing --pin-stdin \(PINs are read from stdin, never from the command line\)\n$/],
    ['one stdin line where two are needed', ['set-pin', '--id', 'eva', '--admin', 'boss', '--pin-stdin'], '135790\n', /^table: staff set-pin: --pin-stdin: stdin must hold 2 lines \(line 1 the admin's PIN, line 2 the new PIN\), it holds 1\n$/],
    ['a new PIN of 5 digits', ['set-pin', '--id', 'eva', '--admin', 'boss', '--pin-stdin'], '135790\n24680\n', /^table: staff set-pin: --pin-stdin: stdin line 2 \(the new PIN\) must be a PIN of 6 to 12 digits \(it is not shown\)\n$/],
    ['a role that does not exist', ['add', '--id', 'x1', '--name', 'X', '--role', 'dealer,boss', '--admin', 'boss', '--pin-stdin'], '135790\n112233\n', /^table: staff add: --role must be one or more of dealer, floor, admin, auditor separated by commas, not "dealer,boss"\n$/],
    ['a purpose that does not exist', ['sign-in', '--id', 'eva', '--purpose', 'lunch', '--pin-stdin'], '246810\n', /^table: staff sign-in: --purpose must be one of take-box, floor-action, admin, audit, not "lunch"\n$/],
    ['taking the box at no table', ['sign-in', '--id', 'eva', '--purpose', 'take-box', '--pin-stdin'], '246810\n', /^table: staff sign-in: --table: table-needed: /],
    ['disable with no admin', ['disable', '--id', 'eva', '--pin-stdin'], '135790\n', /^table: staff disable: missing --admin\n$/],
    ['an unknown admin', ['disable', '--id', 'eva', '--admin', 'ghost', '--pin-stdin'], '135790\n', /^table: staff disable: --admin: unknown-staff: there is no staff member "ghost"/],
    ['an unknown flag', ['list', '--pin', '123456'], '', /^table: staff list: unknown option --pin\n$/],
    ['a flag given twice', ['sign-out', '--id', 'eva', '--id', 'boss'], '', /^table: staff sign-out: --id is given twice\n$/],
    ['an unknown subcommand', ['promote', '--id', 'eva'], '', /^table: unknown staff subcommand "promote" \(add, list, disable, set-pin, sign-in, sign-out\)\n/],
  ])('refuses %s: exit 2, naming the flag, never a PIN', async (_name, args, stdin, message) => {
    const before = secrets(db).length;
    const r = await table(['staff', ...args, '--db', db], stdin);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    for (const line of stdin.split('\n').filter(Boolean)) expect(r.stderr).not.toContain(line);
    expect(secrets(db).length).toBe(before);
  });

  it('refuses a database that is not there (exit 2), and does not make one except for the first add', async () => {
    const missing = tmp.file('none.db');
    const r = await table(['staff', 'list', '--db', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`table: no database at ${missing}\n`);
    const s = await table(['staff', 'sign-in', '--db', missing, '--id', 'eva', '--purpose', 'audit', '--pin-stdin'], '123456\n');
    expect(s.code).toBe(2);
    expect(s.stderr).toBe(`table: no database at ${missing}\n`);
    const signed = await table(['staff', 'add', '--db', missing, '--id', 'eva', '--name', 'Eva', '--role', 'dealer', '--admin', 'boss', '--pin-stdin'], '135790\n246810\n');
    expect(signed.code).toBe(2);
    expect(signed.stderr).toBe(`table: no database at ${missing}\n`);
    expect(existsSync(missing)).toBe(false);
  });
});

describe('the readers of the log, with staff events between the hands', () => {
  it('the log holds staff events before, between and after played hands', () => {
    expect(setup.sim2.code, setup.sim2.stderr).toBe(0);
    expect(setup.sim3.code, setup.sim3.stderr).toBe(0);
    const raw = new Database(db, { readonly: true });
    const staffIds = raw.prepare("SELECT id FROM events WHERE table_id = '@staff'").pluck().all() as number[];
    const handIds = raw.prepare('SELECT id FROM events WHERE hand_id IS NOT NULL').pluck().all() as number[];
    const hands = raw.prepare("SELECT count(*) FROM hands WHERE outcome <> 'open'").pluck().get();
    raw.close();
    expect(hands).toBe(12);
    expect(staffIds.some((id) => id < handIds[handIds.length - 1] && id > handIds[0])).toBe(true);
    expect(Math.min(...staffIds)).toBeGreaterThan(handIds[0]);
  });

  it('verify-log, replay and audit are clean', async () => {
    const v = await table(['verify-log', '--db', db]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^ok: \d+ event rows, the chain is intact/);
    const rp = await table(['replay', '--db', db]);
    expect(rp.code, rp.stdout + rp.stderr).toBe(0);
    expect(rp.stdout).toMatch(/^ok: 12 hands replayed/);
    const a = await table(['audit', '--db', db]);
    expect(a.code, a.stdout + a.stderr).toBe(0);
    // What verify-log and replay print, then (the audit's own part) the tables' verdict: all ok.
    expect(a.stdout.startsWith(`${v.stdout}${rp.stdout}`)).toBe(true);
    for (const line of a.stdout.trim().split('\n')) expect(line).toMatch(/^ok: /);
  });

  it('the audit by worker threads agrees with one pass', () => {
    const store = openStore(db, { readonly: true });
    try {
      const one = auditLog(store, { threads: 0 });
      const mark = poolRunMark();
      const many = auditLog(store, { threads: 2 });
      expect(poolRunsSince(mark).map((r) => r.outcome)).toEqual(['workers']);
      expect(one.chain.ok).toBe(true);
      expect(one.replay).toMatchObject({ ok: true, hands: 12 });
      expect(many).toEqual(one);
      expect(replayHands(store, { threads: 2 })).toEqual(replayHands(store, { threads: 0 }));
      expect(verifyChain(store.db, 50, { threads: 2 })).toEqual(verifyChain(store.db, 50, { threads: 0 }));
    } finally {
      store.close();
    }
  });

  it('export and recall work and print no PIN hash', async () => {
    const json = await table(['export', '--db', db, '--from', '2000-01-01', '--to', '2999-12-31', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { hands: unknown[] }).hands).toHaveLength(12);
    const csv = await table(['export', '--db', db, '--from', '2000-01-01', '--to', '2999-12-31', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const recall = await table(['recall', '--db', db, '--table', 'SIM', '--count', '12', '--steps']);
    expect(recall.code, recall.stderr).toBe(0);
    expect((JSON.parse(recall.stdout) as { hands: unknown[] }).hands).toHaveLength(12);
    const none = await table(['recall', '--db', db, '--table', '@staff']);
    expect(none.code).toBe(2);
    expectNoSecret(db, json.stdout, csv.stdout, recall.stdout);
  });

  it('the terminal starts on it clean again, every hand and the staff loaded', () => {
    const store = openStore(db);
    try {
      const service = new TableService(store);
      expect(service.startupFindings).toEqual([]);
      expect(must(service.snapshot('SIM')).handsStarted).toBe(12);
      expect(service.alerts().filter((a) => a.kind === 'integrity')).toEqual([]);
      expect([...must(StaffService.open(store)).state.members.keys()]).toEqual(['boss', 'eva']);
    } finally {
      store.close();
    }
  });
});

describe('table access-log', () => {
  it('CSV with a header by default; JSON as an array; no PIN hash', async () => {
    const csv = await table(['access-log', '--db', db]);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe('row,at,table_id,hand_id,type,by,person,purpose,what,why');
    const json = await table(['access-log', '--db', db, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const entries = JSON.parse(json.stdout) as { row: number; at: string; type: string; by: string; person: string | null; what: string; why: string | null; tableId: string | null }[];
    expect(lines).toHaveLength(entries.length + 2);
    expect(entries.map((e) => e.type)).toEqual(expect.arrayContaining([
      'table-opened', 'staff-added', 'staff-signed-in', 'staff-sign-in-failed', 'staff-signed-out', 'floor-correction',
    ]));
    expect(entries.find((e) => e.type === 'floor-correction')).toMatchObject({ by: 'floor:Jana', person: 'Jana', what: 'floor correction: note', why: 'recount asked by seat 2', tableId: 'SIM' });
    expect(entries.find((e) => e.type === 'staff-signed-in' && e.person === 'boss' && e.tableId === 'SIM')).toMatchObject({ by: 'staff:boss', what: 'signed in' });
    // Every misdeal in it is the floor's; the simulation's floor rulings are there, the automatic ones are not.
    for (const e of entries.filter((x) => x.type === 'misdeal-called')) expect(e.by).toMatch(/^floor:/);
    expectNoSecret(db, csv.stdout, json.stdout);
  });

  it('takes --from and --to as export does', async () => {
    const all = JSON.parse((await table(['access-log', '--db', db, '--format', 'json'])).stdout) as { row: number; at: string }[];
    const mid = all[Math.floor(all.length / 2)];
    const from = JSON.parse((await table(['access-log', '--db', db, '--format', 'json', '--from', mid.at])).stdout) as { row: number; at: string }[];
    expect(from.map((e) => e.row)).toEqual(all.filter((e) => e.at >= mid.at).map((e) => e.row));
    const to = JSON.parse((await table(['access-log', '--db', db, '--format', 'json', '--to', mid.at])).stdout) as { row: number }[];
    expect(to.map((e) => e.row)).toEqual(all.filter((e) => e.at < mid.at).map((e) => e.row));
    const today = mid.at.slice(0, 10);
    const day = JSON.parse((await table(['access-log', '--db', db, '--format', 'json', '--from', today, '--to', today])).stdout) as unknown[];
    expect(day).toHaveLength(all.filter((e) => e.at.startsWith(today)).length);
    const later = await table(['access-log', '--db', db, '--from', '2999-01-01']);
    expect(later.stdout).toBe('row,at,table_id,hand_id,type,by,person,purpose,what,why\r\n');
  });

  it.each([
    [['--format', 'xml'], /^table: --format must be csv or json, not "xml"\n$/],
    [['--from', '2025-02-30'], /^table: --from must be a date \(2025-03-01\) or an ISO time with a zone, not "2025-02-30"\n$/],
    [['--from', '2025-03-02', '--to', '2025-03-01'], /^table: --to \(2025-03-01\) is not after --from \(2025-03-02\)\n$/],
  ])('refuses %j with exit 2, one line naming the flag', async (args, message) => {
    const r = await table(['access-log', '--db', db, ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
