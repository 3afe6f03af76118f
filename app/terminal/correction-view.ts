/**
 * The snapshot's last played hand as the screen's `correction` (app/contract/correction.ts). The
 * domain decides what is correctable (`correctionSettled`); this only copies.
 */
import type { CorrectionView } from '../contract/correction';
import type { SeatNumber } from '../contract/view';
import { correctionSettled } from '../domain/table/correction';
import type { TableSnapshot } from '../services/service-types';

/** The correction view of the snapshot's last played hand, or null when there is none. */
export function correctionView(snapshot: TableSnapshot): CorrectionView | null {
  const p = snapshot.lastPlayed;
  if (!p) return null;
  return {
    handId: p.handId,
    number: p.number,
    seats: p.players.map((x) => x.seat as SeatNumber),
    corrections: p.corrections,
    voided: p.voided,
    transfers: p.pending.map((t, index) => ({ index, from: t.from as SeatNumber, to: t.to as SeatNumber, amount: t.amount, done: t.done })),
    correctable: correctionSettled(p),
  };
}
