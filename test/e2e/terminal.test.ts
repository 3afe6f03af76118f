// End to end: `npm run serve` (a real process, real SQLite, real TableService, a database that
// holds the test staff before the terminal opens it) with the shoe simulator on one socat
// pseudo-terminal (framed format) and a scanner on another (lines), driven through Debian's
// chromium by playwright-core. One table, hand after hand:
//   0. nobody can act until signed in; the dealer's wrong PIN is refused in words; he signs in
//      with his staff id and PIN (and again after a reload);
//   1. a full hand from shuffle to paid out, one seat scanned, the others tapped, one foul;
//   2. a surrender refused for lack of chips then one accepted; a true and a false natural;
//   3. a misdeal from a card read twice (the button stays);
//   4. the redeal, with the shoe unplugged mid-deal and plugged back in; then a scanned card
//      that is not the seat's (a card of the dead hand), refused at once and raised for the floor;
//   5. a floor person rules on the dealer's screen with her PIN (a wrong one first, refused in
//      words): she fouls that seat and the hand settles and pays;
//   6. the floor voids the next hand with its reason (the button stays);
//   7. a floor person signs in to read: the recall, a replay step by step, and the access log
//      (the wrong PINs recorded); closing the panel signs her out;
//   8. a hand voided after a payment: two floor people sign, the dealer moves the chips back;
//   9. the admin adds a dealer on the screen's staff panel (a dealer's PIN refused first), her
//      PIN typed twice and signed with his own; she then signs in and relieves the dealer.
// Screenshots of the key screens go to test/e2e/screenshots/.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { rankOf, suitOf, SUIT_SYMBOLS, type Card } from '../../app/domain/cards';
import type { PtyPair } from '../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import { STAFF } from '../support/staff';
import {
  buildScreen, confirm, dealCounts, dealerSignIn, dealOrder, dragonHand, fouledSet, launchBrowser, phase, screenshot, selectSeat, showResults, signPin, simulatedDevice, smallTargets, startServe, tapSet, typeCredential, validSet, type Served, FOUR_PLAYERS, seatOnScreen,
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

/** Ticks every payment, in order, from the results' payments (opened if the comparisons show). */
async function payAll(): Promise<void> {
  if ((await page.locator('[data-testid=results]').getAttribute('data-shown')) !== 'payments') await showResults(page, 'payments');
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

  it('lets nobody act before signing in; refuses a wrong PIN in words; the dealer signs in with his staff id and PIN', async () => {
    const form = page.locator('[data-testid=dealer-sign-in]');
    await form.waitFor();
    expect(await page.locator('[data-testid=session-nobody]').innerText()).toBe('Nobody signed in on this screen');
    // A request from a screen nobody signed in on is refused by the terminal, naming the role.
    await page.click('[data-testid=start-hand]');
    const refused = page.locator('[data-testid=refusal][data-code=not-allowed]');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/role dealer/);
    await refused.locator('button').click();
    expect(await page.getAttribute('[data-testid=dealer-pin-input]', 'type')).toBe('password');
    expect(await smallTargets(page, '[data-testid=dealer-sign-in]')).toEqual([]);
    await typeCredential(page, '[data-testid=dealer-sign-in]', 'dealer-staff-id', 'dealer-pin', STAFF.dealer);
    await screenshot(page, '00-sign-in');
    await page.click('[data-testid=lang-cs]');
    await page.waitForSelector('text=Přihlaste se a převezměte stůl');
    await screenshot(page, '00-sign-in-czech');
    await page.click('[data-testid=lang-en]');

    // A wrong PIN: refused in words (and recorded: the access log shows it below); the field is empty again.
    await page.fill('[data-testid=dealer-pin-input]', '999999');
    await page.click('[data-testid=dealer-on]');
    const wrong = form.locator('[data-testid=refusal][data-code=wrong-pin]');
    await wrong.waitFor();
    expect(await wrong.innerText()).toMatch(/wrong PIN for eva \(1 in a row/);
    expect(await page.inputValue('[data-testid=dealer-pin-input]')).toBe('');
    expect(await page.locator('[data-testid=session-person]').count()).toBe(0);

    await dealerSignIn(page, STAFF.dealer);
    await page.waitForSelector('[data-testid=dealer-sign-in]', { state: 'detached' });
    expect(await page.locator('[data-testid=dealer-on-duty]').innerText()).toBe('Dealer: Eva');
    expect(await page.locator('[data-testid=session-person]').innerText()).toMatch(/Eva · dealer/);
  });

  it('seats four players', async () => {
    await seatOnScreen(page, FOUR_PLAYERS);
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
    await showResults(page, 'comparisons');
    const pairs = await page.locator('[data-testid=comparison]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return `${d.a}-${d.b}:${d.points}`;
    }));
    // Left of the button, clockwise: 2, 3, 4, 1. The three valid hands push; the foul pays 6 each.
    expect(pairs).toEqual(['2-3:0', '2-4:6', '2-1:0', '3-4:6', '3-1:0', '4-1:-6']);
    await page.click('[data-testid=lang-cs]');
    await page.waitForSelector('text=Porovnání (6)');
    expect(await page.locator('[data-testid=comparison][data-a="2"][data-b="3"] td').first().innerText()).toBe('Nejvyšší čtyřka');
    await screenshot(page, '05-comparisons-czech');
    await page.click('[data-testid=lang-en]');
    await showResults(page, 'payments');
    const nets = await page.locator('[data-testid=seat-result]').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.seat}:${(e as HTMLElement).dataset.net}`));
    expect(nets).toEqual(['2:60000', '3:60000', '4:-180000', '1:60000']);
    expect(await page.locator('[data-testid=payment]').count()).toBe(3);
    await screenshot(page, '05-results');

    await page.click('[data-testid=lang-cs]');
    await page.waitForSelector('text=Platby v tomto pořadí');
    await screenshot(page, '06-results-czech');
    await page.click('[data-testid=lang-en]');

    await payAll();
    await phase(page, 'closed');
    expect(await stackOf(4)).toMatch(/CZK\s?200(?!\d)/);
    expect(await stackOf(1)).toMatch(/2,600/);
    expect(await buttonAt()).toBe(2);
  }, 120_000);

  it('after a reload the dealer on duty finds his id filled in and signs in again to go on', async () => {
    await page.reload();
    await page.waitForSelector('[data-testid=screen]');
    const form = page.locator('[data-testid=dealer-sign-in]');
    await form.waitFor();
    expect(await form.locator('h3').innerText()).toBe('Eva is the dealer on duty');
    expect(await page.inputValue('[data-testid=dealer-staff-id]')).toBe('eva');
    await page.fill('[data-testid=dealer-pin-input]', STAFF.dealer.pin);
    await page.click('[data-testid=dealer-on]');
    await form.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=dealer-on-duty]').innerText()).toBe('Dealer: Eva');
  });

  it('refuses a surrender the chips do not cover, accepts one they do; verifies a true and a false natural', async () => {
    await deal(dealOrder(2, dragonHand));
    await phase(page, 'setting');

    await selectSeat(page, 4);
    await page.click('[data-testid=declare-surrender]');
    // A surrender the chips do not cover is refused at once: no question first.
    expect(await page.locator('[data-testid=confirm-dialog]').count()).toBe(0);
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
    await showResults(page, 'comparisons');
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
    // The fault alerts stay until the dealer acknowledges them (keyboard: A, the oldest first).
    const dealerAlerts = '[data-testid=alert][data-cleared-by=dealer]';
    while (await page.locator(dealerAlerts).count()) {
      const n = await page.locator(dealerAlerts).count();
      await page.keyboard.press('a');
      await page.waitForFunction(([sel, before]) => document.querySelectorAll(sel as string).length < (before as number), [dealerAlerts, n] as const);
    }
    expect(await page.locator('[data-testid=alert]').count()).toBe(0);
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
    // Only the floor clears it: the strip offers the floor's PIN, not the dealer's acknowledge.
    expect(await alert.getAttribute('data-cleared-by')).toBe('floor');
    expect(await alert.locator('[data-testid=ack-alert]').count()).toBe(0);
    expect(await alert.locator('[data-testid=floor-ack-alert]').count()).toBe(1);
    await page.waitForSelector('[data-testid=scan-prompt][data-seat="1"][data-row=front]');
    expect(await page.locator('[data-testid=open-floor]').getAttribute('data-waiting')).toBe('1');
    await screenshot(page, '13-scan-refused');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('a floor person rules with her PIN on the dealer\'s screen (a wrong PIN first, refused in words); the hand then settles and pays', async () => {
    await page.click('[data-testid=call-floor]');
    const panel = page.locator('[data-testid=floor-panel]');
    await panel.waitFor();
    const seat1 = panel.locator('[data-testid=floor-seat][data-seat="1"]');
    await page.fill('[data-testid=floor-reason]', 'a card of the dead hand was in the front');
    await screenshot(page, '14-floor-panel');
    await seat1.locator('[data-testid=floor-foul-seat]').click();
    const dialog = page.locator('[data-testid=pin-dialog]');
    await dialog.waitFor();
    expect(await dialog.locator('[data-testid=pin-question]').innerText()).toBe('Rule the hand of seat 1 (North) Ann fouled?');
    expect(await dialog.locator('[data-testid=pin-text]').inputValue()).toBe('a card of the dead hand was in the front');
    expect(await smallTargets(page, '[data-testid=pin-dialog]')).toEqual([]);
    await typeCredential(page, '[data-testid=pin-dialog]', 'pin-staff-id', 'pin-pin', STAFF.floor);
    expect(await dialog.locator('[data-testid=pin-pin-input]').getAttribute('type')).toBe('password');
    await screenshot(page, '14-floor-pin-dialog');
    // Cancelled, nothing is sent; the same dialog in Czech.
    await dialog.locator('[data-testid=pin-cancel]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.click('[data-testid=floor-lang-cs]');
    await seat1.locator('[data-testid=floor-foul-seat]').click();
    await dialog.locator('text=Floor manažer: potvrďte číslem zaměstnance a PINem').waitFor();
    await typeCredential(page, '[data-testid=pin-dialog]', 'pin-staff-id', 'pin-pin', STAFF.floor);
    await screenshot(page, '14-floor-pin-dialog-czech');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.click('[data-testid=floor-lang-en]');

    // A wrong PIN: refused in words, recorded (the access log shows it), nothing ruled.
    await seat1.locator('[data-testid=floor-foul-seat]').click();
    await signPin(page, { staffId: STAFF.floor.staffId, pin: '111111' });
    const wrong = dialog.locator('[data-testid=refusal][data-code=wrong-pin]');
    await wrong.waitFor();
    expect(await wrong.innerText()).toMatch(/wrong PIN for jana \(1 in a row/);
    expect(await dialog.locator('[data-testid=pin-pin-input]').inputValue()).toBe('');
    expect(await seat1.locator('[data-testid=floor-fouled]').count()).toBe(0);
    // A dealer's PIN does not make him the floor: refused, naming the role.
    await signPin(page, STAFF.dealer);
    const role = dialog.locator('[data-testid=refusal][data-code=not-allowed]');
    await role.waitFor();
    expect(await role.innerText()).toMatch(/floor/);
    await screenshot(page, '14-floor-pin-refused');

    await signPin(page, STAFF.floor);
    await dialog.waitFor({ state: 'detached' });
    await seat1.locator('[data-testid=floor-fouled]').waitFor();
    expect(await seat1.locator('[data-testid=floor-fouled]').innerText()).toBe('Fouled by the floor: a card of the dead hand was in the front');
    expect(await page.inputValue('[data-testid=floor-reason]')).toBe('');

    // The irregularity's alert, acknowledged by a floor person with her PIN and a note.
    await page.click('[data-testid=floor-tab-alerts]');
    const alert = panel.locator('[data-testid=floor-alert][data-kind=irregularity]');
    await alert.locator('[data-testid=floor-ack-note]').fill('ruled: seat 1 fouled');
    await alert.locator('[data-testid=floor-ack]').click();
    expect(await dialog.locator('[data-testid=pin-text]').inputValue()).toBe('ruled: seat 1 fouled');
    await signPin(page, STAFF.floor);
    await dialog.waitFor({ state: 'detached' });
    await panel.locator('[data-testid=floor-no-alerts]').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.waitForSelector('.felt [data-seat="1"] [data-testid=foul-marker]');
    expect(await page.locator('[data-testid=open-floor]').getAttribute('data-waiting')).toBe('0');

    await tapSet(page, 2, validSet(2));
    await tapSet(page, 3, validSet(3));
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    await showResults(page, 'comparisons');
    const pairs = await page.locator('[data-testid=comparison]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return `${d.a}-${d.b}:${d.points}`;
    }));
    // Left of the button (3), clockwise among those playing: 1, 2, 3. The fouled seat 1 pays 6 to each; 2 and 3 push.
    expect(pairs).toEqual(['1-2:-6', '1-3:-6', '2-3:0']);
    await showResults(page, 'payments');
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
    // No payment made: one floor person signs the void with her PIN.
    await page.keyboard.press('m');
    await page.waitForSelector('[data-testid=floor-panel]');
    await page.fill('[data-testid=floor-reason]', 'the deck was found one card short after the deal');
    await page.click('[data-testid=floor-void]');
    expect(await page.locator('[data-testid=pin-question]').innerText()).toMatch(/^Void hand 5\? All its play is thrown away, no chips move and the button stays at seat 4 \(West\)/);
    expect(await page.getAttribute('[data-testid=pin-dialog]', 'data-second')).toBe('false');
    await signPin(page, STAFF.floor2);
    await page.waitForSelector('[data-testid=pin-dialog]', { state: 'detached' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });
    await phase(page, 'voided');
    expect(await page.locator('[data-testid=void-reason]').innerText()).toBe('Voided by the floor (Petr Dvořák): the deck was found one card short after the deal');
    expect(await page.locator('[data-testid=void-banner]').innerText()).toMatch(/the button stays at seat 4 \(West\)/);
    expect(await buttonAt()).toBe(4);
    expect(await Promise.all([1, 2, 3].map(stackOf))).toEqual(stacks);
    expect(await page.locator('[data-testid=alert]').count()).toBe(0);
    await screenshot(page, '15-hand-voided');
  }, 60_000);

  it('a floor person signs in to read: she recalls the table\'s last hands and replays an earlier one step by step', async () => {
    await page.click('[data-testid=open-floor]');
    await page.click('[data-testid=floor-tab-recall]');
    // Reading the history needs a floor person (or an auditor) signed in on this screen.
    await page.waitForSelector('[data-testid=reader-sign-in]');
    await typeCredential(page, '[data-testid=reader-sign-in]', 'reader-staff-id', 'reader-pin', STAFF.floor);
    await page.click('[data-testid=reader-sign-in-floor]');
    await page.waitForSelector('[data-testid=recall-list]');
    await page.waitForSelector('[data-testid=floor-reader][data-staff=jana][data-purpose=floor-action]');
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
    await page.click('[data-testid=replay-back]');

    // The access log: who did what, when and why, the newest first; the wrong PINs are in it.
    await page.click('[data-testid=floor-tab-access]');
    await page.waitForSelector('[data-testid=access-list]');
    const entries = await page.locator('[data-testid=access-entry]').evaluateAll((els) => els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return { type: d.type, person: d.person, purpose: d.purpose, text: (e as HTMLElement).innerText };
    }));
    expect(entries[0]).toMatchObject({ type: 'staff-signed-in', person: 'jana', purpose: 'floor-action' });
    const failed = entries.filter((e) => e.type === 'staff-sign-in-failed');
    // Newest first: Eva's PIN given for a floor action (not her role), Jana's wrong PIN, Eva's wrong PIN at her first sign-in.
    expect(failed.map((e) => `${e.person}:${e.purpose}`)).toEqual(['eva:floor-action', 'jana:floor-action', 'eva:take-box']);
    expect(failed[0].text).toMatch(/not-allowed/);
    expect(failed[1].text).toMatch(/wrong-pin/);
    expect(failed[2].text).toMatch(/wrong-pin/);
    expect(entries.filter((e) => e.type === 'floor-correction').map((e) => e.person)).toEqual(['jana']);
    expect(entries.filter((e) => e.type === 'hand-voided').map((e) => e.person)).toEqual(['petr']);
    await screenshot(page, '18-access-log');
    await page.click('[data-testid=floor-lang-cs]');
    await page.waitForSelector('[data-testid=access-list] >> text=Přihlášení odmítnuto');
    await screenshot(page, '18-access-log-czech');
    await page.click('[data-testid=floor-lang-en]');

    // Read-only: leaving the panel changed nothing at the table, and signed the reader out.
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });
    await page.waitForSelector('[data-testid=session-person][data-purpose=floor-action]', { state: 'detached' });
    expect(await page.locator('[data-testid=session-person]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.staff))).toEqual(['eva']);
    await phase(page, 'voided');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('a hand voided after a payment needs a second floor person; the dealer moves the chips paid back', async () => {
    const stacks = await Promise.all([1, 2, 3].map(stackOf));
    await deal(dealOrder(4, dragonHand));
    await phase(page, 'setting');
    await seatReady([1, 2, 3]);
    await page.click('[data-testid=open-showdown]');
    await phase(page, 'showdown');
    // Seat 1 fouls: it pays seats 2 and 3.
    await tapSet(page, 1, fouledSet(1));
    await tapSet(page, 2, validSet(2));
    await tapSet(page, 3, validSet(3));
    await page.click('[data-testid=settle]');
    await phase(page, 'paying');
    const paid = page.locator('[data-testid=payment][data-index="0"]');
    const [payer, payee, amount] = await Promise.all(['data-payer', 'data-payee', 'data-amount'].map((a) => paid.getAttribute(a)));
    expect(payer).toBe('1');
    await paid.locator('[data-testid=execute-payment]').click();
    await page.waitForSelector('[data-testid=payment][data-index="0"][data-done="true"]');

    await page.keyboard.press('m');
    await page.waitForSelector('[data-testid=floor-hand][data-phase=paying]');
    expect(await page.locator('[data-testid=floor-void-hint]').innerText()).toMatch(/a second floor person signs too/);
    await page.fill('[data-testid=floor-reason]', 'the hand was dealt under the wrong house rules');
    await page.click('[data-testid=floor-void]');
    const dialog = page.locator('[data-testid=pin-dialog][data-second=true]');
    await dialog.waitFor();
    expect(await page.locator('[data-testid=pin-question]').innerText()).toMatch(/Payments have been made: the chips paid go back, and a second floor person must sign/);
    // The same person twice is refused in words.
    await signPin(page, STAFF.floor, STAFF.floor);
    await dialog.locator('[data-testid=refusal][data-code=same-floor-person]').waitFor();
    await screenshot(page, '19-void-two-floor');
    await signPin(page, STAFF.floor, STAFF.floor2);
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=floor-panel]', { state: 'detached' });
    await phase(page, 'voided');
    const back = await page.locator('[data-testid=void-move-back]').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.from}->${(e as HTMLElement).dataset.to}:${(e as HTMLElement).dataset.amount}`));
    // The payment made goes back: from the seat paid to the seat that paid it.
    expect(back).toEqual([`${payee}->${payer}:${amount}`]);
    expect(await page.locator('[data-testid=void-move-back]').innerText()).toMatch(new RegExp(`^CZK\\s?600 from seat ${payee} \\(\\w+\\) back to seat 1 \\(North\\)$`));
    await screenshot(page, '20-void-move-back');
    // The chips paid went back: every stack is what it was before the hand.
    expect(await Promise.all([1, 2, 3].map(stackOf))).toEqual(stacks);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the admin adds a dealer on the staff panel; she then signs in and takes the box', async () => {
    await page.click('[data-testid=open-staff]');
    const panel = page.locator('[data-testid=staff-panel]');
    await panel.waitFor();
    // The list is the admin's: a dealer's PIN does not open it (refused in words, naming the role).
    await typeCredential(page, '[data-testid=staff-sign-in]', 'staff-admin-id', 'staff-admin-pin', STAFF.dealer);
    await page.click('[data-testid=staff-open]');
    const refused = panel.locator('[data-testid=refusal][data-code=not-allowed]');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/admin/);
    expect(await page.inputValue('[data-testid=staff-admin-pin-input]')).toBe('');
    await typeCredential(page, '[data-testid=staff-sign-in]', 'staff-admin-id', 'staff-admin-pin', STAFF.admin);
    await page.click('[data-testid=staff-open]');
    await page.waitForSelector('[data-testid=staff-list]');
    const ids = () => page.locator('[data-testid=staff-person]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.staff));
    expect(await ids()).toEqual(Object.values(STAFF).map((p) => p.staffId));
    expect(await page.locator('[data-testid=staff-person][data-staff=eva] [data-testid=staff-roles]').innerText()).toBe('dealer');

    const mia = { staffId: 'mia', name: 'Mia Malá', pin: '314159' };
    await page.fill('[data-testid=staff-add-id]', mia.staffId);
    await page.fill('[data-testid=staff-add-name]', mia.name);
    await page.click('[data-testid=staff-add-role][data-role=dealer]');
    await page.click('[data-testid=staff-add-submit]');
    const dialog = page.locator('[data-testid=pin-dialog][data-request=staffAdd]');
    await dialog.waitFor();
    expect(await page.locator('[data-testid=pin-question]').innerText()).toBe('Add Mia Malá (mia) with the roles: dealer?');
    expect(await page.inputValue('[data-testid=pin-staff-id]')).toBe(STAFF.admin.staffId);
    for (const digit of mia.pin) await page.click(`[data-testid=pin-new] [data-testid=pin-new-key][data-key="${digit}"]`);
    for (const digit of mia.pin) await page.click(`[data-testid=pin-new-again] [data-testid=pin-new-again-key][data-key="${digit}"]`);
    expect(await smallTargets(page, '[data-testid=pin-dialog]')).toEqual([]);
    await screenshot(page, '21-staff-add-pin');
    await signPin(page, STAFF.admin);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector('[data-testid=staff-person][data-staff=mia]');
    expect(await ids()).toEqual([...Object.values(STAFF).map((p) => p.staffId), 'mia']);
    expect(await page.locator('[data-testid=staff-person][data-staff=mia]').innerText()).toMatch(/mia\s+Mia Malá\s+dealer\s+May sign in/);
    expect(await smallTargets(page, '[data-testid=staff-panel]')).toEqual([]);
    await screenshot(page, '21-staff-panel');
    await page.click('[data-testid=staff-lang-cs]');
    await page.waitForSelector('[data-testid=staff-person][data-staff=mia] >> text=Může se přihlásit');
    await screenshot(page, '21-staff-panel-czech');
    await page.click('[data-testid=staff-lang-en]');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Eva leaves this screen; Mia signs in with the PIN the admin gave her and relieves Eva between hands.
    await page.click('[data-testid=sign-out][data-purpose=take-box]');
    await page.waitForSelector('[data-testid=dealer-sign-in]');
    await dealerSignIn(page, mia);
    await page.waitForSelector('[data-testid=dealer-sign-in]', { state: 'detached' });
    // The table's view (pushed after the sign-in's reply) names her as the dealer on duty.
    await page.waitForSelector('[data-testid=dealer-on-duty] >> text=Dealer: Mia Malá');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
