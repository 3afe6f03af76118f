/**
 * A running terminal (app/terminal/terminal.ts) as its screens hear it, in this process, on a
 * real SQLite file with the test staff and the real services:
 *
 * - the `view` pushes: one per committed change of this table, however many updates the commit
 *   made (an alert with it, a device swapped), another for a later change; nothing for another
 *   table on the same terminal; the last refused device read shown until something is recorded
 *   (not cleared by a device's repeated status or a scanner's card held for its row);
 * - a screen's own pushes: `session` when someone signs in on it, nothing once it stopped
 *   listening;
 * - the simulated shoe after a restart in the middle of a deal: it deals no second deck;
 * - the central link (`--central`) without a central server: a central migrations folder that
 *   is not there refuses the start; a closed port (the link down, pushed and logged once however
 *   often it retries, what waits counted afresh with each commit, nothing told after close); a
 *   server that accepts and never answers (connecting, counted afresh; the close kept within its
 *   limits); the connect and query limits given to the link (a silent server, and one that
 *   answers the start-up but no query). The waits here are bounded at a few seconds for limits
 *   of 100 ms or less.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushName } from '../../../app/contract/handlers';
import type { TerminalView } from '../../../app/contract/view';
import type { Card } from '../../../app/domain/cards';
import { scannerExpects } from '../../../app/domain/hand/views';
import type { CardSource, SourceEvent, SourceListener } from '../../../hardware/card-source';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { Listeners } from '../../../app/listeners';
import type { TerminalConfig } from '../../../app/terminal/config';
import { openTerminal, type OpenTerminalOptions, type ScreenLink, type Terminal } from '../../../app/terminal/terminal';
import { credentialOf, databaseWithStaff, STAFF } from '../../support/staff';
import { closedPort } from '../../support/net';
import { simConfig } from '../../support/terminal-config';
import { must } from '../services/helpers';

const folders: string[] = [];
const running = new Set<Terminal>();
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const t of running) await t.close();
  running.clear();
  for (const c of cleanups.splice(0).reverse()) await c();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function newDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpt-terminal-web-mutants-'));
  folders.push(dir);
  const db = join(dir, 't.db');
  databaseWithStaff(db);
  return db;
}

const configOf = (db: string, argv: readonly string[] = [], pace = '0'): TerminalConfig => simConfig(db, argv, pace, 5);

async function start(db: string, argv: readonly string[] = [], options: OpenTerminalOptions = {}, pace = '0'): Promise<{ terminal: Terminal; logs: string[] }> {
  const logs: string[] = [];
  const terminal = await openTerminal(configOf(db, argv, pace), { log: (l) => logs.push(l), ...options });
  running.add(terminal);
  return { terminal, logs };
}

async function stop(terminal: Terminal): Promise<void> {
  running.delete(terminal);
  await terminal.close();
}


/** Lets every queued microtask and pending I/O callback run (the pushes go out on a microtask). */
const settle = () => new Promise<void>((r) => setImmediate(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits (polling, at most `ms` of wall time) until `test()` holds. */
async function until(what: string, test: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The views pushed to `screen` from now on. */
function pushedViews(screen: ScreenLink): TerminalView[] {
  const views: TerminalView[] = [];
  screen.onPush((name: PushName, payload) => {
    if (name === 'view') views.push(payload as TerminalView);
  });
  return views;
}

/** Eva deals, Ann and Bob sit down (through the service, as the dealer's requests do). */
function seatTwo(terminal: Terminal, tableId = 'T1'): void {
  const s = terminal.service;
  must(s.dealerOn({ tableId, dealer: 'Eva' }));
  must(s.seatPlayer({ tableId, seat: 1, playerId: 'ann', name: 'Ann', buyIn: 200000 }));
  must(s.seatPlayer({ tableId, seat: 2, playerId: 'bob', name: 'Bob', buyIn: 200000 }));
}

/** A card source the test drives by hand (a shoe or scanner on no port). */
class HandSource implements CardSource {
  readonly label: string;
  readonly simulated = false;
  readonly state = 'connected' as const;
  private readonly listeners = new Listeners<SourceEvent>();
  constructor(readonly id: string, readonly role: 'shoe' | 'scanner') {
    this.label = `test ${role} ${id}`;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  card(card: Card): void {
    this.listeners.emit({ kind: 'card', device: this.id, at: Date.now(), card, seq: undefined, raw: new TextEncoder().encode(String(card)) });
  }
  jam(): void {
    this.listeners.emit({ kind: 'status', device: this.id, at: Date.now(), status: 'jam' });
  }
}

describe('views pushed to a screen', () => {
  it('pushes each committed change of the table as one view, and a later change as another', async () => {
    const { terminal } = await start(newDb());
    await settle();
    const views = pushedViews(terminal.openScreen('test'));
    must(terminal.service.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    await settle();
    expect(views.map((v) => v.dealer)).toEqual(['Eva']);
    must(terminal.service.seatPlayer({ tableId: 'T1', seat: 1, playerId: 'ann', name: 'Ann', buyIn: 200000 }));
    await settle();
    expect(views).toHaveLength(2);
    expect(views[1].seats[0].player).toMatchObject({ name: 'Ann' });
  });

  it('pushes a change that raises an alert once, carrying the alert', async () => {
    const { terminal } = await start(newDb());
    seatTwo(terminal);
    must(terminal.service.startHand({ tableId: 'T1' }));
    await settle();
    expect(terminal.view().hand?.phase).toBe('setting');
    const views = pushedViews(terminal.openScreen('test'));
    must(terminal.service.callMisdeal({ tableId: 'T1', cause: 'wrong-card-count' }));
    await settle();
    expect(views).toHaveLength(1);
    expect(views[0].hand?.phase).toBe('misdealt');
    expect(views[0].alerts.map((a) => [a.kind, a.code])).toContainEqual(['misdeal', 'wrong-card-count']);
  });

  it("pushes nothing for another table on the same terminal, and does not show its device's refusal", async () => {
    const { terminal } = await start(newDb());
    await settle();
    const views = pushedViews(terminal.openScreen('test'));
    const s = terminal.service;
    must(s.openTable({ tableId: 'T2', name: 'Other', pointValue: 100 }));
    const other = new HandSource('test:t2-shoe', 'shoe');
    must(s.attachCardSource('T2', other));
    other.jam(); // a device fault: an alert at T2
    other.card(7 as Card); // between hands: refused at T2
    await settle();
    expect(s.alerts().filter((a) => a.tableId === 'T2')).not.toEqual([]);
    expect(views).toEqual([]);
    expect(terminal.view()).toMatchObject({ table: { id: 'T1' }, deviceNotice: null });
  });

  it('shows a refused device read until something is recorded, not cleared by a device status or a card held for a row', async () => {
    const { terminal, logs } = await start(newDb());
    await settle();
    const views = pushedViews(terminal.openScreen('test'));
    // Between hands the simulated shoe reads a card: refused, shown, logged.
    await (terminal.shoe as InProcessShoe).feed([3 as Card]);
    await settle();
    const notice = { code: 'no-hand-in-play', message: 'no hand is in play at table T1: start a hand first' };
    expect(terminal.view().deviceNotice).toEqual(notice);
    expect(views.at(-1)?.deviceNotice).toEqual(notice);
    expect(logs).toContain('device sim:shoe: no hand is in play at table T1: start a hand first');
    // Another device attached reports its status: no change recorded, the notice stays.
    const spare = new HandSource('test:spare', 'scanner');
    const detach = must(terminal.service.attachCardSource('T1', spare));
    await settle();
    expect(terminal.view().deviceNotice).toEqual(notice);
    detach();
    // The dealer takes the box: recorded, the notice goes.
    must(terminal.service.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    await settle();
    expect(terminal.view().deviceNotice).toBeNull();
    expect(views.at(-1)?.deviceNotice).toBeNull();
  });

  it("keeps a scanner's refused card shown while the seat's next cards are held for its rows", async () => {
    const { terminal } = await start(newDb());
    seatTwo(terminal);
    const s = terminal.service;
    must(s.startHand({ tableId: 'T1' }));
    must(s.seatReady({ tableId: 'T1', seat: 1 }));
    must(s.seatReady({ tableId: 'T1', seat: 2 }));
    must(s.openShowdown({ tableId: 'T1' }));
    const scanner = new HandSource('test:scanner', 'scanner');
    must(s.attachCardSource('T1', scanner));
    const target = scannerExpects(must(s.snapshot('T1')).hand!.state)!;
    const cards = terminal.view().hand!.seats[target.seat - 1].cards!;
    scanner.card(cards[0] as Card);
    scanner.card(cards[0] as Card); // the same card again: refused
    await settle();
    expect(terminal.view().deviceNotice).toMatchObject({ code: 'scanned-twice' });
    scanner.card(cards[1] as Card); // held for the row, nothing recorded yet
    await settle();
    expect(terminal.view().deviceNotice).toMatchObject({ code: 'scanned-twice' });
  });

  it('pushes an admin\'s device change once, showing the new device', async () => {
    const { terminal } = await start(newDb());
    await settle();
    const views = pushedViews(terminal.openScreen('test'));
    must(await terminal.devices.changeDevice({ role: 'shoe', device: { kind: 'none' }, staffId: 'ada', reason: 'the shoe goes for repair' }));
    await settle();
    expect(views).toHaveLength(1);
    expect(views[0].shoe.kind).toBe('none');
  });
});

describe("a screen's own pushes", () => {
  it('hears its session when someone signs in on it, and nothing once it stopped listening', async () => {
    const { terminal } = await start(newDb());
    await settle();
    const screen = terminal.openScreen('test');
    const heard: [PushName, unknown][] = [];
    const off = screen.onPush((name, payload) => heard.push([name, payload]));
    must(await screen.request('dealerOn', { dealer: credentialOf(STAFF.dealer) }));
    await settle();
    const sessions = heard.filter(([n]) => n === 'session').map(([, p]) => p as { people: { staffId: string }[] });
    expect(sessions.at(-1)?.people.map((p) => p.staffId)).toEqual(['eva']);
    expect(heard.some(([n]) => n === 'view')).toBe(true);
    off();
    heard.length = 0;
    must(await screen.request('seatPlayer', { seat: 1, name: 'Ann', buyIn: 200000 }));
    await settle();
    expect(heard).toEqual([]);
  });
});

describe('the simulated shoe after a restart', () => {
  it('deals no second deck into a deal it was in the middle of', async () => {
    const db = newDb();
    const first = await start(db, [], {}, '60000');
    seatTwo(first.terminal);
    must(first.terminal.service.startHand({ tableId: 'T1' }));
    expect(first.terminal.view().hand).toMatchObject({ phase: 'dealing', cardsRead: 1 });
    await stop(first.terminal);
    const again = await start(db);
    await settle();
    expect(again.terminal.view().hand).toMatchObject({ phase: 'dealing', cardsRead: 1 });
  });
});


/** A server on 127.0.0.1 that accepts and, with `answer`, replies to what it is sent; closed after the test. */
async function server(answer?: (socket: Socket, data: Buffer) => void): Promise<{ url: string; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const s: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    if (answer) socket.on('data', (d) => answer(socket, d));
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const k of sockets) k.destroy();
    return new Promise<void>((resolve) => s.close(() => resolve()));
  });
  return { url: `postgres://casino@127.0.0.1:${(s.address() as { port: number }).port}/casino`, sockets };
}

/** PostgreSQL's answer to a start-up message: authenticated, ready for a query (which never comes back). */
function readyForQuery(socket: Socket, data: Buffer): void {
  // The start-up message has no type byte (its protocol number follows the length); a query starts with its type.
  if (data.length >= 8 && data.readInt32BE(4) === 196608) {
    const auth = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
    const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    socket.write(Buffer.concat([auth, ready]));
  }
}

describe('the central link without a central server', () => {
  it('refuses the start when the central migrations folder is not there, and leaves the database free', async () => {
    const db = newDb();
    const missing = join(folders[folders.length - 1], 'central-migrations');
    const url = `postgres://casino@127.0.0.1:${await closedPort()}/casino`;
    const e = await start(db, ['--central', url], { centralMigrationsDir: missing }).then(
      (t) => {
        running.add(t.terminal);
        return new Error('the terminal opened');
      },
      (x: unknown) => x as Error,
    );
    expect(e.message).toBe(`cannot start the link to the central server: migrations folder ${missing} does not exist`);
    const { terminal } = await start(db);
    expect(terminal.central).toBeNull();
  });

  it('a closed port: the link down is pushed and logged once however often it retries; what waits is counted with each commit; nothing is told after close', async () => {
    const url = `postgres://casino@127.0.0.1:${await closedPort()}/casino`;
    const { terminal, logs } = await start(newDb(), ['--central', url], { central: { firstRetryMs: 5, maxRetryMs: 5, stopFlushMs: 0, stopGraceMs: 5000 } });
    const views = pushedViews(terminal.openScreen('test'));
    let downs = 0;
    terminal.central!.subscribe((s) => {
      if (s.state === 'down') downs++;
    });
    await until('three failed attempts', () => downs >= 3);
    await settle();
    // Pushed without any change at the table.
    const down = views.find((v) => v.central?.state === 'down')?.central;
    expect(down?.reason).toMatch(/^cannot reach the central server postgres:\/\/casino@127\.0\.0\.1:\d+\/casino: connect ECONNREFUSED/);
    expect(logs.filter((l) => l.startsWith('central server'))).toEqual([
      expect.stringMatching(/^central server down \(the table deals on; retrying\): cannot reach the central server .*ECONNREFUSED/),
    ]);
    // A commit while down: the view counts it at once.
    must(terminal.service.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    const now = terminal.central!.state();
    expect(terminal.view().central).toMatchObject({ state: 'down', behind: now.headId });
    expect(now.behind).toBe(now.headId);
    views.length = 0;
    await stop(terminal);
    await settle();
    expect(views.filter((v) => v.central?.state === 'stopped')).toEqual([]);
    expect(logs.filter((l) => l.startsWith('central server') && !l.startsWith('central server down'))).toEqual([]);
  });

  it('a server that never answers: connecting, what waits counted with each commit, and the close kept within its limits', async () => {
    const silent = await server();
    const { terminal } = await start(newDb(), ['--central', silent.url], { central: { connectTimeoutMs: 600_000, stopFlushMs: 1, stopGraceMs: 1 } });
    await until('the forwarder connecting', () => silent.sockets.length === 1);
    expect(terminal.view().central?.state).toBe('connecting');
    must(terminal.service.dealerOn({ tableId: 'T1', dealer: 'Eva' }));
    expect(terminal.view().central).toMatchObject({ state: 'connecting', behind: terminal.central!.state().headId });
    running.delete(terminal);
    const closing = terminal.close().then(() => 'closed');
    // Limits of 1 ms each: a second and a half is far beyond them (the unmutated close takes milliseconds).
    expect(await Promise.race([closing, sleep(1500).then(() => 'still closing')])).toBe('closed');
  });

  it('gives the link its connect limit: a connect left unanswered is given up after it', async () => {
    const silent = await server();
    const { terminal } = await start(newDb(), ['--central', silent.url], { central: { connectTimeoutMs: 100, firstRetryMs: 60_000, stopFlushMs: 0, stopGraceMs: 1 } });
    // The default limit is 5 s: within 3 s only the given one can have run out.
    await until('the link down', () => terminal.view().central?.state === 'down', 3000);
    expect(terminal.view().central?.reason).toMatch(/^cannot reach the central server postgres:\/\/casino@127\.0\.0\.1:\d+\/casino: timeout expired$/);
  });

  it('gives the link its query limit: a server that answers the start-up but no query is given up after it', async () => {
    const halfway = await server(readyForQuery);
    const { terminal } = await start(newDb(), ['--central', halfway.url], { central: { queryTimeoutMs: 100, firstRetryMs: 60_000, stopFlushMs: 0, stopGraceMs: 1 } });
    // The default limit is 30 s: within 3 s only the given one can have run out.
    await until('the link down', () => terminal.view().central?.state === 'down', 3000);
    expect(terminal.view().central?.reason).toMatch(/^the central server postgres:\/\/casino@127\.0\.0\.1:\d+\/casino failed while reading its schema: Query read timeout$/);
  });
});
