// The screen offers only what the terminal would take, in a real browser on `npm run serve`
// with the in-process simulated shoe (no scanner: hands are tapped in). What still stops the
// hand is worded from the domain's codes (here in Czech); a seat that surrendered is offered
// nothing more; a hand already read goes to the floor instead of to 13 taps that would be
// refused; the floor is offered no foul during the payments; the seat keys select, never toggle.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STAFF } from '../support/staff';
import {
  buildScreen, confirm, dealerSignIn, launchBrowser, phase, screenshot, selectSeat, startServe, type Served, FOUR_PLAYERS, seatOnScreen,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await buildScreen();
  served = await startServe(['--sim-seed', '3', '--sim-pace', '5']);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(served.url);
  await page.waitForSelector('[data-testid=screen]');
  await dealerSignIn(page, STAFF.dealer);
}, 120_000);

afterEach(async (ctx) => {
  // A failed step leaves a picture of the screen it failed on, and what the terminal said.
  if (ctx.task.result?.state !== 'fail') return;
  if (page) await screenshot(page, 'failed-no-rules').catch(() => {});
  process.stderr.write(`--- serve:\n${served?.stderr() ?? ''}\n`);
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

/** Taps a seat's 13 cards into its rows in the order the dialog lists them (3, 5, 5). */
async function tapInOrder(seat: number): Promise<void> {
  await page.click(`[data-testid=showdown-seat][data-seat="${seat}"] [data-testid=tap-entry]`);
  const dialog = page.locator(`[data-testid=tap-entry-dialog][data-seat="${seat}"]`);
  for (const [row, n] of [['front', 3], ['middle', 5], ['back', 5]] as const) {
    await dialog.locator(`[data-testid=tap-row-${row}]`).click();
    for (let i = 0; i < n; i++) await dialog.locator('[data-testid=tap-remaining] [data-card]').first().click();
  }
  await dialog.locator('[data-testid=tap-submit]').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('no rules in the renderer, in a browser', () => {
  it('offers what the terminal would take, words what stops the hand in Czech, sends a read hand to the floor', async () => {
    await seatOnScreen(page, FOUR_PLAYERS.slice(0, 3));
    await page.click('[data-testid=start-hand]');
    await phase(page, 'setting');

    // The seat keys select (pressing one again keeps it), and the next key acts on that seat.
    await page.keyboard.press('2');
    await page.keyboard.press('2');
    expect(await page.locator('.felt [data-seat="2"]').getAttribute('aria-pressed')).toBe('true');

    // Seat 2 surrenders: then it is offered no natural, no second surrender, no "has set".
    await page.click('[data-testid=declare-surrender]');
    await confirm(page);
    await page.waitForSelector('.felt [data-seat="2"] [data-testid=surrender-marker]');
    expect(await page.locator('[data-testid=seat-actions] [data-testid=declare-natural]').count()).toBe(0);
    expect(await page.locator('[data-testid=seat-actions] [data-testid=declare-surrender]').count()).toBe(0);
    expect(await page.locator('[data-testid=seat-actions] [data-testid=seat-ready]').count()).toBe(0);

    // What still stops the showdown, worded in Czech from the codes.
    await page.click('[data-testid=lang-cs]');
    const blockers = page.locator('[data-testid=blockers] li');
    expect((await blockers.allInnerTexts()).sort()).toEqual(['Místo 1 (Sever) ještě nemá ruku složenou', 'Místo 3 (Jih) ještě nemá ruku složenou']);
    await screenshot(page, '30-blockers-czech');
    await page.click('[data-testid=lang-en]');

    for (const seat of [1, 3]) {
      await selectSeat(page, seat);
      await page.click('[data-testid=seat-ready]');
      await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=ready-marker]`);
    }
    await page.click('[data-testid=open-showdown]');
    await phase(page, 'showdown');
    await tapInOrder(1);

    // Seat 1's hand is read: "Correct" opens the floor panel, not a 13-card entry the terminal refuses.
    const correct = page.locator('[data-testid=showdown-seat][data-seat="1"] [data-testid=tap-entry]');
    expect(await correct.innerText()).toBe('Correct: call the floor');
    await correct.click();
    await page.waitForSelector('[data-testid=floor-panel]');
    expect(await page.locator('[data-testid=tap-entry-dialog]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });

    await tapInOrder(3);
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');

    // During the payments the floor is offered no foul.
    await page.click('[data-testid=open-floor]');
    await page.waitForSelector('[data-testid=floor-panel]');
    expect(await page.locator('[data-testid=floor-foul-seat]').count()).toBe(0);
    await screenshot(page, '31-floor-while-paying');
    await page.keyboard.press('Escape');
  });
});
