/**
 * `verify-log`, `replay` and `audit` (both in one read of the log) by worker threads give
 * exactly what one pass on the calling thread gives, on an honest log and on logs damaged in every way the checks know (the same problems,
 * in the same order, the same error for an event that is not JSON), and the worker path really
 * runs: under vitest (here), under tsx (the `table` command, spawned), and from an esbuild
 * bundle like the Electron main's (with the worker file beside it; without it, on one thread).
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, auditTask, replayHands, verifyChain, type AuditTask } from '../../../app/services/audit';
import { ChainVerifier, logExtent, rowHash, type LogVerification } from '../../../app/services/event-log';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import type { Worker } from 'node:worker_threads';
import { PoolFailure, poolRunMark, poolRunsSince, SyncPool, type PoolRun } from '../../../app/services/worker-pool';
import { tempFolder } from './temp';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const tmp = tempFolder('cp-parallel-');
const honest = tmp.file('honest.db');

beforeAll(async () => {
  const store = openStore(honest);
  const service = new TableService(store);
  await simulate(service, { hands: 40, seed: 77 });
  // A floor note on a hand long over: the replay checks that hand again at the end.
  const note = service.floorCorrection({ tableId: 'SIM', floor: 'Jana', reason: 'recount asked by seat 2', action: { kind: 'note' }, handId: 'SIM-3' });
  expect(note.ok).toBe(true);
  await simulate(service, { hands: 44, seed: 78 });
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  store.close();
}, 120_000);
afterAll(() => tmp.cleanup());

let copies = 0;
/** A copy of the honest log with the triggers dropped and `sql` (then `more`) run on it. */
function damaged(sql: string, more?: (db: Database.Database) => void): string {
  const path = tmp.file(`damaged-${++copies}.db`);
  copyFileSync(honest, path);
  const db = new Database(path);
  db.pragma('foreign_keys = OFF');
  db.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
  db.exec(sql);
  more?.(db);
  db.close();
  return path;
}

interface Outcome {
  readonly chain: LogVerification;
  readonly replay: ReturnType<typeof replayHands> | { readonly error: string };
}

const errorText = (e: unknown) => ({ error: `${(e as Error).name}: ${(e as Error).message}` });

/** The log's audit, as {@link check} gives the two checks. */
function audited(path: string, threads: number): Outcome {
  const store = openStore(path, { readonly: true });
  try {
    const a = auditLog(store, { threads });
    return { chain: a.chain, replay: 'error' in a.replay ? errorText(a.replay.error) : a.replay };
  } finally {
    store.close();
  }
}

/** `verify-log` and `replay`, then `audit`, which must find the same. */
function check(path: string, threads: number): { outcome: Outcome; runs: PoolRun[] } {
  const mark = poolRunMark();
  const store = openStore(path, { readonly: true });
  let outcome: Outcome;
  try {
    const chain = verifyChain(store.db, 50, { threads });
    let replay: Outcome['replay'];
    try {
      replay = replayHands(store, { threads });
    } catch (e) {
      replay = errorText(e);
    }
    outcome = { chain, replay };
  } finally {
    store.close();
  }
  expect(audited(path, threads), 'the audit finds what verify-log and replay find').toEqual(outcome);
  return { outcome, runs: [...poolRunsSince(mark)] };
}

/** Both ways; the threaded one must have run on worker threads (or fallen back, when expected). */
function bothWays(path: string, expectHands: 'workers' | 'fell-back' = 'workers'): Outcome {
  const one = check(path, 0);
  const two = check(path, 2);
  expect(one.runs).toEqual([]);
  // The audit's workers give up where the replay's do (an odd column, an event that is not JSON).
  expect(two.runs.map((r) => [r.job, r.outcome])).toEqual([['chain', 'workers'], ['hands', expectHands], ['audit', expectHands]]);
  expect(two.outcome).toEqual(one.outcome);
  return one.outcome;
}

/** A worker's task for the chain of the rows `after < id <= upTo`. */
function chainTask(after: number, upTo: number): AuditTask {
  return { after, upTo, chain: true, hands: false, maxProblems: 50 };
}

function replayOf(out: Outcome): ReturnType<typeof replayHands> {
  if ('error' in out.replay) throw new Error(out.replay.error);
  return out.replay;
}

describe('worker threads check exactly what one pass checks', () => {
  it('an honest log: every row, every hand, no problem', () => {
    const out = bothWays(honest);
    expect(out.chain.ok).toBe(true);
    expect(out.chain.rows).toBeGreaterThan(2000);
    expect(replayOf(out)).toMatchObject({ ok: true, hands: 44, problems: [] });
  });

  it('a changed event, a removed row, and query tables that disagree with the events', () => {
    const path = damaged(`
      UPDATE events SET body = body || ' ' WHERE id = (SELECT min(id) + 3 FROM events WHERE hand_id = 'SIM-5');
      DELETE FROM events WHERE id = (SELECT min(id) + 20 FROM events WHERE hand_id = 'SIM-9');
      UPDATE hands SET outcome = 'void' WHERE id = 'SIM-12';
      UPDATE payments SET amount = amount + 100 WHERE hand_id = (SELECT min(hand_id) FROM payments WHERE hand_id > 'SIM-2');
      UPDATE chip_ledger SET amount = amount - 1 WHERE hand_id = 'SIM-20';
    `);
    const out = bothWays(path);
    expect(out.chain.problems.map((p) => p.kind)).toEqual(['content-changed', 'rows-missing']);
    const hands = new Set(replayOf(out).problems.map((p) => p.handId));
    for (const h of ['SIM-9', 'SIM-12', 'SIM-20']) expect(hands).toContain(h);
  });

  it('a hand whose ledger has a seat twice, others with rows missing or changed: the workers read the rows of many hands at once, and find the same', () => {
    const path = damaged(`
      INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at)
        SELECT table_id, seat, player, kind, amount + 7, stack_after + 7, hand_id, event_id, at FROM chip_ledger WHERE hand_id = 'SIM-21' AND seat = 2 AND kind = 'hand';
      DELETE FROM hand_seats WHERE hand_id = 'SIM-22' AND seat = 3;
      UPDATE payments SET executed_event_id = NULL WHERE hand_id = 'SIM-23';
      DELETE FROM hands WHERE id = 'SIM-24';
    `);
    const out = bothWays(path);
    const hands = new Set(replayOf(out).problems.map((p) => p.handId));
    for (const h of ['SIM-21', 'SIM-22', 'SIM-23', 'SIM-24']) expect(hands).toContain(h);
  });

  it('more problems than are reported: the same first ones', () => {
    const path = damaged(`UPDATE events SET body = replace(body, '"by":"device"', '"by":"shoe"') WHERE type = 'card-dealt' AND hand_id IN ('SIM-2', 'SIM-3', 'SIM-30');`);
    const out = bothWays(path);
    expect(out.chain.problems).toHaveLength(50);
    expect(replayOf(out).problems.length).toBeGreaterThan(0);
  });

  it('a column of an odd type: the threaded replay goes back to one pass', () => {
    const path = damaged(`UPDATE events SET type = CAST(type AS BLOB) WHERE id = (SELECT max(id) FROM events WHERE hand_id = 'SIM-15');`);
    const out = bothWays(path, 'fell-back');
    // The same bytes, stored as a blob: the row still hashes to its hash, as it did before.
    expect(out.chain.ok).toBe(true);
    expect(replayOf(out).hands).toBe(44);
  });

  it('an event that is not JSON (here: holding the separator the batches use): the same error either way', () => {
    const path = damaged(`UPDATE events SET body = replace(body, '"by":"device"', '"by":"dev' || char(1) || 'ice"') WHERE id = (SELECT min(id) + 5 FROM events WHERE hand_id = 'SIM-11');`);
    const out = bothWays(path, 'fell-back');
    expect(out.chain.problems.map((p) => p.kind)).toEqual(['content-changed']);
    // Named by its row, hand and type (a StoreError, as the CLI prints it), the same either way.
    const db = new Database(path, { readonly: true });
    const row = db.prepare("SELECT min(id) + 5 FROM events WHERE hand_id = 'SIM-11'").pluck().get() as number;
    db.close();
    expect(out.replay).toEqual({ error: expect.stringMatching(new RegExp(`^StoreError: log row ${row} \\(hand SIM-11, type [a-z-]+\\) is not JSON: `)) });
  });
});

describe('the chain cut into ranges', () => {
  it('gives the one-pass verdict wherever the cut falls, around every kind of damage', () => {
    const path = damaged(`
      UPDATE events SET body = body || ' ' WHERE id = 30;
      DELETE FROM events WHERE id IN (60, 61);
      DELETE FROM events WHERE id = 100;
      UPDATE events SET id = -id WHERE id > 100 AND id <= 200;
      UPDATE events SET id = -id - 1 WHERE id < 0;
      UPDATE events SET hash = '${'f'.repeat(64)}' WHERE id = 300;
      UPDATE events SET id = -id - 1 WHERE id >= 400;
      UPDATE events SET id = -id WHERE id < 0;
      UPDATE log_head SET last_id = last_id + 1;
    `, (d) => {
      // A row with a correct hash of its own, slipped in after row 399.
      const prev = d.prepare('SELECT hash FROM events WHERE id = 399').pluck().get() as string;
      const row = { tableId: 'SIM', handId: 'SIM-99', handSeq: 0, type: 'card-dealt', recordedAt: '2025-03-01T20:00:00.000Z', body: '{"card":1}' };
      d.prepare('INSERT INTO events VALUES (400, ?, ?, ?, ?, ?, ?, ?, ?)').run(row.tableId, row.handId, row.handSeq, row.type, row.recordedAt, row.body, prev, rowHash(prev, row));
    });
    const db = new Database(path, { readonly: true });
    try {
      const whole = verifyChain(db, 50, { threads: 0 });
      expect(whole.problems.map((p) => p.kind)).toEqual(['content-changed', 'rows-missing', 'chain-broken', 'ids-edited', 'content-changed', 'chain-broken', 'row-inserted']);
      const ext = logExtent(db);
      const ids = db.prepare('SELECT id FROM events ORDER BY id').pluck().all() as number[];
      const cuts = new Set<number>([ext.minId - 1, ext.maxId]);
      for (const p of whole.problems) for (let d = -10; d <= 10; d++) cuts.add(p.rowId + d);
      for (let i = 0; i < ids.length; i += Math.ceil(ids.length / 25)) cuts.add(ids[i]);
      for (const cut of cuts) {
        const parts = [
          auditTask(db, chainTask(Number.NEGATIVE_INFINITY, cut)).chain!,
          auditTask(db, chainTask(cut, ext.maxId)).chain!,
        ];
        expect(ChainVerifier.join(parts, 50).finishWith(ext.head), `cut after row ${cut}`).toEqual(whole);
      }
    } finally {
      db.close();
    }
  });
});

describe('the audit cut into ranges', () => {
  it('gives the one-pass verdict however many ranges the log is cut into', () => {
    // Damage at hand boundaries, inside hands and at the late floor note, cut 16 to 128 ways.
    const path = damaged(`
      UPDATE events SET body = body || ' ' WHERE id = (SELECT min(id) FROM events WHERE hand_id = 'SIM-7');
      DELETE FROM events WHERE id = (SELECT max(id) FROM events WHERE hand_id = 'SIM-14');
      UPDATE events SET body = replace(body, '"by":"device"', '"by":"shoe"') WHERE id = (SELECT min(id) + 9 FROM events WHERE hand_id = 'SIM-25');
      UPDATE payments SET amount = amount + 100 WHERE hand_id = 'SIM-31';
      UPDATE hands SET phase = 'paying' WHERE id = 'SIM-40';
    `);
    const one = audited(path, 0);
    expect(one.chain.problems.map((p) => p.kind)).toEqual(['content-changed', 'rows-missing', 'content-changed']);
    // SIM-7's first event only gained a space: the chain sees it, the rules read the same event.
    expect(new Set(replayOf(one).problems.map((p) => p.handId))).toEqual(new Set(['SIM-14', 'SIM-25', 'SIM-31', 'SIM-40']));
    for (const threads of [3, 7, 16]) {
      const mark = poolRunMark();
      expect(audited(path, threads), `${threads} threads`).toEqual(one);
      expect(poolRunsSince(mark).map((r) => r.outcome)).toEqual(['workers']);
    }
  }, 60_000);
});

describe('the worker pool', () => {
  it('a worker that cannot open the database fails the run (the caller then works alone)', () => {
    const pool = SyncPool.open<AuditTask, unknown>(2, { path: tmp.file('no-such.db') }, () => {});
    expect(pool).not.toBeNull();
    try {
      expect(() => {
        pool!.submit(chainTask(0, 10));
        pool!.finish();
      }).toThrow(PoolFailure);
    } finally {
      pool!.close();
    }
  });
});

describe('a worker that dies after starting', () => {
  it('fails the run once no worker has answered within the stall limit (the caller then works alone)', async () => {
    const results: unknown[] = [];
    // The limit also runs while the workers start (compiled by tsx here): long enough for a loaded machine.
    const pool = SyncPool.open<AuditTask, unknown>(2, { path: honest }, (r) => results.push(r), 4, { stallTimeoutMs: 5000 });
    expect(pool).not.toBeNull();
    try {
      // Both workers up and answering ...
      pool!.submit(chainTask(0, 10));
      pool!.submit(chainTask(10, 20));
      pool!.finish();
      expect(results).toHaveLength(2);
      // ... then the first one dies: the next task (given to it, the least busy) is never answered.
      await (pool as unknown as { slots: { worker: Worker }[] }).slots[0].worker.terminate();
      const t0 = Date.now();
      expect(() => {
        pool!.submit(chainTask(20, 30));
        pool!.submit(chainTask(30, 40));
        pool!.finish();
      }).toThrow(/no check worker answered for 5 s/);
      expect(Date.now() - t0).toBeLessThan(20_000);
    } finally {
      pool!.close();
    }
  }, 30_000);
});

interface Ran { code: number; stdout: string; stderr: string }

function run(file: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function traced(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('{"audit"')).map((l) => {
    const r = (JSON.parse(l) as { audit: PoolRun }).audit;
    return `${r.job}:${r.outcome}`;
  });
}

describe('the table command (tsx)', () => {
  it('prints the same with worker threads as without, honest or damaged', async () => {
    const bad = damaged(`UPDATE events SET body = body || ' ' WHERE id = (SELECT min(id) + 8 FROM events WHERE hand_id = 'SIM-8');
      UPDATE hands SET phase = 'paying' WHERE id = 'SIM-30';`);
    for (const db of [honest, bad]) {
      const outputs = new Map<string, Ran>();
      for (const command of ['verify-log', 'replay', 'audit']) {
        const args = ['--import', 'tsx', 'app/cli/table.ts', command, '--db', db];
        const [one, two] = await Promise.all([
          run(args[0], args.slice(1), { CP_AUDIT_THREADS: '0', CP_AUDIT_TRACE: '1' }),
          run(args[0], args.slice(1), { CP_AUDIT_THREADS: '2', CP_AUDIT_TRACE: '1' }),
        ]);
        expect(traced(one.stderr)).toEqual([]);
        expect(traced(two.stderr)).toEqual([`${({ 'verify-log': 'chain', replay: 'hands', audit: 'audit' } as Record<string, string>)[command]}:workers`]);
        expect({ code: two.code, stdout: two.stdout }).toEqual({ code: one.code, stdout: one.stdout });
        expect(one.code).toBe(db === honest ? 0 : 1);
        outputs.set(command, one);
      }
      // `audit` prints what the two print, in one run, then the tables' verdict (table-audit.test.ts).
      const both = outputs.get('verify-log')!.stdout + outputs.get('replay')!.stdout;
      const audit = outputs.get('audit')!.stdout;
      expect(audit.slice(0, both.length)).toBe(both);
      expect(audit.slice(both.length)).toMatch(db === honest
        ? /^ok: 1 table folds from table-opened to the end \(\d+ entries, \d+ checkpoints equal to the table\); the query tables rebuilt from the log match the \d+ stored rows\n$/
        : /^NOT OK: 1 problem in 1 table and their query rows:\n  hands \(id "SIM-30"\): phase is "paying" in the database, "[a-z]+" rebuilt from the log\n$/);
    }
  }, 120_000);
});

describe('an esbuild bundle (as the Electron main is built)', () => {
  it('runs the checks on worker threads with audit-worker.cjs beside it, on one thread without', async () => {
    const esbuild = await import('esbuild');
    const out = tmp.file('bundle');
    const entry = join(out, 'entry.ts');
    rmSync(out, { recursive: true, force: true });
    const common = {
      bundle: true, platform: 'node' as const, format: 'cjs' as const, target: 'node20', logLevel: 'error' as const, absWorkingDir: ROOT,
      external: ['better-sqlite3'],
      define: { 'import.meta.url': 'importMetaUrl' },
      banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" },
    };
    // What a bundled caller does: open the store read-only, run both checks, print.
    const services = pathToFileURL(join(ROOT, 'app/services')).href;
    const source = `
      import { openStore } from '${services}/store.ts';
      import { replayHands, verifyChain } from '${services}/audit.ts';
      import { recentPoolRuns } from '${services}/worker-pool.ts';
      const store = openStore(process.argv[2], { readonly: true, migrationsDir: ${JSON.stringify(join(ROOT, 'migrations'))} });
      const chain = verifyChain(store.db, 50, { threads: 2 });
      const replay = replayHands(store, { threads: 2 });
      process.stdout.write(JSON.stringify({ chain, replay, runs: recentPoolRuns().map((r) => r.job + ':' + r.outcome) }));
    `;
    await import('node:fs').then((fs) => fs.mkdirSync(out, { recursive: true }));
    writeFileSync(entry, source.replaceAll(`${services}/`, join(ROOT, 'app/services') + '/').replaceAll('.ts\'', '\''));
    await esbuild.build({ ...common, entryPoints: [entry], outfile: join(out, 'main.cjs') });
    await esbuild.build({ ...common, entryPoints: [join(ROOT, 'app/services/audit-worker.ts')], outfile: join(out, 'audit-worker.cjs') });
    const env = { NODE_PATH: join(ROOT, 'node_modules') };
    const bad = damaged(`UPDATE events SET body = body || ' ' WHERE id = (SELECT min(id) + 8 FROM events WHERE hand_id = 'SIM-10');
      UPDATE hand_seats SET stack_after = stack_after + 5 WHERE hand_id = 'SIM-33';`);
    const expected = check(bad, 0).outcome;

    const withWorker = await run(join(out, 'main.cjs'), [bad], env);
    expect(withWorker.stderr).toBe('');
    const a = JSON.parse(withWorker.stdout) as { runs: string[] };
    expect(a.runs).toEqual(['chain:workers', 'hands:workers']);
    expect(a).toEqual({ ...expected, runs: a.runs });

    rmSync(join(out, 'audit-worker.cjs'));
    const alone = await run(join(out, 'main.cjs'), [bad], env);
    const b = JSON.parse(alone.stdout) as { runs: string[] };
    expect(b.runs).toEqual(['chain:unavailable', 'hands:unavailable']);
    expect(b).toEqual({ ...expected, runs: b.runs });
  }, 120_000);
});
