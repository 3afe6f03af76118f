/**
 * The `table` command end to end, spawned as a user runs it: simulate (and simulate again on
 * the same file), verify-log and replay on an honest and a tampered file, export, recall,
 * and usage errors with exit code 2.
 */
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../store/temp';
import { table, type Ran } from '../../support/table-cli';

function lines(s: string): Record<string, unknown>[] {
  return s.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

const tmp = tempFolder('cp-cli-');
const db = tmp.file('t.db');
let first: Ran;
let second: Ran;
let third: Ran;

beforeAll(async () => {
  first = await table('simulate', '--db', db, '--hands', '10', '--seed', '5');
  second = await table('simulate', '--db', db, '--hands', '12', '--seed', '5');
  third = await table('simulate', '--db', db, '--hands', '12', '--seed', '5');
}, 120_000);
afterAll(() => tmp.cleanup());

/** A copy of the database with the triggers dropped and `sql` run on it. */
function tampered(name: string, sql: string): string {
  const copy = tmp.file(name);
  copyFileSync(db, copy);
  const raw = new Database(copy);
  raw.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
  raw.exec(sql);
  raw.close();
  return copy;
}

describe('table simulate', () => {
  it('plays the hands, one JSON line each, and goes on from where the file stands', () => {
    expect(first.code, first.stderr).toBe(0);
    const a = lines(first.stdout);
    expect(a.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const l of a) {
      expect(['played', 'misdeal', 'void']).toContain(l.outcome);
      expect(l.hand).toBe(`SIM-${l.number}`);
      if (l.outcome === 'played') expect(Object.values(l.net as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(0);
    }
    expect(lines(second.stdout).map((l) => l.number)).toEqual([11, 12]);
    expect(second.code).toBe(0);
    expect(third.stdout).toBe('');
    expect(third.code).toBe(0);
  });
});

describe('table verify-log', () => {
  it('exit 0 on an honest log, naming the head', async () => {
    const r = await table('verify-log', '--db', db);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ok: \d+ event rows, the chain is intact; last row \d+, head hash [0-9a-f]{64}\n$/);
  });

  it('exit 1 on an edited row, saying which row and how', async () => {
    const copy = tampered('edited.db', "UPDATE events SET body = replace(body, '\"amount\":', '\"amount\":1') WHERE id = (SELECT min(id) FROM events WHERE type = 'payment-executed');");
    const id = new Database(copy, { readonly: true }).prepare("SELECT min(id) FROM events WHERE type = 'payment-executed'").pluck().get();
    const r = await table('verify-log', '--db', copy);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('NOT OK: 1 problem');
    expect(r.stdout).toContain(`row ${id} (payment-executed): content changed`);
  });

  it('exit 1 on a deleted row', async () => {
    const copy = tampered('deleted.db', 'DELETE FROM events WHERE id = 40;');
    const r = await table('verify-log', '--db', copy);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('row 40 is missing');
  });
});

describe('table replay', () => {
  it('exit 0 when every hand agrees with the rules, for all and for one', async () => {
    const all = await table('replay', '--db', db);
    expect(all.code, all.stdout + all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^ok: 12 hands replayed \(\d+ settled, \d+ events\)/);
    const one = await table('replay', '--db', db, '--hand', 'SIM-2');
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^ok: 1 hand replayed/);
  });

  it('exit 1 naming the hand whose payment was changed, or a hand that is not there', async () => {
    const copy = tampered('paid.db', "UPDATE payments SET amount = amount * 2 WHERE hand_id = 'SIM-2' AND ordinal = 0;");
    const r = await table('replay', '--db', copy);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/hand SIM-2: payment 1 is recorded as/);
    const missing = await table('replay', '--db', db, '--hand', 'SIM-99');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('hand SIM-99: there is no such hand');
  });
});

describe('an event that is not JSON', () => {
  it('replay and audit exit 1 naming the row, the hand and the type (no stack trace)', async () => {
    const copy = tampered('not-json.db', "UPDATE events SET body = substr(body, 2) WHERE id = (SELECT min(id) + 2 FROM events WHERE hand_id = 'SIM-3');");
    const raw = new Database(copy, { readonly: true });
    const row = raw.prepare("SELECT id, type FROM events WHERE id = (SELECT min(id) + 2 FROM events WHERE hand_id = 'SIM-3')").get() as { id: number; type: string };
    raw.close();
    for (const args of [['replay', '--db', copy], ['replay', '--db', copy, '--hand', 'SIM-3'], ['audit', '--db', copy]]) {
      const r = await table(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^table: log row ${row.id} \\(hand SIM-3, type ${row.type}\\) is not JSON: .*\n$`));
    }
  });
});

describe('table export and recall', () => {
  it('exports JSON to a file and CSV to stdout for a date range', async () => {
    const out = tmp.file('export.json');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const j = await table('export', '--db', db, '--from', day(-1), '--to', day(1), '--format', 'json', '--out', out);
    expect(j.code, j.stderr).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.hands.map((h: { number: number }) => h.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const c = await table('export', '--db', db, '--from', day(-1), '--to', day(1), '--format', 'csv');
    expect(c.code).toBe(0);
    expect(c.stdout.split('\r\n')[0]).toMatch(/^kind,hand_id,table_id,number,/);
    const none = await table('export', '--db', db, '--from', '2001-01-01', '--to', '2001-01-02', '--format', 'json');
    expect(JSON.parse(none.stdout).hands).toEqual([]);
  });

  it('recalls the last hands of a table', async () => {
    const r = await table('recall', '--db', db, '--table', 'SIM', '--count', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hands.map((h: { number: number }) => h.number)).toEqual([12, 11, 10]);
  });
});

describe('simulate on a file whose table exists', () => {
  it('refuses another profile or point value with exit 2, naming the given and the stored ones', async () => {
    const copy = tmp.file('mismatch.db');
    copyFileSync(db, copy);
    const r = await table('simulate', '--db', copy, '--hands', '13', '--seed', '5', '--profile', 'basic', '--point-value', '25');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^table: simulate: table SIM already exists .*profile "basic" was given, the table plays "mandarin-house"; point value 25 was given, the table has 100/);
    expect(r.stdout).toBe('');
    const raw = new Database(copy, { readonly: true });
    expect(raw.prepare('SELECT count(*) FROM hands').pluck().get()).toBe(12);
    raw.close();
  });
});

describe('usage errors: exit 2 with a clear message', () => {
  const cases: [string, string[], RegExp][] = [
    ['no command', [], /usage: npm run --silent table -- COMMAND/],
    ['an unknown command', ['shuffle', '--db', 'x'], /unknown command "shuffle"/],
    ['a missing option', ['simulate', '--db', 'x.db', '--hands', '3'], /simulate: missing --seed/],
    ['a bad number', ['simulate', '--db', 'x.db', '--hands', 'lots', '--seed', '1'], /--hands must be a whole number from 0, not "lots"/],
    ['an unknown option', ['verify-log', '--db', 'x.db', '--fast'], /verify-log: unknown option --fast/],
    ['a bad format', ['export', '--db', 'x.db', '--from', '2025-01-01', '--to', '2025-01-02', '--format', 'xml'], /--format must be csv or json, not "xml"/],
    ['a bad date', ['export', '--db', 'x.db', '--from', 'monday', '--to', '2025-01-02', '--format', 'csv'], /--from must be a date/],
    ['no database file', ['verify-log', '--db', '/nonexistent/dir/t.db'], /no database at \/nonexistent\/dir\/t.db/],
    ['an unknown table', ['recall', '--db', db, '--table', 'T9'], /there is no table "T9"/],
    ['a value missing', ['replay', '--db'], /--db needs a value/],
  ];
  it.concurrent.each(cases)('%s', async (_, args, message) => {
    const r = await table(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('bad values: one line naming the flag or the path, exit 2, no stack trace', () => {
  const cases: [string, string[], string][] = [
    ['an --out whose directory does not exist', ['export', '--db', db, '--from', '2025-01-01', '--to', '2025-01-02', '--format', 'json', '--out', '/no/dir/f.json'],
      'table: --out /no/dir/f.json: the directory /no/dir does not exist'],
    ['an --out that is a directory', ['export', '--db', db, '--from', '2025-01-01', '--to', '2025-01-02', '--format', 'csv', '--out', tmp.dir],
      `table: --out ${tmp.dir} is a directory (give a file name)`],
    ['a point value above the money limit', ['simulate', '--db', tmp.file('pv.db'), '--hands', '1', '--seed', '1', '--point-value', '100000001'],
      'table: --point-value must be a whole number from 1 to 100000000, not "100000001"'],
    ['a negative number of hands', ['simulate', '--db', tmp.file('neg.db'), '--hands', '-1', '--seed', '1'],
      'table: --hands must be a whole number from 0, not "-1"'],
  ];
  it.concurrent.each(cases)('%s', async (_, args, line) => {
    const r = await table(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${line}\n`);
    expect(r.stdout).toBe('');
  });

  it('a negative seed is a seed', async () => {
    const r = await table('simulate', '--db', tmp.file('seed.db'), '--hands', '1', '--seed', '-1');
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => l.number)).toEqual([1]);
  });
});
