/**
 * From a card on the wire to the dealer's screen: `npm run serve` (a real process) with its
 * shoe on a socat pseudo-terminal, the shoe simulator writing framed cards, and the screen in
 * Debian's chromium. For each card the time runs from the simulator's write of its frame
 * (the frame's bytes go out in one write, so this is the last byte within the write's own
 * cost) to the moment the page's seat count shows it (a MutationObserver in the page).
 * Both sides read the same wall clock (`performance.timeOrigin + performance.now()`).
 *
 * JSON: "ui": {"cardToScreenMsMedian": N, "cardToScreenMsP99": N}. Target p99 < 20 ms.
 */
import { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import { PtyPair } from '../../hardware/sim/pty-pair';
import { buildScreen, dealerSignIn, dealOrder, dragonHand, launchBrowser, startServe } from '../../test/e2e/harness';
import { STAFF } from '../../test/support/staff';
import { percentile, type BenchSection } from '../section';

const now = () => performance.timeOrigin + performance.now();

export const section: BenchSection = {
  name: 'dealer screen (card on the wire to seat count on screen)',
  order: 50,
  async run({ quick }) {
    const deals = quick ? 1 : 4;
    await buildScreen();
    const pair = await PtyPair.open();
    const writes = new Map<number, number>();
    const sim = new SerialShoeSimulator({
      path: pair.devicePath, format: 'framed', paceMs: 25, heartbeatMs: 500,
      onCardWrite: (info) => {
        if (!writes.has(info.position)) writes.set(info.position, now());
      },
    });
    await sim.start();
    const served = await startServe(['--shoe', pair.terminalPath, '--shoe-format', 'framed']);
    const browser = await launchBrowser();
    const samples: number[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.goto(served.url);
      await dealerSignIn(page, STAFF.dealer);
      for (const seat of [1, 2]) {
        await page.click(`.felt [data-seat="${seat}"]`);
        await page.fill('[data-testid=player-name]', `P${seat}`);
        await page.fill('[data-testid=buy-in]', '2000');
        await page.click('[data-testid=seat-player]');
        await page.click('[data-testid=confirm-yes]'); // a buy-in asks first
        await page.waitForSelector(`.felt [data-seat="${seat}"] [data-testid=stack]`);
      }
      for (let d = 0; d < deals; d++) {
        await page.click(d === 0 ? '[data-testid=start-hand]' : '[data-testid=redeal]');
        await page.waitForSelector('[data-testid=phase][data-phase=dealing]');
        // In the page: the time each total of dealt cards first shows.
        // (A string, not a function: the TypeScript loader would wrap named functions in helpers
        // the page does not have.)
        await page.evaluate(`(() => {
          const seen = {};
          window.__seen = seen;
          const total = () => [...document.querySelectorAll('.felt [data-testid=deal-count]')].reduce((n, e) => n + Number(e.dataset.count), 0);
          new MutationObserver(() => {
            const n = total();
            if (!(n in seen)) seen[n] = performance.timeOrigin + performance.now();
          }).observe(document.querySelector('.felt'), { subtree: true, attributes: true, attributeFilter: ['data-count'] });
        })()`);
        writes.clear();
        await sim.feed(dealOrder(1, dragonHand));
        await page.waitForSelector('[data-testid=phase][data-phase=setting]');
        const seen = (await page.evaluate('window.__seen')) as Record<number, number>;
        for (let k = 0; k < 52; k++) {
          const shown = seen[k + 1];
          const written = writes.get(k);
          if (shown !== undefined && written !== undefined) samples.push(shown - written);
        }
        // Void this deal to deal the next one (the button stays).
        await page.click('[data-testid=call-misdeal]');
        await page.click('[data-testid=misdeal-dialog] [data-testid^=misdeal-cause-] >> nth=0'); // the cause, then asked once more
        await page.click('[data-testid=confirm-yes]');
        await page.waitForSelector('[data-testid=misdeal-banner]');
      }
    } finally {
      await browser.close();
      await served.stop();
      await sim.stop();
      await pair.close();
    }
    const median = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    const r = (x: number) => Math.round(x * 10) / 10;
    return {
      rows: [
        { what: 'card -> screen, median', figure: `${r(median)} ms`, note: `${samples.length} cards` },
        { what: 'card -> screen, p99', figure: `${r(p99)} ms`, note: `target < 20 ms: ${p99 < 20 ? 'ok' : 'MISSED'}` },
      ],
      json: { ui: { cardToScreenMsMedian: r(median), cardToScreenMsP99: r(p99) } },
    };
  },
};
