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
import type { Purpose, Role } from '../domain/staff/events';
import type { Result } from '../domain/result';
import { DEALER_MISDEAL_CAUSES } from '../domain/hand/dealer-calls';
import { MAX_POINT_VALUE } from '../domain/money';
import { card, cards, credential, deviceReason, deviceSetting, handCorrection, rules, rulesReason, flag, floorAction, isoTime, newPin, roles, staffId, staffName, floorReason, note, oneOf, optional, REASON_MAX, seat, text, wholeNumber, wholeNumberUpTo, type Field, type FieldValue } from './fields';
import { MISDEAL_CAUSES, SEARCH_OUTCOME_VIEWS, type AccessLogView, type HandSearchView, type HandTimelineView, type RecallView, type ReplayView } from './floor';
import type { SessionView, StaffListView } from './session';
import type { ReportFileView, ReportJobView } from './report';
import type { CorrectionPreviewView } from './correction';
import type { RulesPreviewView } from './rules';
import type { SerialPortsView, TestReadView } from './devices';
import type { TerminalView } from './view';

/** What a request answers, by the tag its entry gives. */
export interface Replies {
  /** The whole screen state after the request (also pushed as `view`). */
  readonly view: TerminalView;
  /** Who is signed in on this screen (also pushed to it as `session`). */
  readonly session: SessionView;
  /** The table's recent hands (the floor's recall). */
  readonly recall: RecallView;
  /** One stored hand, step by step (the floor's replay). */
  readonly replay: ReplayView;
  /** Who did what, when and why (the access log). */
  readonly accessLog: AccessLogView;
  /** The terminal's staff (an admin's list). */
  readonly staff: StaffListView;
  /** A page of the hands a search finds (the floor's hand history). */
  readonly handSearch: HandSearchView;
  /** One stored hand as its timeline. */
  readonly handTimeline: HandTimelineView;
  /** This screen's shift report: how far it got, then its figures (the floor's Report tab). */
  readonly reportJob: ReportJobView;
  /** This screen's last report as a CSV or PDF file. */
  readonly reportFile: ReportFileView;
  /** What a correction of the last played hand would do. */
  readonly correctionPreview: CorrectionPreviewView;
  /** House rules with the rule book's figures scored under them (the admin's editor). */
  readonly rulesPreview: RulesPreviewView;
  /** The serial ports this machine lists, with the shoe and the scanner now (the admin's Devices). */
  readonly serialPorts: SerialPortsView;
  /** The card a test read got, kept out of every hand. */
  readonly testRead: TestReadView;
}

/**
 * Who may send a request, checked where it arrives (app/terminal/access.ts) before its handler
 * runs; a request refused here is `not-allowed`, names the role it needs, and records nothing.
 *
 * - `anyone`: every screen (the state it shows, signing out).
 * - `signs-in`: the request is a sign-in with the PIN it carries, for `role` (the handler
 *   checks the PIN; a wrong one is recorded).
 * - `dealer`: the dealer on duty at this table, signed in on this screen.
 * - `pin`: a person with `role` gives his staff id and PIN with the request itself, in the
 *   arguments `keys` (the first signs it; a second, when given, is the other person of the
 *   two-person rule). Checked at the moment of use, even when he is signed in on the screen.
 * - `reader`: a floor person or an auditor signed in on this screen.
 */
export type Access =
  | { readonly kind: 'anyone' }
  | { readonly kind: 'signs-in'; readonly role: Role | 'by-purpose' }
  | { readonly kind: 'dealer' }
  | { readonly kind: 'pin'; readonly role: 'floor' | 'admin'; readonly keys: readonly string[] }
  | { readonly kind: 'reader' };

/** Who may send a request, in the words docs/terminal.md lists it with. */
export function accessWords(a: Access): string {
  switch (a.kind) {
    case 'anyone': return 'any screen';
    case 'signs-in': return a.role === 'by-purpose' ? 'signs in (the role of the purpose)' : `signs in (${a.role})`;
    case 'dealer': return 'the dealer on duty, signed in here';
    case 'pin': return `${a.role} PIN with the request (${a.keys.map((k) => `\`${k}\``).join(', ')})`;
    case 'reader': return 'floor or auditor, signed in here';
  }
}

/** The roles a `reader` request accepts. */
export const READER_ROLES: readonly Role[] = ['floor', 'auditor'];

/** What a person signs in for on a screen with `signIn` (the dealer takes the box with `dealerOn`). */
export const SCREEN_PURPOSES = ['floor-action', 'audit', 'admin'] as const satisfies readonly Purpose[];

/** One entry of the table. */
export interface RequestSpec {
  /** Its arguments by key, in the order they are checked and listed; `{}`: it takes none. */
  readonly args: Readonly<Record<string, Field<unknown>>>;
  readonly reply: keyof Replies;
  /** Who may send it. */
  readonly access: Access;
  /** What it does and when it is refused, in a sentence or two (docs/terminal.md shows it). */
  readonly doc: string;
}

const none = {} as const;
const anyone = { kind: 'anyone' } as const;
const dealer = { kind: 'dealer' } as const;
const reader = { kind: 'reader' } as const;
const floorPin = { kind: 'pin', role: 'floor', keys: ['floor'] } as const;
const adminPin = { kind: 'pin', role: 'admin', keys: ['admin'] } as const;

/** Every request by name, in the order docs/terminal.md lists them. */
export const REQUESTS = {
  snapshot: { args: none, reply: 'view', access: anyone, doc: 'The whole current state (also pushed as `view` after every change).' },
  session: { args: none, reply: 'session', access: anyone, doc: 'Who is signed in on this screen (also pushed to it as `session` after every change).' },
  dealerOn: {
    args: { dealer: credential }, reply: 'session', access: { kind: 'signs-in', role: 'dealer' },
    doc: 'A dealer signs in on this screen with his staff id and PIN and takes the box (relieving the dealer before him, between hands); the dealer on duty signs in again the same way.',
  },
  dealerOff: { args: none, reply: 'session', access: dealer, doc: 'The dealer leaves the box and signs out of this screen. Between hands.' },
  signIn: {
    args: { person: credential, purpose: oneOf('bad-purpose', SCREEN_PURPOSES) }, reply: 'session', access: { kind: 'signs-in', role: 'by-purpose' },
    doc: "A floor person (`floor-action`), an auditor (`audit`) or an admin signs in on this screen with his staff id and PIN, to read the table's history.",
  },
  signOut: {
    args: { purpose: optional(oneOf('bad-purpose', ['take-box', ...SCREEN_PURPOSES])) }, reply: 'session', access: anyone,
    doc: 'Signs the person signed in for `purpose` out of this screen (everyone on it when left out). The dealer stays on duty: he signs in again to go on.',
  },
  seatPlayer: {
    args: { seat, name: text(40), buyIn: wholeNumber(1), playerId: optional(text(60)) },
    reply: 'view', access: dealer,
    doc: 'Seats a player with his first (full) buy-in, minor units. `playerId` defaults to the name.',
  },
  buyIn: { args: { seat, amount: wholeNumber(1) }, reply: 'view', access: dealer, doc: 'Adds chips between hands (buy-in rules apply).' },
  leaveSeat: { args: { seat }, reply: 'view', access: dealer, doc: 'The player leaves; his stack is cashed out.' },
  startHand: { args: none, reply: 'view', access: dealer, doc: "Opens a new hand (shuffle): the shoe's next cards are its deal." },
  nextHand: {
    args: none, reply: 'view', access: dealer,
    doc: 'Closes the hand when every payment is made and starts the next; after a misdeal, the redeal.',
  },
  endDeal: { args: none, reply: 'view', access: dealer, doc: 'The dealer ends the deal (a deal that stopped short is a misdeal).' },
  seatReady: { args: { seat }, reply: 'view', access: dealer, doc: 'The player has set his three rows face down.' },
  declareSurrender: {
    args: { seat }, reply: 'view', access: dealer,
    doc: 'The player surrenders (before the showdown; the chips must cover the penalty).',
  },
  declareNatural: {
    args: { seat, natural: text(40) }, reply: 'view', access: dealer,
    doc: 'The player declares a natural (by its record name); verified at once against his cards.',
  },
  reportExposure: {
    args: { seat, card: optional(card) }, reply: 'view', access: dealer,
    doc: "The dealer reports one card of a seat's hand exposed, `card` when he saw which (five or more: a misdeal).",
  },
  reportWrongSeat: {
    args: { heldBy: seat, handOf: seat }, reply: 'view', access: dealer,
    doc: 'The dealer reports that seat `heldBy` holds the hand dealt to seat `handOf`.',
  },
  callMisdeal: {
    args: { cause: oneOf('bad-cause', DEALER_MISDEAL_CAUSES) }, reply: 'view', access: dealer,
    doc: "The dealer calls a misdeal with its cause, one of the hand's `misdealCauses`: `'wrong-card-count'` (a seat has the wrong number of cards) or `'short-deal'` (the shoe stopped before the last card: the deal is ended short).",
  },
  openShowdown: { args: none, reply: 'view', access: dealer, doc: 'Everyone has set: the hands are opened.' },
  setHand: {
    args: { seat, front: cards, middle: cards, back: cards }, reply: 'view', access: dealer,
    doc: "A seat's set hand entered by touch (card codes; the service records it as source `touch`).",
  },
  placeCard: {
    args: { seat, card, row: oneOf('bad-row', ['front', 'middle', 'back']) }, reply: 'view', access: dealer,
    doc: "OFC: the player placed `card` (one dealt to him, the view's `hand.ofc`) face up into `row`; a placed card never moves (`already-placed`, `row-full`, `fantasyland-sets-at-once`).",
  },
  answerScan: {
    args: { record: flag }, reply: 'view', access: dealer,
    doc: "A seat's scanned rows that look scanned out of order (the view's `scanQuestion`): `record` them as scanned (a foul, if so), or not, to scan the seat again.",
  },
  settle: { args: none, reply: 'view', access: dealer, doc: 'Scores the hand and gives the payments.' },
  executePayment: {
    args: { index: wholeNumber(0) }, reply: 'view', access: dealer,
    doc: 'The dealer moved the chips of payment `index` (the last one closes the hand).',
  },
  acknowledgeAlert: {
    args: { id: wholeNumber(1) }, reply: 'view', access: dealer,
    doc: "Acknowledges a raised misdeal or device alert in the dealer on duty's name (an irregularity or damage to the record: `floor-needed`).",
  },

  // ---- the floor: each action carries the floor person's staff id and PIN, and a reason

  floorCorrection: {
    args: { floor: credential, reason: floorReason, action: floorAction, handId: optional(text(80)) },
    reply: 'view', access: floorPin,
    doc:
      "A floor correction on the current hand: `action` is `{kind:'resolve-irregularity', irregularity, ruling:'accept'|'foul-seat'}`, " +
      "`{kind:'foul-seat', seat}`, `{kind:'replace-hand', seat, front, middle, back}` or `{kind:'note'}`; `handId` lets a note reach a hand already over.",
  },
  voidHand: {
    args: { floor: credential, second: optional(credential), reason: floorReason }, reply: 'view', access: { kind: 'pin', role: 'floor', keys: ['floor', 'second'] },
    doc: 'The floor voids the current hand; the button stays. Once a payment is made it needs a `second` floor person (the two-person rule) and the chips paid go back.',
  },
  floorAcknowledgeAlert: {
    args: { id: wholeNumber(1), floor: credential, note: optional(note(REASON_MAX)) }, reply: 'view', access: floorPin,
    doc: "Acknowledges a raised alert in the floor person's name (`acknowledgeAlert` as the floor), with an optional note (an integrity alert: a reason).",
  },
  correctHand: {
    args: { floor: credential, second: optional(credential), reason: floorReason, handId: text(80), correction: handCorrection },
    reply: 'view', access: { kind: 'pin', role: 'floor', keys: ['floor', 'second'] },
    doc:
      "The floor corrects the table's last played hand after it closed, before the next hand: `correction` `{kind:'void'}` or `{kind:'resettle', seats}` " +
      "(each `{kind:'set', seat, front, middle, back}`, `{kind:'foul', seat}` or `{kind:'natural', seat, natural}`). The chips to move are the view's `correction`; " +
      "when chips move a `second` floor person signs too (`second-floor-needed`). Refused: `not-correctable`, `player-left`, `correction-pending`, `card-not-this-seats`.",
  },
  previewCorrection: {
    args: { handId: text(80), correction: handCorrection, reason: optional(note(REASON_MAX)) }, reply: 'correctionPreview', access: reader,
    doc: "What `correctHand` would do with `correction`: each seat's money from the hand now and after, the chips to move, whether a second floor person must sign. Records nothing.",
  },
  executeCorrectionPayment: {
    args: { index: wholeNumber(0) }, reply: 'view', access: dealer,
    doc: "The dealer moved the chips of transfer `index` of the last correction (the next hand waits for all of them: `correction-pending`).",
  },
  recall: { args: none, reply: 'recall', access: reader, doc: "The table's last 10 hands, newest first. Read-only." },
  replayHand: {
    args: { handId: text(80) }, reply: 'replay', access: reader,
    doc: "One hand of this table, every event in the original order with the state after it (another table's hand: `unknown-hand`). Read-only.",
  },
  accessLog: {
    args: { from: optional(text(40)), to: optional(text(40)) }, reply: 'accessLog', access: reader,
    doc: 'Every sign-in, refusal, lockout, privileged action and alert cleared, newest last (the last 200; `from`/`to` ISO 8601 times). Read-only.',
  },

  searchHands: {
    args: {
      from: optional(isoTime), to: optional(isoTime), dealer: optional(text(64)), seat: optional(seat), player: optional(text(60)),
      number: optional(wholeNumber(1)), outcome: optional(oneOf('bad-outcome', SEARCH_OUTCOME_VIEWS)), cause: optional(oneOf('bad-cause', MISDEAL_CAUSES)),
      before: optional(wholeNumber(1)), limit: optional(wholeNumberUpTo(1, 100)),
    },
    reply: 'handSearch', access: reader,
    doc:
      "This table's hands started in [`from`, `to`), by `dealer`, `seat`, `player`, hand `number` and `outcome` (`played`, `misdeal` (with `cause`), `void`, `open`, " +
      "`foul`, `natural`, `surrender`, `all-in`, `corrected`; with `seat`: at that seat), newest first; `limit` (1-100, default 20) a page, `before` the last page's `next`. Read-only.",
  },
  handTimeline: {
    args: { handId: text(80), withHindsight: optional(flag) }, reply: 'handTimeline', access: reader,
    doc:
      "One hand of this table as its timeline: every read with its time, device and bytes, declarations, sets in words, comparisons, points, payments and who ticked them, " +
      "floor actions with who and why, alerts; \"what could it have been\" for each fouled seat (`withHindsight`: every seat). Read-only.",
  },
  tableReport: {
    args: { from: isoTime, to: isoTime, dealer: optional(text(64)) }, reply: 'reportJob', access: reader,
    doc:
      "Starts this table's shift report (`table report`'s figures) for [`from`, `to`) (a date alone: its whole UTC day, `to` inclusive), of one `dealer` when given; " +
      "answers at once with the report running (off the table's thread), replacing the one this screen had running. Read-only.",
  },
  reportStatus: { args: none, reply: 'reportJob', access: reader, doc: "This screen's report: what it is doing and how far it got, then its figures (`none` before the first). Read-only." },
  reportFile: {
    args: { format: oneOf('bad-format', ['csv', 'pdf']) }, reply: 'reportFile', access: reader,
    doc: "This screen's last finished report as `table report` writes it, CSV or PDF, in base64 (none finished: `no-report`). Read-only.",
  },

  // ---- the admin: each change carries the admin's staff id and PIN (as `table staff ...` does)

  staffList: { args: { admin: credential }, reply: 'staff', access: adminPin, doc: "The terminal's staff (never a PIN's hash), in the order added." },
  staffAdd: {
    args: { admin: credential, staffId, name: staffName, roles, pin: newPin }, reply: 'staff', access: adminPin,
    doc: 'Adds a person with his roles and first PIN (`staff-exists`, `bad-staff-id`, `name-needed`, `bad-role`).',
  },
  staffDisable: {
    args: { admin: credential, staffId, reason: optional(text(200)) }, reply: 'staff', access: adminPin,
    doc: 'Disables a person: he can no longer sign in, and his sign-ins end (not the admin himself).',
  },
  staffSetPin: {
    args: { admin: credential, staffId, pin: newPin }, reply: 'staff', access: adminPin,
    doc: "Gives a person a new PIN (it ends his lockout).",
  },
  previewRules: {
    args: { rules: optional(rules), pointValue: optional(wholeNumberUpTo(1, MAX_POINT_VALUE)) }, reply: 'rulesPreview', access: anyone,
    doc:
      "The rule book's worked figures (RULES.md s5) scored under `rules` (a preset's name or a whole profile; left out: the table's rules now), with the profile " +
      "as JSON, the presets to choose from and the smallest buy-ins at `pointValue` (left out: the table's now); refused as an invalid profile is (`bad-profile-value`, `unknown-profile-key`, `unknown-preset`). Reads nothing of the table.",
  },
  changeRules: {
    args: {
      admin: credential, reason: rulesReason, rules: optional(rules), pointValue: optional(wholeNumber(1)), name: optional(text(60)),
      language: optional(oneOf('bad-language', ['en', 'cs'])),
    },
    reply: 'view', access: adminPin,
    doc:
      "Changes the table's rules from the next hand, between hands: `rules` a preset's name or a whole profile (a changed profile of the same name needs a higher version: " +
      "`version-needed`), the `pointValue`, the table's `name` and the `language` a screen opening the table starts in (each left out: as now), " +
      "with a `reason` (`hand-in-play`, `no-change`, `bad-profile`, `bad-language`).",
  },
  serialPorts: {
    args: { admin: credential }, reply: 'serialPorts', access: adminPin,
    doc:
      "The serial ports this machine lists (a pty or a path typed by hand is not listed: it can be set all the same), and the shoe's and scanner's device now: " +
      "its setting, where it came from (`flag`, `stored`, `screen`, `default`) and who set it last, when and why. Read-only.",
  },
  changeDevice: {
    args: { admin: credential, reason: deviceReason, role: oneOf('bad-device-role', ['shoe', 'scanner']), device: deviceSetting },
    reply: 'view', access: adminPin,
    doc:
      "Sets the `role`'s device between hands, at once and for every later start (a start-up flag naming it still wins): `device` `{kind:'serial', port, format, baudRate}`, " +
      "`{kind:'simulated'}` (the shoe) or `{kind:'none'}`, checked as the flags are (`bad-device`), with a `reason` (`hand-in-play`, `device-not-found`, `device-in-use`, `no-change`).",
  },
  testRead: {
    args: { admin: credential, role: oneOf('bad-device-role', ['shoe', 'scanner']), device: optional(deviceSetting), seconds: optional(wholeNumberUpTo(1, 60)) },
    reply: 'testRead', access: adminPin,
    doc:
      "The next card `device` (left out: the `role`'s device now) reads, within `seconds` (default 10), kept out of every hand: the card, its bytes and the device. Between hands; " +
      "refused with why there is none (`no-card-read`, `port-not-found`, `port-permission`, `port-busy`, `device-fault`, `card-unreadable`, `device-in-use`, `no-device`).",
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
