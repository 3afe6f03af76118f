// A shift report that fails on a terminal is written to the terminal's log, not only shown to
// the floor person who asked: the database file moved away while the terminal runs (its own
// connection goes on; the report's worker opens the file by its name and finds none).
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ReportJobView } from '../../../app/contract/report';
import { parseTerminalArgs } from '../../../app/terminal/config';
import { openTerminal, type Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf, databaseWithStaff } from '../../support/staff';

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

it('a report that fails: the floor sees report-failed and the terminal\'s log says why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpt-report-log-'));
  const db = join(dir, 'terminal.db');
  databaseWithStaff(db);
  const parsed = parseTerminalArgs(['--db', db, '--sim-seed', '1', '--sim-pace', '0'], { db: 'unused', seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const logged: string[] = [];
  const terminal: Terminal = await openTerminal(parsed.value.config, { log: (line) => logged.push(line) });
  let moved = false;
  cleanup = async () => {
    if (moved) renameSync(`${db}.moved`, db);
    await terminal.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const screen = terminal.openScreen('report-log-test');
  const signed = await screen.request('signIn', { person: credentialOf(STAFF.floor), purpose: 'floor-action' });
  expect(signed.ok).toBe(true);
  renameSync(db, `${db}.moved`);
  moved = true;
  const asked = await screen.request('tableReport', { from: '2000-01-01', to: '2100-12-31' });
  expect(asked.ok).toBe(true);
  let status: ReportJobView;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await screen.request('reportStatus', {});
    if (!r.ok) throw new Error(r.error.message);
    status = r.value as ReportJobView;
    if (status.state !== 'running') break;
    if (Date.now() > deadline) throw new Error('the report never finished');
    await new Promise((res) => setTimeout(res, 10));
  }
  expect(status).toMatchObject({ state: 'failed', error: { code: 'report-failed' } });
  const said = logged.filter((l) => l.startsWith('the report failed: '));
  expect(said, logged.join('\n')).toHaveLength(1);
  expect(said[0]).toContain(`no database at ${db}`);
});
