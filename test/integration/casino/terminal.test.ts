/**
 * A terminal started with `--central` (the front doors' flags and `openTerminal`, as `npm run
 * serve` and `npm start` run it), with a real PostgreSQL: the table deals through the screen's
 * contract (the dealer and the test staff signed in with their PINs) while the forwarder runs
 * beside it; the screen's view carries the link's state and is pushed when it changes; the
 * server stopped (an immediate shutdown) and the table deals on, the view down since then, then
 * connected again and caught up; an orderly stop sends what is pending. A dealer's requests are
 * answered while the server is unreachable (a closed port) and while a connection attempt hangs
 * unanswered. `npm run serve --central` as a process; `table simulate --central`.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CentralLinkView, TerminalView } from '../../../app/contract/view';
import { bestArrangement } from '../../../app/domain/arrange';
import type { Result } from '../../../app/domain/result';
import type { ScreenLink, Terminal } from '../../../app/terminal/terminal';
import { tempFolder } from '../store/temp';
import { STAFF, credentialOf, databaseWithStaff } from '../../support/staff';
import { table } from '../../support/table-cli';
import { startPostgres, type PgCluster } from '../../support/postgres';
import { closedPort } from '../../support/net';
import { centralRows, fileRows, identityOf, migratedDatabase, openTerminalAt, ROOT, until } from './helpers';

let cluster: PgCluster;
let tmp: ReturnType<typeof tempFolder>;

beforeAll(async () => {
  tmp = tempFolder('cp-casino-terminal-');
  cluster = await startPostgres();
});
afterAll(async () => {
  await cluster?.destroy();
  tmp?.cleanup();
});

async function ok<T = TerminalView>(on: ScreenLink, name: string, args: unknown = {}): Promise<T> {
  const r = (await on.request(name, args)) as Result<T>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Waits until the terminal's view satisfies `test` (polling; a failure names `what`). */
async function viewUntil(terminal: Terminal, what: string, test: (v: TerminalView) => boolean): Promise<TerminalView> {
  let v = terminal.view();
  await until(what, () => test((v = terminal.view())), 30_000);
  return v;
}

/** Eva takes the box on `screen`; Ann and Bob sit down. */
async function openPlay(screen: ScreenLink): Promise<void> {
  await ok(screen, 'dealerOn', { dealer: credentialOf(STAFF.dealer) });
  await ok(screen, 'seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
  await ok(screen, 'seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
}

/**
 * One hand from start to paid out through the screen's requests: the shoe deals, both seats
 * set, the hands entered by touch, settled, every payment made. Gives every answer in order.
 */
async function playHand(terminal: Terminal, screen: ScreenLink): Promise<TerminalView[]> {
  const answers: TerminalView[] = [await ok(screen, 'startHand')];
  await viewUntil(terminal, 'the deal', (v) => v.hand?.phase === 'setting');
  for (const seat of [1, 2]) answers.push(await ok(screen, 'seatReady', { seat }));
  let v = await ok(screen, 'openShowdown');
  answers.push(v);
  for (const seat of [1, 2]) {
    const best = bestArrangement(v.hand!.seats[seat - 1].cards!).hand;
    v = await ok(screen, 'setHand', { seat, front: [...best.front], middle: [...best.middle], back: [...best.back] });
    answers.push(v);
  }
  v = await ok(screen, 'settle');
  answers.push(v);
  while (v.hand!.phase === 'paying') {
    v = await ok(screen, 'executePayment', { index: v.hand!.result!.payments.findIndex((p) => !p.done) });
    answers.push(v);
  }
  expect(v.hand!.phase).toBe('closed');
  return answers;
}

/** The central link's states as the screen was pushed them, each change once. */
function pushedLinks(screen: ScreenLink): { states: CentralLinkView[]; stop: () => void } {
  const states: CentralLinkView[] = [];
  const stop = screen.onPush((name, payload) => {
    if (name !== 'view') return;
    const c = (payload as TerminalView).central!;
    const last = states[states.length - 1];
    if (!last || last.state !== c.state || last.behind !== c.behind) states.push(c);
  });
  return { states, stop };
}

describe('a terminal with --central', () => {
  it('deals through the screen while its log is forwarded: the view says connected, behind 0; the central holds every event; a stop sends the rest', async () => {
    const url = await migratedDatabase(cluster, 'deals');
    const { terminal, db } = await openTerminalAt(tmp.dir, 'deals.db', 29, ['--central', url, '--table-id', 'T5']);
    const screen = terminal.openScreen('test');
    const pushed = pushedLinks(screen);
    try {
      expect(terminal.central).not.toBeNull();
      expect(terminal.view().central).toMatchObject({ state: expect.stringMatching(/^(connecting|connected|behind)$/), downSince: null, reason: null });
      await openPlay(screen);
      await playHand(terminal, screen);
      await playHand(terminal, screen);
      const v = await viewUntil(terminal, 'the link caught up', (x) => x.central?.state === 'connected' && x.central.behind === 0);
      expect(v.table.id).toBe('T5');
      expect(v.central).toEqual({ state: 'connected', behind: 0, downSince: null, retryAt: null, reason: null });
      // Caught up: the central rows are the file's, row for row (read beside the writer).
      const rows = fileRows(db);
      expect(rows.filter((r) => r[4] === 'hand-closed')).toHaveLength(2);
      expect(await centralRows(url, identityOf(db))).toEqual(rows);
      // The screen heard the link's changes as views (no table action needed for them).
      expect(pushed.states.map((s) => s.state)).toContain('connected');
      expect(pushed.states.every((s) => s.downSince === null)).toBe(true);
      // A request's own answer, while the link is up, does not count its events as waiting (they
      // go a moment later): the top bar does not flash "sending" at every action.
      const seated = await ok(screen, 'seatPlayer', { seat: 3, name: 'Cyril', buyIn: 300000 });
      expect(seated.central).toEqual({ state: 'connected', behind: 0, downSince: null, retryAt: null, reason: null });
      expect(terminal.central!.state().headId).toBe(fileRows(db).length);
    } finally {
      pushed.stop();
      await terminal.close();
    }
    // The orderly stop's own rows (sign-outs, terminal-stopped) were sent before the store closed.
    const rows = fileRows(db);
    expect(rows[rows.length - 1][4]).toBe('terminal-stopped');
    expect(await centralRows(url, identityOf(db))).toEqual(rows);
    // The cursor in the file names the last row: a sync after it has nothing new (the row at the cursor is sent again, as at every connect).
    const sync = await table('sync', '--db', db, '--central', url);
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(new RegExp(`holds its log up to row ${rows.length}, the last; sent row ${rows.length}: 0 new, 1 already there\\n$`));
  }, 120_000);

  it('the server stopped: the table deals on, the view says down since when (pushed); started again: connected and caught up', async () => {
    const url = await migratedDatabase(cluster, 'outage');
    const { terminal, db } = await openTerminalAt(tmp.dir, 'outage.db', 31, ['--central', url]);
    const screen = terminal.openScreen('test');
    const pushed = pushedLinks(screen);
    let restarted = false;
    try {
      await openPlay(screen);
      await playHand(terminal, screen);
      await viewUntil(terminal, 'caught up before the outage', (x) => x.central?.state === 'connected' && x.central.behind === 0);
      const before = pushed.states.length;

      await cluster.stop('immediate');
      // Nothing is asked of the table: the change of state alone is pushed to the screen.
      await until('a pushed view saying down', () => pushed.states.slice(before).some((s) => s.state === 'down'));
      const down = pushed.states.slice(before).find((s) => s.state === 'down')!;
      expect(down.downSince).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(down.reason).toMatch(/central server/);
      expect(down.reason).not.toMatch(/password/);

      // The table deals a whole hand with the server down: every request answered.
      const answers = await playHand(terminal, screen);
      expect(answers.every((a) => a.central?.state === 'down')).toBe(true);
      const during = terminal.view().central!;
      expect(during.state).toBe('down');
      expect(during.downSince).toBe(down.downSince);
      expect(during.behind).toBeGreaterThan(60);

      await cluster.start();
      restarted = true;
      await viewUntil(terminal, 'connected again and caught up', (x) => x.central?.state === 'connected' && x.central.behind === 0);
      expect(await centralRows(url, identityOf(db))).toEqual(fileRows(db));
      const after = pushed.states.slice(pushed.states.indexOf(down));
      expect(after[after.length - 1]).toMatchObject({ state: 'connected', behind: 0, downSince: null });
    } finally {
      pushed.stop();
      if (!restarted) await cluster.start();
      await terminal.close();
    }
    expect(await centralRows(url, identityOf(db))).toEqual(fileRows(db));
  }, 120_000);
});


describe("a dealer's requests never wait for the central server", () => {
  it('unreachable (a closed port): the link is down and retrying, and a whole hand is dealt and paid', async () => {
    const url = `postgres://casino@127.0.0.1:${await closedPort()}/casino`;
    const { terminal } = await openTerminalAt(tmp.dir, 'closed-port.db', 37, ['--central', url]);
    const screen = terminal.openScreen('test');
    try {
      const first = await viewUntil(terminal, 'the first failed attempt', (x) => x.central?.state === 'down');
      expect(first.central!.reason).toMatch(/^cannot reach the central server postgres:\/\/casino@127\.0\.0\.1:\d+\/casino: connect ECONNREFUSED/);
      await openPlay(screen);
      const answers = await playHand(terminal, screen);
      expect(answers.length).toBeGreaterThan(6);
      // Every answer came while the link was down (the forwarder retrying beside the table).
      expect(answers.map((a) => a.central!.state)).toEqual(answers.map(() => 'down'));
      const now = terminal.view().central!;
      expect(now.state).toBe('down');
      expect(now.downSince).toBe(first.central!.downSince);
      expect(now.behind).toBe(terminal.central!.state().headId);
    } finally {
      await terminal.close();
    }
  }, 60_000);

  it('a connection attempt that hangs unanswered: a whole hand is dealt while it is still in flight', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `postgres://casino@127.0.0.1:${(silent.address() as { port: number }).port}/casino`;
    // A connect timeout far beyond the test: the attempt stays in flight whatever the machine's speed.
    const { terminal } = await openTerminalAt(tmp.dir, 'silent.db', 41, ['--central', url], { pollMs: 20, firstRetryMs: 20, connectTimeoutMs: 600_000, stopFlushMs: 0, stopGraceMs: 60_000 });
    const screen = terminal.openScreen('test');
    try {
      await until('the forwarder connecting', () => sockets.length === 1);
      await openPlay(screen);
      const answers = await playHand(terminal, screen);
      expect(answers.every((a) => a.central?.state === 'connecting')).toBe(true);
      // Still the one attempt, unanswered: the hand never waited for it.
      expect(sockets).toHaveLength(1);
      expect(terminal.view().central).toMatchObject({ state: 'connecting', behind: terminal.central!.state().headId });
    } finally {
      // The server hangs up: the attempt fails, and the terminal stops at once.
      for (const s of sockets) s.destroy();
      silent.close();
      await terminal.close();
    }
  }, 60_000);
});

describe('the commands with --central', () => {
  it('`table simulate --central` forwards its hands as it plays and ends with the server holding the whole log', async () => {
    const url = await migratedDatabase(cluster, 'simulate');
    const db = `${tmp.dir}/simulate.db`;
    const r = await table('simulate', '--db', db, '--hands', '4', '--seed', '8', '--table-id', 'T9', '--central', url);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.slice(0, 4).map((l) => l.hand)).toEqual(['T9-1', 'T9-2', 'T9-3', 'T9-4']);
    const rows = fileRows(db);
    expect(lines[4]).toEqual({ central: { server: url, confirmed: rows.length, head: rows.length, findings: [] } });
    expect(await centralRows(url, identityOf(db))).toEqual(rows);
  }, 120_000);

  it('`table simulate --central` with the server unreachable plays every hand, then says what was not sent (exit 2)', async () => {
    const db = `${tmp.dir}/simulate-offline.db`;
    const url = `postgres://casino:secret@127.0.0.1:${await closedPort()}/casino`;
    const r = await table('simulate', '--db', db, '--hands', '2', '--seed', '8', '--central', url);
    expect(r.code).toBe(2);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { hand: string }).hand)).toEqual(['SIM-1', 'SIM-2']);
    expect(r.stderr).toMatch(/^table: the hands were played, but cannot reach the central server postgres:\/\/casino:\*\*\*@127\.0\.0\.1:\d+\/casino: connect ECONNREFUSED [^\n]*; `table sync` \(or the terminal\) sends the rest later\n$/);
    expect(r.stderr).not.toContain('secret');
  }, 60_000);

  it('refuses a bad --central or --table-id before anything is written: one line, exit 2', async () => {
    const db = `${tmp.dir}/never.db`;
    const bad = await table('simulate', '--db', db, '--hands', '1', '--seed', '1', '--central', 'mysql://casino:secret@db/casino');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toBe('table: --central "mysql://casino:***@db/casino" is not a PostgreSQL URL: write postgres://USER:PASSWORD@HOST:PORT/DATABASE\n');
    const id = await table('simulate', '--db', db, '--hands', '1', '--seed', '1', '--table-id', 'T 1');
    expect(id).toMatchObject({ code: 2, stdout: '' });
    expect(id.stderr).toBe('table: --table-id must be 1-32 letters, digits, "_" or "." (starting with a letter or digit), not "T 1"\n');
    const { existsSync } = await import('node:fs');
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it('`npm run serve --central URL` forwards the table it serves, says so, and a bad URL stops it at start (exit 2)', async () => {
    const url = await migratedDatabase(cluster, 'serve');
    const db = `${tmp.dir}/serve.db`;
    databaseWithStaff(db);
    const serve = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'app/web/serve.ts', '--no-build', '--port', '0', '--db', db, '--shoe', 'none', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const child = serve(['--central', url]);
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until('the URL printed', () => stdout.includes('token='), 60_000);
      expect(stderr).toContain(`central server: ${url}`);
      await until('the link connected', () => /serve: central server: connected/.test(stderr), 60_000);
      // What the terminal wrote at its start is on the server (the table opened, the start).
      await until('the start on the central server', async () => (await centralRows(url, identityOf(db))).some((r) => r[4] === 'terminal-started'), 60_000);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // Whatever the stop had time to send, a sync sends the rest: one history, no fork.
    const sync = await table('sync', '--db', db, '--central', url);
    expect(sync.stdout).toMatch(/^ok: /);
    expect(await centralRows(url, identityOf(db))).toEqual(fileRows(db));

    const bad = serve(['--central', 'postgres://casino@db.casino.lan']);
    let badErr = '';
    bad.stderr!.on('data', (d: Buffer) => (badErr += d.toString()));
    expect(await new Promise<number | null>((resolve) => bad.once('exit', (code) => resolve(code)))).toBe(2);
    expect(badErr.split('\n')[0]).toBe('serve: --central "postgres://casino@db.casino.lan" names no database: end it with /DATABASE');
  }, 120_000);
});
