/**
 * The Electron main bundle (out/main/main.cjs, built by scripts/build.mjs) with `--central`,
 * run under Node with the recording stand-in for `electron` (test/integration/web/fixtures): the
 * central driver loaded from node_modules (a production dependency, not bundled), the central
 * migrations shipped beside the bundle, the link's state in the screen's view, and a bad URL
 * refused at start.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseWithStaff } from '../../support/staff';
import { table } from '../../support/table-cli';
import { startPostgres, type PgCluster } from '../../support/postgres';
import { centralRows, fileRows, identityOf, migratedDatabase, ROOT } from './helpers';

let cluster: PgCluster;
let url: string;
let userData: string;

beforeAll(async () => {
  const { buildElectron } = (await import(join(ROOT, 'scripts', 'build.mjs'))) as { buildElectron: () => Promise<void> };
  await buildElectron();
  cluster = await startPostgres();
  url = await migratedDatabase(cluster, 'bundle');
  userData = mkdtempSync(join(tmpdir(), 'cpt-bundle-central-'));
  databaseWithStaff(join(userData, 'terminal.db'));
}, 120_000);
afterAll(async () => {
  await cluster?.destroy();
  if (userData) rmSync(userData, { recursive: true, force: true });
});

/** The bundle under the fake Electron with `args` after `--`: its report and its stderr. */
function run(args: string[]): { report: Record<string, any>; stderr: string } {
  const r = spawnSync(process.execPath, ['--require', join(ROOT, 'test', 'integration', 'web', 'fixtures', 'fake-electron.cjs'), join(ROOT, 'out', 'main', 'main.cjs'), '--', '--shoe', 'none', ...args], {
    env: { ...process.env, FAKE_ELECTRON_USERDATA: userData, CPT_SQLITE_BINDING: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { report: JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, any>, stderr: r.stderr };
}

describe('the Electron main bundle with --central', () => {
  it('loads the central driver from node_modules and ships the central migrations beside it', () => {
    const code = readFileSync(join(ROOT, 'out', 'main', 'main.cjs'), 'utf8');
    expect(code).toContain('require("pg")');
    const source = join(ROOT, 'app', 'casino', 'migrations');
    const shipped = join(ROOT, 'out', 'main', 'casino-migrations');
    const sql = readdirSync(source).filter((f) => f.endsWith('.sql')).sort();
    expect(sql.length).toBeGreaterThan(0);
    for (const f of sql) expect(readFileSync(join(shipped, f), 'utf8'), f).toBe(readFileSync(join(source, f), 'utf8'));
  });

  it('starts with the link in the view, the server named in its log, and leaves one history on the server', async () => {
    const { report, stderr } = run(['--central', url]);
    expect(report.error).toBeUndefined();
    expect(report.exit).toBeUndefined();
    expect(stderr).toContain(`central server: ${url}`);
    expect(report.calls.snapshot).toMatchObject({ ok: true, value: { dealer: 'Eva', central: { state: expect.stringMatching(/^(connecting|connected|behind)$/), downSince: null } } });
    // Whatever the bundle sent before it quit, the rest goes with a sync: one history, no fork.
    const db = join(userData, 'terminal.db');
    const sync = await table('sync', '--db', db, '--central', url);
    expect(sync.stderr).toBe('');
    expect(sync.stdout).toMatch(/^ok: /);
    expect(await centralRows(url, identityOf(db))).toEqual(fileRows(db));
  }, 120_000);

  it('refuses a --central that is not a PostgreSQL URL: one line, exit 2, no window', () => {
    const { report, stderr } = run(['--central', 'mysql://casino:secret@db/casino']);
    expect(report.exit).toBe(2);
    expect(report.windows).toHaveLength(0);
    expect(stderr.split('\n')[0]).toBe('terminal: --central "mysql://casino:***@db/casino" is not a PostgreSQL URL: write postgres://USER:PASSWORD@HOST:PORT/DATABASE');
    expect(stderr).not.toContain('secret');
  }, 60_000);
});
