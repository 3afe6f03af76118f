// Start-ups, shut-downs, restarts after a crash and configuration changes are events in the chain:
// the real terminal (openTerminal) on a real database file, opened, closed, "crashed" (its store
// closed under it without a stop) and opened with other devices.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTerminalArgs } from '../../../app/terminal/config';
import { openTerminal, type Terminal } from '../../../app/terminal/terminal';
import { PROGRAM_VERSION } from '../../../app/version';
import { tempFolder } from '../store/temp';

const tmp = tempFolder('cp-life-');
afterEach(() => undefined);

async function open(db: string, argv: string[] = []): Promise<Terminal> {
  const parsed = parseTerminalArgs(['--db', db, '--sim-seed', '3', '--sim-pace', '0', ...argv], { db, seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return openTerminal(parsed.value.config, { program: 'serve' });
}

function lifecycle(db: string): Record<string, unknown>[] {
  const d = new Database(db, { readonly: true });
  const rows = d.prepare("SELECT body FROM events WHERE type IN ('terminal-started', 'terminal-stopped') ORDER BY id").pluck().all() as string[];
  d.close();
  return rows.map((r) => JSON.parse(r) as Record<string, unknown>);
}

describe('the terminal records its starts and stops', () => {
  it('a start, an orderly stop, a crash, a restart after it, a device changed', async () => {
    const db = tmp.file('life.db');
    const first = await open(db);
    await first.close();
    const second = await open(db);
    second.service.store.close(); // the process dies: no stop is written
    const third = await open(db, ['--scanner', 'usb:0403:6001']);
    await third.close();
    const events = lifecycle(db);
    expect(events.map((e) => e.type)).toEqual(['terminal-started', 'terminal-stopped', 'terminal-started', 'terminal-started', 'terminal-stopped']);
    expect(events[0]).toMatchObject({ by: 'system', program: 'serve', version: PROGRAM_VERSION, afterCrash: false, changed: [], devices: [{ role: 'shoe', id: 'sim:shoe', simulated: true }] });
    expect(events[1]).toMatchObject({ by: 'system', program: 'serve' });
    expect(events[2]).toMatchObject({ afterCrash: false, changed: [] });
    expect(events[3]).toMatchObject({ afterCrash: true, changed: ['scanner: none -> usb:0403:6001'] });
    expect((events[3].devices as unknown[]).length).toBe(2);
    tmp.cleanup();
  });
});
