// The floor panel's Report tab end to end: `npm run serve` with the in-process simulated shoe,
// a dealer playing hands on his own socket (a misdeal among them), a floor person signing in
// on the page to read, the report made in the background with its progress shown, then its
// three charts (Chart.js on canvases that are drawn) and figures equal to `table report` on
// the same file and range; in English and Czech. Screenshots go to test/e2e/screenshots/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TerminalView } from '../../app/contract/view';
import { STAFF } from '../support/staff';
import { table } from '../support/table-cli';
import { afterFailure, buildScreen, dealerSocket, launchBrowser, screenPage, screenshot, startServe, typeCredential, type DealerSocket, type Served } from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let dealer: DealerSocket;
const pageErrors: string[] = [];
const ok = <T = TerminalView>(name: string, args: unknown = {}) => dealer.ok<T>(name, args);
const viewUntil = (test: (v: TerminalView) => boolean) => dealer.viewUntil(test);
const playHand = (start: 'startHand' | 'nextHand') => dealer.playHand(start);

beforeAll(async () => {
  await buildScreen();
  served = await startServe(['--sim-seed', '17', '--sim-pace', '0', '--table-name', 'Table 9']);
  dealer = await dealerSocket(served.url);
  for (const [seat, name] of [[1, 'Ann'], [2, 'Bob'], [3, 'Řehoř']] as const) await ok('seatPlayer', { seat, name, buyIn: 300000 });
  await playHand('startHand');
  await playHand('nextHand');
  // A misdeal called by the dealer (a seat with the wrong number of cards), then its redeal.
  await ok('nextHand');
  await viewUntil((v) => v.hand?.phase === 'setting');
  await ok('callMisdeal', { cause: 'wrong-card-count' });
  await playHand('nextHand');
  browser = await launchBrowser();
  page = await screenPage(browser, served.url, pageErrors, { width: 1400, height: 1000 });
}, 180_000);

afterEach((ctx) => afterFailure(ctx.task, page, served));

afterAll(async () => {
  dealer?.close();
  await browser?.close();
  await served?.stop();
});

/** What a chart on the page was given, and how many of its canvas's pixels are painted. */
async function chartOf(testid: string): Promise<{ labels: string[]; values: number[][]; painted: number }> {
  return page.locator(`[data-testid=${testid}]`).evaluate((fig) => {
    const canvas = fig.querySelector('canvas')!;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
    const d = (fig as HTMLElement).dataset;
    return { labels: JSON.parse(d.labels!) as string[], values: JSON.parse(d.values!) as number[][], painted };
  });
}

describe('the Report tab of the floor panel', () => {
  it('a floor person makes the shift report: progress, then the charts and figures of `table report`, in English and Czech', async () => {
    await page.click('[data-testid=open-floor]');
    await page.click('[data-testid=floor-tab-report]');
    await page.waitForSelector('[data-testid=reader-sign-in]');
    await typeCredential(page, '[data-testid=reader-sign-in]', 'reader-staff-id', 'reader-pin', STAFF.floor);
    await page.click('[data-testid=reader-sign-in-floor]');
    await page.waitForSelector('[data-testid=floor-report] [data-testid=report-none]');
    // The range: the form's default (the last 12 hours up to the next full hour, this screen's time).
    const range = await page.evaluate(() => ({
      from: new Date((document.querySelector('[data-testid=report-from]') as HTMLInputElement).value).toISOString(),
      to: new Date((document.querySelector('[data-testid=report-to]') as HTMLInputElement).value).toISOString(),
    }));
    await page.click('[data-testid=report-make]');
    // Answered at once with the report running (its worker takes a moment to start), shown as a
    // bar with what is being done; the tab stays usable meanwhile.
    const progress = page.locator('[data-testid=report-progress]');
    await progress.waitFor({ timeout: 5_000 });
    expect(await progress.getAttribute('data-step')).toMatch(/^(counting|reading)$/);
    await screenshot(page, '22-floor-report-progress');
    await page.waitForSelector('[data-testid=report-done]', { timeout: 30_000 });
    // The dealer's screen was never busy with it: the table dealt on (the socket answered).
    expect((await ok('snapshot')).table.id).toBe('T1');

    const out = join(served.dir, 'report.json');
    const cli = await table('report', '--db', join(served.dir, 'terminal.db'), '--from', range.from, '--to', range.to, '--table', 'T1', '--format', 'json', '--out', out);
    expect(cli.code, cli.stderr).toBe(0);
    const expected = JSON.parse(readFileSync(out, 'utf8')) as { totals: { hands: number; misdeals: number; handsPerHour: number; byHour: { hands: number }[]; misdealsByCause: Record<string, number>; seats: { seat: number; net: number }[] } };
    expect(expected.totals.hands).toBe(4);
    expect(expected.totals.misdeals).toBe(1);
    expect(Number(await page.getAttribute('[data-testid=report-done]', 'data-hands'))).toBe(expected.totals.hands);

    const hours = await chartOf('report-chart-hours');
    expect(hours.values).toEqual([expected.totals.byHour.map((h) => h.hands)]);
    const money = await chartOf('report-chart-money');
    expect(money.labels).toEqual(expected.totals.seats.map((s) => `Seat ${s.seat}`));
    expect(money.values).toEqual([expected.totals.seats.map((s) => s.net / 100)]);
    const misdeals = await chartOf('report-chart-misdeals');
    expect(misdeals.labels).toEqual(Object.keys(expected.totals.misdealsByCause));
    expect(misdeals.values).toEqual([Object.values(expected.totals.misdealsByCause)]);
    for (const c of [hours, money, misdeals]) expect(c.painted).toBeGreaterThan(1000);
    expect(await page.innerText('[data-testid=report-figures] [data-figure=hands] td')).toBe(String(expected.totals.hands));
    expect(await page.innerText('[data-testid=report-figures] [data-figure=misdeals] td')).toBe('1');
    for (const s of expected.totals.seats) expect(Number(await page.getAttribute(`[data-testid=report-seats] [data-seat="${s.seat}"]`, 'data-net'))).toBe(s.net);
    expect(await page.getAttribute('[data-testid=report-chain]', 'data-ok')).toBe('true');
    await screenshot(page, '22-floor-report');

    await page.click('[data-testid=floor-lang-cs]');
    await page.waitForSelector('[data-testid=floor-tab-report]:text("Výkaz")');
    expect((await chartOf('report-chart-money')).labels).toEqual(expected.totals.seats.map((s) => `Místo ${s.seat}`));
    expect(await page.innerText('[data-testid=report-chart-hours] figcaption')).toBe('Hry za hodinu (UTC)');
    await screenshot(page, '22-floor-report-czech');
    await page.click('[data-testid=floor-lang-en]');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
