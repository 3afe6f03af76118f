/**
 * The terminal's start-up and shutdown (app/terminal/terminal.ts `openTerminal`), each on a real
 * SQLite file holding the test staff (test/support/staff.ts) and the real services, as the front
 * doors run it but in this process:
 *
 * - a table the database already has: a flag left out keeps what is stored; a flag that differs
 *   is refused in full words (what was given, what is stored, what to do);
 * - a new table: dealt from a shoe, or scanner-only with `--shoe none`; its opening in the log;
 * - the devices at start: the simulated shoe's setting without the run's seed and pace, a framed
 *   serial shoe checked, a flag winning over the admin's setting and the log saying so, the
 *   admin's setting used when no flag names the device, a configuration made in code meaning
 *   what it says, the simulated shoe seeded from the clock when the configuration has no seed,
 *   a device the hardware layer refuses stopping the start;
 * - the idle-deal alert's limit: the default, `CP_DEAL_IDLE_MS` (a whole number of ms, 0: never;
 *   anything else: the default) and how soon after the limit the dealer is told. These use
 *   vitest's fake `Date` and `setInterval` (the store's clock is `Date.now`), so nothing waits;
 * - failures at start: the store's own refusal kept (its code tells the front door how to exit),
 *   another failure worded with the file, a staff log that does not fold, a start-up finding
 *   in the log;
 * - the record of each start and orderly stop (the program), a close asked twice at once, a
 *   screen listener that throws.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_LOG_ID } from '../../../app/domain/staff/events';
import { openStore, StoreError } from '../../../app/services/store';
import type { TerminalConfig } from '../../../app/terminal/config';
import { openTerminal, type OpenTerminalOptions, type Terminal } from '../../../app/terminal/terminal';
import { databaseWithStaff } from '../../support/staff';
import { simConfig } from '../../support/terminal-config';
import { must } from '../../integration/services/helpers';

const IDLE_ENV = process.env.CP_DEAL_IDLE_MS;
const folders: string[] = [];
const running = new Set<Terminal>();

afterEach(async () => {
  for (const t of running) await t.close();
  running.clear();
  vi.useRealTimers();
  if (IDLE_ENV === undefined) delete process.env.CP_DEAL_IDLE_MS;
  else process.env.CP_DEAL_IDLE_MS = IDLE_ENV;
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpt-terminal-mutants-'));
  folders.push(dir);
  return dir;
}

/** A new database file holding the test staff. */
function newDb(): string {
  const db = join(folder(), 't.db');
  databaseWithStaff(db);
  return db;
}

const configOf = (db: string, argv: readonly string[] = [], pace = '0'): TerminalConfig => simConfig(db, argv, pace);

/** Opens a terminal on `config`, its log lines kept; closed after the test. */
async function openWithLog(config: TerminalConfig, options: OpenTerminalOptions = {}): Promise<{ terminal: Terminal; logs: string[] }> {
  const logs: string[] = [];
  const terminal = await openTerminal(config, { log: (l) => logs.push(l), ...options });
  running.add(terminal);
  return { terminal, logs };
}

const start = (db: string, argv: readonly string[] = [], options: OpenTerminalOptions = {}) => openWithLog(configOf(db, argv), options);

async function stop(terminal: Terminal): Promise<void> {
  running.delete(terminal);
  await terminal.close();
}


/** What a start that must fail threw. */
async function failure(p: Promise<unknown>): Promise<Error> {
  const e = await p.then((opened) => {
    // Opened after all (a failed test): closed after it like the others.
    if (typeof (opened as Terminal).close === 'function') running.add(opened as Terminal);
    return new Error('the terminal opened');
  }, (x: unknown) => x);
  if (!(e instanceof Error)) throw new Error(`not an Error: ${String(e)}`);
  return e;
}

/** The terminal-started and terminal-stopped rows of a closed database: [type, program]. */
function lifecycle(db: string): [string, string][] {
  const file = new Database(db, { readonly: true });
  try {
    const rows = file.prepare("SELECT type, body FROM events WHERE type IN ('terminal-started', 'terminal-stopped') ORDER BY id").all() as { type: string; body: string }[];
    return rows.map((r) => [r.type, (JSON.parse(r.body) as { program: string }).program]);
  } finally {
    file.close();
  }
}

/** The devices the last `terminal-started` event put on record: role and whether simulated. */
function startedDevices(db: string): { role: string; simulated: boolean }[] {
  const file = new Database(db, { readonly: true });
  try {
    const row = file.prepare("SELECT body FROM events WHERE type = 'terminal-started' ORDER BY id DESC LIMIT 1").get() as { body: string };
    return (JSON.parse(row.body) as { devices: { role: string; simulated: boolean }[] }).devices.map((d) => ({ role: d.role, simulated: d.simulated }));
  } finally {
    file.close();
  }
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a table the database already has', () => {
  it('keeps its stored rules, point value and name when the flags are left out', async () => {
    const db = newDb();
    const first = await start(db, ['--profile', 'western', '--point-value', '5000', '--table-name', 'Salon']);
    await stop(first.terminal);
    const again = await start(db);
    expect(again.terminal.view().table).toMatchObject({ id: 'T1', name: 'Salon', pointValue: 5000, profile: { name: 'western' } });
    // Nothing was opened anew.
    expect(again.logs.filter((l) => l.startsWith('opened table'))).toEqual([]);
  });

  it('refuses a flag that differs in full: the value given, the one stored, and what to do instead', async () => {
    const db = newDb();
    await stop((await start(db, ['--point-value', '5000'])).terminal);
    const e = await failure(start(db, ['--point-value', '2500']));
    expect(e.message).toBe(
      "cannot open table T1: --point-value 2500 differs from table T1's stored point-value 5000; "
      + 'an existing table keeps its own: leave out --point-value, give the stored value, or use another --table-id',
    );
    // The refused start left the file free: the stored value opens it.
    const { terminal } = await start(db, ['--point-value', '5000']);
    expect(terminal.view().table.pointValue).toBe(5000);
  });
});

describe('a new table', () => {
  it('deals from its shoe, or without a shoe (scanner-only) when started with --shoe none; the log says what was opened', async () => {
    const withShoe = await start(newDb());
    expect(must(withShoe.terminal.service.snapshot('T1')).mode).toBe('shoe');
    expect(withShoe.logs).toContain('opened table T1 (Table 1, mandarin-house, 10000 minor units a point)');

    const without = await start(newDb(), ['--shoe', 'none', '--table-id', 'T7', '--table-name', 'Bar', '--point-value', '500']);
    expect(must(without.terminal.service.snapshot('T7')).mode).toBe('scanner-only');
    expect(without.logs).toContain('opened table T7 (Bar, mandarin-house, 500 minor units a point)');
  });
});

describe('the devices at start', () => {
  it("sets the simulated shoe as the simulated shoe, without the run's seed and pace (the Devices tab's setting)", async () => {
    const { terminal } = await start(newDb());
    expect(terminal.devices.setting('shoe')).toEqual({ kind: 'simulated' });
  });

  it('marks a serial shoe on the framed format checked (its frames carry a CRC)', async () => {
    const port = join(folder(), 'no-shoe-here');
    const { terminal } = await start(newDb(), ['--shoe', port, '--shoe-format', 'framed']);
    expect(terminal.view().shoe).toMatchObject({ kind: 'serial', unchecked: false });
  });

  it("starts a device no flag names as the admin set it, lets a flag win over the admin's setting, and says which in the log", async () => {
    const db = newDb();
    const first = await start(db);
    // Nothing stored yet: the defaults, and nothing said about the admin's setting.
    expect(first.logs.filter((l) => /as the admin set it|wins over/.test(l))).toEqual([]);
    must(await first.terminal.devices.changeDevice({ role: 'shoe', device: { kind: 'none' }, staffId: 'ada', reason: 'shoe sent for repair' }));
    must(await first.terminal.devices.changeDevice({ role: 'scanner', device: { kind: 'serial', port: 'usb:0403:6001' }, staffId: 'ada', reason: 'new scanner' }));
    await stop(first.terminal);

    const stored = await start(db);
    expect(stored.terminal.view()).toMatchObject({ shoe: { kind: 'none' }, scanner: { kind: 'serial' } });
    expect(stored.logs).toEqual(expect.arrayContaining(['shoe: none, as the admin set it', 'scanner: usb:0403:6001 (lines, 9600 baud), as the admin set it']));
    // The start on record names the devices it ran with, each in its role: no shoe, a real scanner.
    expect(startedDevices(db)).toEqual([{ role: 'scanner', simulated: false }]);
    await stop(stored.terminal);

    const flagged = await start(db, ['--shoe', 'sim']);
    expect(flagged.terminal.view()).toMatchObject({ shoe: { kind: 'simulated' }, scanner: { kind: 'serial' } });
    expect(flagged.logs).toContain('--shoe the simulated shoe wins over the shoe the admin set (none); leave the flag out to use that');
    expect(flagged.logs).toContain('scanner: usb:0403:6001 (lines, 9600 baud), as the admin set it');
    expect(flagged.logs.filter((l) => l.startsWith('shoe:'))).toEqual([]);
    expect(startedDevices(db)).toEqual([{ role: 'shoe', simulated: true }, { role: 'scanner', simulated: false }]);
    await stop(flagged.terminal);

    // A configuration made in code (no devicesGiven) means what it says: its own devices, both.
    const { devicesGiven: _given, ...inCode } = configOf(db);
    const coded = await openWithLog(inCode);
    expect(coded.terminal.view()).toMatchObject({ shoe: { kind: 'simulated' }, scanner: { kind: 'none' } });
  });

  it('seeds the simulated shoe from the clock when the configuration names no seed: the admin may set it, and the screen shows it at once', async () => {
    const { sim: _sim, ...config } = configOf(newDb(), ['--shoe', 'none']);
    const { terminal } = await openWithLog(config);
    expect(terminal.view().shoe.kind).toBe('none');
    must(await terminal.devices.changeDevice({ role: 'shoe', device: { kind: 'simulated' }, staffId: 'ada', reason: 'demonstration table' }));
    expect(terminal.shoe?.label).toMatch(/^Simulated shoe \(seed \d{1,6}\)$/);
    expect(terminal.view().shoe).toMatchObject({ kind: 'simulated', label: terminal.shoe!.label });
  });

  it('refuses to start with a device the hardware layer refuses, and leaves the database free', async () => {
    const db = newDb();
    const config = configOf(db);
    const e = await failure(openTerminal({ ...config, shoe: { kind: 'serial', port: '/dev/ttyCPT0', format: 'framed', baudRate: 1 } }));
    expect(e.message).toMatch(/baudRate/);
    const { terminal } = await start(db);
    expect(terminal.view().shoe.kind).toBe('simulated');
  });
});

describe('the idle-deal alert (fake clock)', () => {
  /** A terminal whose simulated shoe read the deal's first card and then nothing (a card a minute). */
  async function stalledDeal(env: string | undefined): Promise<Terminal> {
    if (env === undefined) delete process.env.CP_DEAL_IDLE_MS;
    else process.env.CP_DEAL_IDLE_MS = env;
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { terminal } = await openWithLog(configOf(newDb(), [], '60000'));
    const s = terminal.service;
    must(s.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    must(s.seatPlayer({ tableId: 'T1', seat: 1, playerId: 'ann', name: 'Ann', buyIn: 200000 }));
    must(s.seatPlayer({ tableId: 'T1', seat: 2, playerId: 'bob', name: 'Bob', buyIn: 200000 }));
    must(s.startHand({ tableId: 'T1' }));
    expect(terminal.view().hand).toMatchObject({ phase: 'dealing', cardsRead: 1 });
    return terminal;
  }
  const idleAlerts = (t: Terminal) => t.service.alerts().filter((a) => a.code === 'deal-idle');

  it('by default tells the dealer after 20 s without a read, not before', async () => {
    const t = await stalledDeal(undefined);
    vi.advanceTimersByTime(19_000);
    expect(idleAlerts(t)).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(idleAlerts(t)).toEqual([expect.objectContaining({ kind: 'device-fault', message: expect.stringMatching(/the shoe has read nothing for 2\d s with 1 of \d+ cards read/) })]);
  });

  it('takes CP_DEAL_IDLE_MS, and tells the dealer within a quarter of the limit after it', async () => {
    const t = await stalledDeal('200');
    vi.advanceTimersByTime(199);
    expect(idleAlerts(t)).toEqual([]);
    vi.advanceTimersByTime(51);
    expect(idleAlerts(t)).toHaveLength(1);
  });

  it.each(['-5', '1.5'])('keeps the default for CP_DEAL_IDLE_MS=%s (not a whole number of ms from 0)', async (env) => {
    const t = await stalledDeal(env);
    vi.advanceTimersByTime(19_000);
    expect(idleAlerts(t)).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(idleAlerts(t)).toHaveLength(1);
  });

  it('never alerts with CP_DEAL_IDLE_MS=0', async () => {
    const t = await stalledDeal('0');
    vi.advanceTimersByTime(60_000);
    expect(idleAlerts(t)).toEqual([]);
  });
});

describe('a start that fails', () => {
  it("passes the store's own refusal on, with its code (a migrations folder that is not there)", async () => {
    const missing = join(folder(), 'migrations');
    const e = await failure(start(newDb(), [], { migrationsDir: missing }));
    expect(e).toBeInstanceOf(StoreError);
    expect(e).toMatchObject({ code: 'migrations-not-found', message: `migrations folder ${missing} does not exist` });
  });

  it('names the database file for any other failure to open it', async () => {
    const notAFolder = join(folder(), 'migrations');
    writeFileSync(notAFolder, 'not a folder');
    const db = newDb();
    const e = await failure(start(db, [], { migrationsDir: notAFolder }));
    expect(e).not.toBeInstanceOf(StoreError);
    expect(e.message).toMatch(new RegExp(`^cannot open the database ${esc(db)}: ENOTDIR`));
  });

  it("uses the SQLite binding it is given (Electron's): one that is not there refuses the start", async () => {
    const e = await failure(start(newDb(), [], { nativeBinding: join(folder(), 'better_sqlite3.node') }));
    expect(e).toBeInstanceOf(StoreError);
    expect(e).toMatchObject({ code: 'database-open-failed' });
  });

  it("refuses a database whose staff log does not fold, naming the file", async () => {
    const db = newDb();
    const store = openStore(db);
    store.write((tx) => tx.append({
      tableId: STAFF_LOG_ID,
      body: { type: 'staff-added', at: tx.at, by: 'system', staffId: 'mallory', name: 'Mallory', roles: ['admin'], pin: { algorithm: 'scrypt', params: { N: 2 }, salt: '00', hash: '00' } },
    }));
    store.close();
    const e = await failure(start(db));
    expect(e.message).toMatch(new RegExp(`^cannot load the terminal's staff from ${esc(db)}: the staff events do not fold \\(log row \\d+\\)`));
  });

  it('says each start-up finding in its log, and opens (the table waits for the floor)', async () => {
    const db = newDb();
    await stop((await start(db)).terminal);
    // The record changed behind the terminal's back (the append-only triggers dropped and put back).
    const file = new Database(db);
    const triggers = file.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'").pluck().all() as string[];
    file.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
    file.exec(`UPDATE events SET body = replace(body, '"Table 1"', '"Table X"') WHERE type = 'table-opened'`);
    for (const t of triggers) file.exec(t);
    file.close();
    const { terminal, logs } = await start(db);
    expect(terminal.tableId).toBe('T1');
    expect(logs.filter((l) => l.startsWith('start-up check: '))).not.toEqual([]);
    for (const l of logs.filter((x) => x.startsWith('start-up check: '))) {
      expect(l).toMatch(/^start-up check: [a-z-]+: .+ \(the table does not deal until the floor clears the alert\)$/);
    }
  });
});

describe('the record of starts and stops', () => {
  it('records each start and orderly stop with the program that ran the table, "terminal" unless named', async () => {
    const db = newDb();
    await stop((await start(db)).terminal);
    await stop((await start(db, [], { program: 'serve' })).terminal);
    expect(lifecycle(db)).toEqual([['terminal-started', 'terminal'], ['terminal-stopped', 'terminal'], ['terminal-started', 'serve'], ['terminal-stopped', 'serve']]);
  });

  it('says in its log when a start or a stop could not be recorded', async () => {
    const { terminal, logs } = await start(newDb(), [], { program: '' });
    await stop(terminal);
    expect(logs).toContainEqual(expect.stringMatching(/^the start could not be recorded: .*program must be non-empty text/));
    expect(logs).toContainEqual(expect.stringMatching(/^the stop could not be recorded: .*program must be non-empty text/));
  });

  it('closes once when asked twice at once: one stop on record', async () => {
    const db = newDb();
    const { terminal, logs } = await start(db);
    running.delete(terminal);
    await Promise.all([terminal.close(), terminal.close()]);
    await terminal.close();
    expect(lifecycle(db)).toEqual([['terminal-started', 'terminal'], ['terminal-stopped', 'terminal']]);
    expect(logs.filter((l) => /could not be recorded/.test(l))).toEqual([]);
  });
});

describe('a screen listener that throws', () => {
  it('is logged with its stack; the change stands and the other listeners hear it', async () => {
    const { terminal, logs } = await start(newDb());
    terminal.service.subscribe(() => {
      throw new Error('the screen went away');
    });
    const heard: string[] = [];
    terminal.service.subscribe((u) => heard.push(u.kind));
    must(terminal.service.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    expect(logs).toContainEqual(expect.stringMatching(/^a screen update failed: Error: the screen went away\n\s+at /));
    expect(heard).toContain('state-changed');
    expect(terminal.view().dealer).toBe('Eva');
  });
});
