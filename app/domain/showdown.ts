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
const SEAT_FLAGS = ['surrender', 'fantasyland'] as const;
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
  const cards: Card[] = [];
  for (let i = 0; i < n; i += 3) {
    const rank = RANK_OF_CODE[text.charCodeAt(i)] ?? -1;
    const suit = SUIT_OF_CODE[text.charCodeAt(i + 1)] ?? -1;
    if (rank < 0 || suit < 0 || (i + 2 < n && text.charCodeAt(i + 2) !== SPACE)) return null;
    cards.push(rank * 4 + suit);
  }
  return cards;
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
  const deep = fitsDepth(record, MAX_RECORD_DEPTH) ? undefined : tooDeep(record, MAX_RECORD_DEPTH);
  if (deep) {
    const path = fieldOf(deep);
    const message = `nested more than ${MAX_RECORD_DEPTH} arrays and objects deep (the limit on a record)`;
    return path === undefined ? fail('too-deep', `the record is ${message}`) : refuse('too-deep', path, message);
  }
  if (!isObject(record)) return fail('bad-record', `a showdown record is a JSON object, got ${show(record)}`);
  const extra = unknownKey(record, RECORD_KEYS, RECORD_KEY_SET, '');
  if (extra) return extra;

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
  /** The seat holding each card so far, by card code. */
  const holder: number[] = [];
  for (let i = 0; i < rawSeats.length; i++) {
    const r = readSeat(rawSeats[i], i, profile);
    if (!r.ok) return r;
    const seat = r.value;
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
    for (const c of seat.cards) {
      const before = holder[c];
      if (before !== undefined) {
        return refuse('duplicate-card', `seats[${i}]`, `${formatCard(c)} is in seat ${seat.seat} and also in seat ${before}`);
      }
      holder[c] = seat.seat;
    }
    seats.push(seat);
  }
  if (seats.length < 2) return refuse('too-few-seats', 'seats', 'a showdown needs at least two live seats');
  seats.sort(bySeatNumber);

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

function readSeat(raw: unknown, i: number, profile: Profile): Result<ShowdownSeat> {
  const at = `seats[${i}]`;
  if (!isObject(raw)) return refuse('bad-seats', at, `expected a seat object, got ${show(raw)}`);
  const extra = unknownKey(raw, SEAT_KEYS, SEAT_KEY_SET, at);
  if (extra) return extra;
  if (!wholeNumber(raw.seat, 1, TABLE_SEATS)) {
    return refuse('bad-seat-number', `${at}.seat`, `expected a seat number 1-${TABLE_SEATS}, got ${show(raw.seat)}`);
  }
  const seat = raw.seat;

  if (raw.stack !== undefined && !isAmount(raw.stack, 0, MAX_STACK)) {
    const stack = checkAmount(raw.stack, 'the stack', 'bad-stack', 0, MAX_STACK);
    if (!stack.ok) return seatRefusal(at, seat, 'bad-stack', 'stack', stack.error.message);
  }
  for (const flag of SEAT_FLAGS) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') return seatRefusal(at, seat, 'bad-record', flag, `expected true or false, got ${show(raw[flag])}`);
  }
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
    const front = raw.front === undefined ? [] : readCards(raw.front);
    if (!Array.isArray(front)) return seatRefusal(at, seat, front.error.code, 'front', front.error.message);
    const middle = raw.middle === undefined ? [] : readCards(raw.middle);
    if (!Array.isArray(middle)) return seatRefusal(at, seat, middle.error.code, 'middle', middle.error.message);
    const back = raw.back === undefined ? [] : readCards(raw.back);
    if (!Array.isArray(back)) return seatRefusal(at, seat, back.error.code, 'back', back.error.message);
    setting = { front, middle, back };
  }
  let cards: Card[] | undefined;
  if (raw.cards !== undefined) {
    const r = readCards(raw.cards);
    if (!Array.isArray(r)) return seatRefusal(at, seat, r.error.code, 'cards', r.error.message);
    cards = r;
  }
  if (!setting && !cards) {
    return fail('missing-hand', `${at} (seat ${seat}): no cards; give front, middle and back, or cards with natural or surrender`, at);
  }
  const setCards = setting ? cardsOf(setting) : undefined;
  const all = cards ?? setCards!;
  if (cards) {
    const dupe = findDuplicate(cards);
    if (dupe !== undefined) return seatRefusal(at, seat, 'duplicate-card', 'cards', `${formatCard(dupe)} appears twice`);
  }
  if (setting) {
    const twice = findDuplicate(setCards!) === undefined ? undefined : settingDuplicate(at, seat, setting);
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
  // Built field by field (no spreads: every seat of every record comes through here); the keys
  // in the order they always had.
  const out: { -readonly [K in keyof ShowdownSeat]: ShowdownSeat[K] } = { seat, index: i } as ShowdownSeat;
  if (raw.stack !== undefined) out.stack = raw.stack as number;
  out.cards = all;
  if (setting) out.setting = setting;
  if (natural) out.natural = natural;
  out.surrender = surrender;
  if (foul !== undefined) out.foul = foul;
  out.fantasyland = fantasyland;
  if (jackpotNote !== undefined) out.jackpotDisqualified = jackpotNote as string;
  return ok(out);
}
