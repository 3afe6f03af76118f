/** Simulated tables dealt so that the event loop turns between hands (for the casino tests and their fixtures). */
import { simulate } from '../../../app/services/simulation';
import type { TableService } from '../../../app/services/table-service';

/**
 * Plays a simulated table up to `hands` hands (on a file from an earlier run: from its open
 * hand, or the next), one `simulate` run per hand with a pause of `pauseMs` (default 0: a turn
 * of the event loop) between. A `simulate` run never yields to the event loop (its shoe is
 * in-process promises), so without the pauses a forwarder's network I/O, and the test's timers,
 * would wait for the whole run; a real shoe's cards arrive as I/O, between which the loop
 * turns. The hands are those of one long run: each hand's play is a function of the seed and
 * its number.
 */
export async function dealHands(service: TableService, options: { hands: number; seed: number; tableId?: string; pauseMs?: number; onHand?: (n: number) => void }): Promise<void> {
  const tableId = options.tableId ?? 'SIM';
  let from = 1;
  if (service.tableIds().includes(tableId)) {
    const snap = service.snapshot(tableId);
    if (snap.ok) from = snap.value.hand?.open ? snap.value.handsStarted : snap.value.handsStarted + 1;
  }
  for (let n = from; n <= options.hands; n++) {
    await simulate(service, { hands: n, seed: options.seed, tableId });
    options.onHand?.(n);
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 0));
  }
}
