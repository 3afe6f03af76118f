/**
 * Cards: parsing, canonical formatting and the integer codes used everywhere inside.
 *
 * A card is an integer 0..51: `rank * 4 + suit`, with rank 0..12 for 2..A and suit
 * 0..3 for s, h, d, c (RULES.md section 1). The same layout as phe and
 * @pokertools/evaluator, so benchmarks feed all evaluators the same codes.
 */
import { fail, ok, type Result } from './result';

/** A card code, 0..51 (`rank * 4 + suit`). */
export type Card = number;
/** A rank index, 0..12 for 2..A. */
export type Rank = number;
/** A suit index, 0..3 for s, h, d, c. */
export type Suit = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'shdc';
export const SUIT_SYMBOLS = '♠♥♦♣';
export const DECK_SIZE = 52;

export const RANK_TWO = 0;
export const RANK_FIVE = 3;
export const RANK_NINE = 7;
export const RANK_TEN = 8;
export const RANK_JACK = 9;
export const RANK_QUEEN = 10;
export const RANK_KING = 11;
export const RANK_ACE = 12;

export function rankOf(card: Card): Rank {
  return card >> 2;
}

export function suitOf(card: Card): Suit {
  return card & 3;
}

export function makeCard(rank: Rank, suit: Suit): Card {
  return rank * 4 + suit;
}

/** Hearts and diamonds are red; spades and clubs black. */
export function isRed(card: Card): boolean {
  const s = card & 3;
  return s === 1 || s === 2;
}

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** The canonical two-character form, e.g. `As`, `Td`. */
export function formatCard(card: Card): string {
  if (!isCard(card)) throw new RangeError(`not a card code: ${card}`);
  return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3];
}

/** Canonical forms joined by single spaces. */
export function formatCards(cards: readonly Card[]): string {
  // Built by hand, not with map and join: every showdown and every replayed hand formats a
  // dozen segments.
  let out = '';
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    const text = typeof c === 'number' ? CARD_TEXTS[c] : undefined;
    out += (i === 0 ? '' : ' ') + (text ?? formatCard(c));
  }
  return out;
}

/** The canonical form of each card code. */
const CARD_TEXTS: readonly string[] = Array.from({ length: DECK_SIZE }, (_, c) => RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]);

const SUIT_BY_CHAR: Record<string, Suit> = { s: 0, h: 1, d: 2, c: 3, '♠': 0, '♥': 1, '♦': 2, '♣': 3, '♤': 0, '♡': 1, '♢': 2, '♧': 3 };

/**
 * Parses one card token: `As`, `Td`, `10d`, `ah`, `A♠`, `tD`. Ranks and suits are
 * case-insensitive; `10` is accepted for the ten.
 */
export function parseCard(token: string): Result<Card> {
  // U+FE0F (emoji presentation) follows the suit symbol in text pasted from phones: "A♠️".
  const t = token.trim().replace(/\uFE0F/g, '');
  const quoted = JSON.stringify(token);
  if (t.length < 2) return fail('bad-card', `not a card: ${quoted} (expected rank then suit, e.g. "As", "Td", "10d")`);
  const suitChar = t.slice(-1).toLowerCase();
  const rankText = t.slice(0, -1).toUpperCase();
  const suit = SUIT_BY_CHAR[suitChar];
  const rank = rankText === '10' ? 8 : rankText.length === 1 ? RANK_CHARS.indexOf(rankText) : -1;
  if (rank < 0 && suit === undefined) return fail('bad-card', `not a card: ${quoted} (unknown rank and suit)`);
  if (rank < 0) return fail('bad-card', `not a card: ${quoted} (unknown rank "${rankText}"; ranks are 2-9, T or 10, J, Q, K, A)`);
  if (suit === undefined) return fail('bad-card', `not a card: ${quoted} (unknown suit "${t.slice(-1)}"; suits are s, h, d, c or ♠ ♥ ♦ ♣)`);
  return ok(rank * 4 + suit);
}

/**
 * Parses a list of cards written as text ("As Kd 10c", commas allowed) or given as an
 * array of tokens. Refuses the first bad token, naming it and its position (1-based).
 * Duplicates are not checked here; see {@link findDuplicate}.
 */
export function parseCards(input: string | readonly string[]): Result<Card[]> {
  const tokens = typeof input === 'string' ? input.split(/[\s,]+/).filter((s) => s.length > 0) : input;
  const cards: Card[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token !== 'string') return fail('bad-card', `card ${i + 1} is not text: ${JSON.stringify(token)}`);
    const r = parseCard(token);
    if (!r.ok) return fail('bad-card', `card ${i + 1}: ${r.error.message}`);
    cards.push(r.value);
  }
  return ok(cards);
}

/**
 * The first card that occurs twice in the list, or undefined. The cards must be valid codes
 * (0..51; see {@link isCard}). Two 32-bit masks rather than a BigInt: this runs on every
 * replayed event and every natural check.
 */
export function findDuplicate(cards: readonly Card[]): Card | undefined {
  return findDuplicateIn(cards, NO_CARDS, NO_CARDS);
}

const NO_CARDS: readonly Card[] = [];

/**
 * {@link findDuplicate} of the three lists joined, first to last, without joining them: the
 * first card (in that order) that occurs earlier in the same list or in one before it.
 */
export function findDuplicateIn(first: readonly Card[], second: readonly Card[], third: readonly Card[]): Card | undefined {
  let low = 0;
  let high = 0;
  for (let list = 0; list < 3; list++) {
    const cards = list === 0 ? first : list === 1 ? second : third;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      if (c < 32) {
        const bit = 1 << c;
        if (low & bit) return c;
        low |= bit;
      } else {
        const bit = 1 << (c - 32);
        if (high & bit) return c;
        high |= bit;
      }
    }
  }
  return undefined;
}

/** All 52 cards in code order (2s 2h 2d 2c 3s ... Ac). */
export function fullDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}
