/**
 * The jackpot option and the hand keys word by word (docs/profiles.md, "Jackpot hands" and
 * "Bonus tables"): each refusal's code, path and sentence, and the judge called directly on
 * scored hands, so the order of qualifying hands and who stands are pinned without settlement.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { describeValue, valueOfCards } from '../../../app/domain/evaluate';
import { BONUS_KINDS, parseHandKey, weakestValue } from '../../../app/domain/hand-keys';
import { checkJackpotRule, judgeJackpot, MAX_JACKPOT_ENTRIES, type JackpotRule } from '../../../app/domain/jackpot';
import type { NaturalName } from '../../../app/domain/naturals';
import { unwrap } from '../../../app/domain/result';
import type { ScoredHand } from '../../../app/domain/scoring';

const value = (text: string) => valueOfCards(unwrap(parseCards(text)));
const playsAll = () => true;

describe('parseHandKey', () => {
  it('parses a kind, and a rank where a rank can qualify', () => {
    expect(parseHandKey('pair', 'front')).toEqual({ kind: 'pair' });
    expect(parseHandKey('pair-Q', 'front')).toEqual({ kind: 'pair', rank: 10 });
    expect(parseHandKey('trips-2', 'front')).toEqual({ kind: 'trips', rank: 0 });
    expect(parseHandKey('two-pair-A', 'middle')).toEqual({ kind: 'two-pair', rank: 12 });
    expect(parseHandKey('full-house-T', 'back')).toEqual({ kind: 'full-house', rank: 8 });
    expect(parseHandKey('quads-9', 'back')).toEqual({ kind: 'quads', rank: 7 });
    expect(parseHandKey('straight-flush', 'back')).toEqual({ kind: 'straight-flush' });
    expect(parseHandKey('royal-flush', 'middle')).toEqual({ kind: 'royal-flush' });
  });

  const notAHand = (key: string) => `"${key}" is not a bonus hand (use one of ${BONUS_KINDS.join(', ')}, optionally with a rank as in "pair-Q")`;
  it.each(['', 'Pair', 'pair-q', 'pair-1', 'pair-10', ' pair', 'pair ', 'pairs', 'five-of-a-kind', '-', 'pair-QK', 'xpair'])('refuses %j as no bonus hand', (key) => {
    expect(parseHandKey(key, 'back')).toBe(notAHand(key));
  });

  it('names the list of kinds in the refusal', () => {
    expect(notAHand('x')).toContain('pair, two-pair, trips, straight, flush, full-house, quads, straight-flush, royal-flush');
  });

  it.each(['two-pair', 'straight', 'flush', 'full-house', 'quads', 'straight-flush', 'royal-flush', 'quads-A'])('refuses %s in the front', (key) => {
    expect(parseHandKey(key, 'front')).toBe(`"${key}" cannot be a front hand (a front is high card, pair or trips)`);
  });

  it.each(['straight-A', 'flush-K', 'straight-flush-9', 'royal-flush-A'])('refuses a rank on %s', (key) => {
    expect(parseHandKey(key, 'back')).toBe(`"${key}": a rank can qualify only pair, two-pair, trips, full-house, quads`);
  });
});

describe('weakestValue, edges', () => {
  it.each<[string, 'front' | 'middle' | 'back', string]>([
    ['pair-2', 'back', '2s 2h 3c 4d 5s'],
    ['pair-3', 'front', '3s 3h 2c'],
    ['two-pair-3', 'back', '3s 3h 2c 2d 4s'],
    ['two-pair-2', 'back', '2s 2h 3c 3d 4s'], // no lower pair under twos: the other pair is threes
    ['trips-2', 'front', '2s 2h 2c'],
    ['trips-A', 'front', 'As Ah Ac'],
    ['trips-2', 'back', '2s 2h 2c 3d 4s'],
    ['full-house-2', 'back', '2s 2h 2c 3d 3s'],
    ['full-house-3', 'back', '3s 3h 3c 2d 2s'],
    ['quads-2', 'back', '2s 2h 2c 2d 3s'],
    ['quads-5', 'back', '5s 5h 5c 5d 2s'],
    ['flush', 'middle', '2s 3s 4s 5s 7s'],
    ['straight-flush', 'middle', 'As 2s 3s 4s 5s'],
  ])('%s in the %s is %s', (key, segment, cards) => {
    expect(weakestValue(key, segment)).toBe(value(cards));
  });

  it('a flush is not a straight, a straight is not a flush', () => {
    expect(describeValue(weakestValue('flush', 'back'))).toBe('Flush, seven high');
    expect(describeValue(weakestValue('straight', 'back'))).toBe('Straight, five high');
    expect(describeValue(weakestValue('straight-flush', 'back'))).toBe('Straight flush, five high');
    expect(describeValue(weakestValue('royal-flush', 'back'))).toBe('Royal flush');
  });

  it('throws the parse refusal', () => {
    expect(() => weakestValue('straight-A', 'back')).toThrow(new RangeError('"straight-A": a rank can qualify only pair, two-pair, trips, full-house, quads'));
  });
});

describe('checkJackpotRule: each refusal in words', () => {
  const check = (x: unknown, plays: (n: NaturalName) => boolean = playsAll, lowball = false) => checkJackpotRule(x, plays, lowball);
  const refusal = (x: unknown, plays?: (n: NaturalName) => boolean, lowball?: boolean) => {
    const r = check(x, plays, lowball);
    if (r.ok) throw new Error(`accepted ${JSON.stringify(x)}`);
    return r.error;
  };

  it('null is no jackpot; a valid rule comes back as given', () => {
    expect(check(null)).toEqual({ ok: true, value: null });
    const hands = [{ natural: 'dragon' }, { segment: 'back', atLeast: 'straight-flush' }, { segment: 'front', atLeast: 'trips-Q' }, { segment: 'middle', atLeast: 'quads' }];
    expect(unwrap(check({ hands }))).toEqual({ hands });
    expect(unwrap(check({ hands: new Array(MAX_JACKPOT_ENTRIES).fill({ natural: 'dragon' }) }))!.hands).toHaveLength(20);
    expect(MAX_JACKPOT_ENTRIES).toBe(20);
  });

  it('not an object', () => {
    expect(refusal('yes')).toEqual({ code: 'bad-profile-value', message: 'profile jackpot: expected null or {"hands": [...]}, got "yes"', path: 'jackpot' });
    expect(refusal([])).toMatchObject({ code: 'bad-profile-value', path: 'jackpot' });
  });

  it('an unknown key, after a known one', () => {
    expect(refusal({ hands: [{ natural: 'dragon' }], pays: 1 })).toEqual({ code: 'unknown-profile-key', message: 'profile jackpot.pays: unknown key "pays" (allowed: hands)', path: 'jackpot.pays' });
  });

  it.each<[string, unknown]>([['missing', undefined], ['empty', []], ['too long', new Array(21).fill({ natural: 'dragon' })], ['not a list', { natural: 'dragon' }]])('the list %s', (_, hands) => {
    expect(refusal(hands === undefined ? {} : { hands })).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands',
      message: expect.stringMatching(/^profile jackpot\.hands: expected a list of 1 to 20 qualifying hands, got /),
    });
  });

  it('an entry that is not an object, by its index', () => {
    expect(refusal({ hands: [{ natural: 'dragon' }, 'quads'] })).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[1]',
      message: 'profile jackpot.hands[1]: expected {"natural": NAME} or {"segment": "back", "atLeast": "straight-flush"}, got "quads"',
    });
  });

  it('a natural entry: another key, an unknown name, a natural not played', () => {
    expect(refusal({ hands: [{ natural: 'dragon', atLeast: 'x' }] })).toEqual({
      code: 'unknown-profile-key', path: 'jackpot.hands[0].atLeast',
      message: 'profile jackpot.hands[0].atLeast: unknown key "atLeast" (a natural entry has only "natural")',
    });
    expect(refusal({ hands: [{ natural: 'royal' }] })).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[0].natural',
      message: 'profile jackpot.hands[0].natural: expected one of pure-dragon, color-dragon, dragon, all-one-color, minor, senior, six-pairs, three-flushes, three-straights, no-face-cards, got "royal"',
    });
    const asked: string[] = [];
    const playsDragon = (n: NaturalName) => {
      asked.push(n);
      return n === 'dragon';
    };
    expect(unwrap(check({ hands: [{ natural: 'dragon' }] }, playsDragon))).toEqual({ hands: [{ natural: 'dragon' }] });
    expect(refusal({ hands: [{ natural: 'dragon' }, { natural: 'six-pairs' }] }, playsDragon)).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[1].natural',
      message: 'profile jackpot.hands[1].natural: the profile does not play six-pairs, so it can never qualify',
    });
    expect(asked).toEqual(['dragon', 'dragon', 'six-pairs']);
  });

  it('a segment entry: another key, a bad segment, a lowball middle, no hand, a bad hand', () => {
    expect(refusal({ hands: [{ segment: 'back', atLeast: 'quads', of: 'A' }] })).toEqual({
      code: 'unknown-profile-key', path: 'jackpot.hands[0].of',
      message: 'profile jackpot.hands[0].of: unknown key "of" (allowed: natural, or segment and atLeast)',
    });
    for (const segment of ['top', 3, undefined, 'Back']) {
      expect(refusal({ hands: [{ segment, atLeast: 'quads' }] })).toEqual({
        code: 'bad-profile-value', path: 'jackpot.hands[0].segment',
        message: expect.stringMatching(/^profile jackpot\.hands\[0\]\.segment: expected one of "front", "middle", "back", got /),
      });
    }
    expect(refusal({ hands: [{ segment: 'middle', atLeast: 'flush' }] }, playsAll, true)).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[0].segment', message: 'profile jackpot.hands[0].segment: a lowball middle has no jackpot hand',
    });
    expect(unwrap(check({ hands: [{ segment: 'back', atLeast: 'flush' }, { segment: 'front', atLeast: 'pair' }] }, playsAll, true))!.hands).toHaveLength(2);
    expect(unwrap(check({ hands: [{ segment: 'middle', atLeast: 'flush' }] }, playsAll, false))!.hands).toHaveLength(1);
    expect(refusal({ hands: [{ segment: 'back', atLeast: 7 }] })).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[0].atLeast', message: 'profile jackpot.hands[0].atLeast: expected a hand such as "straight-flush" or "quads-A", got 7',
    });
    expect(refusal({ hands: [{ segment: 'front', atLeast: 'quads' }] })).toEqual({
      code: 'bad-profile-value', path: 'jackpot.hands[0].atLeast', message: 'profile jackpot.hands[0].atLeast: "quads" cannot be a front hand (a front is high card, pair or trips)',
    });
  });
});

describe('judgeJackpot on scored hands', () => {
  const set = (seat: number, back: string, front = '2c 3d 4h', middle = '5c 6d 8h 9s Jc'): ScoredHand => ({
    seat, status: 'set', values: { front: value(front), middle: value(middle), back: value(back) }, descriptions: { front: '', middle: '', back: '' },
  });
  const rule: JackpotRule = { hands: [{ natural: 'dragon' }, { segment: 'back', atLeast: 'straight-flush' }, { segment: 'front', atLeast: 'trips' }] };
  const SF9 = '5s 6s 7s 8s 9s';
  const SFK = '9d Td Jd Qd Kd';
  const PLAIN = 'Jc Jh Js 8c 8d';

  it('nothing qualifies: all empty', () => {
    expect(judgeJackpot(rule, [set(1, PLAIN), set(2, PLAIN)])).toEqual({ qualifying: [], standing: [], disqualified: [] });
  });

  it('a hand at exactly the weakest qualifying value qualifies; a fouled, surrendered or other natural does not', () => {
    const wheelSF = 'As 2s 3s 4s 5s';
    const hands: ScoredHand[] = [
      set(1, wheelSF),
      { seat: 2, status: 'fouled', reason: 'x' },
      { seat: 3, status: 'surrendered' },
      { seat: 4, status: 'natural', natural: 'six-pairs' },
    ];
    expect(judgeJackpot(rule, hands)).toEqual({ qualifying: [{ seat: 1, entry: 1, hand: 'Straight flush, five high in the back' }], standing: [1], disqualified: [] });
  });

  it('a seat matching several entries qualifies with the first; hands are ordered by entry, then value, then seat', () => {
    const hands: ScoredHand[] = [
      set(4, SF9),
      set(3, PLAIN, '7s 7h 7c'),
      set(2, SFK, 'Qs Qh Qc'), // straight flush and trips: the straight flush, listed first
      set(1, SF9),
      { seat: 5, status: 'natural', natural: 'dragon' },
    ];
    const j = judgeJackpot(rule, hands);
    expect(j.qualifying).toEqual([
      { seat: 5, entry: 0, hand: 'Dragon' },
      { seat: 2, entry: 1, hand: 'Straight flush, king high in the back' },
      { seat: 1, entry: 1, hand: 'Straight flush, nine high in the back' },
      { seat: 4, entry: 1, hand: 'Straight flush, nine high in the back' },
      { seat: 3, entry: 2, hand: 'Three of a kind, sevens in the front' },
    ]);
    expect(j.standing).toEqual([5]);
    expect(j.disqualified).toEqual([2, 1, 4, 3].map((seat) => ({ seat, reason: 'lower-hand', below: 5 })));
  });

  it('the order does not depend on the order of the hands given', () => {
    const a = [set(1, SF9), set(2, SFK), set(3, PLAIN, '7s 7h 7c')];
    expect(judgeJackpot(rule, a).qualifying.map((q) => q.seat)).toEqual([2, 1, 3]);
    expect(judgeJackpot(rule, [...a].reverse()).qualifying.map((q) => q.seat)).toEqual([2, 1, 3]);
  });

  it('equal hands all stand, sorted by seat; the lower ones are below the first of them', () => {
    const j = judgeJackpot(rule, [set(3, SF9), set(1, '5h 6h 7h 8h 9h'), set(2, PLAIN, '7s 7h 7c')]);
    expect(j.standing).toEqual([1, 3]);
    expect(j.disqualified).toEqual([{ seat: 2, reason: 'lower-hand', below: 1 }]);
  });

  it('the floor takes a hand out: the next highest stands, and the rest are below it', () => {
    const hands = [set(1, SFK), set(2, SF9), set(3, PLAIN, '7s 7h 7c')];
    const j = judgeJackpot(rule, hands, new Map([[1, 'showed his hand']]));
    expect(j.qualifying.map((q) => q.seat)).toEqual([1, 2, 3]);
    expect(j.standing).toEqual([2]);
    expect(j.disqualified).toEqual([{ seat: 1, reason: 'floor', note: 'showed his hand' }, { seat: 3, reason: 'lower-hand', below: 2 }]);
    // A note for a seat that did not qualify changes nothing.
    expect(judgeJackpot(rule, hands, new Map([[4, 'x']]))).toEqual(judgeJackpot(rule, hands));
  });

  it('the same rule judged twice gives the same answer (its compiled form is kept)', () => {
    const hands = [set(1, SF9)];
    expect(judgeJackpot(rule, hands)).toEqual(judgeJackpot(rule, hands));
    expect(judgeJackpot({ hands: [{ segment: 'back', atLeast: 'royal-flush' }] }, hands).qualifying).toEqual([]);
  });
});
