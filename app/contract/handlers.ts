/**
 * The one typed contract between the dealer screen and the terminal, in the style of
 * Actual's handler map: one `Handlers` type naming every request with its argument and
 * reply, one list of pushed events, and nothing else crossing the boundary.
 *
 * - Electron: the preload exposes one named method per request (no generic invoke) and
 *   main registers the same names with `ipcMain.handle` (app/main, app/preload).
 * - Browser (`npm run serve`): the same requests over one WebSocket (app/web).
 * Both front doors call the same handler map (app/terminal/handlers.ts).
 *
 * Every reply is a `Result`: a refusal is a value with a stable code and a message a
 * dealer understands, shown on screen as is; nothing throws across the boundary.
 */
import type { Result } from '../domain/result';
import type { FloorAction, RecallView, ReplayView } from './floor';
import type { SeatNumber, TerminalView } from './view';

/** Request name -> (argument) -> reply. Arguments are plain JSON objects. */
export interface Handlers {
  /** The whole current state (also pushed as `view` after every change). */
  snapshot(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** A dealer takes the box (needed before a hand starts). Between hands. */
  dealerOn(args: { name: string }): Promise<Result<TerminalView>>;
  /** The dealer leaves the box. Between hands. */
  dealerOff(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** Seats a player with his first (full) buy-in, minor units. `playerId` defaults to the name. */
  seatPlayer(args: { seat: SeatNumber; name: string; buyIn: number; playerId?: string }): Promise<Result<TerminalView>>;
  /** Adds chips between hands (buy-in rules apply). */
  buyIn(args: { seat: SeatNumber; amount: number }): Promise<Result<TerminalView>>;
  /** The player leaves; his stack is cashed out. */
  leaveSeat(args: { seat: SeatNumber }): Promise<Result<TerminalView>>;
  /** Opens a new hand (shuffle): the shoe's next cards are its deal. */
  startHand(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** Closes the hand when every payment is made and starts the next; after a misdeal, the redeal. */
  nextHand(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** The dealer ends the deal (a deal that stopped short is a misdeal). */
  endDeal(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** The player has set his three rows face down. */
  markReady(args: { seat: SeatNumber }): Promise<Result<TerminalView>>;
  /** The player surrenders (before the showdown; the chips must cover the penalty). */
  declareSurrender(args: { seat: SeatNumber }): Promise<Result<TerminalView>>;
  /** The player declares a natural (by its record name); verified at once against his cards. */
  declareNatural(args: { seat: SeatNumber; natural: string }): Promise<Result<TerminalView>>;
  /** The dealer reports one card of a seat's hand exposed (five or more: a misdeal). */
  reportExposed(args: { seat: SeatNumber; card?: number }): Promise<Result<TerminalView>>;
  /** The dealer reports that seat `heldBy` holds the hand dealt to seat `handOf`. */
  reportWrongSeat(args: { heldBy: SeatNumber; handOf: SeatNumber }): Promise<Result<TerminalView>>;
  /** The dealer calls a misdeal: a seat has the wrong number of cards. */
  callMisdeal(args: { cause: 'wrong-card-count' }): Promise<Result<TerminalView>>;
  /** Everyone has set: the hands are opened. */
  openShowdown(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** A seat's set hand entered by touch. */
  setHand(args: { seat: SeatNumber; front: number[]; middle: number[]; back: number[] }): Promise<Result<TerminalView>>;
  /** Scores the hand and gives the payments. */
  settle(args: Record<string, never>): Promise<Result<TerminalView>>;
  /** Ticks one payment as done (the last one closes the hand). */
  markPaid(args: { index: number }): Promise<Result<TerminalView>>;
  /** Acknowledges a raised alert, in the name of the dealer on duty. */
  acknowledgeAlert(args: { id: number }): Promise<Result<TerminalView>>;

  // ---- the floor manager (named; every correction and a void carry a reason)

  /**
   * A floor correction on the current hand: rule on an irregularity, foul a seat, replace a
   * seat's hand, or a note. `handId` names the hand (a note also reaches an earlier one).
   */
  floorCorrection(args: { floor: string; reason: string; action: FloorAction; handId?: string }): Promise<Result<TerminalView>>;
  /** The floor voids the current hand (refused once chips have moved); the button stays. */
  voidHand(args: { floor: string; reason: string }): Promise<Result<TerminalView>>;
  /** Acknowledges a raised alert in the floor manager's name, with an optional note. */
  floorAcknowledgeAlert(args: { id: number; floor: string; note?: string }): Promise<Result<TerminalView>>;
  /** The table's last 10 hands, newest first. Read-only. */
  recall(args: Record<string, never>): Promise<Result<RecallView>>;
  /** One hand of this table, every event in the original order with the state after it. Read-only. */
  replayHand(args: { handId: string }): Promise<Result<ReplayView>>;
}

export type RequestName = keyof Handlers;
export type RequestArgs<K extends RequestName> = Parameters<Handlers[K]>[0];
export type RequestReply<K extends RequestName> = Awaited<ReturnType<Handlers[K]>>;

/**
 * Every request name, in one list: the preload exposes exactly these methods, main
 * registers exactly these IPC channels, and the web server answers exactly these.
 * (`satisfies` plus the test in test/unit/renderer/contract.test.ts keep it complete.)
 */
export const REQUEST_NAMES = [
  'snapshot',
  'dealerOn',
  'dealerOff',
  'seatPlayer',
  'buyIn',
  'leaveSeat',
  'startHand',
  'nextHand',
  'endDeal',
  'markReady',
  'declareSurrender',
  'declareNatural',
  'reportExposed',
  'reportWrongSeat',
  'callMisdeal',
  'openShowdown',
  'setHand',
  'settle',
  'markPaid',
  'acknowledgeAlert',
  'floorCorrection',
  'voidHand',
  'floorAcknowledgeAlert',
  'recall',
  'replayHand',
] as const satisfies readonly RequestName[];

/** Fails to compile when a request is missing from REQUEST_NAMES. */
type MissingRequests = Exclude<RequestName, (typeof REQUEST_NAMES)[number]>;
export const REQUEST_NAMES_COMPLETE: [MissingRequests] extends [never] ? true : never = true;

/** Pushed from the terminal to every screen. */
export interface PushEvents {
  /** The whole state after a change. */
  view: TerminalView;
}
export type PushName = keyof PushEvents;

/** The IPC channel of a request in Electron. */
export function ipcChannel(name: RequestName): string {
  return `terminal:${name}`;
}
/** The IPC channel of a pushed event in Electron. */
export function pushChannel(name: PushName): string {
  return `terminal-push:${name}`;
}

export function isRequestName(x: unknown): x is RequestName {
  return typeof x === 'string' && (REQUEST_NAMES as readonly string[]).includes(x);
}
