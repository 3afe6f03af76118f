// The dealer's screen fits one screen in every phase of a hand, at 1280x800 and at 1024x600
// (and in Czech, whose words are longer, at 1024x600), in a real browser on `npm run serve` with
// the in-process simulated shoe (no scanner: hands are tapped in). One hand is played through on
// the page: nobody signed in, seating (and its question), dealing, setting, the showdown (with
// settling refused), tap entry of all 13 cards, the results with the four seats' payments and
// their comparisons (one tap away), the closed hand with both, then a misdeal with its alerts,
// the PIN dialog, the floor's panel (the hand, a reader's sign-in, the recall, a replay, the
// search and a hand's timeline) and the admin's staff panel. At every phase, at each size, the
// browser's geometry is checked (harness layoutProblems): the page does not scroll, every visible
// button, input and marked element lies inside the viewport and is not cut off by a panel, every
// button and input is at least 44 x 44 px, no two overlap, no text of the results under 12 px. A
// picture of each phase at each size is kept in test/e2e/screenshots/
// (layout-<size>-<lang>-<phase>.png).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bestArrangement } from '../../app/domain/arrange';
import type { Card } from '../../app/domain/cards';
import { STAFF } from '../support/staff';
import {
  afterFailure, buildScreen, confirm, dealerSignIn, launchBrowser, layoutProblems, phase, screenPage, screenshot, selectSeat, showResults, startServe,
  typeCredential, type LayoutAllowance, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The sizes every phase is checked at; Czech at the smaller one. */
const SIZES = [
  { width: 1280, height: 800, lang: 'en' },
  { width: 1024, height: 600, lang: 'en' },
  { width: 1024, height: 600, lang: 'cs' },
] as const;
const DRIVE = SIZES[0];

beforeAll(async () => {
  await buildScreen();
  // Slow enough a deal (52 cards, 90 ms apart) for the dealing phase to be looked at three times.
  served = await startServe(['--sim-seed', '11', '--sim-pace', '90', '--table-name', 'Table 12']);
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors, { width: DRIVE.width, height: DRIVE.height });
}, 120_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

const frames = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Switches the screen's language with the top bar's button (dispatched: a dialog may be over it). */
async function setLang(lang: string): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return;
  await page.locator(`[data-testid=lang-${lang}]`).dispatchEvent('click');
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

let shot = 0;
/** Looks at the screen as it is now at every size: keeps a picture of each and a soft failure per size, naming what is wrong. */
async function check(name: string, allowance: LayoutAllowance = {}): Promise<void> {
  shot += 1;
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await setLang(size.lang);
    await frames();
    const label = `${size.width}x${size.height}-${size.lang}`;
    await screenshot(page, `layout-${label}-${String(shot).padStart(2, '0')}-${name}`);
    expect.soft((await layoutProblems(page, allowance)).join('\n'), `${name} at ${label}`).toBe('');
  }
  await setLang(DRIVE.lang);
  await page.setViewportSize({ width: DRIVE.width, height: DRIVE.height });
  await frames();
}

/** A seat's cards as the tap entry shows them, and the best way to set them. */
async function bestSet(seat: number): Promise<{ front: Card[]; middle: Card[]; back: Card[] }> {
  const dialog = page.locator(`[data-testid=tap-entry-dialog][data-seat="${seat}"]`);
  const cards = await dialog.locator('[data-testid=tap-remaining] [data-card]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.card) as Card));
  const best = bestArrangement(cards).hand;
  return { front: [...best.front], middle: [...best.middle], back: [...best.back] };
}

/** Taps the cards of `set` into their rows, row by row, in the open entry of `seat` (`upTo` cards at most). */
async function tapInto(seat: number, set: { front: Card[]; middle: Card[]; back: Card[] }, from: number, upTo: number): Promise<void> {
  const dialog = page.locator(`[data-testid=tap-entry-dialog][data-seat="${seat}"]`);
  const order = (['front', 'middle', 'back'] as const).flatMap((row) => set[row].map((card) => ({ row, card })));
  for (const { row, card } of order.slice(from, upTo)) {
    if ((await dialog.locator(`[data-testid=tap-row-${row}]`).getAttribute('aria-pressed')) !== 'true') await dialog.locator(`[data-testid=tap-row-${row}]`).click();
    await dialog.locator(`[data-testid=tap-remaining] [data-card="${card}"]`).click();
  }
}

describe('the dealer screen fits one screen at 1280x800 and 1024x600', () => {
  it('in every phase of a hand, the floor panel and the staff panel', async () => {
    await check('sign-in');
    await dealerSignIn(page, STAFF.dealer);

    for (const [seat, name] of [[1, 'Anna Procházková'], [2, 'Bohumil Veselý'], [3, 'Cyril Novotný'], [4, 'Dana Králová']] as const) {
      await selectSeat(page, seat);
      await page.fill('[data-testid=player-name]', name);
      await page.fill('[data-testid=buy-in]', '3000');
      if (seat === 1) await check('seating');
      await page.click('[data-testid=seat-player]');
      if (seat === 1) await check('seating-confirm');
      await confirm(page);
      await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=stack]`);
    }
    await check('no-hand');

    await page.click('[data-testid=start-hand]');
    await phase(page, 'dealing');
    await check('dealing');
    await phase(page, 'setting', 20_000);
    await selectSeat(page, 1);
    await check('setting');
    for (const seat of [1, 2, 3, 4]) {
      await selectSeat(page, seat);
      await page.click('[data-testid=seat-ready]');
      await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=ready-marker]`);
    }
    await page.click('[data-testid=open-showdown]');
    await phase(page, 'showdown');
    await check('showdown');
    await page.click('[data-testid=settle]');
    await page.waitForSelector('[data-testid=refusal]');
    await check('showdown-settle-refused');

    // Tap entry: all 13 cards to place, 12 placed (the 13th left), all placed.
    await page.click('[data-testid=showdown-seat][data-seat="1"] [data-testid=tap-entry]');
    await page.waitForSelector('[data-testid=tap-entry-dialog][data-seat="1"]');
    await check('tap-entry-13-left');
    const set1 = await bestSet(1);
    await tapInto(1, set1, 0, 12);
    await check('tap-entry-1-left');
    await tapInto(1, set1, 12, 13);
    await check('tap-entry-all-placed');
    await page.click('[data-testid=tap-entry-dialog] [data-testid=tap-submit]');
    await page.waitForSelector('[data-testid=tap-entry-dialog]', { state: 'detached' });
    for (const seat of [2, 3, 4]) {
      await page.click(`[data-testid=showdown-seat][data-seat="${seat}"] [data-testid=tap-entry]`);
      await page.waitForSelector(`[data-testid=tap-entry-dialog][data-seat="${seat}"]`);
      await tapInto(seat, await bestSet(seat), 0, 13);
      await page.click('[data-testid=tap-entry-dialog] [data-testid=tap-submit]');
      await page.waitForSelector('[data-testid=tap-entry-dialog]', { state: 'detached' });
    }
    await check('showdown-all-entered');

    // The results with the payments of four seats, gross pairwise (one per pair that moves chips).
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    const payments = await page.locator('[data-testid=payment]').count();
    expect(payments).toBeGreaterThanOrEqual(5);
    await check('payments');
    // The comparisons, one tap from the payments the results open on: every pair, and back.
    await showResults(page, 'comparisons');
    expect(await page.locator('[data-testid=comparison]').count()).toBe(6);
    await check('payments-comparisons');
    await showResults(page, 'payments');
    for (let i = 0; i < payments; i++) {
      await page.locator('[data-testid=execute-payment]').first().click();
      await page.waitForSelector(`[data-testid=payment][data-done=true] >> nth=${i}`);
      if (i === 1) await check('payments-two-paid');
    }
    // The last payment closes the hand: its results stay beside the next hand's start.
    await phase(page, 'closed');
    await check('paid');
    await showResults(page, 'comparisons');
    expect(await page.locator('[data-testid=comparison]').count()).toBe(6);
    await check('paid-comparisons');
    await showResults(page, 'payments');

    // The next hand misdealt, with the alerts it raises.
    await page.click('[data-testid=start-hand]');
    await phase(page, 'setting', 20_000);
    await selectSeat(page, 2);
    await page.click('[data-testid=report-exposure]');
    await page.waitForSelector('[data-testid=exposure-dialog]');
    await check('exposure-dialog');
    await page.click('[data-testid=exposure-unseen]');
    await page.waitForSelector('[data-testid=exposure-dialog]', { state: 'detached' });
    await page.click('[data-testid=call-misdeal]');
    await page.waitForSelector('[data-testid=misdeal-dialog]');
    await check('misdeal-dialog');
    await page.click('[data-testid=misdeal-cause-wrong-card-count]');
    await confirm(page);
    await phase(page, 'misdealt');
    await page.waitForSelector('[data-testid=alert]');
    expect(await page.locator('[data-testid=alert]').count()).toBeGreaterThanOrEqual(1);
    await check('misdeal-alerts');

    // The floor's panel: the hand (a note signed in the PIN dialog, cancelled here), the alerts,
    // a reader signing in, the recall, a replay, the search, a timeline.
    await page.click('[data-testid=open-floor]');
    await page.waitForSelector('[data-testid=floor-panel]');
    await check('floor-hand');
    await page.click('[data-testid=floor-note]');
    await page.waitForSelector('[data-testid=pin-dialog]');
    await check('pin-dialog');
    await page.click('[data-testid=pin-cancel]');
    await page.waitForSelector('[data-testid=pin-dialog]', { state: 'detached' });
    await page.click('[data-testid=floor-tab-alerts]');
    await check('floor-alerts');
    await page.click('[data-testid=floor-tab-recall]');
    await page.waitForSelector('[data-testid=reader-sign-in]');
    await check('floor-reader-sign-in');
    await typeCredential(page, '[data-testid=reader-sign-in]', 'reader-staff-id', 'reader-pin', STAFF.floor);
    await page.click('[data-testid=reader-sign-in-floor]');
    await page.waitForSelector('[data-testid=recall-list]');
    await check('floor-recall');
    await page.locator('[data-testid=recall-hand][data-number="1"] [data-testid=recall-replay]').click();
    await page.waitForSelector('[data-testid=replay]');
    await page.click('[data-testid=replay-next]');
    // The steps are a long list (52 cards dealt): it scrolls; the navigation and the state do not.
    await check('floor-replay', { scrollAreas: ['[data-testid=replay] .steps'] });
    await page.click('[data-testid=replay-back]');
    await page.click('[data-testid=floor-tab-search]');
    await page.click('[data-testid=search-run]');
    await page.waitForSelector('[data-testid=search-list]');
    await check('floor-search');
    await page.locator('[data-testid=search-hand][data-number="1"] [data-testid=search-open]').click();
    await page.waitForSelector('[data-testid=timeline]');
    // A hand's timeline is a long read: it scrolls in the panel, its head shows in full.
    await check('floor-timeline', { scrollAreas: ['[data-testid=floor-panel] [role=tabpanel]'], mustSee: ['[data-testid=timeline] .head button'] });
    await page.click('[data-testid=timeline-back]');
    await page.waitForSelector('[data-testid=timeline]', { state: 'detached' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });

    // The admin's staff panel: his sign-in, then the staff.
    await page.click('[data-testid=open-staff]');
    await page.waitForSelector('[data-testid=staff-sign-in]');
    await check('staff-sign-in');
    await typeCredential(page, '[data-testid=staff-sign-in]', 'staff-admin-id', 'staff-admin-pin', STAFF.admin);
    await page.click('[data-testid=staff-open]');
    await page.waitForSelector('[data-testid=staff-list]');
    // The staff list grows with the staff: it scrolls in the panel, under the panel's own buttons.
    await check('staff-list', { scrollAreas: ['[data-testid=staff-panel] .body'] });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=staff-panel]', { state: 'detached' });

    await page.click('[data-testid=redeal]');
    await phase(page, 'dealing');
    await check('redeal-dealing');
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
