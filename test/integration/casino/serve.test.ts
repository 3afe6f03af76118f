/**
 * `casino serve` over a real PostgreSQL: three tables forwarding (each its own file, so its
 * own identity), the floor's view folded from the central rows: each table's live state equal
 * to what its own service says; an alert raised at a table shown with its wait and gone once
 * acknowledged; a fork found centrally shown; the history across tables and one hand's
 * timeline; sign-in refusals (nobody signed in, a dealer's PIN, the idle sign-out); the page in
 * Chromium, English and Czech, with screenshots.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSocket } from '../../support/ws-client';
import { CentralSession } from '../../../app/casino/central';
import { parseCentralUrl } from '../../../app/casino/central-url';
import type { FloorHistory, FloorOverview, FloorTimeline } from '../../../app/casino/floor';
import { Forwarder } from '../../../app/casino/forwarder';
import { startCasinoServer, type CasinoServer } from '../../../app/casino/serve';
import { tableLogOf } from '../../../app/casino/table-log';
import { unwrap, type Result } from '../../../app/domain/result';
import { openStore, type Store } from '../../../app/services/store';
import { replayStoredHand, TableService } from '../../../app/services/table-service';
import { addStaff, databaseWithStaff, STAFF } from '../../support/staff';
import { table as tableCli } from '../../support/table-cli';
import type { PgCluster } from '../../support/postgres';
import { launchBrowser, SCREENSHOTS } from '../../e2e/harness';
import { tempFolder } from '../store/temp';
import { centralServer, dealHands, rewriteHistory, until } from './helpers';

interface Table { id: string; db: string; store: Store; service: TableService; forwarder: Forwarder }

let cluster: PgCluster;
let url: string;
let tmp: ReturnType<typeof tempFolder>;
let server: CasinoServer;
let offsetMs = 0;
const tables: Table[] = [];

function openTable(id: string): Table {
  const db = join(tmp.dir, `${id}.db`);
  const store = openStore(db);
  const service = new TableService(store);
  const central = unwrap(parseCentralUrl(url));
  const forwarder = new Forwarder(unwrap(tableLogOf(store)), () => CentralSession.open(central), { pollMs: 20, firstRetryMs: 20, maxRetryMs: 200 });
  service.subscribe(() => forwarder.wake());
  forwarder.start();
  const t = { id, db, store, service, forwarder };
  tables.push(t);
  return t;
}

async function caughtUp(t: Table): Promise<void> {
  await until(`${t.id} forwarded`, () => t.forwarder.state().state === 'connected' && t.forwarder.state().behind === 0);
}

/** A browser-like socket: the token on the URL, one request at a time. */
const socket = () => requestSocket(server.url);

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The overview once the floor has folded every table's rows. */
async function overviewWhen(test: (o: FloorOverview) => boolean): Promise<FloorOverview> {
  let o = server.floor.overview();
  await until('the floor view', async () => {
    await server.floor.refresh();
    return test((o = server.floor.overview()));
  });
  return o;
}

beforeAll(async () => {
  tmp = tempFolder('cp-casino-serve-');
  ({ cluster, url } = await centralServer('floor'));
  for (const [id, hands, seed] of [['T1', 2, 11], ['T2', 3, 12], ['T3', 1, 13]] as const) {
    const t = openTable(id);
    // Each file made here has its own identity; the staff only matters for the casino's file.
    if (id === 'T1') addStaff(t.store);
    await dealHands(t.service, { hands, seed, tableId: id });
  }
  for (const t of tables) await caughtUp(t);
  const staffDb = join(tmp.dir, 'casino-staff.db');
  databaseWithStaff(staffDb);
  server = must(await startCasinoServer({ central: unwrap(parseCentralUrl(url)), staffDb, pollMs: 100, clock: () => Date.now() + offsetMs }));
}, 60_000);

afterAll(async () => {
  await server?.close();
  for (const t of tables) {
    await t.forwarder.stop();
    t.store.close();
  }
  await cluster?.destroy();
  tmp?.cleanup();
});

describe('casino serve', () => {
  it('folds every table from the central rows: the live state equals each table\'s own service', async () => {
    const o = await overviewWhen((x) => x.tables.length === 3);
    expect(o.central.state).toBe('connected');
    for (const t of tables) {
      const snap = must(t.service.snapshot(t.id));
      const seen = o.tables.find((x) => x.tableId === t.id)!;
      expect(seen).toMatchObject({
        phase: snap.hand?.open ? snap.hand.state.phase : 'between-hands',
        handNumber: snap.handsStarted,
        dealer: snap.dealer,
        button: snap.button,
        behind: 0,
        problem: null,
      });
      expect(seen.seats).toEqual(snap.seats.map((s) => (s.player ? { seat: s.seat, playerId: s.player.id, name: s.player.name, stack: s.stack } : null)));
      expect(seen.lagMs).not.toBeNull();
      expect(seen.lagMs!).toBeGreaterThanOrEqual(0);
    }
    // Incremental: a new hand at T3 is folded on top of what was folded.
    const t3 = tables[2];
    await dealHands(t3.service, { hands: 2, seed: 13, tableId: 'T3' });
    await caughtUp(t3);
    const after = await overviewWhen((x) => x.tables.find((t) => t.tableId === 'T3')!.handNumber === 2);
    const snap = must(t3.service.snapshot('T3'));
    expect(after.tables.find((t) => t.tableId === 'T3')!.seats.map((s) => s?.stack)).toEqual(snap.seats.map((s) => (s.player ? s.stack : undefined)));
  });

  it('shows an alert raised at a table with its wait, oldest first, and drops it once acknowledged', async () => {
    const t1 = tables[0];
    must(t1.service.startHand({ tableId: 'T1' }));
    must(t1.service.cardUnreadable({ tableId: 'T1' }));
    const alert = t1.service.alerts().find((a) => a.kind === 'misdeal')!;
    expect(alert).toBeDefined();
    await caughtUp(t1);
    offsetMs = 0;
    // This misdeal's alert (the poll may already have brought others, e.g. another table's).
    const ours = (a: { source: string; tableIds: readonly string[]; message: string }) => a.source === 'table' && a.tableIds.includes('T1') && a.message === alert.message;
    const o = await overviewWhen((x) => x.alerts.some(ours));
    const shown = o.alerts.find(ours)!;
    const raised = o.alerts.map((a) => a.raisedAt);
    expect([...raised].sort()).toEqual(raised); // oldest first
    expect(shown).toMatchObject({ kind: 'misdeal', code: alert.code, message: alert.message, raisedAt: alert.raisedAt, terminalId: expect.any(String) });
    expect(shown.waitedMs).toBeGreaterThanOrEqual(0);
    const phaseAtTable = must(t1.service.snapshot('T1'));
    expect(o.tables.find((t) => t.tableId === 'T1')!.handNumber).toBe(phaseAtTable.handsStarted);
    must(t1.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', as: 'floor', tableId: 'T1' }));
    await caughtUp(t1);
    const cleared = await overviewWhen((x) => !x.alerts.some(ours));
    expect(cleared.alerts.filter(ours)).toEqual([]);
  });

  it('shows a fork the central server found (a table edited behind its back)', async () => {
    const t2 = tables[1];
    await t2.forwarder.stop();
    t2.store.close();
    rewriteHistory(t2.db, 5);
    const sync = await tableCli('sync', '--db', t2.db, '--central', url);
    expect(sync.code).toBe(1);
    const o = await overviewWhen((x) => x.alerts.some((a) => a.source === 'central'));
    const fork = o.alerts.find((a) => a.source === 'central')!;
    expect(fork).toMatchObject({ kind: 'fork', tableIds: ['T2'] });
    expect(fork.waitedMs).toBeGreaterThanOrEqual(0);
    // Oldest first.
    const times = o.alerts.map((a) => Date.parse(a.raisedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The table's own state stays as first received.
    expect(o.tables.find((t) => t.tableId === 'T2')!.handNumber).toBe(3);
  });

  it('answers the history across tables (newest first, paged, by table) and one hand\'s timeline to a signed-in floor person', async () => {
    const c = await socket();
    try {
      must(await c.ask('signIn', { staffId: STAFF.floor.staffId, pin: STAFF.floor.pin }));
      const all = must(await c.ask<FloorHistory>('history', { size: 100 }));
      // T1: 2 + the misdeal, T2: 3, T3: 2.
      expect(all.hands).toHaveLength(8);
      expect(all.more).toBe(false);
      const starts = all.hands.map((h) => h.startedAt);
      expect(starts).toEqual([...starts].sort().reverse());
      const page = must(await c.ask<FloorHistory>('history', { size: 3, page: 1 }));
      expect(page.hands.map((h) => h.handId)).toEqual(all.hands.slice(3, 6).map((h) => h.handId));
      expect(page.more).toBe(true);
      const t2 = must(await c.ask<FloorHistory>('history', { tableId: 'T2' }));
      expect(t2.hands.map((h) => h.handId)).toEqual(['T2-3', 'T2-2', 'T2-1']);
      expect(t2.hands.every((h) => h.phase === 'closed' && h.players.every((p) => p.net !== null))).toBe(true);
      expect(all.hands.find((h) => h.handId === 'T1-3')!.phase).toBe('misdealt');
      const hand = t2.hands[2];
      const tl = must(await c.ask<FloorTimeline>('timeline', { terminalId: hand.terminalId, handId: hand.handId }));
      const t2File = openStore(tables[1].db, { readonly: true });
      const replay = must(replayStoredHand(t2File, 'T2-1'));
      t2File.close();
      expect(tl.steps.map((s) => s.eventId)).toEqual(replay.map((s) => s.event.id));
      expect(tl.steps.map((s) => s.event.type)).toEqual(replay.map((s) => s.event.type));
      expect(tl.who).toEqual(replay.map((s) => s.event.body.by));
      expect(tl.steps[tl.steps.length - 1].after.phase).toBe('closed');
      expect(await c.ask('timeline', { terminalId: hand.terminalId, handId: 'T9-1' })).toMatchObject({ ok: false, error: { code: 'unknown-hand' } });
    } finally {
      c.close();
    }
  });

  it('refuses a reader\'s request without a floor person or an auditor signed in: nobody, a dealer\'s PIN, after the idle time', async () => {
    const c = await socket();
    try {
      expect(await c.ask('overview')).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
      expect(await c.ask('history')).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
      expect(await c.ask('signIn', { staffId: STAFF.dealer.staffId, pin: STAFF.dealer.pin })).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      expect(await c.ask('overview')).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
      expect(await c.ask('signIn', { staffId: STAFF.floor.staffId, pin: '000000' })).toMatchObject({ ok: false, error: { code: 'wrong-pin' } });
      expect(await c.ask('launch', {})).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
      // The auditor reads; 15 minutes without his own doing (the page's polls do not count) sign him out.
      must(await c.ask('signIn', { staffId: STAFF.auditor.staffId, pin: STAFF.auditor.pin }));
      expect((await c.ask<FloorOverview>('overview')).ok).toBe(true);
      offsetMs = 14 * 60_000;
      expect((await c.ask<FloorOverview>('overview', { touch: false })).ok).toBe(true);
      offsetMs = 15 * 60_000 + 1000;
      expect(await c.ask('overview', { touch: false })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
      offsetMs = 0;
      // Every sign-in and refusal is in the casino's staff file.
      const olga = server.staff.state.members.get(STAFF.auditor.staffId)!;
      expect(olga.sessions).toEqual([]);
      const eva = server.staff.state.members.get(STAFF.dealer.staffId)!;
      expect(eva.sessions).toEqual([]);
    } finally {
      c.close();
      offsetMs = 0;
    }
  });

  it('shows the tables, the alerts and the history in Chromium, in English and Czech', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(8000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => errors.push(m.text()));
      await page.goto(server.url);
      await page.fill('#staff-id', STAFF.floor.staffId);
      await page.fill('#pin', STAFF.floor.pin);
      await page.click('#signin-button');
      await page.waitForSelector('.table-card[data-table="T3"]').catch((e: Error) => {
        throw new Error(`${e.message}: ${errors.join('; ')}`);
      });
      expect(await page.locator('.table-card').count()).toBe(3);
      await page.waitForSelector('.alerts li.central');
      await page.waitForSelector('#history tr[data-hand]');
      await page.click('#history tr[data-hand="T2-1"]');
      await page.waitForSelector('#timeline-rows tr');
      expect(await page.textContent('#timeline-title')).toContain('T2');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, '30-casino-floor.png'), fullPage: true });
      await page.click('#lang');
      await page.waitForFunction(() => document.documentElement.lang === 'cs' && document.querySelector('h2[data-t="tables"]')?.textContent === 'Stoly');
      expect(await page.textContent('.table-card[data-table="T1"]')).toContain('Krupiér');
      await page.screenshot({ path: join(SCREENSHOTS, '30-casino-floor-cs.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
