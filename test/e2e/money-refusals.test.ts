// End to end, a money refusal as the dealer reads it: `npm run serve` (a real process) with its
// simulated shoe, in Debian's chromium. A first buy-in that is short (1 500 at a 100-a-point
// table, whose full minimum is 2 000) is refused by the table's rules, and the screen words the
// refusal from its figures in the table's currency, in English and in Czech, never in minor
// units ("short buy-in of 150000 ... 200000" before).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STAFF } from '../support/staff';
import { afterFailure, buildScreen, confirm, dealerSignIn, launchBrowser, screenPage, screenshot, selectSeat, startServe, type Served } from './harness';

let served: Served;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  await buildScreen();
  served = await startServe([]);
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors);
}, 120_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

const refusalText = async () => (await page.locator('[data-testid=seating-form] [data-testid=refusal] .message').innerText()).replace(/[\u00a0\u202f]/g, ' ');

describe('a short first buy-in refused', () => {
  it('is worded with the money in the table\'s currency, in English and in Czech', async () => {
    await page.waitForSelector('[data-testid=dealer-sign-in]');
    await dealerSignIn(page, STAFF.dealer);
    await selectSeat(page, 1);
    await page.fill('[data-testid=player-name]', 'Ann');
    await page.fill('[data-testid=buy-in]', '1500');
    await page.click('[data-testid=seat-player]');
    await confirm(page);
    const refusal = page.locator('[data-testid=seating-form] [data-testid=refusal]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('short-buy-in-not-allowed');
    expect(await refusalText()).toBe('A short buy-in of CZK 1,500 is not allowed now: one short buy-in only after each full one (at least CZK 2,000).');
    await screenshot(page, 'money-refusal-en');

    await page.locator('[data-testid=lang-cs]').dispatchEvent('click');
    await page.waitForFunction(() => document.documentElement.lang === 'cs');
    expect(await refusalText()).toBe('Krátký nákup 1 500 Kč teď není povolen: krátký nákup je možný jen jednou po každém plném (nejméně 2 000 Kč).');
    await screenshot(page, 'money-refusal-cs');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
