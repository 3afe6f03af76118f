/**
 * A table as the screen and the floor's tools read it: the fold's state (seats, stacks, button,
 * dealer, the open hand or the last one that ended), the raised alerts, the devices and the row
 * the scanner fills next. A pure function of what it is given.
 */
import { buyInMinimums, TABLE_SEATS } from '../domain/table';
import type { LiveTable } from './live-table';
import type { AlertView, HandSnapshot, ScanTarget, SeatSnapshot, TableSnapshot } from './service-types';

/** The snapshot of `t` with its raised `alerts` and the scanner's `scanTarget`. */
export function tableSnapshot(t: LiveTable, alerts: AlertView[], scanTarget: ScanTarget | null): TableSnapshot {
  const hand: HandSnapshot | null = t.hand
    ? { handId: t.hand.id, number: t.hand.number, open: true, state: t.hand.state }
    : t.lastHand ? { handId: t.lastHand.id, number: t.lastHand.number, open: false, state: t.lastHand.state } : null;
  const st = t.state;
  const seats: SeatSnapshot[] = TABLE_SEATS.map((seat) => {
    const s = st.seats[seat - 1];
    return { seat, player: s ? { id: s.playerId, name: s.name } : null, stack: s?.stack ?? 0, shortBuyInAllowed: s?.shortBuyInAllowed ?? false };
  });
  return {
    tableId: st.id, name: st.name, profile: st.profile, pointValue: st.pointValue, mode: st.mode, seqModulo: st.seqModulo,
    button: st.hand?.state.info?.button ?? st.button, handsStarted: st.handsStarted, dealer: st.dealer, dealerStaffId: st.dealerStaffId, seats, hand,
    alerts, devices: [...t.devices.values()].map((d) => d.status), scanTarget, buyIn: buyInMinimums(st.pointValue, st.profile.buyInPoints),
    lastPlayed: st.lastPlayed, language: st.language,
  };
}
