/**
 * THE request table: every request the dealer screen (or the floor's panel) can send, declared
 * once. Its name, its arguments (one field each, app/contract/fields.ts), its reply and what it
 * does. Everything else comes from it:
 *
 * - the request names (`RequestName`, `REQUEST_NAMES`): the preload's methods, main's IPC
 *   channels and the WebSocket's names (app/preload, app/main, app/web);
 * - the argument and reply types (`RequestArgs`, `RequestReply`) and the `Handlers` type
 *   (app/contract/handlers.ts) the handler map must fill (app/terminal/handlers.ts);
 * - the argument keys and their checks (`validateArgs`, app/contract/validate.ts);
 * - the contract's list in docs/terminal.md (test/unit/renderer/contract.test.ts keeps it equal).
 *
 * A request's name is the action's one name, from the screen's call to the service: the
 * TableService method it calls has the same name (checked at compile time in
 * app/terminal/handlers.ts). The events an action records keep their own kebab-case names
 * (`seatReady` records `seat-ready`, `executePayment` `payment-executed`): they are stored
 * in the log, and stored logs must keep replaying.
 */
import type { Role } from '../domain/staff/events';
import type { Result } from '../domain/result';
import { card, cards, floorAction, floorName, floorReason, note, oneOf, optional, REASON_MAX, seat, text, wholeNumber, type Field, type FieldValue } from './fields';
import type { RecallView, ReplayView } from './floor';
import type { TerminalView } from './view';

/** What a request answers, by the tag its entry gives. */
export interface Replies {
  /** The whole screen state after the request (also pushed as `view`). */
  readonly view: TerminalView;
  /** The table's recent hands (the floor's recall). */
  readonly recall: RecallView;
  /** One stored hand, step by step (the floor's replay). */
  readonly replay: ReplayView;
}

/** One entry of the table. */
export interface RequestSpec {
  /** Its arguments by key, in the order they are checked and listed; `{}`: it takes none. */
  readonly args: Readonly<Record<string, Field<unknown>>>;
  readonly reply: keyof Replies;
  /**
   * Whose request it is: the staff role (app/domain/staff) of the person it is sent for, or
   * null for a read every screen makes (`snapshot`). Not enforced yet: today every screen of
   * the terminal may send every request.
   */
  readonly role: Role | null;
  /** What it does and when it is refused, in a sentence or two (docs/terminal.md shows it). */
  readonly doc: string;
}

const none = {} as const;

/** Every request by name, in the order docs/terminal.md lists them. */
export const REQUESTS = {
  snapshot: { args: none, reply: 'view', role: null, doc: 'The whole current state (also pushed as `view` after every change).' },
  dealerOn: { args: { name: text(60) }, reply: 'view', role: 'dealer', doc: 'A dealer takes the box (needed before a hand starts). Between hands.' },
  dealerOff: { args: none, reply: 'view', role: 'dealer', doc: 'The dealer leaves the box. Between hands.' },
  seatPlayer: {
    args: { seat, name: text(40), buyIn: wholeNumber(1), playerId: optional(text(60)) },
    reply: 'view', role: 'dealer',
    doc: 'Seats a player with his first (full) buy-in, minor units. `playerId` defaults to the name.',
  },
  buyIn: { args: { seat, amount: wholeNumber(1) }, reply: 'view', role: 'dealer', doc: 'Adds chips between hands (buy-in rules apply).' },
  leaveSeat: { args: { seat }, reply: 'view', role: 'dealer', doc: 'The player leaves; his stack is cashed out.' },
  startHand: { args: none, reply: 'view', role: 'dealer', doc: "Opens a new hand (shuffle): the shoe's next cards are its deal." },
  nextHand: {
    args: none, reply: 'view', role: 'dealer',
    doc: 'Closes the hand when every payment is made and starts the next; after a misdeal, the redeal.',
  },
  endDeal: { args: none, reply: 'view', role: 'dealer', doc: 'The dealer ends the deal (a deal that stopped short is a misdeal).' },
  seatReady: { args: { seat }, reply: 'view', role: 'dealer', doc: 'The player has set his three rows face down.' },
  declareSurrender: {
    args: { seat }, reply: 'view', role: 'dealer',
    doc: 'The player surrenders (before the showdown; the chips must cover the penalty).',
  },
  declareNatural: {
    args: { seat, natural: text(40) }, reply: 'view', role: 'dealer',
    doc: 'The player declares a natural (by its record name); verified at once against his cards.',
  },
  reportExposure: {
    args: { seat, card: optional(card) }, reply: 'view', role: 'dealer',
    doc: "The dealer reports one card of a seat's hand exposed, `card` when he saw which (five or more: a misdeal).",
  },
  reportWrongSeat: {
    args: { heldBy: seat, handOf: seat }, reply: 'view', role: 'dealer',
    doc: 'The dealer reports that seat `heldBy` holds the hand dealt to seat `handOf`.',
  },
  callMisdeal: {
    args: { cause: oneOf('bad-cause', ['wrong-card-count']) }, reply: 'view', role: 'dealer',
    doc: "The dealer calls a misdeal: a seat has the wrong number of cards (`cause` is `'wrong-card-count'`).",
  },
  openShowdown: { args: none, reply: 'view', role: 'dealer', doc: 'Everyone has set: the hands are opened.' },
  setHand: {
    args: { seat, front: cards, middle: cards, back: cards }, reply: 'view', role: 'dealer',
    doc: "A seat's set hand entered by touch (card codes; the service records it as source `touch`).",
  },
  settle: { args: none, reply: 'view', role: 'dealer', doc: 'Scores the hand and gives the payments.' },
  executePayment: {
    args: { index: wholeNumber(0) }, reply: 'view', role: 'dealer',
    doc: 'The dealer moved the chips of payment `index` (the last one closes the hand).',
  },
  acknowledgeAlert: {
    args: { id: wholeNumber(1) }, reply: 'view', role: 'dealer',
    doc: 'Acknowledges a raised alert, in the name of the dealer on duty.',
  },

  // ---- the floor manager (named; every correction and a void carry a reason)

  floorCorrection: {
    args: { floor: floorName, reason: floorReason, action: floorAction, handId: optional(text(80)) },
    reply: 'view', role: 'floor',
    doc:
      "A floor correction on the current hand: `action` is `{kind:'resolve-irregularity', irregularity, ruling:'accept'|'foul-seat'}`, " +
      "`{kind:'foul-seat', seat}`, `{kind:'replace-hand', seat, front, middle, back}` or `{kind:'note'}`; `handId` lets a note reach a hand already over.",
  },
  voidHand: {
    args: { floor: floorName, reason: floorReason }, reply: 'view', role: 'floor',
    doc: 'The floor voids the current hand (refused once chips have moved); the button stays.',
  },
  floorAcknowledgeAlert: {
    args: { id: wholeNumber(1), floor: floorName, note: optional(note(REASON_MAX)) }, reply: 'view', role: 'floor',
    doc: "Acknowledges a raised alert in the floor manager's name (`acknowledgeAlert` as the floor), with an optional note.",
  },
  recall: { args: none, reply: 'recall', role: 'floor', doc: "The table's last 10 hands, newest first. Read-only." },
  replayHand: {
    args: { handId: text(80) }, reply: 'replay', role: 'floor',
    doc: "One hand of this table, every event in the original order with the state after it (another table's hand: `unknown-hand`). Read-only.",
  },
} as const satisfies Readonly<Record<string, RequestSpec>>;

export type RequestName = keyof typeof REQUESTS;

/**
 * Every request name, in the table's order: the preload exposes exactly these methods, main
 * registers exactly these IPC channels, and the web server answers exactly these.
 */
export const REQUEST_NAMES = Object.keys(REQUESTS) as readonly RequestName[];

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type FieldsOf<K extends RequestName> = (typeof REQUESTS)[K]['args'];
type RequiredKeys<F> = { [P in keyof F]: F[P] extends Field<unknown, false> ? P : never }[keyof F];
type OptionalKeys<F> = Exclude<keyof F, RequiredKeys<F>>;
type ArgsOf<F> = [keyof F] extends [never]
  ? Record<string, never>
  : Simplify<{ [P in RequiredKeys<F>]: FieldValue<F[P]> } & { [P in OptionalKeys<F>]?: FieldValue<F[P]> }>;

/** A request's argument object, as its fields give it (an optional field: an optional key). */
export type RequestArgs<K extends RequestName> = ArgsOf<FieldsOf<K>>;
/** A request's reply: its `Replies` value, or a refusal. */
export type RequestReply<K extends RequestName> = Result<Replies[(typeof REQUESTS)[K]['reply']]>;

/** The keys a request takes, in order (any other is refused naming it). */
export function argumentKeys(name: RequestName): readonly string[] {
  return Object.keys(REQUESTS[name].args);
}
