/**
 * What the dealer screen shows, as plain data: the terminal's whole state as one snapshot,
 * pushed after every change. Built from TableService by app/terminal/view.ts; rendered by
 * renderer/ without any rule of its own. Cards are card codes 0..51 (app/domain/cards.ts).
 *
 * Everything is JSON-serialisable (it crosses the Electron bridge and a WebSocket).
 */
import type { CorrectionView } from './correction';
import type { Card } from '../domain/cards';
import type { Blocker, NextAction } from '../domain/hand';
import { SEGMENT_SIZES } from '../domain/setting';
import type { MisdealCause } from '../domain/hand/events';
import type { Figures } from '../domain/result';

/** Seats are numbered 1..4 clockwise (RULES.md section 2). */
export type SeatNumber = 1 | 2 | 3 | 4;
export const SEAT_NUMBERS: readonly SeatNumber[] = [1, 2, 3, 4];

/** Seed 004's compass names, clockwise: seat 1 North, 2 East, 3 South, 4 West. */
export type Compass = 'N' | 'E' | 'S' | 'W';
export const COMPASS: Readonly<Record<SeatNumber, Compass>> = { 1: 'N', 2: 'E', 3: 'S', 4: 'W' };

export type Row = 'front' | 'middle' | 'back';
export const ROWS: readonly Row[] = ['front', 'middle', 'back'];

/** The cards each row holds in a set hand (front 3, middle 5, back 5: the domain's setting rule). */
export const ROW_SIZES: Readonly<Record<Row, number>> = SEGMENT_SIZES;

/** The cards a seat is dealt (the three rows together). */
export const HAND_CARDS: number = ROWS.reduce((n, r) => n + ROW_SIZES[r], 0);

/** A refusal or a reason, as the services word it (English) plus its stable code. */
export interface Reason {
  readonly code: string;
  readonly message: string;
  /**
   * The figures the sentence quotes, when the screen words it itself in any language: counts,
   * seats, money as `{ minor }` (app/domain/result.ts `MoneyFigure`), and `currency` (the
   * table's) when the view adds it; a request's refusal is shown in the view's currency.
   */
  readonly figures?: Figures;
}

/**
 * A hand value in structured parts, so each language can word it: the category
 * (0 high card .. 8 straight flush, app/domain/evaluate.ts `Category`), the ranks in order
 * of importance (0 = two .. 12 = ace) and the domain's English wording.
 */
export interface HandWords {
  readonly category: number;
  readonly ranks: readonly number[];
  /** True for a 2-7 lowball middle (ranks are then the low cards, highest first). */
  readonly lowball?: boolean;
  /** The domain's English description, e.g. "Flush, king high". */
  readonly english: string;
}

export interface SetRows {
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
}

/** One device (the shoe or the showdown scanner) as the screen shows it. */
export interface DeviceView {
  readonly role: 'shoe' | 'scanner';
  /** `simulated`: the in-process or serial simulator; `serial`: a real port; `none`: not configured. */
  readonly kind: 'simulated' | 'serial' | 'none';
  /** Always shown: connected, connecting, disconnected (will retry), fault (needs a person). */
  readonly status: 'connected' | 'connecting' | 'disconnected' | 'fault' | 'off';
  /** The device's own label, e.g. "Simulated shoe (seed 7)", "Card shoe on /dev/ttyUSB0". */
  readonly label: string;
  /** Why it is not connected or at fault, in words. */
  readonly detail: Reason | null;
  /** True when its wire format has no integrity check (lines): a misread byte can pass as
   *  another card, so the screen says "no integrity check". */
  readonly unchecked: boolean;
}

export interface PlayerView {
  readonly id: string;
  readonly name: string;
}

/** A seat around the table, between hands and during one. */
export interface SeatView {
  readonly seat: SeatNumber;
  readonly compass: Compass;
  readonly player: PlayerView | null;
  /** Chips in front of the seat, minor units. */
  readonly stack: number;
}

/** A declared natural and what the terminal found. */
export interface NaturalView {
  /** The natural's record name (`dragon`, `six-pairs` ...), or null when the claim named none. */
  readonly name: string | null;
  readonly verified: boolean;
  /** Points the natural collects (verified only). */
  readonly points: number | null;
  /** The arrangement that proves it, where the natural is one (three flushes, three straights). */
  readonly proof: SetRows | null;
  /** The domain's one-sentence proof in English, e.g. "one card of every rank from ace to king". */
  readonly explanation: string | null;
  /** Why it fails (rejected only), and what happens instead (e.g. played as fouled). */
  readonly reason: Reason | null;
}

/** A seat's set hand as entered at showdown. */
export interface SetView {
  readonly rows: SetRows;
  readonly source: 'scanner' | 'touch';
  /** Null when the set is valid. */
  readonly foul: Reason | null;
  /** Per-row hand words, present when every row has its full count. */
  readonly words: Readonly<Record<Row, HandWords>> | null;
}

export interface HandSeatView {
  readonly seat: SeatNumber;
  /** A player sits here and takes part in this hand. Empty seats' hands are dead. */
  readonly live: boolean;
  /** Cards dealt to this seat so far (0..13). */
  readonly dealt: number;
  /** The player has set his three rows face down (the dealer tapped the seat). */
  readonly ready: boolean;
  readonly surrendered: boolean;
  readonly natural: NaturalView | null;
  readonly set: SetView | null;
  /** Cards read by the scanner for this seat so far, by row (showdown, before the set completes). */
  readonly scanned: SetRows;
  /**
   * The seat's 13 cards, given to the screen only once the showdown is open (for entry by
   * touch) or when a natural was declared (the player lays them face up). Null otherwise:
   * the screen never shows a hand that is still face down.
   */
  readonly cards: readonly Card[] | null;
  /** Cards of this hand the dealer reported exposed during the deal. */
  readonly exposed: number;
  /** The floor may replace the seat's hand by touch now (`offers.floorReplace`). */
  readonly canReplace: boolean;
  /** What may be done for this seat now, as the domain offers it (the fold's own answer). */
  readonly offers: SeatOffersView;
  /** The floor ruled this hand fouled: its reason, and the irregularity it ruled on (or null). */
  readonly floorFoul: { readonly reason: string; readonly irregularity: number | null } | null;
}

/**
 * An action as offered: `offered` false, no button (the terminal would refuse it for what the
 * hand is); `refusal` set, the button is shown and pressing it shows this reason at once,
 * without asking first (the chips do not cover a surrender).
 */
export interface OfferView {
  readonly offered: boolean;
  readonly refusal: Reason | null;
}

/** The actions for one seat (app/domain/hand/offers.ts `seatOffers`). */
export interface SeatOffersView {
  readonly seatReady: OfferView;
  readonly declareSurrender: OfferView;
  readonly declareNatural: OfferView;
  readonly reportExposure: OfferView;
  /** The seats whose hand this seat may be reported holding. */
  readonly reportWrongSeat: readonly SeatNumber[];
  /** The dealer may enter this seat's hand by touch (not yet read; a read hand is the floor's). */
  readonly enterHand: boolean;
  /** The floor may replace this seat's hand by touch. */
  readonly floorReplace: boolean;
  /** The floor may rule this seat's hand fouled. */
  readonly floorFoul: boolean;
}

/**
 * One thing standing between this phase and the next, as the domain's parts (`code`, the seat
 * and the figures: app/domain/hand/guards.ts `Blocker`), worded on screen in its language;
 * `message` is the domain's English.
 */
export type BlockerView = Blocker & { readonly message: string };

/** The dealer's next action (app/domain/hand/offers.ts `nextAction`): the screen shows its panel. */
export type { NextAction };

/**
 * Something at showdown the floor must look at (a card that is not the seat's ...), with the
 * floor's ruling once made. Worded on screen from `kind`, `seat` and `cards`.
 */
export interface IrregularityView {
  /** 1, 2, 3 ... within the hand (what a ruling names). */
  readonly id: number;
  readonly seat: SeatNumber;
  /** `card-of-other-seat`, `card-not-dealt`, `duplicate-across-seats` (blocking), `wrong-seat-after-set` (a note). */
  readonly kind: string;
  readonly cards: readonly Card[];
  /** For each of `cards`, the seat it was dealt to (null: not dealt this hand, or unknown without a shoe). */
  readonly dealtTo: readonly (SeatNumber | null)[];
  /** `wrong-seat-after-set`: the seat whose hand `seat` holds, which in turn holds `seat`'s (one report is the whole swap). Absent for other kinds. */
  readonly otherSeat?: SeatNumber | null;
  /** The services' English sentence. */
  readonly detail: string;
  /** Settlement waits for a ruling. */
  readonly blocking: boolean;
  /** ms since the epoch. */
  readonly at: number;
  readonly resolution: { readonly ruling: 'accept' | 'foul-seat' | 'hand-replaced'; readonly by: string; readonly reason: string } | null;
  /** The rulings the floor may make on it now (none once ruled; no `accept` for a card another seat shows too). */
  readonly rulings: readonly ('accept' | 'foul-seat')[];
}

/** One pairwise comparison, as the dealer announces it. */
export interface ComparisonView {
  readonly a: SeatNumber;
  readonly b: SeatNumber;
  /** What decided the pair: a normal comparison, a surrender, a natural, a foul. */
  readonly kind: 'compared' | 'surrender' | 'natural' | 'foul' | 'both-fouled' | 'both-surrendered';
  /** Per-row winner: 1 a wins, -1 b wins, 0 push; null when the rows were not compared. */
  readonly rows: Readonly<Record<Row, -1 | 0 | 1>> | null;
  /** Both hands in words, per row (null where a hand was not compared). */
  readonly aWords: Readonly<Record<Row, HandWords>> | null;
  readonly bWords: Readonly<Record<Row, HandWords>> | null;
  /** Points a wins from b (negative: b wins). */
  readonly points: number;
  /** What else scored: scoop, majority, homerun, bonus hands, natural names. Codes + English. */
  readonly notes: readonly Reason[];
}

export interface SeatResultView {
  readonly seat: SeatNumber;
  readonly points: number;
  /** Chips won (+) or lost (-), minor units, after table stakes. */
  readonly net: number;
  /** What the points are worth before table stakes (points x the point value), minor units. */
  readonly gross: number;
  /** Table stakes changed it: `net` differs from `gross` (a winner's stack capped a win, a loser was all in). */
  readonly capped: boolean;
  /** Lost his whole stack (table stakes applied). */
  readonly allIn: boolean;
}

export interface PaymentView {
  readonly index: number;
  readonly payer: SeatNumber;
  readonly payee: SeatNumber;
  readonly amount: number;
  readonly done: boolean;
}

export interface ResultView {
  /** In announcement order: left of the button, clockwise. */
  readonly comparisons: readonly ComparisonView[];
  readonly seats: readonly SeatResultView[];
  /** The ordered list the dealer executes. */
  readonly payments: readonly PaymentView[];
  /**
   * Which list `payments` is (the house's choice, profile option `payments`): `pairwise`, each
   * loser pays each winner; `netted`, the fewest chip movements with the same results. The
   * terminal always says; left out (a canned view), the screen takes it as `pairwise`.
   */
  readonly paymentList?: 'pairwise' | 'netted';
  /** OFC only (absent otherwise): each valid hand's royalties and who is in Fantasyland next hand. */
  readonly ofc?: OfcResultView;
}

/** OFC: one valid hand's royalties per row and in all (settle's `royalties`, app/domain/ofc.ts). */
export interface OfcRoyaltiesView {
  readonly seat: SeatNumber;
  readonly front: number;
  readonly middle: number;
  readonly back: number;
  readonly total: number;
}

/** OFC results: the royalties of every valid hand (a fouled hand earns none and is not listed),
 *  in announcement order, and the seats dealt Fantasyland next hand. */
export interface OfcResultView {
  readonly royalties: readonly OfcRoyaltiesView[];
  readonly fantasylandNext: readonly SeatNumber[];
}

/** OFC: a card the seat places now and the rows that would take it (the fold's answer). */
export interface OfcCardView {
  readonly card: Card;
  readonly rows: readonly Row[];
}

/** OFC: one playing seat at the open-face table. */
export interface OfcSeatView {
  readonly seat: SeatNumber;
  /** The seat plays Fantasyland this hand: dealt its 13 at once, shown at once. */
  readonly fantasyland: boolean;
  /** Its rows as placed so far (a Fantasyland seat: its hand once shown), face up. */
  readonly rows: SetRows;
  /** The cards it places now (its first five together, then one at a time as dealt); empty: none. */
  readonly toPlace: readonly OfcCardView[];
  /** A Fantasyland seat's 13 cards, given once all are dealt and its hand may be shown (entered
   *  at once with `setHand`); null otherwise. */
  readonly fantasylandCards: readonly Card[] | null;
}

/** OFC: the open-face table (app/domain/hand/offers.ts `ofcPlacements`). */
export interface OfcHandView {
  /** The seat that places next in the order of the deal (null: nobody has a card to place). */
  readonly next: SeatNumber | null;
  /** The playing seats, in turn order from the left of the button. */
  readonly seats: readonly OfcSeatView[];
}

/** The phases of a hand (app/domain/hand/state.ts); `closed`, `misdealt` and `voided` are final. */
export type HandPhase = 'dealing' | 'setting' | 'showdown' | 'paying' | 'closed' | 'misdealt' | 'voided';

export interface HandView {
  readonly id: string;
  /** 1-based number of the hand at this table. */
  readonly number: number;
  readonly phase: HandPhase;
  /** The hand is still open (not closed, misdealt or voided): misdeal, void and floor rulings allowed. */
  readonly open: boolean;
  readonly button: SeatNumber;
  /** Cards read from the shoe for this hand (0..52). */
  readonly cardsRead: number;
  readonly seats: readonly HandSeatView[];
  /** The seat and row the scanner expects next at showdown, or null. */
  readonly expectedScan: { readonly seat: SeatNumber; readonly row: Row } | null;
  /** What stands between this phase and the next, as codes with their parts (empty when nothing does). */
  readonly blockers: readonly BlockerView[];
  /** The misdeal causes the dealer may call now (app/domain/hand/dealer-calls.ts), in the order to offer them. */
  readonly misdealCauses: readonly MisdealCause[];
  /** A seat's scanned rows look scanned out of order: they wait for the dealer (`answerScan`). */
  readonly scanQuestion: Reason | null;
  /** The shoe has read nothing for the terminal's idle limit with cards of the deal missing (the
   *  dealer was alerted): the deal may be short, a `short-deal` misdeal. */
  readonly dealIdle: boolean;
  /** Set once a misdeal is called: the cause in words. The button stays; redeal. */
  readonly misdeal: Reason | null;
  /**
   * Set once the floor voided the hand: who (and the second floor person, when one signed), why, and the payments already made that the
   * dealer moves back (the chips go back from `to` to `from`). The button stays.
   */
  readonly voided: { readonly by: string; readonly second: string | null; readonly reason: string; readonly returned: readonly { readonly from: SeatNumber; readonly to: SeatNumber; readonly amount: number }[] } | null;
  /** A void of this hand now needs a second floor person's PIN (chips have moved: the two-person rule). */
  readonly voidNeedsSecondFloor: boolean;
  /** Every irregularity of the hand, in order, ruled on or not. */
  readonly irregularities: readonly IrregularityView[];
  readonly result: ResultView | null;
  /** OFC only (absent or null otherwise): the rows, the cards to place, the Fantasyland seats. */
  readonly ofc?: OfcHandView | null;
}

export interface AlertView {
  readonly id: number;
  readonly kind: 'misdeal' | 'irregularity' | 'device-fault' | 'integrity' | string;
  /** Who may acknowledge it: the dealer on duty, or only the floor (with a PIN). */
  readonly clearedBy: 'dealer' | 'floor';
  readonly message: string;
  readonly code: string;
  /** ms since epoch. */
  readonly raisedAt: number;
  /** The number of the hand it is about, when that is the hand shown (null otherwise). */
  readonly handNumber: number | null;
  /** The hand irregularity it was raised for (its `id` in `hand.irregularities`), or null. */
  readonly irregularity: number | null;
}

export interface TableInfoView {
  readonly id: string;
  readonly name: string;
  /** Chips per point, minor units. */
  readonly pointValue: number;
  readonly currency: string;
  readonly profile: { readonly name: string; readonly version: number };
  /** Surrender penalty in points, null when the profile has no surrender. */
  readonly surrenderPoints: number | null;
  /** The naturals the profile plays (record names), highest-ranked first; empty: none. */
  readonly naturals: readonly string[];
  /** The smallest full and short buy-in, minor units. */
  readonly buyIn: { readonly full: number; readonly short: number };
  /** The language a screen opening the table starts in (the admin's choice); null: none set, each screen its own. */
  readonly language: 'en' | 'cs' | null;
}

/**
 * The link to the casino's central server (`--central`), as the screen shows it: connected /
 * behind by N events / down since ...
 */
export interface CentralLinkView {
  /**
   * `connecting`: no answer yet; `connected`: every committed event is on the server;
   * `behind`: up, `behind` events not yet confirmed; `down`: unreachable or failing, retrying
   * while the table deals on; `stopped`: the terminal is closing.
   */
  readonly state: 'connecting' | 'connected' | 'behind' | 'down' | 'stopped';
  /** Events committed at the table that the server has not confirmed yet. */
  readonly behind: number;
  /** When down: the ISO time of the first failure in a row; else null. */
  readonly downSince: string | null;
  /** When down: the ISO time of the next attempt; else null. */
  readonly retryAt: string | null;
  /** When down: why, in one line (English; the server's address without its password); else null. */
  readonly reason: string | null;
  /**
   * While a backlog is being sent (`behind`, more than two batches waiting when it began):
   * `sent` of `total` events since it began, events per second so far and seconds left at that
   * rate (null until the first batch is confirmed); absent or null otherwise.
   */
  readonly catchUp?: { readonly sent: number; readonly total: number; readonly perSecond: number | null; readonly secondsLeft: number | null } | null;
}

/** The terminal's whole state for the screen. */
export interface TerminalView {
  readonly table: TableInfoView;
  readonly shoe: DeviceView;
  readonly scanner: DeviceView;
  /** The dealer on duty (signed on), or null. */
  readonly dealer: string | null;
  /** The dealer on duty's staff id, or null (none, or a dealer only named, in an old log). */
  readonly dealerStaffId: string | null;
  /** The button's seat: of the hand in play, or of the next hand when none is open. */
  readonly button: SeatNumber;
  /** What the dealer does next (start a hand, open the showdown, settle, pay, redeal ...). */
  readonly nextAction: NextAction;
  readonly seats: readonly SeatView[];
  /** The open hand, or the last one until the next starts, or null. */
  readonly hand: HandView | null;
  /** Raised and not yet acknowledged, oldest first. */
  readonly alerts: readonly AlertView[];
  /**
   * The last read a device delivered that the hand refused (a scanned card that is not the
   * expected seat's, a card with no hand in play ...), until the next accepted change.
   */
  readonly deviceNotice: Reason | null;
  /** The central server's link, or null when the terminal forwards to none (no `--central`). */
  readonly central: CentralLinkView | null;
  /** The last played hand while the floor may still correct it (until the next hand starts),
   *  with the chips its last correction moves; null otherwise. */
  readonly correction: CorrectionView | null;
}
