/**
 * The casino tier end to end, with a real PostgreSQL server: ten tables dealing at once, each
 * forwarding its log; the server crashed (immediate shutdown) mid-run and started again; a
 * table-and-forwarder process SIGKILLed (once by itself between the server's confirmation and
 * the cursor, once from outside) and restarted; the same events sent twice; a table's history
 * rewritten behind the central's back (a fork). At the end `casino audit` finds every honest
 * table's central log equal to its file, event for event (nothing lost, nothing twice), and
 * the fork reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCentral } from '../../../app/casino/central-audit';
import { tableLogOf } from '../../../app/casino/table-log';
import { unwrap } from '../../../app/domain/result';
import { openStore } from '../../../app/services/store';
import { tempFolder } from '../store/temp';
import { table } from '../../support/table-cli';
import type { PgCluster } from '../../support/postgres';
import { casino, centralRows, centralServer, fileRows, identityOf, query, rewriteHistory, ROOT, session, until } from './helpers';

const TABLES = 10;
const HANDS = 8;
const HOLD_AT = 4;

let cluster: PgCluster;
let url: string;
let tmp: ReturnType<typeof tempFolder>;
const files: string[] = [];

beforeAll(async () => {
  tmp = tempFolder('cp-casino-');
  ({ cluster, url } = await centralServer());
});
afterAll(async () => {
  await cluster?.destroy();
  tmp?.cleanup();
});

/** Central rows equal to the file's, in the same order, no id twice (the key would refuse it, but say so). */
async function expectMirrored(path: string): Promise<void> {
  const id = identityOf(path);
  const central = await centralRows(url, id);
  const file = fileRows(path);
  expect(central.length, `central rows of ${path}`).toBe(file.length);
  expect(new Set(central.map((r) => r[0])).size).toBe(central.length);
  expect(central).toEqual(file);
}

/** Starts the fixture (a table dealing with its forwarder, in one process). */
function forwardingTable(path: string, hands: number, seed: number, opts: { dieAt?: number; holdAt?: number; killAfterCursors?: number } = {}): Fixture {
  const args = ['--import', 'tsx', 'test/integration/casino/fixtures/forwarding-table.ts', path, url, String(hands), String(seed)];
  if (opts.dieAt !== undefined) args.push(`die-at=${opts.dieAt}`);
  if (opts.holdAt !== undefined) args.push(`hold-at=${opts.holdAt}`);
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const f: Fixture = { child, lines: [], exited: false, ended: undefined as unknown as Fixture['ended'] };
  f.ended = new Promise((resolve) => {
    const lines = f.lines;
    let buffer = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (opts.killAfterCursors !== undefined && lines.filter((l) => 'cursor' in l).length === opts.killAfterCursors) child.kill('SIGKILL');
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code, signal) => {
      f.exited = true;
      resolve({ lines, signal, code, stderr });
    });
  });
  return f;
}

/** A running fixture: its output lines so far, and how it ended. */
interface Fixture {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  exited: boolean;
  ended: Promise<{ lines: Record<string, unknown>[]; signal: NodeJS.Signals | null; code: number | null; stderr: string }>;
}

describe('ten tables forwarding at once', () => {
  it('each a process dealing with its forwarder: they deal on while the server is down (immediate shutdown), then catch up; every event on the server once', async () => {
    const runs: Fixture[] = [];
    for (let i = 0; i < TABLES; i++) {
      const path = tmp.file(`table-${i}.db`);
      files.push(path);
      runs.push(forwardingTable(path, HANDS, 100 + i, { holdAt: HOLD_AT }));
    }
    const hands = (f: Fixture) => f.lines.filter((l) => 'hand' in l).length;
    const linkOf = (f: Fixture) => f.lines.filter((l) => 'link' in l).at(-1)?.link;
    try {
      // Forwarding while dealing, and caught up while the tables wait.
      await until('every table held, its log on the server', () => runs.every((f) => f.lines.some((l) => 'held' in l) && linkOf(f) === 'connected'));
      expect(runs.map(hands)).toEqual(runs.map(() => HOLD_AT));
      await cluster.stop('immediate');
      for (const f of runs) f.child.stdin!.write('go\n');
      await until('every link down', () => runs.every((f) => f.lines.some((l) => l.link === 'down')));
      const down = runs[0].lines.find((l) => l.link === 'down')!;
      expect(down.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(down.reason).toMatch(/central server/);
      // The tables do not wait for the server: each deals on, and falls behind.
      await until('two hands dealt at every table while the server is down', () => runs.every((f) => hands(f) >= HOLD_AT + 2));
      expect(runs.every((f) => linkOf(f) === 'down')).toBe(true);
    } finally {
      await cluster.start();
    }
    const ended = await Promise.all(runs.map((f) => f.ended));
    for (const [i, e] of ended.entries()) {
      expect(e.stderr, files[i]).toBe('');
      expect(e.code).toBe(0);
      expect(e.lines.filter((l) => 'hand' in l).map((l) => l.hand)).toEqual(Array.from({ length: HANDS }, (_, k) => k + 1));
      // up, down after the crash, then up again: the screen heard each
      const links = e.lines.map((l) => l.link).filter(Boolean);
      expect(links.slice(links.indexOf('down'))).toEqual(expect.arrayContaining(['down', 'connected']));
      const done = e.lines.find((l) => l.done)! as { done: boolean; state: { state: string; behind: number; confirmedId: number; headId: number } };
      expect(done.state).toMatchObject({ state: 'connected', behind: 0, confirmedId: done.state.headId });
      expect(fileRows(files[i]).length).toBe(done.state.headId);
    }
    for (const path of files) await expectMirrored(path);
  });
});

describe('a forwarder process killed and restarted', () => {
  it('SIGKILLed after the server confirmed a batch and before the cursor, then from outside: resent, stored once, nothing lost', async () => {
    const path = tmp.file('killed.db');
    files.push(path);
    // Killed by itself at the worst moment: the server holds the 3rd batch, the cursor does not.
    const first = await forwardingTable(path, 12, 7, { dieAt: 3 }).ended;
    expect(first.signal).toBe('SIGKILL');
    expect(first.lines.filter((l) => 'cursor' in l)).toHaveLength(2);
    const serverHeld = (await query<{ last_id: number }>(url, 'SELECT last_id::int FROM terminals WHERE terminal_id = $1', [identityOf(path)]))[0].last_id;
    const cursorThen = first.lines.filter((l) => 'cursor' in l).at(-1)!.cursor as number;
    expect(serverHeld).toBeGreaterThan(cursorThen);

    // Restarted, it sends that batch again: resends, not stored twice. Killed from outside after 4 more batches.
    const second = await forwardingTable(path, 12, 7, { killAfterCursors: 4 }).ended;
    expect(second.signal).toBe('SIGKILL');
    // From the cursor's row (sent again on every connect) to the server's end: every row of them a resend.
    const resent = second.lines.filter((l) => 'cursor' in l).reduce((n, l) => n + (l.duplicates as number), 0);
    expect(resent).toBe(serverHeld - cursorThen + 1);

    // Restarted again, the table finishes its hands and the server holds every event once.
    const third = await forwardingTable(path, 12, 7).ended;
    expect(third.stderr).toBe('');
    expect(third.code).toBe(0);
    expect(third.lines.find((l) => l.done)).toMatchObject({ done: true, state: { state: 'connected', behind: 0 } });
    await expectMirrored(path);
    const replay = await table('replay', '--db', path);
    expect(replay.stdout).toMatch(/^ok: 12 hands replayed/);
  });
});

describe('the same events sent twice', () => {
  it('are stored once: `table sync` on a table the server holds sends its last row again, and a whole batch again is all resends', async () => {
    const path = files[0];
    const before = (await centralRows(url, identityOf(path))).length;
    const again = await table('sync', '--db', path, '--central', url);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ok: table database [0-9a-f]{32} \(tables SIM\): the central server .* holds its log up to row (\d+), the last; sent row \1: 0 new, 1 already there\n$/);
    // the whole log again, through the server's own intake
    const store = openStore(path, { readonly: true });
    try {
      const log = unwrap(tableLogOf(store));
      const s = await session(url);
      try {
        const rows = log.rows(1, 100_000);
        const r = unwrap(await s.ingest(log.identity, { rows, head: log.end(), cursorId: null }));
        expect(r).toMatchObject({ stored: 0, duplicates: rows.length, findings: [] });
      } finally {
        await s.close();
      }
    } finally {
      store.close();
    }
    expect((await centralRows(url, identityOf(path))).length).toBe(before);
    await expectMirrored(path);
  });
});

describe('a table edited behind the central\'s back', () => {
  it('is a fork: `table sync` reports it (exit 1), the server records an alert and keeps the rows it had', async () => {
    const path = files[3];
    const id = identityOf(path);
    const held = await centralRows(url, id);
    rewriteHistory(path, 60);
    expect((await table('verify-log', '--db', path)).code).toBe(0); // the file alone looks whole
    const r = await table('sync', '--db', path, '--central', url);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^NOT OK: table database [0-9a-f]{32} \(tables SIM\): the central server .* found 1 problem/);
    expect(r.stdout).toContain('a fork');
    const alerts = await query<{ kind: string }>(url, 'SELECT kind FROM alerts WHERE terminal_id = $1', [id]);
    expect(alerts.map((a) => a.kind)).toEqual(['fork']);
    expect(await centralRows(url, id)).toEqual(held);
    // Reported again at the next sync, recorded once.
    const again = await table('sync', '--db', path, '--central', url);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('(on record already)');
    expect(await query(url, 'SELECT 1 FROM alerts WHERE terminal_id = $1', [id])).toHaveLength(1);
  });
});

describe('casino audit at the end', () => {
  it('finds every honest table\'s central log equal to its file, nothing lost or twice, and names the fork', async () => {
    const r = await casino('audit', '--central', url, ...files.flatMap((f) => ['--db', f]));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    const forked = identityOf(files[3]);
    for (const [i, f] of files.entries()) {
      if (i === 3) continue;
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ok: table database ${identityOf(f)} \\(tables \\w+; file ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\): \\d+ events, the chain intact, \\d+ hands replayed, 1 table folds, no central alert; equal to the file, event for event`)));
    }
    const at = lines.findIndex((l) => l.startsWith(`NOT OK: table database ${forked}`));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(/^ {2}central alert fork at row \d+ /);
    expect(r.stdout).toContain(`file ${files[3]}: row 60 differs from the file (body, hash)`);
    expect(lines.at(-1)).toMatch(/^NOT OK: 11 table databases on the central server .*: 10 agree, 1 differ$/);

    const s = await session(url);
    try {
      const audit = unwrap(await auditCentral(s, files));
      for (const t of audit.terminals) {
        const c = t.comparison!;
        if (t.terminalId === forked) {
          expect(c.differ).toBeGreaterThan(0);
          expect(t.alerts.map((a) => a.kind)).toEqual(['fork']);
          continue;
        }
        expect(t.ok).toBe(true);
        expect({ missing: c.missing, extra: c.extra, differ: c.differ }).toEqual({ missing: 0, extra: 0, differ: 0 });
        expect(c.equal).toBe(t.events);
        expect(t.events).toBe(fileRows(c.file).length);
      }
    } finally {
      await s.close();
    }
  });
});
