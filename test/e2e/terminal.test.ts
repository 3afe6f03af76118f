// End to end: `npm run serve` (a real process, real SQLite, real TableService) with the shoe
// simulator on one socat pseudo-terminal (framed format) and a scanner on another (lines),
// driven through Debian's chromium by playwright-core. One table, hand after hand:
//   1. a full hand from shuffle to paid out, one seat scanned, the others tapped, one foul;
//   2. a surrender refused for lack of chips then one accepted; a true and a false natural;
//   3. a misdeal from a card read twice (the button stays);
//   4. the redeal, with the shoe unplugged mid-deal and plugged back in; then a scanned card
//      that is not the seat's (a card of the dead hand), refused at once and raised for the floor;
//   5. the floor fouls that seat and the hand settles and pays;
//   6. the floor voids the next hand with its reason (the button stays);
//   7. the floor recalls the table's hands and replays an earlier one step by step.
// Screenshots of the key screens go to test/e2e/screenshots/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { rankOf, suitOf, SUIT_SYMBOLS, type Card } from '../../app/domain/cards';
import type { PtyPair } from '../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import {
  buildScreen, confirm, dealCounts, dealOrder, dragonHand, fouledSet, launchBrowser, phase, screenshot, selectSeat, simulatedDevice,
  startServe, tapSet, validSet, type Served,
} from './harness';

let served: Served;
let browser: Browser;
let page: Page;
let shoe: { pair: PtyPair; sim: SerialShoeSimulator; log: string[] };
let scanner: { pair: PtyPair; sim: SerialShoeSimulator; log: string[] };
const pageErrors: string[] = [];

beforeAll(async () => {
  await buildScreen();
  shoe = await simulatedDevice('framed', 15);
  scanner = await simulatedDevice('lines', 5);
  served = await startServe(['--shoe', shoe.pair.terminalPath, '--shoe-format', 'framed', '--scanner', scanner.pair.terminalPath, '--scanner-format', 'lines', '--table-name', 'Table 7']);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(served.url);
  await page.waitForSelector('[data-testid=screen]');
}, 120_000);

afterEach(async (ctx) => {
  // A failed step leaves a picture of the screen it failed on.
  if (ctx.task.result?.state !== 'fail') return;
  if (page) await screenshot(page, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => {});
  process.stderr.write(`--- serve:\n${served?.stderr() ?? ''}\n--- shoe simulator:\n${shoe?.log.join('\n') ?? ''}\n`);
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  for (const d of [shoe, scanner]) {
    await d?.sim.stop();
    await d?.pair.close();
  }
});

/** Starts the hand and has the shoe read `cards`; resolves when the shoe has sent them all. */
async function deal(cards: Card[]): Promise<void> {
  await page.click('[data-testid=start-hand]');
  await phase(page, 'dealing');
  await shoe.sim.feed(cards);
}

async function seatReady(seats: number[]): Promise<void> {
  for (const seat of seats) {
    await selectSeat(page, seat);
    await page.click('[data-testid=seat-ready]');
    await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=ready-marker]`);
  }
}

async function payAll(): Promise<void> {
  const count = await page.locator('[data-testid=payment]').count();
  for (let i = 0; i < count; i++) {
    await page.click(`[data-testid=payment][data-index="${i}"] [data-testid=execute-payment]`);
    await page.waitForSelector(`[data-testid=payment][data-index="${i}"][data-done="true"]`);
  }
}

/** A card as the screen prints it: rank and suit symbol ("2♦", "10♥"). */
const onFelt = (card: Card) => `${['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'][rankOf(card)]}${SUIT_SYMBOLS[suitOf(card)]}`;

const stackOf = (seat: number) => page.locator(`.felt [data-seat="${seat}"] [data-testid=stack]`).innerText();
const buttonAt = async () => Number(await page.locator('.felt [data-seat]:has([data-testid=button-marker])').getAttribute('data-seat'));

describe('dealer terminal in a browser', () => {
  it('shows the table, the serial shoe connected and the scanner', async () => {
    await page.waitForSelector('[data-testid=device-shoe][data-status=connected][data-kind=serial]');
    await page.waitForSelector('[data-testid=device-scanner][data-kind=serial]');
    expect(await page.locator('.felt [data-seat] .compass').allInnerTexts()).toEqual(['North', 'East', 'South', 'West']);
  });

  it('signs the dealer on and seats four players', async () => {
    await page.fill('[data-testid=dealer-name]', 'Eva');
    await page.click('[data-testid=dealer-on]');
    await page.waitForSelector('[data-testid=dealer-on-duty]');
    for (const [seat, name] of [[1, 'Ann'], [2, 'Bob'], [3, 'Cyril'], [4, 'Dana']] as const) {
      await selectSeat(page, seat);
      await page.fill('[data-testid=player-name]', name);
      await page.fill('[data-testid=buy-in]', '2000');
      await page.click('[data-testid=seat-player]');
      await confirm(page); // a buy-in cannot be taken back: the screen asks first
      await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=stack]`);
    }
    expect(await stackOf(4)).toMatch(/2,000/);
    await screenshot(page, '01-seated');
  });

  it('plays a full hand from shuffle to paid out: counts fill, one seat scanned, a foul, payments ticked', async () => {
    expect(await buttonAt()).toBe(1);
    await page.click('[data-testid=start-hand]');
    await phase(page, 'dealing');
    const dealt = shoe.sim.feed(dealOrder(1, dragonHand));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=cards-read]')?.textContent?.match(/\d+/)?.[0] ?? 0) >= 20);
    await screenshot(page, '02-dealing');
    await dealt;
    await phase(page, 'setting');
    expect(await dealCounts(page)).toEqual([13, 13, 13, 13]);

    await seatReady([1, 2, 3, 4]);
    await page.click('[data-testid=open-showdown]');
    await phase(page, 'showdown');
    // Announcement order starts left of the button: seat 2 first, front first.
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="2"][data-row=front]');
    const set2 = validSet(2);
    await scanner.sim.feed(set2.front);
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="2"][data-row=middle]');
    await screenshot(page, '03-showdown-scanning');
    await scanner.sim.feed(set2.middle);
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="2"][data-row=back]');
    await scanner.sim.feed(set2.back);
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="3"][data-row=front]');
    await page.waitForSelector('[data-testid=showdown-seat][data-seat="2"] [data-testid=words-back]');

    await tapSet(page, 3, validSet(3));
    await tapSet(page, 4, fouledSet(4));
    await tapSet(page, 1, validSet(1));
    await page.waitForSelector('.felt [data-seat="4"] [data-testid=foul-marker]');
    expect(await page.locator('[data-testid=showdown-seat][data-seat="4"] [data-testid=foul-reason]').innerText()).toMatch(/^Foul: /);
    expect(await page.locator('[data-testid=showdown-seat][data-seat="2"] [data-testid=words-back]').innerText()).toBe('Straight, ace high');
    await screenshot(page, '04-showdown-foul');

    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    const pairs = await page.locator('[data-testid=comparison]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return `${d.a}-${d.b}:${d.points}`;
    }));
    // Left of the button, clockwise: 2, 3, 4, 1. The three valid hands push; the foul pays 6 each.
    expect(pairs).toEqual(['2-3:0', '2-4:6', '2-1:0', '3-4:6', '3-1:0', '4-1:-6']);
    const nets = await page.locator('[data-testid=seat-result]').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.seat}:${(e as HTMLElement).dataset.net}`));
    expect(nets).toEqual(['2:60000', '3:60000', '4:-180000', '1:60000']);
    expect(await page.locator('[data-testid=payment]').count()).toBe(3);
    await screenshot(page, '05-results');

    await page.click('[data-testid=lang-cs]');
    await page.waitForSelector('text=Platby v tomto pořadí');
    expect(await page.locator('[data-testid=comparison][data-a="2"][data-b="3"] td').first().innerText()).toBe('Nejvyšší čtyřka');
    await screenshot(page, '06-results-czech');
    await page.click('[data-testid=lang-en]');

    await payAll();
    await phase(page, 'closed');
    expect(await stackOf(4)).toMatch(/CZK\s?200(?!\d)/);
    expect(await stackOf(1)).toMatch(/2,600/);
    expect(await buttonAt()).toBe(2);
  }, 120_000);

  it('refuses a surrender the chips do not cover, accepts one they do; verifies a true and a false natural', async () => {
    await deal(dealOrder(2, dragonHand));
    await phase(page, 'setting');

    await selectSeat(page, 4);
    await page.click('[data-testid=declare-surrender]');
    await confirm(page);
    const refusal = page.locator('[data-testid=seat-actions] [data-testid=refusal]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('surrender-not-covered');
    expect(await refusal.innerText()).toMatch(/cannot surrender/);
    expect(await page.locator('.felt [data-seat="4"] [data-testid=surrender-marker]').count()).toBe(0);
    await screenshot(page, '07-surrender-refused');

    await selectSeat(page, 2);
    await page.click('[data-testid=declare-surrender]');
    await confirm(page);
    await page.waitForSelector('.felt [data-seat="2"] [data-testid=surrender-marker]');

    await selectSeat(page, 1);
    await page.click('[data-testid=declare-natural]');
    await page.click('[data-testid=natural-dragon]');
    await confirm(page);
    await page.waitForSelector('[data-testid=natural-result][data-verified=true]');
    await page.waitForSelector('.felt [data-seat="1"] [data-testid=natural-marker]');

    await selectSeat(page, 3);
    await page.click('[data-testid=declare-natural]');
    await page.click('[data-testid=natural-six-pairs]');
    await confirm(page);
    await page.waitForSelector('[data-testid=natural-result][data-verified=false]');
    expect(await page.locator('[data-testid=natural-reason]').innerText()).toMatch(/six pairs/i);
    await page.waitForSelector('.felt [data-seat="3"] [data-testid=natural-rejected-marker]');
    await screenshot(page, '08-naturals');

    await seatReady([4]);
    await page.click('[data-testid=open-showdown]');
    await phase(page, 'showdown');
    await tapSet(page, 4, validSet(4));
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    const kinds = await page.locator('[data-testid=comparison] .kind').allInnerTexts();
    expect(kinds).toContain('natural');
    expect(kinds).toContain('surrender');
    await screenshot(page, '09-results-natural-surrender');
    await payAll();
    await phase(page, 'closed');
    expect(await buttonAt()).toBe(3);
  }, 120_000);

  it('calls a misdeal when a card is read twice; the alert stays until acknowledged; the button stays', async () => {
    const cards = dealOrder(3, dragonHand);
    cards.splice(11, 0, cards[10]);
    await deal(cards);
    await phase(page, 'misdealt');
    const banner = page.locator('[data-testid=misdeal-banner]');
    expect(await banner.getAttribute('data-cause')).toBe('card-read-twice');
    expect(await banner.innerText()).toMatch(/button stays at seat 3/);
    const alert = page.locator('[data-testid=alert][data-kind=misdeal]');
    await alert.waitFor();
    await screenshot(page, '10-misdeal');
    await alert.locator('[data-testid=ack-alert]').click();
    await alert.waitFor({ state: 'detached' });
    expect(await buttonAt()).toBe(3);
  }, 60_000);

  it('redeals; the shoe is unplugged mid-deal and plugged back in, and the deal completes', async () => {
    // A shoe restarted (it numbers its frames from 0 again): its first heartbeat shows the
    // terminal the jump (reported, and refused as no hand is in play) before the redeal starts.
    await shoe.sim.stop();
    shoe.sim = new SerialShoeSimulator({
      path: shoe.pair.devicePath, format: 'framed', paceMs: 15, heartbeatMs: 500, reopenMs: 10,
      log: (m) => shoe.log.push(`${new Date().toISOString()} ${m}`),
    });
    await shoe.sim.start();
    await page.waitForSelector('[data-testid=device-notice][data-code=no-hand-in-play]');

    await page.click('[data-testid=redeal]');
    await phase(page, 'dealing');
    expect(await buttonAt()).toBe(3);
    const dealt = shoe.sim.feed(dealOrder(3, dragonHand));
    const cardsRead = async () => Number((await page.locator('[data-testid=cards-read]').innerText()).match(/\d+/)![0]);
    // The cable is pulled from outside in the middle of the deal, as a dealer's elbow would:
    // socat ends, both ports vanish; the shoe keeps its frame in flight and waits.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=cards-read]')?.textContent?.match(/\d+/)?.[0] ?? 0) >= 20);
    await shoe.pair.unplug();
    await page.waitForSelector('[data-testid=device-shoe]:not([data-status=connected])', { timeout: 20_000 });
    await page.waitForSelector('[data-testid=alert][data-kind=device-fault]');
    const atUnplug = await cardsRead();
    expect(atUnplug).toBeGreaterThanOrEqual(20);
    expect(atUnplug).toBeLessThan(52);
    await screenshot(page, '11-shoe-unplugged');
    expect(await cardsRead()).toBe(atUnplug); // nothing arrives while it is out
    await shoe.pair.replug();
    await page.waitForSelector('[data-testid=device-shoe][data-status=connected]', { timeout: 20_000 });
    await dealt;
    await phase(page, 'setting', 20_000);
    expect(await dealCounts(page)).toEqual([13, 13, 13, 13]);
    expect(await page.locator('[data-testid=misdeal-banner]').count()).toBe(0);
    await screenshot(page, '12-shoe-replugged');
    // The fault alerts stay until someone acknowledges them (keyboard: A, the oldest first).
    while (await page.locator('[data-testid=alert]').count()) {
      const n = await page.locator('[data-testid=alert]').count();
      await page.keyboard.press('a');
      await page.waitForFunction((before) => document.querySelectorAll('[data-testid=alert]').length < before, n);
    }
  }, 90_000);

  it('refuses at once a scanned card that is not the seat\'s and raises it for the floor; the seat\'s hand waits', async () => {
    // Dana (seat 4) lost her whole stack in hand 2: three players now. Keyboard: seat, then F.
    expect(await page.locator('.felt [data-seat="4"] [data-testid=stack]').innerText()).toMatch(/CZK\s?0(?!\d)/);
    for (const seat of [1, 2, 3]) {
      await page.keyboard.press(String(seat));
      await page.keyboard.press('f');
      await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=ready-marker]`);
    }
    await page.keyboard.press('o');
    await phase(page, 'showdown');
    // Left of the button (3) is seat 4, out of this hand: seat 1 is read first.
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="1"][data-row=front]');
    // Seat 1's front holds a card of the dead hand at seat 4 (Dana sits out): the scanner's
    // read of it is refused on the spot, the seat's own card stays in the row.
    const set1 = validSet(1);
    const foreign = dragonHand(4)[0];
    await scanner.sim.feed([set1.front[0], foreign]);
    await page.waitForSelector('[data-testid=device-notice][data-code=card-not-this-seats]');
    const alert = page.locator('[data-testid=alert][data-kind=irregularity]');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/is not one of Seat 1's cards: it was dealt to Seat 4/);
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="1"][data-row=front]');
    expect(await page.locator('[data-testid=open-floor]').getAttribute('data-waiting')).toBe('1');
    await screenshot(page, '13-scan-refused');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('the floor fouls the seat that showed another seat\'s card; the hand then settles and pays', async () => {
    await page.click('[data-testid=call-floor]');
    const panel = page.locator('[data-testid=floor-panel]');
    await panel.waitFor();
    const seat1 = panel.locator('[data-testid=floor-seat][data-seat="1"]');
    // Unsigned: refused in words, nothing recorded.
    await seat1.locator('[data-testid=floor-foul-seat]').click();
    await panel.locator('[data-testid=refusal][data-code=name-needed]').waitFor();
    await page.fill('[data-testid=floor-name]', 'Jana Nováková');
    await page.fill('[data-testid=floor-reason]', 'a card of the dead hand was in the front');
    await screenshot(page, '14-floor-panel');
    await seat1.locator('[data-testid=floor-foul-seat]').click();
    expect(await page.locator('[data-testid=confirm-dialog]').innerText()).toMatch(/Jana Nováková/);
    await confirm(page);
    await seat1.locator('[data-testid=floor-fouled]').waitFor();
    expect(await seat1.locator('[data-testid=floor-fouled]').innerText()).toBe('Fouled by the floor: a card of the dead hand was in the front');
    expect(await page.inputValue('[data-testid=floor-reason]')).toBe('');

    // The irregularity's alert, acknowledged in the floor's name with a note.
    await page.click('[data-testid=floor-tab-alerts]');
    const alert = panel.locator('[data-testid=floor-alert][data-kind=irregularity]');
    await alert.locator('[data-testid=floor-ack-note]').fill('ruled: seat 1 fouled');
    await alert.locator('[data-testid=floor-ack]').click();
    await panel.locator('[data-testid=floor-no-alerts]').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.waitForSelector('.felt [data-seat="1"] [data-testid=foul-marker]');
    expect(await page.locator('[data-testid=open-floor]').getAttribute('data-waiting')).toBe('0');

    await tapSet(page, 2, validSet(2));
    await tapSet(page, 3, validSet(3));
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    const pairs = await page.locator('[data-testid=comparison]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return `${d.a}-${d.b}:${d.points}`;
    }));
    // Left of the button (3), clockwise among those playing: 1, 2, 3. The fouled seat 1 pays 6 to each; 2 and 3 push.
    expect(pairs).toEqual(['1-2:-6', '1-3:-6', '2-3:0']);
    const nets = await page.locator('[data-testid=seat-result]').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.seat}:${(e as HTMLElement).dataset.net}`));
    expect(nets).toEqual(['1:-120000', '2:60000', '3:60000']);
    await payAll();
    await phase(page, 'closed');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the floor voids the next hand with its reason; no chips move and the button stays', async () => {
    const stacks = await Promise.all([1, 2, 3].map(stackOf));
    // The shoe that pulled its cable at the 21st card is swapped for a sound one (its faults
    // apply to every deal it feeds); its new frame numbers are refused while no hand is in play.
    await shoe.sim.stop();
    shoe.sim = new SerialShoeSimulator({
      path: shoe.pair.devicePath, format: 'framed', paceMs: 15, heartbeatMs: 500, reopenMs: 10, log: (m) => shoe.log.push(`${new Date().toISOString()} ${m}`),
    });
    await shoe.sim.start();
    await page.waitForSelector('[data-testid=device-notice][data-code=no-hand-in-play]');
    // The button moved one seat clockwise after hand 4 (RULES.md s2), onto Dana's empty seat 4:
    // all four positions are dealt whatever the number of players.
    await deal(dealOrder(4, dragonHand));
    await phase(page, 'setting');
    expect(await buttonAt()).toBe(4);
    // The floor's name is remembered on this screen; the reason is asked for each action.
    await page.keyboard.press('m');
    await page.waitForSelector('[data-testid=floor-panel]');
    expect(await page.inputValue('[data-testid=floor-name]')).toBe('Jana Nováková');
    await page.fill('[data-testid=floor-reason]', 'the deck was found one card short after the deal');
    await page.click('[data-testid=floor-void]');
    expect(await page.locator('[data-testid=confirm-dialog]').innerText()).toMatch(/void hand 5\? All its play is thrown away, no chips move and the button stays at seat 4 \(West\)/);
    await confirm(page);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });
    await phase(page, 'voided');
    expect(await page.locator('[data-testid=void-reason]').innerText()).toBe('Voided by the floor (Jana Nováková): the deck was found one card short after the deal');
    expect(await page.locator('[data-testid=void-banner]').innerText()).toMatch(/the button stays at seat 4 \(West\)/);
    expect(await buttonAt()).toBe(4);
    expect(await Promise.all([1, 2, 3].map(stackOf))).toEqual(stacks);
    expect(await page.locator('[data-testid=alert]').count()).toBe(0);
    await screenshot(page, '15-hand-voided');
  }, 60_000);

  it('the floor recalls the table\'s last hands and replays an earlier one step by step', async () => {
    await page.click('[data-testid=open-floor]');
    await page.click('[data-testid=floor-tab-recall]');
    await page.waitForSelector('[data-testid=recall-list]');
    const rows = await page.locator('[data-testid=recall-hand]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return `${d.number}:${d.outcome}:${d.button}`;
    }));
    // Newest first: the void, the ruled hand, the redeal, the misdeal, the two played hands.
    expect(rows).toEqual(['5:void:4', '4:played:3', '3:misdeal:3', '2:played:2', '1:played:1']);
    const first = page.locator('[data-testid=recall-hand][data-number="1"]');
    expect(await first.locator('.nets').innerText()).toMatch(/4 Dana -CZK\s?1,800/);
    await screenshot(page, '16-recall');

    await first.locator('[data-testid=recall-replay]').click();
    const replay = page.locator('[data-testid=replay]');
    await replay.waitFor();
    expect(await replay.getAttribute('data-step')).toBe('0');
    expect(await page.locator('[data-testid=replay-what]').innerText()).toMatch(/^Hand 1 started, button at seat 1 \(North\): Ann at seat 1 with CZK\s?2,000/);
    // Step by step in the original order: the shoe's first card went to seat 2 (left of the button).
    await page.click('[data-testid=replay-next]');
    const [firstCard, secondCard] = dealOrder(1, dragonHand);
    expect(await page.locator('[data-testid=replay-step][data-index="1"]').getAttribute('data-type')).toBe('card-dealt');
    expect(await page.locator('[data-testid=replay-what]').innerText()).toBe(`${onFelt(firstCard)} dealt to seat 2 (East)`);
    expect(await page.locator('[data-testid=replay-state-cardsRead]').innerText()).toBe('1 of 52');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('[data-testid=replay-what]').innerText()).toBe(`${onFelt(secondCard)} dealt to seat 3 (South)`);
    expect(await page.locator('[data-testid=replay-state-dealt]').innerText()).toBe('0 · 1 · 1 · 0');
    expect(await replay.getAttribute('data-step')).toBe('2');
    const types = await page.locator('[data-testid=replay-step]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type));
    expect(types[0]).toBe('hand-started');
    expect(types.filter((x) => x === 'card-dealt')).toHaveLength(52);
    expect(types.at(-1)).toBe('hand-closed');
    expect(types.indexOf('settled')).toBeGreaterThan(types.indexOf('showdown-opened'));
    await page.click('[data-testid=replay-last]');
    expect(await page.locator('[data-testid=replay-state]').getAttribute('data-phase')).toBe('closed');
    expect(await page.locator('[data-testid=replay-state-payments]').innerText()).toBe('3 of 3');

    // The ruled hand: the floor's step names Jana and the reason.
    await page.click('[data-testid=replay-back]');
    await page.locator('[data-testid=recall-hand][data-number="4"] [data-testid=recall-replay]').click();
    await page.waitForSelector('[data-testid=replay][data-hand$="-4"]');
    const ruling = page.locator('[data-testid=replay-step][data-type=floor-correction]');
    await ruling.click();
    expect(await page.locator('[data-testid=replay-what]').innerText()).toBe('Hand of seat 1 (North) ruled fouled. Reason: a card of the dead hand was in the front');
    expect(await ruling.locator('.by').innerText()).toBe('Floor: Jana Nováková');
    await screenshot(page, '17-replay');
    await page.click('[data-testid=floor-lang-cs]');
    expect(await page.locator('[data-testid=replay-what]').innerText()).toMatch(/^Ruka místa 1 \(.+\) prohlášena za faul\. Důvod: a card of the dead hand was in the front$/);
    await page.click('[data-testid=floor-lang-en]');
    // Read-only: leaving the replay and the panel changed nothing at the table.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });
    await phase(page, 'voided');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
