/**
 * End-to-end harness: `npm run serve` as a real process on a temporary database that holds the
 * test staff (test/support/staff.ts) before the terminal first opens it, the shoe simulator
 * and a scanner on socat pseudo-terminals, and Debian's chromium driven by playwright-core.
 * Only processes started here are ended, by their ids.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { makeCard, type Card } from '../../app/domain/cards';
import { PtyPair } from '../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import type { TerminalView } from '../../app/contract/view';
import { bestArrangement } from '../../app/domain/arrange';
import { STAFF, credentialOf, databaseWithStaff, type TestPerson } from '../support/staff';
import { requestSocket } from '../support/ws-client';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..');
export const SCREENSHOTS = join(HERE, 'screenshots');

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Builds the screen if its sources changed since the last build. */
export async function buildScreen(): Promise<void> {
  const { build } = (await import(join(ROOT, 'scripts', 'build.mjs'))) as { build: (what: string, o: object) => Promise<string[]> };
  await build('renderer', { ifStale: true, quiet: true });
}

export interface Served {
  readonly url: string;
  readonly dir: string;
  readonly stderr: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `npm run serve` with these terminal flags on a fresh database holding the test staff
 * (`STAFF`; `staff: false` leaves it to the terminal to make, with nobody on it); resolves
 * with its URL.
 */
export async function startServe(flags: readonly string[], options: { staff?: boolean } = {}): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'cpt-e2e-'));
  const db = join(dir, 'terminal.db');
  if (options.staff !== false) databaseWithStaff(db);
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'serve', '--', '--db', db, '--port', '0', '--no-build', ...flags], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let err = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no URL within 60 s: ${err}`)), 60_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('http://'));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
  return {
    url,
    dir,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM'); // the npm process group this harness started
        const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A simulated device on its own pty pair: the shoe (framed) or the scanner (lines). */
export async function simulatedDevice(format: 'framed' | 'lines', paceMs: number): Promise<{ pair: PtyPair; sim: SerialShoeSimulator; log: string[] }> {
  const pair = await PtyPair.open();
  const log: string[] = [];
  const sim = new SerialShoeSimulator({
    path: pair.devicePath, format, paceMs, heartbeatMs: format === 'framed' ? 500 : null, reopenMs: 10,
    log: (m) => log.push(`${new Date().toISOString()} ${m}`),
  });
  await sim.start();
  return { pair, sim, log };
}

// ------------------------------------------------------------------ stacked decks

/**
 * The "dragon" deck: seat s holds one card of every rank, rank r in suit (r + s) mod 4, so
 * every seat may truly declare a Dragon and none holds six pairs. Set as
 * front 2-3-4, middle 5-9, back T-A (two straights), every seat's hand has the same value.
 */
export function dragonHand(seat: number): Card[] {
  return Array.from({ length: 13 }, (_, r) => makeCard(r, (r + seat) % 4));
}

/** The order the shoe must read so that each seat gets `hands[seat]`: the k-th card goes to
 *  seat ((button + k) mod 4) + 1 (RULES.md section 2). */
export function dealOrder(button: number, hands: (seat: number) => Card[]): Card[] {
  const out: Card[] = [];
  const next = [0, 0, 0, 0, 0];
  for (let k = 0; k < 52; k++) {
    const seat = ((button + k) % 4) + 1;
    out.push(hands(seat)[next[seat]++]);
  }
  return out;
}

/** A valid set of a dragon hand: front ranks 2-4, middle 5-9, back T-A. */
export function validSet(seat: number): { front: Card[]; middle: Card[]; back: Card[] } {
  const h = dragonHand(seat);
  return { front: h.slice(0, 3), middle: h.slice(3, 8), back: h.slice(8, 13) };
}

/** A fouled set of a dragon hand: the T-A straight in the middle beats the 5-9 in the back. */
export function fouledSet(seat: number): { front: Card[]; middle: Card[]; back: Card[] } {
  const h = dragonHand(seat);
  return { front: h.slice(0, 3), middle: h.slice(8, 13), back: h.slice(3, 8) };
}

// ------------------------------------------------------------------ page helpers

export function screenshot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the page shows the hand in `phase`. */
export async function phase(page: Page, p: string, timeout = 15_000): Promise<void> {
  await page.waitForSelector(`[data-testid=phase][data-phase="${p}"]`, { timeout });
}

export async function selectSeat(page: Page, seat: number): Promise<void> {
  const el = page.locator(`.felt [data-seat="${seat}"]`);
  if ((await el.getAttribute('aria-pressed')) !== 'true') await el.click();
}

/** Clicks the confirming button of the open question. */
export async function confirm(page: Page): Promise<void> {
  await page.click('[data-testid=confirm-yes]');
  await page.waitForSelector('[data-testid=confirm-dialog]', { state: 'detached' });
}

/** Enters a seat's set by tapping its cards into the rows. */
export async function tapSet(page: Page, seat: number, set: { front: Card[]; middle: Card[]; back: Card[] }): Promise<void> {
  await page.click(`[data-testid=showdown-seat][data-seat="${seat}"] [data-testid=tap-entry]`);
  const dialog = page.locator(`[data-testid=tap-entry-dialog][data-seat="${seat}"]`);
  for (const row of ['front', 'middle', 'back'] as const) {
    await dialog.locator(`[data-testid=tap-row-${row}]`).click();
    for (const card of set[row]) await dialog.locator(`[data-testid=tap-remaining] [data-card="${card}"]`).click();
  }
  await dialog.locator('[data-testid=tap-submit]').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Types a staff id and a PIN (on the screen's keypad, as a finger would) into a sign-in form or the PIN dialog. */
export async function typeCredential(page: Page, scope: string, idField: string, pad: string, who: Pick<TestPerson, 'staffId' | 'pin'>): Promise<void> {
  await page.fill(`${scope} [data-testid=${idField}]`, who.staffId);
  for (const digit of who.pin) await page.click(`${scope} [data-testid=${pad}] [data-testid=${pad}-key][data-key="${digit}"]`);
}

/** The dealer signs in on this screen with his staff id and PIN and takes the box. */
export async function dealerSignIn(page: Page, who: Pick<TestPerson, 'staffId' | 'pin'>): Promise<void> {
  await typeCredential(page, '[data-testid=dealer-sign-in]', 'dealer-staff-id', 'dealer-pin', who);
  await page.click('[data-testid=dealer-on]');
  await page.waitForSelector(`[data-testid=session-person][data-purpose=take-box][data-staff="${who.staffId}"]`);
}

/** Signs the open PIN dialog with a floor person's staff id and PIN. */
export async function signPin(page: Page, who: Pick<TestPerson, 'staffId' | 'pin'>, second?: Pick<TestPerson, 'staffId' | 'pin'>): Promise<void> {
  await typeCredential(page, '[data-testid=pin-dialog] [data-testid=pin-first]', 'pin-staff-id', 'pin-pin', who);
  if (second) await typeCredential(page, '[data-testid=pin-dialog] [data-testid=pin-second]', 'pin-second-staff-id', 'pin-second-pin', second);
  await page.click('[data-testid=pin-confirm]');
}

/** The buttons and inputs inside `selector` smaller than a 44 px touch target, with their size. */
export function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} button, ${selector} input`).evaluateAll((els) => els.flatMap((e) => {
    const r = e.getBoundingClientRect();
    return Math.min(r.width, r.height) < 44 ? [`${(e as HTMLElement).dataset.testid ?? e.tagName}: ${Math.round(r.width)}x${Math.round(r.height)}px`] : [];
  }));
}

/** The deal counts shown on the four seats. */
export function dealCounts(page: Page): Promise<number[]> {
  return page.locator('.felt [data-testid=deal-count]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.count)));
}

/** The dealer's own WebSocket to a served terminal, with the requests the e2e tests make on it. */
export interface DealerSocket {
  /** The reply of a request the terminal must accept (a refusal throws, naming it). */
  ok<T = TerminalView>(name: string, args?: unknown): Promise<T>;
  /** Asks for the view until it satisfies `test` (20 s of wall time at most). */
  viewUntil(test: (v: TerminalView) => boolean): Promise<TerminalView>;
  /** Deals a hand (the simulated shoe), sets every live seat its best, settles and pays; the view after. */
  playHand(start?: 'startHand' | 'nextHand'): Promise<TerminalView>;
  close(): void;
}

/** Opens the dealer's socket to `url`; he signs in and takes the box with the test dealer's PIN. */
export async function dealerSocket(url: string, who: TestPerson = STAFF.dealer): Promise<DealerSocket> {
  const socket = await requestSocket(url);
  const ok = async <T = TerminalView>(name: string, args: unknown = {}): Promise<T> => {
    const r = await socket.ask<T>(name, args);
    if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  const viewUntil = async (test: (v: TerminalView) => boolean): Promise<TerminalView> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const v = await ok('snapshot');
      if (test(v)) return v;
      if (Date.now() > deadline) throw new Error('the table never got there');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const playHand = async (start: 'startHand' | 'nextHand' = 'startHand'): Promise<TerminalView> => {
    await ok(start);
    const dealt = await viewUntil((v) => v.hand?.phase === 'setting');
    for (const s of dealt.hand!.seats.filter((x) => x.live)) await ok('seatReady', { seat: s.seat });
    const open = await ok('openShowdown');
    for (const s of open.hand!.seats.filter((x) => x.live)) {
      const best = bestArrangement(s.cards!).hand;
      await ok('setHand', { seat: s.seat, front: [...best.front], middle: [...best.middle], back: [...best.back] });
    }
    let v = await ok('settle');
    for (const p of v.hand!.result!.payments.filter((x) => !x.done)) v = await ok('executePayment', { index: p.index });
    return v;
  };
  await ok('dealerOn', { dealer: credentialOf(who) });
  return { ok, viewUntil, playHand, close: () => socket.close() };
}

/** A page on the served screen, its errors collected into `errors`. */
export async function screenPage(browser: Browser, url: string, errors: string[], viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('[data-testid=screen]');
  return page;
}

/** After a failed test: a screenshot named after it and the server's stderr, to see why. */
export async function afterFailure(task: { name: string; result?: { state?: string } }, page: Page | undefined, served: Served | undefined): Promise<void> {
  if (task.result?.state !== 'fail') return;
  if (page) await screenshot(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => {});
  process.stderr.write(`--- serve:\n${served?.stderr() ?? ''}\n`);
}
