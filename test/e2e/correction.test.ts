// A disputed hand corrected after it was paid, end to end: `npm run serve` with the in-process
// simulated shoe, the dealer plays a hand on his own socket; on the page a floor person finds it
// by search, opens its timeline, rules a seat's hand fouled with a reason, sees what that does
// (each seat's money now and after, the chips to move), signs with a second floor person; the
// dealer, signed in on the page, ticks each transfer; the stacks end as the corrected hand says
// and the next hand can be dealt. English and Czech screenshots in test/e2e/screenshots/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TerminalView } from '../../app/contract/view';
import { STAFF } from '../support/staff';
import {
  afterFailure, buildScreen, dealerSignIn, dealerSocket, launchBrowser, screenPage, screenshot, signPin, smallTargets, startServe, typeCredential, type DealerSocket, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let dealer: DealerSocket;
const pageErrors: string[] = [];
const ok = <T = TerminalView>(name: string, args: unknown = {}) => dealer.ok<T>(name, args);
let played: TerminalView;

beforeAll(async () => {
  await buildScreen();
  served = await startServe(['--sim-seed', '23', '--sim-pace', '0']);
  dealer = await dealerSocket(served.url);
  for (const [seat, name] of [[1, 'Ann'], [2, 'Bob'], [3, 'Cyril']] as const) await ok('seatPlayer', { seat, name, buyIn: 300000 });
  played = await dealer.playHand();
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors);
}, 180_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  dealer?.close();
  await browser?.close();
  await served?.stop();
});

describe('a payment correction', () => {
  it('is found by search, reviewed, ruled with two floor people, and the dealer moves the chips back', async () => {
    const handId = played.hand!.id;
    // The biggest winner of the hand is ruled fouled (he showed a card from the muck).
    const winner = [...played.hand!.result!.seats].sort((a, b) => b.net - a.net)[0].seat;
    const stacks = played.seats.map((s) => s.stack);

    await page.click('[data-testid=open-floor]');
    await page.click('[data-testid=floor-tab-search]');
    await typeCredential(page, '[data-testid=reader-sign-in]', 'reader-staff-id', 'reader-pin', STAFF.floor);
    await page.click('[data-testid=reader-sign-in-floor]');
    await page.click('[data-testid=search-run]');
    await page.click(`[data-testid=search-hand][data-hand="${handId}"] [data-testid=search-open]`);
    await page.waitForSelector(`[data-testid=timeline][data-hand="${handId}"] [data-testid=floor-correction]`);

    await page.click(`[data-testid=correction-seat][data-seat="${winner}"] [data-testid=correction-foul]`);
    await page.fill('[data-testid=correction-reason]', 'showed a card from the muck');
    await page.click('[data-testid=correction-preview]');
    const result = page.locator('[data-testid=correction-preview-result]');
    await result.waitFor();
    expect(await result.getAttribute('data-needs-second')).toBe('true');
    const money = await page.locator('[data-testid=correction-money]').evaluateAll((els) =>
      els.map((e) => ({ seat: Number((e as HTMLElement).dataset.seat), before: Number((e as HTMLElement).dataset.before), after: Number((e as HTMLElement).dataset.after) })));
    expect(money.find((m) => m.seat === winner)!.after).toBeLessThan(0);
    expect(money.reduce((n, m) => n + m.after, 0)).toBe(0);
    const moves = await page.locator('[data-testid=correction-move]').count();
    expect(moves).toBeGreaterThan(0);
    await screenshot(page, '32-correction-preview');

    await page.click('[data-testid=correction-sign]');
    const dialog = page.locator('[data-testid=pin-dialog][data-request=correctHand]');
    await dialog.waitFor();
    await page.waitForSelector('[data-testid=pin-dialog] [data-testid=pin-second]');
    expect(await smallTargets(page, '[data-testid=pin-dialog]')).toEqual([]);
    await signPin(page, STAFF.floor, STAFF.floor2);
    await dialog.waitFor({ state: 'detached' });
    // Recorded: the timeline's form goes (the chips of the correction are to move first).
    await page.waitForSelector('[data-testid=floor-correction]', { state: 'detached' });
    await page.click('[data-testid=floor-close]');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });

    // The dealer's screen lists the chips to move; he signs in on this page and ticks them.
    await page.waitForSelector('[data-testid=correction-payments]');
    expect(await page.locator('[data-testid=correction-payment]').count()).toBe(moves);
    await dealerSignIn(page, STAFF.dealer);
    await screenshot(page, '32-correction-chips');
    for (let i = 0; i < moves; i++) {
      await page.click(`[data-testid=correction-payment][data-index="${i}"] [data-testid=correction-payment-done]`);
      if (i < moves - 1) await page.waitForSelector(`[data-testid=correction-payment][data-index="${i}"][data-done=true]`);
    }
    await page.waitForSelector('[data-testid=correction-payments]', { state: 'detached' });
    const after = await ok('snapshot');
    const before = new Map(money.map((m) => [m.seat, m]));
    expect(after.seats.map((s) => s.stack)).toEqual(stacks.map((s, i) => s - (before.get(i + 1)?.before ?? 0) + (before.get(i + 1)?.after ?? 0)));
    expect(after.nextAction).toBe('start-hand');
    expect(after.correction).toMatchObject({ handId, corrections: 1, correctable: true });

    // Czech: the floor's correction form in Czech words (closing the panel signed the reader out).
    await page.click('[data-testid=open-floor]');
    await page.click('[data-testid=floor-tab-search]');
    await typeCredential(page, '[data-testid=reader-sign-in]', 'reader-staff-id', 'reader-pin', STAFF.floor);
    await page.click('[data-testid=reader-sign-in-floor]');
    await page.click('[data-testid=search-run]');
    await page.waitForSelector(`[data-testid=search-hand][data-hand="${handId}"][data-corrected=true]`);
    await page.click(`[data-testid=search-hand][data-hand="${handId}"] [data-testid=search-open]`);
    await page.waitForSelector('[data-testid=floor-correction]');
    await page.click('[data-testid=floor-lang-cs]');
    await page.waitForSelector('[data-testid=floor-correction] >> text=Vyúčtovat znovu');
    await screenshot(page, '32-correction-czech');
    await page.click('[data-testid=floor-lang-en]');
    expect(pageErrors).toEqual([]);
  }, 150_000);
});
