// The House rules tab's smallest buy-in and table language end to end (`npm run serve`, the
// simulated shoe): the admin asks 30 points for a buy-in and sets the table to Czech with his
// PIN and a reason; the seating form shows the new minimum and the terminal refuses 25 points;
// a new screen opening the table starts in Czech, and its dealer's own switch keeps English on
// his screen, also after a reload.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TerminalView } from '../../app/contract/view';
import { STAFF } from '../support/staff';
import {
  afterFailure, buildScreen, dealerSocket, launchBrowser, openAdminTab, screenPage, screenshot, signPin, startServe, type DealerSocket, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let dealer: DealerSocket;
const pageErrors: string[] = [];

beforeAll(async () => {
  await buildScreen();
  served = await startServe(['--sim-seed', '5', '--sim-pace', '0', '--table-name', 'Table 5']);
  dealer = await dealerSocket(served.url);
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors);
}, 120_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  dealer?.close();
  await browser?.close();
  await served?.stop();
});

describe('the smallest buy-in and the language in the House rules tab', () => {
  it('asks 30 points for a buy-in and starts a new screen in Czech', async () => {
    await openAdminTab(page, 'rules');
    await page.waitForSelector('[data-testid=rules-editor] [data-testid=rules-example]');
    const pointValue = (await dealer.ok<TerminalView>('snapshot')).table!.pointValue;
    expect(await page.inputValue('[data-testid=rules-buyInPoints]')).toBe('20');
    expect(await page.getAttribute('[data-testid=rules-preview-buyIn]', 'data-full')).toBe(String(20 * pointValue));

    await page.fill('[data-testid=rules-buyInPoints]', '30');
    await page.fill('[data-testid=rules-version]', '2');
    await page.waitForSelector(`[data-testid=rules-preview-buyIn][data-full="${30 * pointValue}"][data-short="${15 * pointValue}"]`);
    await page.selectOption('[data-testid=rules-language]', 'cs');
    await page.waitForSelector('[data-testid=rules-preview-state][data-current=true]');
    await page.locator('[data-testid=rules-language]').scrollIntoViewIfNeeded();
    await screenshot(page, '31-rules-buy-in-language');
    await page.click('[data-testid=rules-apply]');
    const dialog = page.locator('[data-testid=pin-dialog][data-request=changeRules]');
    await dialog.waitFor();
    await page.fill('[data-testid=pin-text]', 'high table, Czech dealers');
    await signPin(page, STAFF.admin);
    await dialog.waitFor({ state: 'detached' });

    const v = await dealer.viewUntil((x) => x.table!.language === 'cs');
    expect(v.table).toMatchObject({ profile: { name: 'mandarin-house', version: 2 }, buyIn: { full: 30 * pointValue, short: 15 * pointValue } });
    await expect(dealer.ok('seatPlayer', { seat: 1, name: 'Ann', buyIn: 25 * pointValue })).rejects.toThrow(/short-buy-in-not-allowed/);
    await dealer.ok('seatPlayer', { seat: 1, name: 'Ann', buyIn: 30 * pointValue });
    // The admin's screen made no choice of its own: it follows the table's language too.
    await page.waitForFunction(() => document.documentElement.lang === 'cs');

    // A new screen (its own storage) opening the table starts in Czech.
    const fresh = await screenPage(browser, served.url, pageErrors);
    try {
      await fresh.waitForFunction(() => document.documentElement.lang === 'cs');
      expect(await fresh.getAttribute('[data-testid=lang-cs]', 'aria-pressed')).toBe('true');
      expect(await fresh.title()).toBe('Čínský poker – terminál krupiéra');
      await screenshot(fresh, '31-new-screen-czech');
      // Its dealer's own switch wins on his screen, also after a reload.
      await fresh.click('[data-testid=lang-en]');
      await fresh.waitForFunction(() => document.documentElement.lang === 'en');
      await fresh.reload();
      await fresh.waitForSelector('[data-testid=screen]');
      expect(await fresh.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await fresh.close();
    }
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
