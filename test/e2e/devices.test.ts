// The admin's devices end to end: `npm run serve` with the in-process simulated shoe, a framed
// shoe simulator on a socat pty beside it; the admin opens the admin panel's Devices tab, lists
// the ports with his PIN, types the pty's path (never listed), sets the shoe to it with a reason,
// and a test read shows the card written to the pty (its bytes, the device) without it entering a
// hand; a test read of a port that is not there says so. English and Czech screenshots go to
// test/e2e/screenshots/. At each step the Devices tab is checked at 1280x800 and 1024x600, and in
// Czech at 1024x600 (harness layoutAtSizes: no page scroll, nothing cut off or overlapping, 44 px
// targets), a picture of each kept as devices-layout-<nn>-<step>-<size>-<lang>.png.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TerminalView } from '../../app/contract/view';
import { formatCard } from '../../app/domain/cards';
import { shuffledDeck } from '../../hardware/sim/deck';
import type { PtyPair } from '../../hardware/sim/pty-pair';
import type { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import { STAFF } from '../support/staff';
import {
  afterFailure, buildScreen, dealerSocket, launchBrowser, openAdminTab, layoutAtSizes, screenPage, screenshot, signPin, simulatedDevice, smallTargets, startServe,
  type DealerSocket, type LayoutAllowance, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let dealer: DealerSocket;
let pair: PtyPair;
let sim: SerialShoeSimulator;
const pageErrors: string[] = [];

beforeAll(async () => {
  await buildScreen();
  ({ pair, sim } = await simulatedDevice('framed', 0));
  served = await startServe(['--sim-seed', '5', '--sim-pace', '0']);
  dealer = await dealerSocket(served.url);
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors);
}, 120_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  dealer?.close();
  await browser?.close();
  await served?.stop();
  await sim?.stop();
  await pair?.close();
});

let shot = 0;
/** Looks at the screen as it is now at every size: a picture of each and a soft failure per size, naming what is wrong. */
async function check(name: string, allowance: LayoutAllowance = {}): Promise<void> {
  shot += 1;
  const found = await layoutAtSizes(page, `devices-layout-${String(shot).padStart(2, '0')}-${name}`, allowance);
  for (const [label, problems] of Object.entries(found)) expect.soft(problems.join('\n'), `${name} at ${label}`).toBe('');
}

/** Presses Test read, signs it, and waits until the desk has an answer. */
async function testRead(): Promise<void> {
  await page.click('[data-testid=devices-test]');
  await page.locator('[data-testid=pin-dialog][data-request=testRead]').waitFor();
  await signPin(page, STAFF.admin);
  await page.locator('[data-testid=pin-dialog]').waitFor({ state: 'detached' });
}

describe('the admin\'s devices', () => {
  it('sets the shoe to a pty typed by hand, and a test read shows the next card it reads without a hand getting it', async () => {
    await openAdminTab(page, 'devices');
    await page.waitForSelector('[data-testid=device-settings] [data-testid=device-shoe][data-kind=simulated]');
    await check('tab');

    // The ports, with the admin's PIN; the shoe is the simulated one, by default.
    await page.click('[data-testid=devices-list]');
    await page.locator('[data-testid=pin-dialog][data-request=serialPorts]').waitFor();
    await signPin(page, STAFF.admin);
    await page.waitForSelector('[data-testid=devices-ports]');
    expect(await page.getAttribute('[data-testid=devices-origin]', 'data-origin')).toBe('default');
    expect(await page.getAttribute('[data-testid=devices-kind-simulated]', 'aria-pressed')).toBe('true');
    // This machine's ports are a list as long as the machine makes it: it scrolls in the tab.
    await check('ports', { scrollAreas: ['[data-testid=devices-ports] ul'] });

    // The pty is not listed: its path is typed by hand.
    await page.click('[data-testid=devices-kind-serial]');
    await page.fill('[data-testid=devices-port]', pair.terminalPath);
    await page.selectOption('[data-testid=devices-format]', 'framed');
    await check('serial-typed', { scrollAreas: ['[data-testid=devices-ports] ul'] });
    await page.click('[data-testid=devices-apply]');
    const dialog = page.locator('[data-testid=pin-dialog][data-request=changeDevice]');
    await dialog.waitFor();
    expect(await page.locator('[data-testid=pin-question]').innerText()).toContain(pair.terminalPath);
    await page.fill('[data-testid=pin-text]', 'the real shoe is plugged in');
    expect(await smallTargets(page, '[data-testid=pin-dialog]')).toEqual([]);
    await signPin(page, STAFF.admin);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector('[data-testid=device-settings] [data-testid=device-shoe][data-kind=serial][data-status=connected]');
    // The "now" line the ports were read with is out of date: it says so rather than the old device.
    expect(await page.getAttribute('[data-testid=devices-origin]', 'data-origin')).toBe('changed');
    const v = await dealer.ok<TerminalView>('snapshot');
    expect(v.shoe).toMatchObject({ kind: 'serial', status: 'connected', label: expect.stringContaining(pair.terminalPath) });

    // The test read: waiting for a card, then the card written to the pty.
    const card = shuffledDeck(42)[0];
    await testRead();
    await page.waitForSelector('[data-testid=devices-test-waiting]');
    await sim.feed([card]);
    const shown = page.locator('[data-testid=devices-test-card]');
    await shown.waitFor();
    expect(Number(await shown.getAttribute('data-card'))).toBe(card);
    expect((await shown.getAttribute('data-raw'))!.startsWith('02')).toBe(true);
    expect(await shown.innerText()).toContain(formatCard(card));
    expect(await shown.innerText()).toContain(pair.terminalPath);
    expect(await smallTargets(page, '[data-testid=device-settings]')).toEqual([]);
    await screenshot(page, '31-devices-test-read');
    await check('test-read', { scrollAreas: ['[data-testid=devices-ports] ul'] });
    // No hand got it: the table has dealt nothing, and no read was refused.
    expect((await dealer.ok<TerminalView>('snapshot')).hand).toBeNull();

    // A port that is not there: said so, in words.
    await page.fill('[data-testid=devices-port]', `${pair.terminalPath}-not-here`);
    await testRead();
    const refused = page.locator('[data-testid=devices-test-refused][data-code=port-not-found]');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/no port .*not-here/);
    await check('test-refused', { scrollAreas: ['[data-testid=devices-ports] ul'] });

    await page.click('[data-testid=staff-lang-cs]');
    await page.waitForSelector('[data-testid=device-settings] >> text=Port nebyl nalezen');
    await screenshot(page, '31-devices-czech');
    await page.click('[data-testid=staff-lang-en]');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
