// The bundled Electron main process (out/main/main.cjs, built by scripts/build.mjs) run under
// Node with a recording stand-in for the `electron` module: Electron's binary cannot run on
// build machines, so this checks everything around it for real: the bundle loads with only
// its native externals, opens a real SQLite database in the "user data" folder, locks the
// window down, registers exactly the contract's IPC channels, refuses a foreign sender and
// bad arguments, answers through the real TableService, and blocks every network URL.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_NAMES } from '../../../app/contract/handlers';
import { databaseWithStaff } from '../../support/staff';

const ROOT = join(__dirname, '..', '..', '..');
let report: Record<string, any>;
let userData: string;

beforeAll(async () => {
  const { buildElectron } = (await import(join(ROOT, 'scripts', 'build.mjs'))) as { buildElectron: () => Promise<void> };
  await buildElectron();
  userData = mkdtempSync(join(tmpdir(), 'cpt-electron-main-'));
  databaseWithStaff(join(userData, 'terminal.db'));
  const out = execFileSync(process.execPath, ['--require', join(__dirname, 'fixtures', 'fake-electron.cjs'), join(ROOT, 'out', 'main', 'main.cjs'), '--', '--shoe', 'none', '--table-name', 'Shell test'], {
    env: { ...process.env, FAKE_ELECTRON_USERDATA: userData, CPT_SQLITE_BINDING: '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  report = JSON.parse(out.trim().split('\n').pop()!);
}, 60_000);

afterAll(() => rmSync(userData, { recursive: true, force: true }));

describe('Electron main process (bundled)', () => {
  it('has the shift report\'s worker beside it (the floor\'s report is made off the table\'s thread there too)', () => {
    expect(existsSync(join(ROOT, 'out', 'main', 'report-worker.cjs'))).toBe(true);
  });

  it('runs without error and loads the built screen from disk', () => {
    expect(report.error).toBeUndefined();
    expect(report.loaded).toHaveLength(1);
    expect(report.loaded[0]).toMatch(/out[\\/]renderer[\\/]index\.html$/);
  });

  it('keeps the database in the user data folder', () => {
    expect(existsSync(join(userData, 'terminal.db'))).toBe(true);
  });

  it('opens one locked-down window', () => {
    expect(report.sandbox).toBe(true);
    expect(report.windows).toHaveLength(1);
    const prefs = report.windows[0].webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(prefs.preload).toMatch(/out[\\/]preload[\\/]preload\.cjs$/);
    expect(report.windowOpen).toEqual({ action: 'deny' });
    expect(report.menu).toBeNull();
    expect(report.permissionHandler).toBe(true);
    expect(report.permissionCheck).toBe(false);
  });

  it('registers exactly one IPC channel per request of the contract', () => {
    expect([...report.handlers].sort()).toEqual(REQUEST_NAMES.map((n) => `terminal:${n}`).sort());
  });

  it('refuses a foreign sender and bad arguments, and answers through the real services', () => {
    expect(report.calls.untrusted).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    expect(report.calls.badArgs).toMatchObject({ ok: false, error: { code: 'bad-seat' } });
    // The window is one screen: nobody signed in on it may deal; the dealer signs in with his PIN.
    expect(report.calls.unsigned).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    expect(report.calls.dealerOn).toMatchObject({ ok: true, value: { screen: 'electron-1', people: [{ staffId: 'eva', name: 'Eva', purpose: 'take-box' }] } });
    expect(report.calls.snapshot).toMatchObject({ ok: true, value: { dealer: 'Eva', dealerStaffId: 'eva', table: { name: 'Shell test' }, shoe: { kind: 'none' } } });
  });

  it('loads nothing from the network or from outside the screen folder', () => {
    expect(report.blocked).toEqual({ network: true, outsideFile: true, ownAsset: false });
  });
});

describe('preload (bundled)', () => {
  it('requires nothing but electron (a sandboxed preload can load nothing else)', async () => {
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(join(ROOT, 'out', 'preload', 'preload.cjs'), 'utf8');
    expect([...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))]).toEqual(['electron']);
  });

  it('exposes one named method per request and a subscription per push (view, session), nothing generic', async () => {
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(join(ROOT, 'out', 'preload', 'preload.cjs'), 'utf8');
    const exposed: Record<string, Record<string, (...a: unknown[]) => unknown>> = {};
    const invoked: unknown[][] = [];
    const subscribed: string[] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...a: unknown[]) => unknown>) => (exposed[key] = api) },
      ipcRenderer: {
        invoke: (channel: string, ...args: unknown[]) => (invoked.push([channel, ...args]), Promise.resolve({ ok: true, value: null })),
        on: (channel: string) => subscribed.push(channel),
        removeListener: (channel: string) => subscribed.push(`-${channel}`),
      },
    };
    new Function('require', 'module', 'exports', code)((m: string) => (m === 'electron' ? electron : undefined), { exports: {} }, {});
    const api = exposed.terminal;
    expect(Object.keys(exposed)).toEqual(['terminal']);
    expect(Object.keys(api).sort()).toEqual([...REQUEST_NAMES, 'onSession', 'onView'].sort());
    await api.seatReady({ seat: 2 }, 'smuggled');
    expect(invoked).toEqual([['terminal:seatReady', { seat: 2 }]]);
    const off = api.onView(() => {}) as () => void;
    off();
    const offSession = api.onSession(() => {}) as () => void;
    offSession();
    expect(subscribed).toEqual(['terminal-push:view', '-terminal-push:view', 'terminal-push:session', '-terminal-push:session']);
  });
});

describe('Electron main process (bundled): the database it is given', () => {
  /** The bundle under the fake Electron with `args`; its report, its stderr. */
  async function run(args: string[], dataFolder = userData): Promise<{ report: Record<string, any>; stderr: string }> {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['--require', join(__dirname, 'fixtures', 'fake-electron.cjs'), join(ROOT, 'out', 'main', 'main.cjs'), '--', '--shoe', 'none', ...args], {
      env: { ...process.env, FAKE_ELECTRON_USERDATA: dataFolder, CPT_SQLITE_BINDING: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { report: JSON.parse(r.stdout.trim().split('\n').pop()!), stderr: r.stderr };
  }

  it('makes its own user data folder for the default database', async () => {
    const fresh = join(userData, 'fresh-profile');
    const { report: r } = await run([], fresh);
    expect(r.error).toBeUndefined();
    expect(r.exit).toBeUndefined();
    expect(existsSync(join(fresh, 'terminal.db'))).toBe(true);
  }, 60_000);

  it('refuses a --db in a folder that does not exist: one line, exit 2, no folder made', async () => {
    const db = join(userData, 'no-such-folder', 'terminal.db');
    const { report: r, stderr } = await run(['--db', db]);
    expect(r.exit).toBe(2);
    expect(r.windows).toHaveLength(0);
    expect(stderr).toBe(`terminal: no folder ${join(userData, 'no-such-folder')} for the database ${db}: a new database is made only in a folder that exists (check the path); nothing was created\n`);
    expect(existsSync(join(userData, 'no-such-folder'))).toBe(false);
  }, 60_000);

  it('refuses a database another process writes: one line naming it and the holder, exit 2', async () => {
    const { spawn } = await import('node:child_process');
    const db = join(userData, 'held.db');
    const holder = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'integration', 'store', 'fixtures', 'writer-child.ts'), db], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the holder exited ${code}`)));
      });
      const { report: r, stderr } = await run(['--db', db]);
      expect(r.exit).toBe(2);
      expect(stderr).toMatch(new RegExp(`^terminal: database ${db} is in use by another writer: pid ${holder.pid} \\(.*writer-child\\.ts .*\\)[^\\n]*\\n$`));
    } finally {
      holder.kill('SIGKILL');
    }
  }, 60_000);
});
