/** Simulated tables dealt with a pause between hands (for the casino tests and their fixtures). */
import { simulate } from '../../../app/services/simulation';
import type { TableService } from '../../../app/services/table-service';

/**
 * Plays a simulated table up to `hands` hands (on a file from an earlier run: from its open
 * hand, or the next), one `simulate` run per hand with a pause of `pauseMs` (default 0: a turn
 * of the event loop) between, as a real table's hands are apart (`simulate` itself lets the
 * loop turn after each action, but goes on at once). The hands are those of one long run: each
 * hand's play is a function of the seed and its number.
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
