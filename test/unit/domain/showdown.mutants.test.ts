/**
 * The showdown record (docs/settle.md) word by word: every refusal's whole message and path,
 * the card texts read on the fast path (canonical text) and on the slow one (any spelling
 * parseCards takes), the texts noted for the result, the depth limit's field names, the
 * surrender's cover at its edge, and the seat as parsed with each combination of fields.
 * Each expected message is the template of the check that refuses it, filled in by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { presetJson } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord } from '../../../app/domain/settle';
import { parseShowdown, parseShowdownNotingTexts, type RecordTexts } from '../../../app/domain/showdown';
import { DRAGON, EXAMPLE_003, NATURALS_REST_SET, SIX_PAIRS, THREE_FLUSHES } from './golden/fixtures';

const [S1, S2, S3] = EXAMPLE_003;
const seat = (n: number, s: readonly [string, string, string], extra: Record<string, unknown> = {}) => ({ seat: n, front: s[0], middle: s[1], back: s[2], ...extra });
const two = (extra: Record<string, unknown> = {}) => ({ rules: 'mandarin-house', seats: [seat(1, S1), seat(2, S2)], ...extra });
const cards = (text: string) => unwrap(parseCards(text));
const nested = (levels: number, leaf: unknown = 0): unknown => {
  let x = leaf;
  for (let i = 0; i < levels; i++) x = [x];
  return x;
};
const error = (record: unknown) => {
  const r = parseShowdown(record);
  if (r.ok) throw new Error('accepted');
  return r.error;
};
/** mandarin-house with a jackpot hand (RULES.md s11), as a profile object under `rules`. */
const JACKPOT_RULES = { ...presetJson('mandarin-house'), name: 'mandarin-jackpot', jackpot: { hands: [{ segment: 'back', atLeast: 'quads' }] } };

describe('refusals, the whole message', () => {
  const NATURALS = 'pure-dragon, color-dragon, dragon, all-one-color, minor, senior, six-pairs, three-flushes, three-straights, no-face-cards';
  // [why, record, code, path, message]
  const cases: [string, unknown, string, string, string][] = [
    ['an unknown record field, with the fields', { ...two(), pointvalue: 100 }, 'unknown-field', 'pointvalue',
      'pointvalue: unknown field "pointvalue" (fields: id, rules, pointValue, button, netting, seats)'],
    ['an unknown seat field, with the seat\'s fields', { seats: [seat(1, S1, { surender: true }), seat(2, S2)] }, 'unknown-field', 'seats[0].surender',
      'seats[0].surender: unknown field "surender" (fields: seat, stack, front, middle, back, cards, natural, surrender, foul, fantasyland, jackpotDisqualified)'],
    ['an id that is a fraction', two({ id: 1.5 }), 'bad-record', 'id', 'id: expected text or an integer, got 1.5'],
    ['an id past the exact integers', two({ id: 2 ** 53 }), 'bad-record', 'id', `id: expected text or an integer, got ${2 ** 53}`],
    ['an id that is an object', two({ id: {} }), 'bad-record', 'id', 'id: expected text or an integer, got {}'],
    ['button 5', two({ button: 5 }), 'bad-button', 'button', 'button: expected a seat number 1-4, got 5'],
    ['button 0', two({ button: 0 }), 'bad-button', 'button', 'button: expected a seat number 1-4, got 0'],
    ['netting not a boolean', two({ netting: 'yes' }), 'bad-record', 'netting', 'netting: expected true or false, got "yes"'],
    ['no seats', { seats: [] }, 'bad-seats', 'seats', 'seats: expected a list of 1 to 4 seats, got []'],
    ['no seats field', { rules: 'basic' }, 'bad-seats', 'seats', 'seats: expected a list of 1 to 4 seats, got nothing'],
    ['a seat that is not an object', { seats: [seat(1, S1), 'x'] }, 'bad-seats', 'seats[1]', 'seats[1]: expected a seat object, got "x"'],
    ['a seat that is a list', { seats: [seat(1, S1), [1]] }, 'bad-seats', 'seats[1]', 'seats[1]: expected a seat object, got [1]'],
    ['seat 0', { seats: [seat(0, S1), seat(2, S2)] }, 'bad-seat-number', 'seats[0].seat', 'seats[0].seat: expected a seat number 1-4, got 0'],
    ['seat 5', { seats: [seat(1, S1), seat(5, S2)] }, 'bad-seat-number', 'seats[1].seat', 'seats[1].seat: expected a seat number 1-4, got 5'],
    ['a seat twice', { seats: [seat(1, S1), seat(1, S2)] }, 'duplicate-seat', 'seats[1].seat', 'seats[1].seat: seat 1 is also given at seats[0]'],
    ['a seat twice, later', { seats: [seat(2, S1), seat(3, S2), seat(2, S3)] }, 'duplicate-seat', 'seats[2].seat', 'seats[2].seat: seat 2 is also given at seats[0]'],
    ['a negative stack', { seats: [seat(1, S1, { stack: -1 }), seat(2, S2)] }, 'bad-stack', 'seats[0].stack', 'seats[0].stack (seat 1): the stack is at least 0, not -1'],
    ['a stack of minus zero', { seats: [seat(1, S1, { stack: -0 }), seat(2, S2)] }, 'bad-stack', 'seats[0].stack', 'seats[0].stack (seat 1): the stack is a whole number of minor units, not 0'],
    ['a stack as text', { seats: [seat(1, S1, { stack: '100' }), seat(2, S2)] }, 'bad-stack', 'seats[0].stack', 'seats[0].stack (seat 1): the stack is a whole number of minor units, not "100"'],
    ['surrender not a boolean', { seats: [{ seat: 1, cards: DRAGON, surrender: 'yes' }, seat(2, S2)] }, 'bad-record', 'seats[0].surrender',
      'seats[0].surrender (seat 1): expected true or false, got "yes"'],
    ['fantasyland not a boolean', { seats: [seat(1, S1, { fantasyland: 1 }), seat(2, S2)] }, 'bad-record', 'seats[0].fantasyland',
      'seats[0].fantasyland (seat 1): expected true or false, got 1'],
    ['a foul reason of blanks', { seats: [{ seat: 1, cards: DRAGON, foul: '  ' }, seat(2, S2)] }, 'bad-record', 'seats[0].foul',
      'seats[0].foul (seat 1): expected the floor\'s reason for the foul as text, got "  "'],
    ['a foul reason that is not text', { seats: [{ seat: 1, cards: DRAGON, foul: 7 }, seat(2, S2)] }, 'bad-record', 'seats[0].foul',
      'seats[0].foul (seat 1): expected the floor\'s reason for the foul as text, got 7'],
    ['cards that are a number', { seats: [seat(1, S1), { seat: 2, front: 5, middle: S2[1], back: S2[2] }] }, 'bad-card', 'seats[1].front',
      'seats[1].front (seat 2): expected cards as text ("As Kd 10c") or a list of card texts, got 5'],
    ['a list holding a number', { seats: [seat(1, S1), { seat: 2, front: ['Kh', 3], middle: S2[1], back: S2[2] }] }, 'bad-card', 'seats[1].front',
      'seats[1].front (seat 2): expected cards as text ("As Kd 10c") or a list of card texts, got ["Kh",3]'],
    ['a bad card in the middle', { seats: [seat(1, S1), seat(2, [S2[0], 'Ks Qc Jh Tc 1c', S2[2]])] }, 'bad-card', 'seats[1].middle',
      'seats[1].middle (seat 2): card 5: not a card: "1c" (unknown rank "1"; ranks are 2-9, T or 10, J, Q, K, A)'],
    ['a bad card in the back', { seats: [seat(1, S1), seat(2, [S2[0], S2[1], 'x'])] }, 'bad-card', 'seats[1].back',
      'seats[1].back (seat 2): card 1: not a card: "x" (expected rank then suit, e.g. "As", "Td", "10d")'],
    ['a bad card under cards', { seats: [{ seat: 1, cards: ['As', 'Zz'], natural: 'dragon' }, seat(2, S2)] }, 'bad-card', 'seats[0].cards',
      'seats[0].cards (seat 1): card 2: not a card: "Zz" (unknown rank and suit)'],
    ['a card twice in one segment', { seats: [seat(1, ['Kh Kh 4c', S1[1], S1[2]]), seat(2, S2)] }, 'duplicate-card', 'seats[0].front',
      'seats[0].front (seat 1): Kh appears twice'],
    ['a card in two segments', { seats: [seat(1, ['Kh 6s 4c', '7s 7h 8s 8h Kh', S1[2]]), seat(2, S2)] }, 'duplicate-card', 'seats[0].middle',
      'seats[0].middle (seat 1): Kh appears twice (in front and middle)'],
    ['a card in the middle and the back', { seats: [seat(1, [S1[0], '7s 7h 8s 8h Ad', 'Ad Qd Jd Td 2d']), seat(2, S2)] }, 'duplicate-card', 'seats[0].back',
      'seats[0].back (seat 1): Ad appears twice (in middle and back)'],
    ['a card twice in cards', { seats: [{ seat: 1, cards: DRAGON.replace('2s', 'As'), natural: 'dragon' }, seat(2, S2)] }, 'duplicate-card', 'seats[0].cards',
      'seats[0].cards (seat 1): As appears twice'],
    ['a card in two seats, naming both', { seats: [seat(4, S1), seat(2, [S1[0], S2[1], S2[2]])] }, 'duplicate-card', 'seats[1]',
      'seats[1]: Kh is in seat 2 and also in seat 4'],
    ['a card in the third seat and the first', { seats: [seat(1, S1), seat(2, S2), seat(3, [S3[0], S3[1], S1[2]])] }, 'duplicate-card', 'seats[2]',
      `seats[2]: ${S1[2].slice(0, 2)} is in seat 3 and also in seat 1`],
    ['twelve cards in the setting, with the counts', { seats: [seat(1, ['Kh 6s', S1[1], S1[2]]), seat(2, S2)] }, 'wrong-card-count', 'seats[0]',
      'seats[0] (seat 1): a hand has 13 cards, this one has 12 (front 2, middle 5, back 5)'],
    ['a setting without its back', { seats: [{ seat: 1, front: S1[0], middle: S1[1] }, seat(2, S2)] }, 'wrong-card-count', 'seats[0]',
      'seats[0] (seat 1): a hand has 13 cards, this one has 8 (front 3, middle 5, back 0)'],
    ['twelve cards under cards', { seats: [{ seat: 1, cards: DRAGON.replace(' 2s', ''), natural: 'dragon' }, seat(2, S2)] }, 'wrong-card-count', 'seats[0].cards',
      'seats[0].cards (seat 1): a hand has 13 cards, this one has 12'],
    ['no cards', { seats: [{ seat: 1 }, seat(2, S2)] }, 'missing-hand', 'seats[0]',
      'seats[0] (seat 1): no cards; give front, middle and back, or cards with natural or surrender'],
    ['cards alone', { seats: [{ seat: 1, cards: DRAGON }, seat(2, S2)] }, 'missing-setting', 'seats[0].cards',
      'seats[0].cards (seat 1): cards without a natural or a surrender: give the hand as front, middle and back'],
    ['an unknown natural, with the naturals', { seats: [{ seat: 1, cards: DRAGON, natural: 'dragonn' }, seat(2, S2)] }, 'unknown-natural', 'seats[0].natural',
      `seats[0].natural (seat 1): unknown natural "dragonn" (naturals: ${NATURALS})`],
    ['a natural of a profile with none', { rules: 'basic', seats: [{ seat: 1, cards: DRAGON, natural: 'dragon' }, seat(2, S2)] }, 'natural-not-played', 'seats[0].natural',
      'seats[0].natural (seat 1): profile basic does not play dragon (it plays no naturals)'],
    ['a natural the profile does not play, with those it does', { seats: [{ seat: 1, cards: DRAGON, natural: 'pure-dragon' }, seat(2, S2)] }, 'natural-not-played', 'seats[0].natural',
      'seats[0].natural (seat 1): profile mandarin-house does not play pure-dragon (it plays dragon, six-pairs, three-flushes, three-straights)'],
    ['a surrender the profile does not play', { rules: 'basic', seats: [{ seat: 1, cards: DRAGON, surrender: true }, seat(2, S2)] }, 'surrender-not-played', 'seats[0].surrender',
      'seats[0].surrender (seat 1): profile basic does not play surrender'],
    ['a natural and a surrender', { seats: [{ seat: 1, cards: DRAGON, natural: 'dragon', surrender: true }, seat(2, S2)] }, 'conflicting-declarations', 'seats[0].natural',
      'seats[0].natural (seat 1): a seat cannot both declare a natural and surrender'],
    ['a foul and a surrender', { seats: [{ seat: 1, cards: DRAGON, surrender: true, foul: 'floor' }, seat(2, S2)] }, 'conflicting-declarations', 'seats[0].foul',
      'seats[0].foul (seat 1): a seat ruled fouled cannot also surrender'],
    ['a foul and a natural', { seats: [{ seat: 1, cards: DRAGON, natural: 'dragon', foul: 'floor' }, seat(2, S2)] }, 'conflicting-declarations', 'seats[0].foul',
      'seats[0].foul (seat 1): a seat ruled fouled cannot also declare a natural'],
    ['fantasyland outside OFC', { seats: [seat(1, S1, { fantasyland: true }), seat(2, S2)] }, 'fantasyland-not-played', 'seats[0].fantasyland',
      'seats[0].fantasyland (seat 1): profile mandarin-house does not play Fantasyland'],
    ['a jackpot note under a profile without jackpot hands', { seats: [seat(1, S1, { jackpotDisqualified: 'showed his hand' }), seat(2, S2)] }, 'jackpot-not-played', 'seats[0].jackpotDisqualified',
      'seats[0].jackpotDisqualified (seat 1): profile mandarin-house names no jackpot hands'],
    ['a jackpot note of blanks', { rules: JACKPOT_RULES, seats: [seat(1, S1, { jackpotDisqualified: ' ' }), seat(2, S2)] }, 'bad-record', 'seats[0].jackpotDisqualified',
      'seats[0].jackpotDisqualified (seat 1): expected the floor\'s reason for the disqualification as text, got " "'],
    ['a jackpot note that is not text', { rules: JACKPOT_RULES, seats: [seat(1, S1, { jackpotDisqualified: true }), seat(2, S2)] }, 'bad-record', 'seats[0].jackpotDisqualified',
      'seats[0].jackpotDisqualified (seat 1): expected the floor\'s reason for the disqualification as text, got true'],
    ['one live seat', { seats: [seat(1, S1)] }, 'too-few-seats', 'seats', 'seats: a showdown needs at least two live seats'],
    // RULES.md s6: 3 points x 10 to each of the 2 other players = 60 > 59.
    ['a surrender one chip short', { pointValue: 10, seats: [seat(1, S1, { stack: 59, surrender: true }), seat(2, S2), seat(3, S3)] }, 'surrender-not-covered', 'seats[0].surrender',
      'seats[0].surrender: seat 1 cannot surrender: the penalty is 3 points to each of 2 players (60) and the stack is 59'],
    // Two surrender: each pays only the one seat that did not (30 > 29).
    ['two surrenders, the second short', { pointValue: 10, seats: [seat(1, S1, { stack: 30, surrender: true }), seat(2, S2), seat(3, S3, { stack: 29, surrender: true })] }, 'surrender-not-covered', 'seats[2].surrender',
      'seats[2].surrender: seat 3 cannot surrender: the penalty is 3 points to each of 1 player (30) and the stack is 29'],
  ];
  it.each(cases)('%s', (_why, record, code, path, message) => {
    expect(error(record)).toEqual({ code, path, message });
  });

  it('a record that is not an object, and the fields of a record too deep', () => {
    expect(error('seats')).toEqual({ code: 'bad-record', message: 'a showdown record is a JSON object, got "seats"' });
    expect(error(null)).toEqual({ code: 'bad-record', message: 'a showdown record is a JSON object, got null' });
    const deep = `nested more than 64 arrays and objects deep (the limit on a record)`;
    expect(error(nested(100))).toEqual({ code: 'too-deep', message: `the record is ${deep}` });
    expect(error({ seats: [seat(1, S1), nested(100)] })).toEqual({ code: 'too-deep', path: 'seats[1]', message: `seats[1]: ${deep}` });
    expect(error({ seats: [seat(1, S1), seat(2, S2, { cards: nested(100, 'As') })] })).toEqual({ code: 'too-deep', path: 'seats[1].cards', message: `seats[1].cards: ${deep}` });
    expect(error({ seats: { first: nested(100) } })).toEqual({ code: 'too-deep', path: 'seats', message: `seats: ${deep}` });
    expect(error({ rules: { name: 'x', version: 1, title: nested(100) }, seats: [] })).toEqual({ code: 'too-deep', path: 'rules', message: `rules: ${deep}` });
  });

  it('a profile refused under rules: its path and message under rules', () => {
    expect(error(two({ rules: { name: 'x', version: 1, scoop: { kind: 'triple' } } }))).toMatchObject({ code: 'bad-profile-value', path: 'rules.scoop.kind', message: expect.stringMatching(/^rules: /) });
    expect(error(two({ rules: 'mandarin-hous' }))).toMatchObject({ code: 'unknown-preset', path: 'rules', message: expect.stringMatching(/^rules: /) });
  });
});

describe('what is accepted, and how it is read', () => {
  it('the surrender exactly covered (RULES.md s6: the chips cover the whole penalty)', () => {
    const r = parseShowdown({ pointValue: 10, seats: [seat(1, S1, { stack: 60, surrender: true }), seat(2, S2), seat(3, S3)] });
    expect(r.ok).toBe(true);
  });

  it('ids: text, negative and large integers; the key left out when not given', () => {
    expect(unwrap(parseShowdown(two({ id: -7 }))).id).toBe(-7);
    expect(unwrap(parseShowdown(two({ id: Number.MAX_SAFE_INTEGER }))).id).toBe(Number.MAX_SAFE_INTEGER);
    expect(unwrap(parseShowdown(two({ id: -Number.MAX_SAFE_INTEGER }))).id).toBe(-Number.MAX_SAFE_INTEGER);
    expect(unwrap(parseShowdown(two({ id: '' }))).id).toBe('');
    expect('id' in unwrap(parseShowdown(two()))).toBe(false);
  });

  it('the defaults, and explicit values', () => {
    const d = unwrap(parseShowdown({ seats: [seat(1, S1), seat(2, S2)] }));
    expect([d.profile.name, d.pointValue, d.button, d.netting]).toEqual(['mandarin-house', 1, 4, false]);
    const e = unwrap(parseShowdown(two({ rules: 'basic', pointValue: 25, button: 1, netting: true })));
    expect([e.profile.name, e.pointValue, e.button, e.netting]).toEqual(['basic', 25, 1, true]);
  });

  it('seats in seat-number order, whatever the order given', () => {
    for (const order of [[4, 2, 3, 1], [3, 1, 4, 2], [2, 4, 1, 3], [1, 2, 4, 3]]) {
      const hands = [S1, S2, S3, EXAMPLE_003[3]];
      const r = unwrap(parseShowdown({ seats: order.map((n, i) => seat(n, hands[i])) }));
      expect(r.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4]);
      expect(r.seats.map((s) => s.index)).toEqual([1, 2, 3, 4].map((n) => order.indexOf(n)));
    }
  });

  it('card texts in any spelling parseCards takes give the same cards', () => {
    // Canonical "Kh 6s 4c"; the same cards with commas, upper-case suits, symbols, 10, lists.
    const spellings: unknown[] = ['Kh,6s,4c', 'KH 6S 4C', 'K♥ 6♠ 4♣', 'kh 6s 4c', 'Kh  6s 4c', ['Kh', '6s', '4c'], ' Kh 6s 4c', 'Kh 6s 4c '];
    for (const front of spellings) {
      const r = unwrap(parseShowdown({ seats: [{ seat: 1, front, middle: S1[1], back: S1[2] }, seat(2, S2)] }));
      expect(r.seats[0].setting!.front).toEqual(cards('Kh 6s 4c'));
    }
    // Five cards and thirteen, in the same spellings.
    for (const middle of ['7S,7H,8S,8H,2C', '7♠ 7♥ 8♠ 8♥ 2♣', '7s 7h 8s 8h 2C', '7s,7h 8s 8h 2c']) {
      const r = unwrap(parseShowdown({ seats: [{ seat: 1, front: S1[0], middle, back: S1[2] }, seat(2, S2)] }));
      expect(r.seats[0].setting!.middle).toEqual(cards(S1[1]));
    }
    const dragon = DRAGON.split(' ');
    for (const text of [dragon.join(','), DRAGON.toUpperCase().replace(/T/g, '10'), dragon.join('  '), `${DRAGON.slice(0, -1)}S`]) {
      const r = unwrap(parseShowdown({ seats: [{ seat: 1, cards: text, natural: 'dragon' }, seat(2, NATURALS_REST_SET)] }));
      expect(r.seats[0].cards).toEqual(cards(DRAGON));
    }
  });

  it('the texts noted are exactly the canonical ones, each in its slot (seat x 4 + field)', () => {
    // Four hands of one deck (golden fixtures): slot = seat * 4 + (0 front, 1 middle, 2 back, 3 cards).
    const [front, middle, back] = NATURALS_REST_SET;
    const texts: RecordTexts = [];
    unwrap(parseShowdownNotingTexts({
      seats: [
        { seat: 3, front, middle, back: back.replace(/ /g, ',') },
        { seat: 1, cards: DRAGON, natural: 'dragon' },
        { seat: 2, cards: SIX_PAIRS.toUpperCase(), natural: 'six-pairs' },
        { seat: 4, cards: THREE_FLUSHES, natural: 'three-flushes' },
      ],
    }, texts));
    const noted: Record<number, string> = {};
    texts.forEach((t, i) => {
      if (t !== undefined) noted[i] = t;
    });
    expect(noted).toEqual({ 12: front, 13: middle, 7: DRAGON, 19: THREE_FLUSHES });
  });

  it('the result shows the cards in canonical text whatever the record wrote', () => {
    const r = unwrap(settleRecord({
      rules: 'mandarin-house',
      seats: [
        // '6d 2d 2h' / 'Jd 5d 5s 4h 4s' / '7d 7s 3d 3h 3s' in other spellings.
        { seat: 1, front: '6D 2D 2H', middle: 'J♦ 5♦ 5♠ 4♥ 4♠', back: '7d,7s,3d,3h,3s' },
        { seat: 2, cards: DRAGON.split(' ').join(','), natural: 'dragon' },
        { seat: 3, cards: SIX_PAIRS, natural: 'six-pairs' },
      ],
    }));
    expect(r.hands['1']).toMatchObject({ front: NATURALS_REST_SET[0], middle: NATURALS_REST_SET[1], back: NATURALS_REST_SET[2] });
    expect(r.hands['2']).toMatchObject({ cards: DRAGON });
    expect(r.hands['3']).toMatchObject({ cards: SIX_PAIRS });
  });

  it('a seat with every combination of fields keeps each field', () => {
    const jackpot = unwrap(parseShowdown({
      rules: JACKPOT_RULES,
      seats: [seat(1, S1, { stack: 500, jackpotDisqualified: 'showed his hand' }), seat(2, S2, { jackpotDisqualified: 'discussed' })],
    }));
    expect(jackpot.seats.map((s) => [s.stack, s.jackpotDisqualified])).toEqual([[500, 'showed his hand'], [undefined, 'discussed']]);
    const rest = unwrap(parseShowdown({
      seats: [
        seat(1, S1, { stack: 500, natural: 'six-pairs' }),
        seat(2, S2, { stack: 400, foul: 'exposed' }),
        { seat: 3, stack: 300, cards: S3.join(' '), surrender: true },
        seat(4, EXAMPLE_003[3], { stack: 200, surrender: false, fantasyland: false }),
      ],
    }));
    const [a, b, c, d] = rest.seats;
    expect(a).toEqual({ seat: 1, index: 0, stack: 500, cards: cards(S1.join(' ')), setting: { front: cards(S1[0]), middle: cards(S1[1]), back: cards(S1[2]) }, natural: 'six-pairs', surrender: false, fantasyland: false });
    expect(b).toMatchObject({ seat: 2, stack: 400, foul: 'exposed', surrender: false });
    expect(b.natural).toBeUndefined();
    expect(c).toEqual({ seat: 3, index: 2, stack: 300, cards: cards(S3.join(' ')), surrender: true, fantasyland: false });
    expect(d).toEqual({ seat: 4, index: 3, stack: 200, cards: cards(EXAMPLE_003[3].join(' ')), setting: { front: cards(EXAMPLE_003[3][0]), middle: cards(EXAMPLE_003[3][1]), back: cards(EXAMPLE_003[3][2]) }, surrender: false, fantasyland: false });
    const R = NATURALS_REST_SET;
    const noStack = unwrap(parseShowdown({ seats: [seat(1, R), { seat: 2, cards: DRAGON, natural: 'dragon' }] }));
    expect(noStack.seats[0]).toEqual({ seat: 1, index: 0, cards: cards(R.join(' ')), setting: { front: cards(R[0]), middle: cards(R[1]), back: cards(R[2]) }, surrender: false, fantasyland: false });
    expect(noStack.seats[1]).toEqual({ seat: 2, index: 1, cards: cards(DRAGON), natural: 'dragon', surrender: false, fantasyland: false });
  });

  it('a record whose members are not plain values is checked step by step, to the same answer', () => {
    // A seat field holding an object (not a list of plain values): the usual walk gives up.
    expect(error({ seats: [seat(1, S1), { seat: 2, front: { cards: S2[0] }, middle: S2[1], back: S2[2] }] })).toMatchObject({ code: 'bad-card', path: 'seats[1].front' });
    expect(error({ seats: [seat(1, S1), { seat: 2, front: [[S2[0]]], middle: S2[1], back: S2[2] }] })).toMatchObject({ code: 'bad-card', path: 'seats[1].front' });
    // Five seats and a seat that is a list are refused by the step-by-step checks.
    expect(error({ seats: [1, 2, 3, 4, 5].map((n) => seat(n, S1)) })).toMatchObject({ code: 'bad-seats', path: 'seats' });
    // An unknown field deep under a seat of an otherwise usual record.
    expect(error({ seats: [seat(1, S1), seat(2, S2, { extra: [1] })] })).toMatchObject({ code: 'unknown-field', path: 'seats[1].extra' });
    expect(error({ seats: [seat(1, S1), seat(2, S2)], extra: null })).toMatchObject({ code: 'unknown-field', path: 'extra' });
  });
});

describe('the fast paths give the answers of the checks they shortcut', () => {
  const deep = 'nested more than 64 arrays and objects deep (the limit on a record)';

  it('a text that is not exactly canonical (one comma, a trailing space) is read, and shown in canonical text', () => {
    // S1: 'Kh 6s 4c' / '7s 7h 8s 8h 2c' / '3s 3h 3d 5s 5h'. One separator at a time made a comma.
    const fronts = ['Kh,6s 4c', 'Kh 6s,4c', 'Kh 6s 4c '];
    const middles = ['7s,7h 8s 8h 2c', '7s 7h,8s 8h 2c', '7s 7h 8s,8h 2c', '7s 7h 8s 8h,2c', '7s 7h 8s 8h 2c '];
    const records = [
      ...fronts.map((front) => ({ seat: 1, front, middle: S1[1], back: S1[2] })),
      ...middles.map((middle) => ({ seat: 1, front: S1[0], middle, back: S1[2] })),
    ];
    for (const first of records) {
      const record = { rules: 'mandarin-house', seats: [first, seat(2, S2)] };
      const texts: RecordTexts = [];
      const parsed = unwrap(parseShowdownNotingTexts(record, texts));
      expect(parsed.seats[0].setting).toEqual({ front: cards(S1[0]), middle: cards(S1[1]), back: cards(S1[2]) });
      // Only the canonical texts are noted: the comma'd one is not (seat 1: slots 4 front, 5 middle).
      expect([texts[4], texts[5]]).toEqual(first.front === S1[0] ? [S1[0], undefined] : [undefined, S1[1]]);
      expect(unwrap(settleRecord(record)).hands['1']).toMatchObject({ front: S1[0], middle: S1[1], back: S1[2] });
    }
  });

  it('a rank character outside ASCII is refused, not read as a card', () => {
    expect(error({ seats: [seat(1, ['½s 6s 4c', S1[1], S1[2]]), seat(2, S2)] })).toEqual({
      code: 'bad-card', path: 'seats[0].front',
      message: 'seats[0].front (seat 1): card 1: not a card: "½s" (unknown rank "½"; ranks are 2-9, T or 10, J, Q, K, A)',
    });
  });

  it('the point value refused names the point value', () => {
    expect(error(two({ pointValue: 0 }))).toEqual({ code: 'bad-point-value', path: 'pointValue', message: 'pointValue: the point value is at least 1, not 0' });
  });

  it('an unknown field is refused even where every field of the record or seat is unknown or empty-named', () => {
    const recordFields = 'fields: id, rules, pointValue, button, netting, seats';
    const seatFields = 'fields: seat, stack, front, middle, back, cards, natural, surrender, foul, fantasyland, jackpotDisqualified';
    expect(error({ extra: 1 })).toEqual({ code: 'unknown-field', path: 'extra', message: `extra: unknown field "extra" (${recordFields})` });
    expect(error({ '': 1 })).toEqual({ code: 'unknown-field', path: '', message: `: unknown field "" (${recordFields})` });
    expect(error({ seats: [{ extra: 1 }] })).toEqual({ code: 'unknown-field', path: 'seats[0].extra', message: `seats[0].extra: unknown field "extra" (${seatFields})` });
    expect(error({ seats: [{ '': 1 }] })).toEqual({ code: 'unknown-field', path: 'seats[0].', message: `seats[0].: unknown field "" (${seatFields})` });
    // After a seat field holding an object (not a list): the unknown field is still found first.
    expect(error({ seats: [{ seat: 1, front: { x: 1 }, extra: 1, middle: S1[1], back: S1[2] }, seat(2, S2)] }))
      .toEqual({ code: 'unknown-field', path: 'seats[0].extra', message: `seats[0].extra: unknown field "extra" (${seatFields})` });
  });

  it('too deep just past the limit: under rules, and in a seat whose every field is a list', () => {
    // The record is one level; rules nested 64 or more levels makes 65 or more.
    for (const levels of [64, 65, 66, 67, 100]) {
      expect(error({ rules: nested(levels), seats: [] })).toEqual({ code: 'too-deep', path: 'rules', message: `rules: ${deep}` });
      expect(error({ rules: [nested(levels - 1)], seats: [] })).toEqual({ code: 'too-deep', path: 'rules', message: `rules: ${deep}` });
    }
    expect(error({ seats: [{ front: nested(100) }] })).toEqual({ code: 'too-deep', path: 'seats[0].front', message: `seats[0].front: ${deep}` });
  });

  it('a back alone is a setting (front and middle empty), so the count is refused, not a missing hand', () => {
    expect(error({ seats: [{ seat: 1, back: S1[2] }, seat(2, S2)] })).toEqual({
      code: 'wrong-card-count', path: 'seats[0]', message: 'seats[0] (seat 1): a hand has 13 cards, this one has 5 (front 0, middle 0, back 5)',
    });
  });

  it('cards that differ from the setting are refused, naming the cards on each side', () => {
    const swapped = ['Ad', ...S1.join(' ').split(' ').slice(1)].join(' '); // Kh replaced by Ad
    expect(error({ seats: [seat(1, S1, { cards: swapped }), seat(2, S2)] })).toEqual({
      code: 'cards-mismatch', path: 'seats[0].cards',
      message: 'seats[0].cards (seat 1): the cards differ from the front, middle and back given: Kh is in the front, middle and back but not in cards; Ad is in cards but not in the front, middle and back',
    });
    const swappedTwo = ['Ad', 'Ac', ...S1.join(' ').split(' ').slice(2)].join(' '); // Kh 6s replaced by Ad Ac
    expect(error({ seats: [seat(1, S1, { cards: swappedTwo }), seat(2, S2)] })).toMatchObject({
      message: 'seats[0].cards (seat 1): the cards differ from the front, middle and back given: Kh 6s are in the front, middle and back but not in cards; Ad Ac are in cards but not in the front, middle and back',
    });
  });
});
