/**
 * Migration 0009 device_settings: the admin's last device setting of each role is found through
 * an index of its own; every event already stored survives it untouched.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findMigrationsDir, loadMigrations, migrate } from '../../../app/services/migrations';
import { lastDeviceSets } from '../../../app/services/device-settings';
import { tempFolder } from './temp';

const ALL = loadMigrations(findMigrationsDir());
const VERSION = 9;

let tmp: ReturnType<typeof tempFolder>;
beforeEach(() => {
  tmp = tempFolder();
});
afterEach(() => tmp.cleanup());

it('0009 device_settings: each role\'s last device-set through its own index; the events already stored are kept', () => {
  expect(ALL[VERSION - 1]?.file).toBe('0009_device_settings.sql');
  const db = new Database(tmp.file('9.db'));
  migrate(db, ALL.slice(0, VERSION - 1));
  const zero = '0'.repeat(64);
  const event = db.prepare('INSERT INTO events VALUES (?, ?, NULL, NULL, ?, ?, ?, ?, ?)');
  const set = (role: string, port: string, reason: string) => JSON.stringify({
    type: 'device-set', at: 'now', by: 'system', role, setting: { kind: 'serial', port, format: 'framed', baudRate: 9600 }, device: `path:${port}`, label: port, staffId: 'ada', reason,
  });
  event.run(1, 'T1', 'table-opened', '2026-01-01T00:00:00.000Z', '{}', zero, zero);
  event.run(2, 'T1', 'device-set', '2026-01-01T00:01:00.000Z', set('shoe', '/dev/ttyUSB0', 'first shoe'), zero, zero);
  event.run(3, 'T2', 'device-set', '2026-01-01T00:02:00.000Z', set('shoe', '/dev/ttyUSB7', 'the other table'), zero, zero);
  event.run(4, 'T1', 'device-set', '2026-01-01T00:03:00.000Z', set('scanner', '/dev/ttyUSB1', 'scanner in'), zero, zero);
  event.run(5, 'T1', 'device-set', '2026-01-01T00:04:00.000Z', set('shoe', '/dev/ttyUSB2', 'shoe swapped'), zero, zero);
  const before = db.prepare('SELECT * FROM events ORDER BY id').all();
  migrate(db, ALL.slice(0, VERSION));
  expect(db.pragma('user_version', { simple: true })).toBe(VERSION);
  expect(db.prepare('SELECT * FROM events ORDER BY id').all()).toEqual(before);
  const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
  expect(plan("SELECT id FROM events WHERE type = 'device-set' AND table_id = 'T1' AND json_extract(body, '$.role') = 'shoe' ORDER BY id DESC LIMIT 1")).toContain('events_device_sets');
  const last = lastDeviceSets(db, 'T1');
  expect(last.shoe).toMatchObject({ id: 5, at: '2026-01-01T00:04:00.000Z', event: { reason: 'shoe swapped', setting: { port: '/dev/ttyUSB2' } } });
  expect(last.scanner).toMatchObject({ id: 4, event: { reason: 'scanner in' } });
  expect(lastDeviceSets(db, 'T3')).toEqual({});
  db.close();
});
