// The admin's house-rules editor end to end: `npm run serve` with the in-process simulated shoe,
// the admin opens the admin panel's House rules tab, edits an option (the scoop) and the rule
// book's figures change beside it; a refused edit shows the terminal's words naming the option;
// a new version applied with his PIN and a reason; the next hand is dealt under it (the view and
// the hands table say so). English and Czech screenshots go to test/e2e/screenshots/.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TerminalView } from '../../app/contract/view';
import { STAFF } from '../support/staff';
import {
  afterFailure, buildScreen, dealerSocket, launchBrowser, openAdminTab, screenPage, screenshot, signPin, smallTargets, startServe, type DealerSocket, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let dealer: DealerSocket;
const pageErrors: string[] = [];
const ok = <T = TerminalView>(name: string, args: unknown = {}) => dealer.ok<T>(name, args);

/** The figures the editor shows for a worked example's first pair: [the book, the table's rules now, as edited]. */
async function figure(example: string): Promise<[number, number, number]> {
  const pair = page.locator(`[data-testid=rules-example][data-example=${example}] [data-testid=rules-example-pair]`).first();
  return [Number(await pair.getAttribute('data-book')), Number(await pair.getAttribute('data-now')), Number(await pair.getAttribute('data-edited'))];
}

async function previewCurrent(): Promise<void> {
  await page.waitForSelector('[data-testid=rules-preview-state][data-current=true]');
}

beforeAll(async () => {
  await buildScreen();
  served = await startServe(['--sim-seed', '5', '--sim-pace', '0', '--table-name', 'Table 4']);
  dealer = await dealerSocket(served.url);
  for (const [seat, name] of [[1, 'Ann'], [2, 'Bob']] as const) await ok('seatPlayer', { seat, name, buyIn: 300000 });
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors);
}, 120_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  dealer?.close();
  await browser?.close();
  await served?.stop();
});

describe('the house-rules editor', () => {
  it('previews an edit against the rule book, refuses a bad one in words, and applies a new version from the next hand', async () => {
    await openAdminTab(page, 'rules');
    await page.waitForSelector('[data-testid=rules-editor] [data-testid=rules-example]');
    expect(await page.inputValue('[data-testid=rules-name]')).toBe('mandarin-house');
    // The casino sheet's figure under the table's own rules is the book's: 11.
    expect(await figure('casino-scoop')).toEqual([11, 11, 11]);
    // The Western figure is the book's under western; the table's rules score it otherwise.
    expect(await figure('western-two-of-three')).toEqual([2, 1, 1]);
    expect(await page.locator('[data-testid=rules-example-pair].moved').count()).toBe(0);
    expect(await page.isDisabled('[data-testid=rules-apply]')).toBe(true);

    // Scoop tripled: 3 x 3 + 5 = 14 beside the book's 11; the two-of-three figure does not move.
    await page.fill('[data-testid=rules-scoop-factor]', '3');
    await page.waitForFunction(() => document.querySelector('[data-example=casino-scoop] [data-testid=rules-example-pair]')?.getAttribute('data-edited') === '14');
    await previewCurrent();
    expect(await figure('casino-scoop')).toEqual([11, 11, 14]);
    expect(await figure('casino-two-of-three')).toEqual([6, 6, 6]);
    expect(await page.locator('[data-example=casino-scoop] [data-testid=rules-example-pair].moved').count()).toBe(1);
    expect(await page.locator('[data-example=casino-two-of-three] [data-testid=rules-example-pair].moved').count()).toBe(0);
    await screenshot(page, '30-rules-editor');

    // A factor the profile refuses: the terminal's words name the option, the figures wait.
    await page.fill('[data-testid=rules-scoop-factor]', '0');
    const refusal = page.locator('[data-testid=rules-editor] [data-testid=refusal][data-code=bad-profile-value]');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/scoop\.factor/);
    expect(await page.getAttribute('[data-testid=rules-preview-state]', 'data-current')).toBe('false');
    expect(await page.isDisabled('[data-testid=rules-apply]')).toBe(true);
    await page.fill('[data-testid=rules-scoop-factor]', '3');
    await previewCurrent();

    // Applied without a new version: refused in the PIN dialog, naming the version.
    await page.click('[data-testid=rules-apply]');
    const dialog = page.locator('[data-testid=pin-dialog][data-request=changeRules]');
    await dialog.waitFor();
    await page.fill('[data-testid=pin-text]', 'scoop tripled for the tournament');
    await signPin(page, STAFF.admin);
    await page.locator('[data-testid=pin-dialog] [data-testid=refusal][data-code=version-needed]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.fill('[data-testid=rules-version]', '2');
    await previewCurrent();
    await page.click('[data-testid=rules-apply]');
    await dialog.waitFor();
    expect(await page.locator('[data-testid=pin-question]').innerText()).toMatch(/mandarin-house v2/);
    await page.fill('[data-testid=pin-text]', 'scoop tripled for the tournament');
    expect(await smallTargets(page, '[data-testid=pin-dialog]')).toEqual([]);
    await signPin(page, STAFF.admin);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid=rules-version]')?.value === '2');
    expect(await page.isDisabled('[data-testid=rules-apply]')).toBe(true);

    // The next hand is dealt under version 2; the view says so.
    const v = await ok('startHand');
    expect(v.table!.profile).toEqual({ name: 'mandarin-house', version: 2 });
    const db = new Database(join(served.dir, 'terminal.db'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT profile_version FROM hands ORDER BY number DESC LIMIT 1').pluck().get()).toBe(2);
    } finally {
      db.close();
    }

    await page.click('[data-testid=staff-lang-cs]');
    await page.waitForSelector('[data-testid=rules-editor] >> text=Příklady z pravidel podle těchto pravidel');
    await screenshot(page, '30-rules-editor-czech');
    await page.click('[data-testid=staff-lang-en]');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
