/**
 * The showdown record (docs/settle.md): JSON in, a typed and checked
 * showdown out, or a refusal that names the field. Everything that makes a record unusable
 * is refused here; what is a game outcome (a foul, a false natural) is left to settle.ts.
 */
import { RANK_CHARS, SUIT_CHARS, findDuplicate, formatCard, formatCards, parseCards, type Card } from './cards';
import { NATURAL_NAMES, isNaturalName, type NaturalName } from './naturals';
import { naturalRule, resolveProfile, type Profile } from './profiles';
import { isObject, showJson as show, tooDeep } from './json';
import { checkAmount, MAX_POINT_VALUE, MAX_STACK } from './money';
import { fail, ok, type Result } from './result';
import { TABLE_SEATS } from './scoring';
import { SEGMENTS, cardsOf, type Segment, type SetHand } from './setting';
import { plural } from './words';

const RECORD_KEYS = ['id', 'rules', 'pointValue', 'button', 'netting', 'seats'] as const;
const SEAT_KEYS = ['seat', 'stack', 'front', 'middle', 'back', 'cards', 'natural', 'surrender', 'foul', 'fantasyland', 'jackpotDisqualified'] as const;
const RECORD_KEY_SET: ReadonlySet<string> = new Set(RECORD_KEYS);
const SEAT_KEY_SET: ReadonlySet<string> = new Set(SEAT_KEYS);
/** When a record gives no button: seat 4, so the announcement starts at seat 1. */
const DEFAULT_BUTTON = 4;
/**
 * The most arrays and objects a record may nest. A record needs 4 (record, seats, seat, a list
 * of card texts) and a profile under `rules` about as many; the limit only keeps a hostile or
 * broken record from the recursion of the checks and the messages (JSON.stringify).
 */
export const MAX_RECORD_DEPTH = 64;

export interface ShowdownSeat {
  /** Seat number, 1-4 clockwise. */
  readonly seat: number;
  /** Index in the record's `seats` array, for messages. */
  readonly index: number;
  /** Starting stack in minor units; undefined = no table-stakes cap. */
  readonly stack?: number;
  /** All 13 cards of the seat. */
  readonly cards: readonly Card[];
  /** The setting as given (front/middle/back), when given. Segment counts are not checked here. */
  readonly setting?: SetHand;
  /** A declared natural (not yet verified). */
  readonly natural?: NaturalName;
  readonly surrender: boolean;
  /** The floor ruled the hand fouled, with this reason (the hand is not read). */
  readonly foul?: string;
  /** OFC: the player is playing a Fantasyland hand now. */
  readonly fantasyland: boolean;
  /** The floor disqualified this seat's hand from the jackpot, with this note. */
  readonly jackpotDisqualified?: string;
}

export interface Showdown {
  readonly id?: string | number;
  readonly profile: Profile;
  /** Minor units per point. */
  readonly pointValue: number;
  readonly button: number;
  /** Also produce the netted transfers. */
  readonly netting: boolean;
  /** The live seats, in seat-number order. */
  readonly seats: readonly ShowdownSeat[];
}

type Fail = { readonly ok: false; readonly error: { readonly code: string; readonly message: string; readonly path?: string } };

function refuse(code: string, path: string, message: string): Fail {
  return fail(code, `${path}: ${message}`, path);
}


function unknownKey(obj: Record<string, unknown>, allowed: readonly string[], known: ReadonlySet<string>, prefix: string): Fail | undefined {
  for (const key of Object.keys(obj)) {
    if (!known.has(key)) {
      const path = prefix ? `${prefix}.${key}` : key;
      return refuse('unknown-field', path, `unknown field "${key}" (fields: ${allowed.join(', ')})`);
    }
  }
  return undefined;
}

/**
 * The cards of a text written as `formatCards` writes them ("As Td 2c": canonical cards, one
 * space between), which is what every stored record holds; null for any other text.
 * `parseCards` reads such a text to the same cards, only slower.
 */
function canonicalCards(text: string): Card[] | null {
  const n = text.length;
  if (n % 3 !== 2) return null;
  // A segment's 3 or 5 cards read into a literal of that size; any other count pushed one by one.
  if (n === 8) {
    const a = cardAt(text, 0);
    const b = cardAt(text, 3);
    const c = cardAt(text, 6);
    return (a | b | c) < 0 || text.charCodeAt(2) !== SPACE || text.charCodeAt(5) !== SPACE ? null : [a, b, c];
  }
  if (n === 14) {
    const a = cardAt(text, 0);
    const b = cardAt(text, 3);
    const c = cardAt(text, 6);
    const d = cardAt(text, 9);
    const e = cardAt(text, 12);
    return (a | b | c | d | e) < 0 || text.charCodeAt(2) !== SPACE || text.charCodeAt(5) !== SPACE || text.charCodeAt(8) !== SPACE
      || text.charCodeAt(11) !== SPACE ? null : [a, b, c, d, e];
  }
  const cards: Card[] = [];
  for (let i = 0; i < n; i += 3) {
    const card = cardAt(text, i);
    if (card < 0 || (i + 2 < n && text.charCodeAt(i + 2) !== SPACE)) return null;
    cards.push(card);
  }
  return cards;
}

/** The card written at `i` of a text ("Td": rank then suit), or -1 when those two are not a canonical card. */
function cardAt(text: string, i: number): number {
  const rank = RANK_OF_CODE[text.charCodeAt(i)] ?? -1;
  const suit = SUIT_OF_CODE[text.charCodeAt(i + 1)] ?? -1;
  return rank < 0 || suit < 0 ? -1 : rank * 4 + suit;
}

const SPACE = 32;
/** The rank (suit) of each character code a canonical card text uses; -1 for every other code below 128. */
const RANK_OF_CODE = codeTable(RANK_CHARS);
const SUIT_OF_CODE = codeTable(SUIT_CHARS);

function codeTable(chars: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = i;
  return table;
}

/** Cards as text or a list of card texts, or the refusal (its message does not name the field). */
function readCards(x: unknown): Card[] | Fail {
  if (typeof x === 'string') {
    const cards = canonicalCards(x);
    if (cards) return cards;
  }
  if (typeof x !== 'string' && !(Array.isArray(x) && x.every(isText))) {
    return fail('bad-card', `expected cards as text ("As Kd 10c") or a list of card texts, got ${show(x)}`);
  }
  const r = parseCards(x);
  return r.ok ? r.value : r;
}

function isText(t: unknown): boolean {
  return typeof t === 'string';
}

/** What `checkAmount` accepts (app/domain/money.ts), without building its result: it is asked only for the refusal. */
function isAmount(x: unknown, min: number, max: number): boolean {
  return typeof x === 'number' && Number.isSafeInteger(x) && !Object.is(x, -0) && x >= min && x <= max;
}

function wholeNumber(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= min && x <= max;
}

/**
 * Reads and checks a showdown record. Refusal codes: `bad-record`, `unknown-field`,
 * `unknown-preset` / `bad-profile-value` / `unknown-profile-key` (under `rules`),
 * `bad-point-value`, `bad-button`, `bad-seats`, `bad-seat-number`, `duplicate-seat`,
 * `bad-stack`, `bad-card`, `duplicate-card`, `wrong-card-count`, `missing-hand`,
 * `missing-setting`, `cards-mismatch`, `unknown-natural`, `natural-not-played`,
 * `surrender-not-played`, `conflicting-declarations`, `fantasyland-not-played`,
 * `too-few-seats`, `surrender-not-covered`, `too-deep` (more than {@link MAX_RECORD_DEPTH} arrays
 * and objects nested). `null` is refused wherever a value is checked; only a field left out takes
 * its default. The point value is 1 to MAX_POINT_VALUE and a stack 0 to MAX_STACK minor units
 * (app/domain/money.ts). Every message starts with the field's path, except for a record that is
 * not an object.
 */
export function parseShowdown(record: unknown): Result<Showdown> {
  return readShowdown(record, undefined);
}

/**
 * The card texts a record gave in canonical form, by seat number and field: `texts[seat * 4 + k]`
 * with k 0 front, 1 middle, 2 back, 3 cards; undefined where the record wrote the cards some
 * other way (or not at all). A canonical text is exactly what `formatCards` writes for the cards
 * read from it.
 */
export type RecordTexts = (string | undefined)[];

/**
 * {@link parseShowdown}, also noting in `texts` (when given) the canonical card texts of the
 * record, so that a caller showing the same cards again need not write them anew. The texts
 * are the record's own strings; they describe the showdown's card lists only as long as nobody
 * changes those lists.
 */
export function parseShowdownNotingTexts(record: unknown, texts: RecordTexts): Result<Showdown> {
  return readShowdown(record, texts);
}

function readShowdown(record: unknown, texts: RecordTexts | undefined): Result<Showdown> {
  // The usual record (known fields, plain values, a profile by name or a shallow object) is
  // checked for depth and unknown fields in one walk; any other is checked step by step.
  const usual = usualShape(record);
  const deep = usual || fitsDepth(record, MAX_RECORD_DEPTH) ? undefined : tooDeep(record, MAX_RECORD_DEPTH);
  if (deep) {
    const path = fieldOf(deep);
    const message = `nested more than ${MAX_RECORD_DEPTH} arrays and objects deep (the limit on a record)`;
    return path === undefined ? fail('too-deep', `the record is ${message}`) : refuse('too-deep', path, message);
  }
  if (!isObject(record)) return fail('bad-record', `a showdown record is a JSON object, got ${show(record)}`);
  if (!usual) {
    const extra = unknownKey(record, RECORD_KEYS, RECORD_KEY_SET, '');
    if (extra) return extra;
  }

  const { id } = record;
  if (id !== undefined && typeof id !== 'string' && !wholeNumber(id, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)) {
    return refuse('bad-record', 'id', `expected text or an integer, got ${show(id)}`);
  }

  const profileResult = resolveProfile(record.rules === undefined ? undefined : record.rules);
  if (!profileResult.ok) {
    const e = profileResult.error;
    const path = e.path ? `rules.${e.path}` : 'rules';
    return fail(e.code, `rules: ${e.message}`, path);
  }
  const profile = profileResult.value;

  // A field left out takes its default; `null` is a value, and refused like any other wrong one.
  const checkedPointValue = record.pointValue === undefined ? ok(1)
    : isAmount(record.pointValue, 1, MAX_POINT_VALUE) ? ok(record.pointValue as number) : checkAmount(record.pointValue, 'the point value', 'bad-point-value', 1, MAX_POINT_VALUE);
  if (!checkedPointValue.ok) return refuse('bad-point-value', 'pointValue', checkedPointValue.error.message);
  const pointValue = checkedPointValue.value;
  const button = record.button === undefined ? DEFAULT_BUTTON : record.button;
  if (!wholeNumber(button, 1, TABLE_SEATS)) {
    return refuse('bad-button', 'button', `expected a seat number 1-${TABLE_SEATS}, got ${show(record.button)}`);
  }
  const netting = record.netting === undefined ? false : record.netting;
  if (typeof netting !== 'boolean') return refuse('bad-record', 'netting', `expected true or false, got ${show(record.netting)}`);

  const rawSeats = record.seats;
  if (!Array.isArray(rawSeats) || rawSeats.length === 0 || rawSeats.length > TABLE_SEATS) {
    return refuse('bad-seats', 'seats', `expected a list of 1 to ${TABLE_SEATS} seats, got ${show(rawSeats)}`);
  }

  const seats: ShowdownSeat[] = [];
  // The cards of the seats so far, as two 26-card masks (cards are codes 0..51, checked by readSeat).
  let low = 0;
  let high = 0;
  for (let i = 0; i < rawSeats.length; i++) {
    const seat = readSeat(rawSeats[i], i, profile, usual, texts);
    if ('error' in seat) return seat;
    let other: ShowdownSeat | undefined;
    for (const s of seats) {
      if (s.seat === seat.seat) {
        other = s;
        break;
      }
    }
    if (other) {
      return refuse('duplicate-seat', `seats[${i}].seat`, `seat ${seat.seat} is also given at seats[${other.index}]`);
    }
    // The seat's cards as readSeat's last scan left them (see SEAT_BITS).
    const seatLow = SEAT_BITS[0];
    const seatHigh = SEAT_BITS[1];
    if ((seatLow & low) !== 0 || (seatHigh & high) !== 0) return cardInTwoSeats(seats, seat, i);
    low |= seatLow;
    high |= seatHigh;
    seats.push(seat);
  }
  if (seats.length < 2) return refuse('too-few-seats', 'seats', 'a showdown needs at least two live seats');
  // By seat number (an insertion sort: stable as Array.sort, without its set-up for four seats).
  for (let i = 1; i < seats.length; i++) {
    const seat = seats[i];
    let at = i;
    while (at > 0 && bySeatNumber(seats[at - 1], seat) > 0) {
      seats[at] = seats[at - 1];
      at--;
    }
    seats[at] = seat;
  }

  // Surrender only with the chips to cover the whole penalty (RULES.md section 6). A surrender
  // under a profile without one was refused with the seat (readSeat).
  const penalty = profile.surrenderPenalty;
  let payees = 0;
  for (const s of seats) if (!s.surrender) payees++;
  for (const s of seats) {
    if (!s.surrender || s.stack === undefined || penalty === null) continue;
    const due = penalty * pointValue * payees;
    if (due > s.stack) {
      return refuse('surrender-not-covered', `seats[${s.index}].surrender`,
        `seat ${s.seat} cannot surrender: the penalty is ${penalty} points to each of ${plural(payees, 'player')} (${due}) and the stack is ${s.stack}`);
    }
  }
  return ok(id !== undefined ? { id: id as string | number, profile, pointValue, button, netting, seats } : { profile, pointValue, button, netting, seats });
}

/**
 * The cards of the list {@link scanCards} looked at last, as two masks: cards 0-25 in
 * `SEAT_BITS[0]`, 26-51 in `SEAT_BITS[1]`. A seat read without a refusal was scanned last with
 * all its 13 cards (its cards, or its setting's, which are then the same cards), so the caller
 * of readSeat finds the seat's cards here.
 */
const SEAT_BITS = new Int32Array(2);

/** {@link findDuplicate} of valid card codes, leaving the cards' masks in {@link SEAT_BITS}. */
function scanCards(cards: readonly Card[]): Card | undefined {
  let low = 0;
  let high = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    if (c < 26) {
      const bit = 1 << c;
      if (low & bit) return c;
      low |= bit;
    } else {
      const bit = 1 << (c - 26);
      if (high & bit) return c;
      high |= bit;
    }
  }
  SEAT_BITS[0] = low;
  SEAT_BITS[1] = high;
  return undefined;
}

/** The refusal of a seat holding a card an earlier seat holds: its first such card, and that seat. */
function cardInTwoSeats(earlier: readonly ShowdownSeat[], seat: ShowdownSeat, i: number): Fail {
  for (const c of seat.cards) {
    for (const s of earlier) {
      if (s.cards.includes(c)) return refuse('duplicate-card', `seats[${i}]`, `${formatCard(c)} is in seat ${seat.seat} and also in seat ${s.seat}`);
    }
  }
  throw new RangeError('no card of the seat is in an earlier seat'); // the masks said there was one
}

/**
 * Whether the record is an object whose every member (own or inherited, as for-in walks them)
 * has a known name and a plain value: `rules` anything within the depth limit, `seats` a list of
 * at most four objects whose members have known names and hold plain values or lists of plain
 * values. Such a record is within the depth limit and has no unknown field, at the top or in a
 * seat. False says nothing: the record is then checked step by step.
 */
function usualShape(record: unknown): boolean {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  for (const key in record) {
    if (!isRecordKey(key)) return false;
    const v = (record as Record<string, unknown>)[key];
    if (typeof v !== 'object' || v === null) continue;
    if (key === 'rules') {
      if (!fitsDepth(v, MAX_RECORD_DEPTH - 1)) return false;
    } else if (key !== 'seats' || !usualSeats(v)) {
      return false;
    }
  }
  return true;
}

function usualSeats(seats: object): boolean {
  if (!Array.isArray(seats) || seats.length > TABLE_SEATS) return false;
  for (let i = 0; i < seats.length; i++) {
    const seat: unknown = seats[i];
    if (typeof seat !== 'object' || seat === null || Array.isArray(seat)) return false;
    for (const key in seat) {
      if (!isSeatKey(key)) return false;
      const v = (seat as Record<string, unknown>)[key];
      if (typeof v !== 'object' || v === null) continue;
      if (!Array.isArray(v)) return false;
      for (let k = 0; k < v.length; k++) {
        const item: unknown = v[k];
        if (typeof item === 'object' && item !== null) return false;
      }
    }
  }
  return true;
}

// RECORD_KEYS and SEAT_KEYS as switches: a few times faster than a Set's lookup on these
// short lists (the usual record's every member is looked up).
function isRecordKey(key: string): boolean {
  switch (key) {
    case 'id': case 'rules': case 'pointValue': case 'button': case 'netting': case 'seats':
      return true;
    default:
      return false;
  }
}

function isSeatKey(key: string): boolean {
  switch (key) {
    case 'seat': case 'stack': case 'front': case 'middle': case 'back': case 'cards': case 'natural': case 'surrender': case 'foul':
    case 'fantasyland': case 'jackpotDisqualified':
      return true;
    default:
      return false;
  }
}

function bySeatNumber(x: ShowdownSeat, y: ShowdownSeat): number {
  return x.seat - y.seat;
}

/**
 * Whether the value nests at most `room` arrays and objects (the value itself counts when it is
 * one): what `tooDeep` says when it finds nothing, without building its frames. Recursion is
 * safe here: it never goes more than `room` levels down.
 */
function fitsDepth(x: unknown, room: number): boolean {
  if (typeof x !== 'object' || x === null) return true;
  if (room === 0) return false;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (typeof v === 'object' && v !== null && !fitsDepth(v, room - 1)) return false;
    }
    return true;
  }
  // for-in walks the own members `tooDeep` walks and inherited enumerable ones as well: it may
  // say "no" where tooDeep finds nothing (then tooDeep decides), never the other way round.
  for (const key in x) {
    const v = (x as Record<string, unknown>)[key];
    if (typeof v === 'object' && v !== null && !fitsDepth(v, room - 1)) return false;
  }
  return true;
}

/** The field of a record a place too deep is in: `rules`, `seats[2].front`; undefined when the
 *  record itself is not an object. */
function fieldOf(keys: readonly (string | number)[]): string | undefined {
  const [field, index, seatField] = keys;
  if (typeof field !== 'string') return undefined;
  if (field !== 'seats' || typeof index !== 'number') return field;
  return typeof seatField === 'string' ? `seats[${index}].${seatField}` : `seats[${index}]`;
}

/** A card given twice in a seat's front, middle and back, naming the segments that hold it. */
function settingDuplicate(at: string, seat: number, setting: Readonly<Record<Segment, readonly Card[]>>): Fail | undefined {
  const dupe = findDuplicate([...setting.front, ...setting.middle, ...setting.back]);
  if (dupe === undefined) return undefined;
  const holding = SEGMENTS.filter((s) => setting[s].includes(dupe));
  const second = holding.length > 1 ? holding[1] : holding[0];
  return seatRefusal(at, seat, 'duplicate-card', second, `${formatCard(dupe)} appears twice${holding.length > 1 ? ` (in ${holding.join(' and ')})` : ''}`);
}

/** A refusal of a seat's field: `seats[1].cards (seat 2): ...`, path `seats[1].cards`. */
function seatRefusal(at: string, seat: number, code: string, name: string, message: string): Fail {
  return fail(code, `${at}.${name} (seat ${seat}): ${message}`, `${at}.${name}`);
}

/** `seats[i]` for the indexes a record may have (at most {@link TABLE_SEATS} seats). */
const SEAT_AT: readonly string[] = Array.from({ length: TABLE_SEATS }, (_, i) => `seats[${i}]`);

/** A segment's or the hand's cards, noting a canonical text in `texts` at `slot`. */
function readField(x: unknown, texts: RecordTexts | undefined, slot: number): Card[] | Fail {
  if (typeof x === 'string') {
    const cards = canonicalCards(x);
    if (cards) {
      if (texts) texts[slot] = x;
      return cards;
    }
  }
  return readCards(x);
}

/** One seat of the record; `known`: {@link usualShape} said the seat has no unknown field. */
function readSeat(raw: unknown, i: number, profile: Profile, known: boolean, texts: RecordTexts | undefined): ShowdownSeat | Fail {
  const at = SEAT_AT[i] ?? `seats[${i}]`;
  if (!isObject(raw)) return refuse('bad-seats', at, `expected a seat object, got ${show(raw)}`);
  if (!known) {
    const extra = unknownKey(raw, SEAT_KEYS, SEAT_KEY_SET, at);
    if (extra) return extra;
  }
  if (!wholeNumber(raw.seat, 1, TABLE_SEATS)) {
    return refuse('bad-seat-number', `${at}.seat`, `expected a seat number 1-${TABLE_SEATS}, got ${show(raw.seat)}`);
  }
  const seat = raw.seat;

  if (raw.stack !== undefined && !isAmount(raw.stack, 0, MAX_STACK)) {
    const stack = checkAmount(raw.stack, 'the stack', 'bad-stack', 0, MAX_STACK);
    if (!stack.ok) return seatRefusal(at, seat, 'bad-stack', 'stack', stack.error.message);
  }
  if (raw.surrender !== undefined && typeof raw.surrender !== 'boolean') return seatRefusal(at, seat, 'bad-record', 'surrender', `expected true or false, got ${show(raw.surrender)}`);
  if (raw.fantasyland !== undefined && typeof raw.fantasyland !== 'boolean') return seatRefusal(at, seat, 'bad-record', 'fantasyland', `expected true or false, got ${show(raw.fantasyland)}`);
  const surrender = raw.surrender === true;
  const fantasyland = raw.fantasyland === true;
  if (raw.foul !== undefined && (typeof raw.foul !== 'string' || raw.foul.trim() === '')) {
    return seatRefusal(at, seat, 'bad-record', 'foul', `expected the floor's reason for the foul as text, got ${show(raw.foul)}`);
  }
  const foul = raw.foul as string | undefined;

  // The cards: a setting, or all 13 under `cards`, or both (then they must agree).
  let setting: { -readonly [K in Segment]: Card[] } | undefined;
  if (raw.front !== undefined || raw.middle !== undefined || raw.back !== undefined) {
    // A segment left out is empty.
    const slot = seat * 4;
    const front = raw.front === undefined ? [] : readField(raw.front, texts, slot);
    if (!Array.isArray(front)) return seatRefusal(at, seat, front.error.code, 'front', front.error.message);
    const middle = raw.middle === undefined ? [] : readField(raw.middle, texts, slot + 1);
    if (!Array.isArray(middle)) return seatRefusal(at, seat, middle.error.code, 'middle', middle.error.message);
    const back = raw.back === undefined ? [] : readField(raw.back, texts, slot + 2);
    if (!Array.isArray(back)) return seatRefusal(at, seat, back.error.code, 'back', back.error.message);
    setting = { front, middle, back };
  }
  let cards: Card[] | undefined;
  if (raw.cards !== undefined) {
    const r = readField(raw.cards, texts, seat * 4 + 3);
    if (!Array.isArray(r)) return seatRefusal(at, seat, r.error.code, 'cards', r.error.message);
    cards = r;
  }
  if (!setting && !cards) {
    return fail('missing-hand', `${at} (seat ${seat}): no cards; give front, middle and back, or cards with natural or surrender`, at);
  }
  const setCards = setting ? cardsOf(setting) : undefined;
  const all = cards ?? setCards!;
  if (cards) {
    const dupe = scanCards(cards);
    if (dupe !== undefined) return seatRefusal(at, seat, 'duplicate-card', 'cards', `${formatCard(dupe)} appears twice`);
  }
  if (setting) {
    const twice = scanCards(setCards!) === undefined ? undefined : settingDuplicate(at, seat, setting);
    if (twice) return twice;
  }
  if (all.length !== 13) {
    if (cards) return seatRefusal(at, seat, 'wrong-card-count', 'cards', `a hand has 13 cards, this one has ${all.length}`);
    const counts = SEGMENTS.map((s) => `${s} ${setting![s].length}`).join(', ');
    return fail('wrong-card-count', `${at} (seat ${seat}): a hand has 13 cards, this one has ${all.length} (${counts})`, at);
  }
  if (cards && setCards) {
    const inCards = new Set(cards);
    const inSetting = new Set(setCards);
    const onlySet = setCards.filter((c) => !inCards.has(c));
    const onlyCards = cards.filter((c) => !inSetting.has(c));
    if (onlySet.length > 0 || onlyCards.length > 0) {
      const parts = [
        ...(onlySet.length > 0 ? [`${formatCards(onlySet)} ${onlySet.length === 1 ? 'is' : 'are'} in the front, middle and back but not in cards`] : []),
        ...(onlyCards.length > 0 ? [`${formatCards(onlyCards)} ${onlyCards.length === 1 ? 'is' : 'are'} in cards but not in the front, middle and back`] : []),
      ];
      return seatRefusal(at, seat, 'cards-mismatch', 'cards', `the cards differ from the front, middle and back given: ${parts.join('; ')}`);
    }
  }

  let natural: NaturalName | undefined;
  if (raw.natural !== undefined) {
    if (!isNaturalName(raw.natural)) {
      return seatRefusal(at, seat, 'unknown-natural', 'natural', `unknown natural ${show(raw.natural)} (naturals: ${NATURAL_NAMES.join(', ')})`);
    }
    if (!naturalRule(profile, raw.natural)) {
      const played = Object.keys(profile.naturals);
      return seatRefusal(at, seat, 'natural-not-played', 'natural',
        `profile ${profile.name} does not play ${raw.natural} (${played.length ? `it plays ${played.join(', ')}` : 'it plays no naturals'})`);
    }
    natural = raw.natural;
  }
  if (surrender && profile.surrenderPenalty === null) {
    return seatRefusal(at, seat, 'surrender-not-played', 'surrender', `profile ${profile.name} does not play surrender`);
  }
  if (surrender && natural) {
    return seatRefusal(at, seat, 'conflicting-declarations', 'natural', 'a seat cannot both declare a natural and surrender');
  }
  if (foul !== undefined && (surrender || natural)) {
    return seatRefusal(at, seat, 'conflicting-declarations', 'foul', `a seat ruled fouled cannot also ${surrender ? 'surrender' : 'declare a natural'}`);
  }
  if (!setting && !natural && !surrender && foul === undefined) {
    return seatRefusal(at, seat, 'missing-setting', 'cards', 'cards without a natural or a surrender: give the hand as front, middle and back');
  }
  if (fantasyland && profile.fantasyland === null) {
    return seatRefusal(at, seat, 'fantasyland-not-played', 'fantasyland', `profile ${profile.name} does not play Fantasyland`);
  }
  const jackpotNote = raw.jackpotDisqualified;
  if (jackpotNote !== undefined) {
    if (profile.jackpot === null) {
      return seatRefusal(at, seat, 'jackpot-not-played', 'jackpotDisqualified', `profile ${profile.name} names no jackpot hands`);
    }
    if (typeof jackpotNote !== 'string' || jackpotNote.trim() === '') {
      return seatRefusal(at, seat, 'bad-record', 'jackpotDisqualified', `expected the floor's reason for the disqualification as text, got ${show(jackpotNote)}`);
    }
  }
  // The keys in the order they always had. The usual seat (a stack and a setting, nothing
  // declared) in one literal; any other field by field (no spreads: every seat of every record
  // comes through here).
  if (raw.stack !== undefined && setting && !natural && foul === undefined && jackpotNote === undefined) {
    return { seat, index: i, stack: raw.stack as number, cards: all, setting, surrender, fantasyland };
  }
  const out: { -readonly [K in keyof ShowdownSeat]: ShowdownSeat[K] } = { seat, index: i } as ShowdownSeat;
  if (raw.stack !== undefined) out.stack = raw.stack as number;
  out.cards = all;
  if (setting) out.setting = setting;
  if (natural) out.natural = natural;
  out.surrender = surrender;
  if (foul !== undefined) out.foul = foul;
  out.fantasyland = fantasyland;
  if (jackpotNote !== undefined) out.jackpotDisqualified = jackpotNote as string;
  return out;
}
