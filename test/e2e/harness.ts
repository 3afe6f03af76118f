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

/** The players the e2e tests seat, by seat. */
export const FOUR_PLAYERS = [[1, 'Ann'], [2, 'Bob'], [3, 'Cyril'], [4, 'Dana']] as const;

/** Seats each player on the screen with a buy-in (major units, as typed), answering the question a buy-in asks first. */
export async function seatOnScreen(page: Page, players: readonly (readonly [number, string])[], buyIn = '2000'): Promise<void> {
  for (const [seat, name] of players) {
    await selectSeat(page, seat);
    await page.fill('[data-testid=player-name]', name);
    await page.fill('[data-testid=buy-in]', buyIn);
    await page.click('[data-testid=seat-player]');
    await confirm(page); // a buy-in cannot be taken back: the screen asks first
    await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=stack]`);
  }
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

/** The admin opens the staff panel with his id and PIN and goes to one of its tabs (`admin-tab-<tab>`). */
export async function openAdminTab(page: Page, tab: 'rules' | 'devices'): Promise<void> {
  await page.click('[data-testid=open-staff]');
  await typeCredential(page, '[data-testid=staff-sign-in]', 'staff-admin-id', 'staff-admin-pin', STAFF.admin);
  await page.click('[data-testid=staff-open]');
  await page.click(`[data-testid=admin-tab-${tab}]`);
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

/** What a one-screen layout check may allow: lists meant to scroll, and what must show in full even so. */
export interface LayoutAllowance {
  /** Containers meant to scroll a long list (a replay's steps): what they clip is not counted, they must fit themselves. */
  readonly scrollAreas?: readonly string[];
  /** What must show in full even inside a scroll area (a long read's head and its buttons). */
  readonly mustSee?: readonly string[];
}

/**
 * Where the screen as drawn now breaks the one-screen layout, in words (empty when it holds):
 * the page scrolls; a visible button, input or `data-testid` element lies outside the viewport
 * or is cut off by a panel that clips it (a panel that has to be scrolled); a button or input is
 * smaller than a 44 x 44 px touch target (the rule of {@link smallTargets}) or a button's label is
 * wider than the button; two buttons or
 * inputs overlap; a visible text in a part read at a glance ({@link READ_AT_A_GLANCE}) renders
 * smaller than {@link GLANCE_TEXT_PX} (its computed font size, a `::before`/`::after` text too).
 * With a dialog open, only the topmost dialog is looked at (the rest is behind its backdrop).
 */
export function layoutProblems(page: Page, allowance: LayoutAllowance = {}): Promise<string[]> {
  return page.evaluate(([scrollSelectors, mustSeeSelectors, glanceSelectors, glancePx]) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollHeight > vh) problems.push(`the page scrolls: ${root.scrollHeight} px high in ${vh}`);
    if (root.scrollWidth > vw) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${vw}`);

    const zOf = (el: Element) => {
      let z = 0;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const v = Number.parseInt(getComputedStyle(e).zIndex, 10);
        if (!Number.isNaN(v)) z = Math.max(z, v);
      }
      return z;
    };
    let layer: Element = document.body;
    let layerZ = -1;
    for (const m of Array.from(document.querySelectorAll('[aria-modal="true"]'))) {
      const z = zOf(m);
      if (z >= layerZ) [layer, layerZ] = [m, z];
    }
    const scrollAreas = scrollSelectors.flatMap((s) => Array.from(layer.querySelectorAll(s)));
    const mustSee = new Set(mustSeeSelectors.flatMap((s) => Array.from(layer.querySelectorAll(s))));
    const scrolled = (el: Element) => !mustSee.has(el) && scrollAreas.some((a) => a !== el && a.contains(el));
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
    };
    const name = (el: Element) => {
      const d = (el as HTMLElement).dataset;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
      const what = d.testid ?? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      return `${what}${d.seat ? `[seat ${d.seat}]` : ''}${d.card ? `[card ${d.card}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    /** The part of the element that can be seen: its box cut by the viewport and by every ancestor that clips. */
    const visiblePart = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [l, t, rr, b] = [Math.max(r.left, 0), Math.max(r.top, 0), Math.min(r.right, vw), Math.min(r.bottom, vh)];
      // Up to the first fixed box (a dialog's backdrop): the panels it sits in do not clip it.
      for (let e: Element = el; getComputedStyle(e).position !== 'fixed' && e.parentElement && e.parentElement !== document.body; e = e.parentElement) {
        const a = e.parentElement;
        const cs = getComputedStyle(a);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        [l, t, rr, b] = [Math.max(l, ar.left), Math.max(t, ar.top), Math.min(rr, ar.right), Math.min(b, ar.bottom)];
      }
      return { r, l, t, r2: rr, b };
    };
    const targets = Array.from(layer.querySelectorAll('button, input, select, textarea, a[href]')).filter(shown);
    const marked = Array.from(layer.querySelectorAll('[data-testid]')).filter(shown);
    if (layer !== document.body && shown(layer)) marked.push(layer);
    for (const el of new Set([...targets, ...marked])) {
      if (scrolled(el)) continue;
      const v = visiblePart(el);
      const cut = [v.l - v.r.left, v.t - v.r.top, v.r.right - v.r2, v.r.bottom - v.b].map((x) => Math.max(0, Math.round(x)));
      if (cut.some((x) => x > 1)) problems.push(`${name(el)} is cut off (left ${cut[0]}, top ${cut[1]}, right ${cut[2]}, bottom ${cut[3]} px)`);
    }
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (Math.min(r.width, r.height) < 44) problems.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px, under 44`);
      // A label wider than its button is clipped or spills over its border ("Smaza" for "Smazat").
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)}: its label needs ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    const boxes = targets.map((el) => ({ el, v: visiblePart(el) })).filter(({ v }) => v.r2 > v.l && v.b > v.t);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].v, boxes[j].v];
        const w = Math.min(a.r2, b.r2) - Math.max(a.l, b.l);
        const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
        if (w > 1 && h > 1) problems.push(`${name(boxes[i].el)} overlaps ${name(boxes[j].el)} (${Math.round(w)}x${Math.round(h)} px)`);
      }
    }
    // The text read at a glance from a step away: every visible text node and generated text.
    for (const part of glanceSelectors.flatMap((s) => Array.from(layer.querySelectorAll(s))).filter(shown)) {
      const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
      const small = new Map<Element, number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || !(node.textContent ?? '').trim() || !shown(el)) continue;
        const px = Number.parseFloat(getComputedStyle(el).fontSize);
        if (px < glancePx) small.set(el, px);
      }
      for (const el of [part, ...Array.from(part.querySelectorAll('*'))].filter(shown)) {
        for (const pseudo of ['::before', '::after']) {
          const cs = getComputedStyle(el, pseudo);
          if (cs.content === 'none' || cs.content === 'normal' || cs.content === '""' || cs.display === 'none') continue;
          const px = Number.parseFloat(cs.fontSize);
          if (px < glancePx && !small.has(el)) small.set(el, px);
        }
      }
      for (const [el, px] of small) problems.push(`${name(el)} in ${name(part).split(' ')[0]} is in ${Math.round(px * 10) / 10} px text, under ${glancePx}`);
    }
    return problems;
  }, [[...(allowance.scrollAreas ?? [])], [...(allowance.mustSee ?? [])], [...READ_AT_A_GLANCE], GLANCE_TEXT_PX] as const);
}

/**
 * Opens one view of the results panel by its tab (the payments it opens on, or the comparisons
 * one tap away) and waits until that view shows.
 */
export async function showResults(page: Page, view: 'payments' | 'comparisons'): Promise<void> {
  await page.click(`[data-testid=results-tab-${view}]`);
  await page.waitForSelector(`[data-testid=results][data-shown=${view}] [data-testid=results-${view}]`);
}

/** The parts of the screen the dealer reads at a glance on a touch screen: the results and payments. */
export const READ_AT_A_GLANCE = ['[data-testid=results]'] as const;
/** The smallest text (computed font size, px) allowed in {@link READ_AT_A_GLANCE}. */
export const GLANCE_TEXT_PX = 12;

/** The sizes a one-screen check looks at: 1280x800 and 1024x600, and Czech (longer words) at 1024x600. */
export const LAYOUT_SIZES = [
  { width: 1280, height: 800, lang: 'en' },
  { width: 1024, height: 600, lang: 'en' },
  { width: 1024, height: 600, lang: 'cs' },
] as const;

/**
 * The screen as it is now at each of `sizes` (the viewport set, the language switched with the
 * top bar's button, dispatched since a dialog may be over it): a screenshot
 * `<prefix>-<width>x<height>-<lang>` of each and what {@link layoutProblems} finds there, keyed by
 * `<width>x<height>-<lang>`. Leaves the page at the first size and language.
 */
export async function layoutAtSizes(
  page: Page, prefix: string, allowance: LayoutAllowance = {}, sizes: readonly { width: number; height: number; lang: string }[] = LAYOUT_SIZES,
): Promise<Record<string, string[]>> {
  const frames = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  const setLang = async (lang: string) => {
    if ((await page.locator('html').getAttribute('lang')) === lang) return;
    await page.locator(`[data-testid=lang-${lang}]`).dispatchEvent('click');
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  };
  const out: Record<string, string[]> = {};
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await setLang(size.lang);
    await frames();
    const label = `${size.width}x${size.height}-${size.lang}`;
    await screenshot(page, `${prefix}-${label}`);
    out[label] = await layoutProblems(page, allowance);
  }
  await setLang(sizes[0].lang);
  await page.setViewportSize({ width: sizes[0].width, height: sizes[0].height });
  await frames();
  return out;
}
