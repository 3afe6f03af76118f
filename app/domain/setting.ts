/**
 * The setting check (RULES.md section 4): a seat's 13 cards split into front 3, middle 5,
 * back 5, in order front <= middle <= back. A wrong count or a wrong order is a foul, which
 * is a game outcome, not an input error; 13 cards that are not the seat's are an input error.
 */
import { findDuplicateIn, formatCard, formatCards, type Card } from './cards';
import { describeLowball, describeValue, evaluate, lowball27, type HandValue } from './evaluate';
import { fail, ok, type Result } from './result';

export const SEGMENTS = ['front', 'middle', 'back'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const SEGMENT_SIZES: Readonly<Record<Segment, number>> = { front: 3, middle: 5, back: 5 };

/** A hand as the player set it. */
export interface SetHand {
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
}

/** The values each segment is compared by. Larger is stronger in every field. */
export interface SegmentValues {
  readonly front: HandValue;
  /** The middle's high-hand value, or with a lowball middle its 2-7 strength. */
  readonly middle: number;
  readonly back: HandValue;
}

export type SettingVerdict =
  | { readonly fouled: false; readonly values: SegmentValues; readonly descriptions: Readonly<Record<Segment, string>> }
  | { readonly fouled: true; readonly code: 'wrong-count' | 'out-of-order'; readonly reason: string;
      /** Present when the counts were right (an order foul), for display. */
      readonly descriptions?: Readonly<Record<Segment, string>> };

export interface SettingOptions {
  /** Seed 003's option: the middle is a 2-7 lowball hand; order is checked front <= back only. */
  readonly lowballMiddle?: boolean;
  /** The 13 cards dealt to the seat; when given every set card must be one of them. */
  readonly dealt?: readonly Card[];
}

/** All 13 cards of a set hand, front then middle then back. */
export function cardsOf(hand: SetHand): Card[] {
  const { front: f, middle: m, back: b } = hand;
  // The usual 3, 5 and 5 in one literal (an array of exactly 13); any other by loops, not a
  // spread or concat (several times faster on these short lists).
  if (f.length === 3 && m.length === 5 && b.length === 5) return [f[0], f[1], f[2], m[0], m[1], m[2], m[3], m[4], b[0], b[1], b[2], b[3], b[4]];
  const out: Card[] = [];
  for (let i = 0; i < hand.front.length; i++) out.push(hand.front[i]);
  for (let i = 0; i < hand.middle.length; i++) out.push(hand.middle[i]);
  for (let i = 0; i < hand.back.length; i++) out.push(hand.back[i]);
  return out;
}

/**
 * Checks a set hand. Errors (not fouls): not 13 cards in all, a card twice, a card that was
 * not dealt to this seat. Fouls: a segment with the wrong count, segments out of order.
 */
export function checkSetting(hand: SetHand, options: SettingOptions = {}): Result<SettingVerdict> {
  const count = hand.front.length + hand.middle.length + hand.back.length;
  if (count !== 13) {
    return fail('wrong-card-count', `a hand has 13 cards, this one has ${count}`);
  }
  // The segments in turn, as findDuplicate walks front, middle and back joined (without joining them).
  const dup = findDuplicateIn(hand.front, hand.middle, hand.back);
  if (dup !== undefined) return fail('duplicate-card', `${formatCard(dup)} appears twice`);
  if (options.dealt) {
    const all = cardsOf(hand);
    const dealt = new Set(options.dealt);
    const foreign = all.filter((c) => !dealt.has(c));
    if (foreign.length > 0) {
      return fail('cards-not-dealt-to-seat', `${formatCards(foreign)} ${foreign.length === 1 ? 'was' : 'were'} not dealt to this seat`);
    }
  }
  return ok(judgeSetting(hand, options.lowballMiddle === true));
}

/**
 * The verdict of {@link checkSetting} on a hand already known to hold 13 different cards (the
 * seat's: a showdown record's setting once `parseShowdown` accepted it): a foul for a wrong
 * count or a wrong order, or the segments' values.
 */
export function judgeSetting(hand: SetHand, lowball: boolean): SettingVerdict {
  if (hand.front.length !== SEGMENT_SIZES.front || hand.middle.length !== SEGMENT_SIZES.middle || hand.back.length !== SEGMENT_SIZES.back) {
    const counts = SEGMENTS.map((s) => `${s} ${hand[s].length}`).join(', ');
    return { fouled: true, code: 'wrong-count', reason: `wrong number of cards: ${counts} (must be front 3, middle 5, back 5)` };
  }
  const front = evaluate(hand.front);
  const back = evaluate(hand.back);
  const middleHigh = evaluate(hand.middle);
  const middle = lowball ? lowball27(hand.middle) : middleHigh;
  const descriptions = {
    front: describeValue(front),
    middle: lowball ? describeLowball(middle) : describeValue(middleHigh),
    back: describeValue(back),
  };
  if (lowball) {
    if (front > back) {
      return { fouled: true, code: 'out-of-order', reason: `front (${descriptions.front}) is higher than back (${descriptions.back})`, descriptions };
    }
  } else {
    if (front > middleHigh) {
      return { fouled: true, code: 'out-of-order', reason: `front (${descriptions.front}) is higher than middle (${descriptions.middle})`, descriptions };
    }
    if (middleHigh > back) {
      return { fouled: true, code: 'out-of-order', reason: `middle (${descriptions.middle}) is higher than back (${descriptions.back})`, descriptions };
    }
  }
  return { fouled: false, values: { front, middle, back }, descriptions };
}
