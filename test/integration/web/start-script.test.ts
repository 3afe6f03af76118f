// `npm start` (scripts/start.mjs) up to and including starting Electron, on a machine where
// Electron's binary cannot be downloaded: ELECTRON_OVERRIDE_DIST_PATH (the electron package's
// own switch) points it at a stand-in executable that runs the real bundled main process
// under Node with the recording `electron` stand-in, and the per-version SQLite binding is
// found already in the cache (a copy of node_modules' own, as a cached build would be).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseWithStaff } from '../../support/staff';

const ROOT = join(__dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'cpt-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds, finds Electron and the cached SQLite binding, and starts the main process with it', () => {
    const electronVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;
    const sqliteVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version as string;
    const cache = join(work, 'cache');
    mkdirSync(join(cache, electronVersion), { recursive: true });
    copyFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(cache, electronVersion, 'better_sqlite3.node'));
    writeFileSync(join(cache, electronVersion, 'manifest.json'), JSON.stringify({ electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch }));
    const dist = join(work, 'dist');
    mkdirSync(dist);
    const argsFile = join(work, 'args.json');
    writeFileSync(join(dist, 'electron'), `#!/bin/sh
printf '%s\\n' "$CPT_SQLITE_BINDING" > "${argsFile}.binding"
exec "${process.execPath}" --require "${join(__dirname, 'fixtures', 'fake-electron.cjs')}" "$@"
`);
    chmodSync(join(dist, 'electron'), 0o755);
    const userData = join(work, 'userdata');
    mkdirSync(userData);
    databaseWithStaff(join(userData, 'terminal.db'));
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--', '--shoe', 'none', '--table-name', 'Started'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dist, CPT_ELECTRON_NATIVE_CACHE: cache, FAKE_ELECTRON_USERDATA: userData },
    });
    const report = JSON.parse(out.trim().split('\n').pop()!);
    expect(report.error).toBeUndefined();
    expect(readFileSync(`${argsFile}.binding`, 'utf8').trim()).toBe(join(cache, electronVersion, 'better_sqlite3.node'));
    expect(report.calls.dealerOn).toMatchObject({ ok: true, value: { people: [{ staffId: 'eva', purpose: 'take-box' }] } });
    expect(report.calls.snapshot).toMatchObject({ ok: true, value: { dealer: 'Eva', table: { name: 'Started' } } });
    expect(existsSync(join(userData, 'terminal.db'))).toBe(true);
  }, 150_000);
});
