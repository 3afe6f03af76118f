/**
 * One writer per database file, through the `table` command as a user runs it: while one
 * `simulate` plays on a file, a second is refused at once (one line naming the file and the
 * holder's pid, exit 2) and the floor's read-only commands run beside it on one consistent
 * snapshot each; after the holder is SIGKILLed the file is taken at once and goes on. And the
 * refusals at open: a 0-byte file, a file that is not a terminal's, a missing folder.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../store/temp';
import { ROOT, table } from '../../support/table-cli';


const tmp = tempFolder('cp-one-writer-');
const db = tmp.file('busy.db');
/** The simulate that holds `db`, and the hand lines it printed so far. */
let holder: ChildProcess;
const handLines: Record<string, unknown>[] = [];
let holderExit: Promise<void>;

beforeAll(async () => {
  holder = spawn(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', 'simulate', '--db', db, '--hands', '1000000', '--seed', '7'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  holderExit = new Promise((r) => holder.once('exit', () => r()));
  let buffer = '';
  holder.stdout!.setEncoding('utf8');
  holder.stdout!.on('data', (c: string) => {
    buffer += c;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      handLines.push(JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>);
      buffer = buffer.slice(nl + 1);
    }
  });
  // A few hands on file before the others come.
  const deadline = Date.now() + 60_000;
  while (handLines.length < 5) {
    if (holder.exitCode !== null || Date.now() > deadline) throw new Error('the holding simulate did not get going');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 90_000);

afterAll(async () => {
  if (holder.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
  await holderExit;
  tmp.cleanup();
});

describe('a file another simulate is writing', () => {
  it('refuses a second simulate at once: one line naming the file and the holder, exit 2, nothing written', async () => {
    const before = handLines.length;
    const t0 = Date.now();
    const r = await table('simulate', '--db', db, '--hands', '3', '--seed', '7');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^table: database ${db} is in use by another writer: pid ${holder.pid} \\(.*app/cli/table\\.ts simulate --db ${db} --hands 1000000 --seed 7\\), since \\d{4}-\\d\\d-\\d\\dT`));
    expect(Date.now() - t0).toBeLessThan(15_000);
    // the holder plays on
    await new Promise((r) => setTimeout(r, 300));
    expect(holder.exitCode).toBeNull();
    expect(handLines.length).toBeGreaterThan(before);
  }, 30_000);

  it('lets verify-log, audit, export and recall run beside it, each on one snapshot', async () => {
    const runs = await Promise.all([
      table('verify-log', '--db', db),
      table('audit', '--db', db),
      table('export', '--db', db, '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'json'),
      table('recall', '--db', db, '--table', 'SIM', '--count', '3'),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const [verify, audit, exported, recall] = runs;
    const ok = /^ok: (\d+) event rows, the chain is intact; last row (\d+), head hash ([0-9a-f]{64})$/;
    const v = ok.exec(verify.stdout.trim())!;
    expect(v, verify.stdout).not.toBeNull();
    // rows counted, the last row and the head all read at one moment
    expect(v[1]).toBe(v[2]);
    const auditLines = audit.stdout.trim().split('\n');
    expect(auditLines[0]).toMatch(ok);
    expect(auditLines[1]).toMatch(/^ok: \d+ hands replayed/);
    expect((JSON.parse(recall.stdout) as { hands: unknown[] }).hands).toHaveLength(3);
    // More exports while the holder writes: each is checked below against the log as it stood
    // at the export's head.
    const exports = [exported, ...(await Promise.all([0, 1, 2].map(() => table('export', '--db', db, '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'json'))))];
    for (const r of exports) expect(r.code, r.stderr).toBe(0);
    snapshots.push(...exports.map((r) => JSON.parse(r.stdout) as ExportFile));
    chains.push({ lastId: Number(v[2]), headHash: v[3] });
    chains.push({ lastId: Number(ok.exec(auditLines[0])![2]), headHash: ok.exec(auditLines[0])![3] });
  }, 120_000);

  it('is taken at once after the holder is SIGKILLed, and the run goes on from where the file stands', async () => {
    holder.kill('SIGKILL');
    await holderExit;
    // The holder may have committed a hand or two after its last line was read: count the file's.
    const reader = new Database(db, { readonly: true });
    const stored = reader.prepare('SELECT count(*) FROM hands').pluck().get() as number;
    reader.close();
    expect(stored).toBeGreaterThanOrEqual(handLines.length);
    const r = await table('simulate', '--db', db, '--hands', String(stored + 2), '--seed', '7');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    const audit = await table('audit', '--db', db);
    expect(audit.code, audit.stdout).toBe(0);
  }, 120_000);

  it('the snapshots read beside the writer agree with the log as it stood at their head', () => {
    expect(snapshots.length).toBe(4);
    const raw = new Database(db, { readonly: true });
    try {
      const hashOf = raw.prepare('SELECT hash FROM events WHERE id = ?').pluck();
      for (const c of chains) expect(hashOf.get(c.lastId)).toBe(c.headHash);
      const started = raw.prepare("SELECT hand_id FROM events WHERE type = 'hand-started' AND id <= ? ORDER BY id").pluck();
      const paid = raw.prepare("SELECT count(*) FROM events WHERE type = 'payment-executed' AND hand_id = ? AND id <= ?").pluck();
      const settled = raw.prepare("SELECT count(*) FROM events WHERE type = 'settled' AND hand_id = ? AND id <= ?").pluck();
      for (const s of snapshots) {
        expect(hashOf.get(s.log.lastId)).toBe(s.log.headHash);
        // exactly the hands started by the head, each settled and paid exactly as far as by then
        expect(s.hands.map((h) => h.handId).sort()).toEqual((started.all(s.log.lastId) as string[]).sort());
        for (const h of s.hands) {
          const asExported = { hand: h.handId, settled: h.payments.length > 0, paid: h.payments.filter((p) => p.executedAt !== null).length };
          const byTheHead = { hand: h.handId, settled: h.payments.length > 0 && settled.get(h.handId, s.log.lastId) === 1, paid: paid.get(h.handId, s.log.lastId) };
          expect(asExported).toEqual(byTheHead);
        }
      }
    } finally {
      raw.close();
    }
  });
});

interface ExportFile { log: { lastId: number; headHash: string }; hands: { handId: string; payments: { executedAt: string | null }[] }[] }
const snapshots: ExportFile[] = [];
const chains: { lastId: number; headHash: string }[] = [];

describe('a path that holds no terminal database is refused, one line, exit 2, left as it was', () => {
  it('a 0-byte file: simulate and audit refuse it, and it stays 0 bytes', async () => {
    const zero = tmp.file('zero.db');
    writeFileSync(zero, '');
    for (const args of [['simulate', '--db', zero, '--hands', '1', '--seed', '1'], ['audit', '--db', zero]]) {
      const r = await table(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`table: database ${zero} exists but holds no terminal database: it is empty (0 bytes); it was not changed. `
        + "A new database is made only where no file exists: restore the terminal's file, or give a path where there is none\n");
    }
    expect(statSync(zero).size).toBe(0);
    expect(existsSync(`${zero}-wal`)).toBe(false);
  }, 30_000);

  it('a file that is not SQLite: refused, unchanged', async () => {
    const junk = tmp.file('junk.db');
    writeFileSync(junk, 'a shift report, not a database\n'.repeat(100));
    const bytes = readFileSync(junk);
    const r = await table('simulate', '--db', junk, '--hands', '1', '--seed', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^table: database ${junk} exists but holds no terminal database: it is not an SQLite file .*\\n$`));
    expect(readFileSync(junk).equals(bytes)).toBe(true);
  }, 30_000);

  it('a folder that does not exist: refused naming it, and not created', async () => {
    const missing = join(tmp.dir, 'typo', 'terminal.db');
    const r = await table('simulate', '--db', missing, '--hands', '1', '--seed', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`table: no folder ${join(tmp.dir, 'typo')} for the database ${missing}: a new database is made only in a folder that exists (check the path); nothing was created\n`);
    expect(existsSync(join(tmp.dir, 'typo'))).toBe(false);
  }, 30_000);
});
