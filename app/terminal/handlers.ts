/**
 * The contract's handler map over TableService: each request is one service command on the
 * terminal's table, and its reply is the new screen state. Nothing is decided here: the
 * service refuses what is not allowed, in words, and that refusal is the reply.
 */
import type { FloorAction } from '../contract/floor';
import type { Handlers, RequestName } from '../contract/handlers';
import type { TerminalView } from '../contract/view';
import type { CorrectionAction } from '../domain/hand/events';
import { fail, ok, type Result } from '../domain/result';
import type { TableService, TableSnapshot } from '../services/table-service';
import { recallView, replayView } from './floor-view';

export interface HandlerContext {
  readonly service: TableService;
  readonly tableId: string;
  /** The snapshot as the screen sees it. */
  readonly toView: (snapshot: TableSnapshot) => TerminalView;
}

/** How many hands the floor's recall lists: the last 10 hands of the table. */
export const RECALL_COUNT = 10;

/**
 * One name per action: every request calls the TableService method of its own name, but the
 * floor's acknowledgement, which is `acknowledgeAlert` in the floor manager's name. A request
 * named otherwise (or a service method renamed alone) stops this file compiling.
 */
type NotAServiceMethod = Exclude<RequestName, keyof TableService>;
const ONE_NAME_PER_ACTION: [NotAServiceMethod] extends ['floorAcknowledgeAlert']
  ? ['floorAcknowledgeAlert'] extends [NotAServiceMethod] ? true : never
  : never = true;
void ONE_NAME_PER_ACTION;

/** The contract's floor action as the service's correction (same shape, own copies). */
function correction(a: FloorAction): CorrectionAction {
  switch (a.kind) {
    case 'resolve-irregularity': return { kind: a.kind, irregularity: a.irregularity, ruling: a.ruling };
    case 'foul-seat': return { kind: a.kind, seat: a.seat };
    case 'replace-hand': return { kind: a.kind, seat: a.seat, front: [...a.front], middle: [...a.middle], back: [...a.back] };
    case 'note': return { kind: 'note' };
  }
}

export function createHandlers({ service, tableId, toView }: HandlerContext): Handlers {
  const view = (r: Result<TableSnapshot>): Result<TerminalView> => (r.ok ? ok(toView(r.value)) : r);
  const current = (): Result<TerminalView> => view(service.snapshot(tableId));
  return {
    snapshot: async () => current(),
    dealerOn: async ({ name }) => view(service.dealerOn({ tableId, dealer: name })),
    dealerOff: async () => view(service.dealerOff({ tableId })),
    seatPlayer: async ({ seat, name, buyIn, playerId }) =>
      view(service.seatPlayer({ tableId, seat, name, buyIn, playerId: playerId ?? name })),
    buyIn: async ({ seat, amount }) => view(service.buyIn({ tableId, seat, amount })),
    leaveSeat: async ({ seat }) => view(service.leaveSeat({ tableId, seat })),
    startHand: async () => view(service.startHand({ tableId })),
    nextHand: async () => view(service.nextHand({ tableId })),
    endDeal: async () => view(service.endDeal({ tableId })),
    seatReady: async ({ seat }) => view(service.seatReady({ tableId, seat })),
    declareSurrender: async ({ seat }) => view(service.declareSurrender({ tableId, seat })),
    declareNatural: async ({ seat, natural }) => view(service.declareNatural({ tableId, seat, natural })),
    reportExposure: async ({ seat, card }) => view(service.reportExposure({ tableId, seat, ...(card !== undefined ? { card } : {}) })),
    reportWrongSeat: async ({ heldBy, handOf }) => view(service.reportWrongSeat({ tableId, heldBy, handOf })),
    callMisdeal: async ({ cause }) => view(service.callMisdeal({ tableId, cause })),
    openShowdown: async () => view(service.openShowdown({ tableId })),
    setHand: async ({ seat, front, middle, back }) => view(service.setHand({ tableId, seat, front, middle, back, source: 'touch' })),
    settle: async () => view(service.settle({ tableId })),
    executePayment: async ({ index }) => view(service.executePayment({ tableId, index })),
    acknowledgeAlert: async ({ id }) => {
      const snap = service.snapshot(tableId);
      const by = snap.ok && snap.value.dealer ? snap.value.dealer : 'dealer';
      const r = service.acknowledgeAlert({ alertId: id, by, tableId });
      return r.ok ? current() : r;
    },
    floorCorrection: async ({ floor, reason, action, handId }) =>
      view(service.floorCorrection({ tableId, floor: floor.trim(), reason: reason.trim(), action: correction(action), ...(handId !== undefined ? { handId } : {}) })),
    voidHand: async ({ floor, reason }) => view(service.voidHand({ tableId, floor: floor.trim(), reason: reason.trim() })),
    floorAcknowledgeAlert: async ({ id, floor, note }) => {
      const r = service.acknowledgeAlert({ alertId: id, by: floor.trim(), as: 'floor', tableId, ...(note?.trim() ? { note: note.trim() } : {}) });
      return r.ok ? current() : r;
    },
    recall: async () => {
      const r = service.recall(tableId, RECALL_COUNT);
      return r.ok ? ok(recallView(tableId, r.value)) : r;
    },
    replayHand: async ({ handId }) => {
      const r = service.replayHand(handId);
      if (!r.ok) return r;
      // The floor of this table reads this table's hands only.
      if (r.value[0]?.event.tableId !== tableId) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} at table ${tableId}`);
      return ok(replayView(r.value));
    },
  };
}
