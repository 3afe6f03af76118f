/**
 * The showdown record (issue 2 section 3): what is refused (with the field named) and what
 * is accepted. Fouls are outcomes, not refusals: see golden/section5.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatCards } from '../../../app/domain/cards';
import { MAX_POINT_VALUE, MAX_STACK } from '../../../app/domain/money';
import { MAX_RECORD_DEPTH, parseShowdown } from '../../../app/domain/showdown';
import { DRAGON, EXAMPLE_003, SIX_PAIRS } from './golden/fixtures';

const [S1, S2, S3] = EXAMPLE_003;
const seat = (n: number, s: readonly [string, string, string], extra: Record<string, unknown> = {}) => ({ seat: n, front: s[0], middle: s[1], back: s[2], ...extra });
const two = (extra: Record<string, unknown> = {}) => ({ rules: 'mandarin-house', seats: [seat(1, S1), seat(2, S2)], ...extra });
/** `leaf` inside `levels` arrays ([[...[leaf]...]]). */
const nested = (levels: number, leaf: unknown = 0): unknown => {
  let x = leaf;
  for (let i = 0; i < levels; i++) x = [x];
  return x;
};

// [why, record, code, path]
const REFUSED: [string, unknown, string, string | undefined][] = [
  ['not an object', [1, 2], 'bad-record', undefined],
  ['unknown record field', { ...two(), pointvalue: 100 }, 'unknown-field', 'pointvalue'],
  ['unknown preset', two({ rules: 'mandarin-hous' }), 'unknown-preset', 'rules'],
  ['bad profile object', two({ rules: { name: 'x', version: 1, scoop: { kind: 'triple' } } }), 'bad-profile-value', 'rules.scoop.kind'],
  ['unknown profile key', two({ rules: { name: 'x', version: 1, homerunn: {} } }), 'unknown-profile-key', 'rules.homerunn'],
  ['point value 0', two({ pointValue: 0 }), 'bad-point-value', 'pointValue'],
  ['point value fraction', two({ pointValue: 1.5 }), 'bad-point-value', 'pointValue'],
  ['point value text', two({ pointValue: '100' }), 'bad-point-value', 'pointValue'],
  ['point value null (not taken as the default 1)', two({ pointValue: null }), 'bad-point-value', 'pointValue'],
  ['point value above the limit', two({ pointValue: MAX_POINT_VALUE + 1 }), 'bad-point-value', 'pointValue'],
  ['point value beyond exact integers', two({ pointValue: 2 ** 53 }), 'bad-point-value', 'pointValue'],
  ['button 5', two({ button: 5 }), 'bad-button', 'button'],
  ['button null (not taken as the default 4)', two({ button: null }), 'bad-button', 'button'],
  ['button 2.5', two({ button: 2.5 }), 'bad-button', 'button'],
  ['netting null (not taken as false)', two({ netting: null }), 'bad-record', 'netting'],
  ['netting not boolean', two({ netting: 'yes' }), 'bad-record', 'netting'],
  ['seats not a list', { seats: {} }, 'bad-seats', 'seats'],
  ['no seats', { seats: [] }, 'bad-seats', 'seats'],
  ['five seats', { seats: [1, 2, 3, 4, 5] }, 'bad-seats', 'seats'],
  ['seat not an object', { seats: [seat(1, S1), 'x'] }, 'bad-seats', 'seats[1]'],
  ['seat 0', { seats: [seat(0, S1), seat(2, S2)] }, 'bad-seat-number', 'seats[0].seat'],
  ['seat twice', { seats: [seat(1, S1), seat(1, S2)] }, 'duplicate-seat', 'seats[1].seat'],
  ['unknown seat field', { seats: [seat(1, S1, { surender: true }), seat(2, S2)] }, 'unknown-field', 'seats[0].surender'],
  ['negative stack', { seats: [seat(1, S1, { stack: -1 }), seat(2, S2)] }, 'bad-stack', 'seats[0].stack'],
  ['fractional stack', { seats: [seat(1, S1, { stack: 10.5 }), seat(2, S2)] }, 'bad-stack', 'seats[0].stack'],
  ['stack null', { seats: [seat(1, S1), seat(2, S2, { stack: null })] }, 'bad-stack', 'seats[1].stack'],
  ['stack above the limit', { seats: [seat(1, S1), seat(2, S2, { stack: MAX_STACK + 1 })] }, 'bad-stack', 'seats[1].stack'],
  ['a record nested 5,000 deep under id', two({ id: nested(5000) }), 'too-deep', 'id'],
  ['a record nested 5,000 deep under rules', two({ rules: { name: 'x', version: 1, scoop: nested(5000) } }), 'too-deep', 'rules'],
  ['a record nested 5,000 deep in a seat', { seats: [seat(1, S1), seat(2, S2, { front: nested(5000, 'Kh') })] }, 'too-deep', 'seats[1].front'],
  ['an unknown field nested 5,000 deep', { ...two(), extra: nested(5000) }, 'too-deep', 'extra'],
  ['a record that is an array nested 5,000 deep', nested(5000), 'too-deep', undefined],
  ['one level past the depth limit', two({ id: nested(MAX_RECORD_DEPTH) }), 'too-deep', 'id'],
  ['not a card', { seats: [seat(1, S1), seat(2, ['2s 2h 3x', S2[1], S2[2]])] }, 'bad-card', 'seats[1].front'],
  ['cards not text', { seats: [seat(1, S1), { seat: 2, front: 5, middle: S2[1], back: S2[2] }] }, 'bad-card', 'seats[1].front'],
  ['a card twice across seats', { seats: [seat(1, S1), seat(2, [S1[0], S2[1], S2[2]])] }, 'duplicate-card', 'seats[1]'],
  ['a card twice in a segment', { seats: [seat(1, ['Kh Kh 4c', S1[1], S1[2]]), seat(2, S2)] }, 'duplicate-card', 'seats[0].front'],
  ['a card in two segments', { seats: [seat(1, ['Kh 6s 4c', '7s 7h 8s 8h Kh', S1[2]]), seat(2, S2)] }, 'duplicate-card', 'seats[0].middle'],
  ['a card twice in cards', { seats: [{ seat: 1, cards: DRAGON.replace('2s', 'As'), natural: 'dragon' }, seat(2, S2)] }, 'duplicate-card', 'seats[0].cards'],
  ['twelve cards', { seats: [seat(1, ['Kh 6s', S1[1], S1[2]]), seat(2, S2)] }, 'wrong-card-count', 'seats[0]'],
  ['fourteen cards', { seats: [seat(1, ['Kh 6s 4c Ad', S1[1], S1[2]]), seat(2, S2)] }, 'wrong-card-count', 'seats[0]'],
  ['twelve cards under cards', { seats: [{ seat: 1, cards: DRAGON.replace(' 2s', ''), natural: 'dragon' }, seat(2, S2)] }, 'wrong-card-count', 'seats[0].cards'],
  ['cards and setting disagree', { seats: [seat(1, S1, { cards: SIX_PAIRS, natural: 'six-pairs' }), seat(2, S2)] }, 'cards-mismatch', 'seats[0].cards'],
  ['no cards at all', { seats: [{ seat: 1 }, seat(2, S2)] }, 'missing-hand', 'seats[0]'],
  ['cards without natural or surrender', { seats: [{ seat: 1, cards: DRAGON }, seat(2, S2)] }, 'missing-setting', 'seats[0].cards'],
  ['unknown natural', { seats: [{ seat: 1, cards: DRAGON, natural: 'dragonn' }, seat(2, S2)] }, 'unknown-natural', 'seats[0].natural'],
  ['natural the profile does not play', { rules: 'basic', seats: [{ seat: 1, cards: DRAGON, natural: 'dragon' }, seat(2, S2)] }, 'natural-not-played', 'seats[0].natural'],
  ['natural of another profile', { rules: 'mandarin-house', seats: [{ seat: 1, cards: DRAGON, natural: 'pure-dragon' }, seat(2, S2)] }, 'natural-not-played', 'seats[0].natural'],
  ['surrender the profile does not play', { rules: 'basic', seats: [{ seat: 1, cards: DRAGON, surrender: true }, seat(2, S2)] }, 'surrender-not-played', 'seats[0].surrender'],
  ['surrender not a boolean', { seats: [{ seat: 1, cards: DRAGON, surrender: 'yes' }, seat(2, S2)] }, 'bad-record', 'seats[0].surrender'],
  ['natural and surrender', { seats: [{ seat: 1, cards: DRAGON, natural: 'dragon', surrender: true }, seat(2, S2)] }, 'conflicting-declarations', 'seats[0].natural'],
  ['foul without a reason', { seats: [{ seat: 1, cards: DRAGON, foul: '' }, seat(2, S2)] }, 'bad-record', 'seats[0].foul'],
  ['foul not text', { seats: [{ seat: 1, cards: DRAGON, foul: true }, seat(2, S2)] }, 'bad-record', 'seats[0].foul'],
  ['foul and surrender', { seats: [{ seat: 1, cards: DRAGON, surrender: true, foul: 'floor' }, seat(2, S2)] }, 'conflicting-declarations', 'seats[0].foul'],
  ['fantasyland outside OFC', { seats: [seat(1, S1, { fantasyland: true }), seat(2, S2)] }, 'fantasyland-not-played', 'seats[0].fantasyland'],
  ['one live seat', { seats: [seat(1, S1)] }, 'too-few-seats', 'seats'],
  ['surrender not covered', { pointValue: 10, seats: [seat(1, S1, { stack: 59, surrender: true }), seat(2, S2), seat(3, S3)] }, 'surrender-not-covered', 'seats[0].surrender'],
];

describe('parseShowdown refuses, naming the field', () => {
  it.each(REFUSED)('%s', (_why, record, code, path) => {
    const r = parseShowdown(record);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.path).toBe(path);
    if (path) expect(r.error.message).toContain(path.replace(/^rules\./, ''));
  });

  it('names the seat number as well as the array position', () => {
    const r = parseShowdown({ seats: [seat(3, S1), seat(2, ['2s 2h 3x', S2[1], S2[2]])] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('seats[1].front (seat 2): card 3: not a card: "3x" (unknown suit "x"; suits are s, h, d, c or ♠ ♥ ♦ ♣)');
  });

  it('names both places of a card given twice', () => {
    const r = parseShowdown({ seats: [seat(4, S1), seat(2, [S1[0], S2[1], S2[2]])] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^seats\[1\]: Kh is in seat 2 and also in seat 4$/);
  });

  it('names the limits on money and the value given', () => {
    expect(parseShowdown(two({ pointValue: null }))).toMatchObject({ ok: false, error: { message: 'pointValue: the point value is a whole number of minor units, not null' } });
    expect(parseShowdown(two({ pointValue: MAX_POINT_VALUE + 1 }))).toMatchObject({
      ok: false, error: { message: `pointValue: the point value is at most ${MAX_POINT_VALUE} (the terminal's limit), not ${MAX_POINT_VALUE + 1}` },
    });
    expect(parseShowdown({ seats: [seat(1, S1), seat(2, S2), seat(3, S3, { stack: MAX_STACK + 1 })] })).toMatchObject({
      ok: false, error: { message: `seats[2].stack (seat 3): the stack is at most ${MAX_STACK} (the terminal's limit), not ${MAX_STACK + 1}` },
    });
    expect(parseShowdown(two({ id: nested(5000) }))).toMatchObject({
      ok: false, error: { message: `id: nested more than ${MAX_RECORD_DEPTH} arrays and objects deep (the limit on a record)` },
    });
  });

  const S1_CARDS = S1.join(' ');
  const error = (record: unknown) => {
    const r = parseShowdown(record);
    expect(r.ok).toBe(false);
    return r.ok ? undefined : r.error;
  };

  it('cards and setting disagree: names the cards only in the setting and only in cards', () => {
    expect(error({ seats: [seat(1, S1, { cards: S1_CARDS.replace('Kh', 'Ad'), surrender: true }), seat(2, S2)] })).toEqual({
      code: 'cards-mismatch', path: 'seats[0].cards',
      message: 'seats[0].cards (seat 1): the cards differ from the front, middle and back given: Kh is in the front, middle and back but not in cards; Ad is in cards but not in the front, middle and back',
    });
    expect(error({ seats: [seat(1, ['Kh 6s', S1[1], S1[2]], { cards: S1_CARDS, surrender: true }), seat(2, S2)] })).toEqual({
      code: 'cards-mismatch', path: 'seats[0].cards',
      message: 'seats[0].cards (seat 1): the cards differ from the front, middle and back given: 4c is in cards but not in the front, middle and back',
    });
  });

  it('a card twice in the setting is a duplicate card even when cards are given too', () => {
    expect(error({ seats: [seat(1, ['Kh 6s 2c', S1[1], S1[2]], { cards: S1_CARDS, surrender: true }), seat(2, S2)] })).toEqual({
      code: 'duplicate-card', path: 'seats[0].middle',
      message: 'seats[0].middle (seat 1): 2c appears twice (in front and middle)',
    });
  });
});

describe('parseShowdown accepts', () => {
  it('with defaults: mandarin-house, point value 1, button 4, no netting, seats in seat order', () => {
    const r = parseShowdown({ seats: [seat(3, S1), seat(1, S2)] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.profile.name).toBe('mandarin-house');
    expect(r.value).toMatchObject({ pointValue: 1, button: 4, netting: false });
    expect(r.value.seats.map((s) => [s.seat, s.index])).toEqual([[1, 1], [3, 0]]);
    expect(r.value.seats[0].stack).toBeUndefined();
  });

  it('cards as lists of tokens, 10 for the ten, suit symbols, and an id', () => {
    const r = parseShowdown({
      id: 'table7-hand42',
      seats: [
        { seat: 1, front: ['K♥', '6s', '4C'], middle: S1[1], back: S1[2] },
        { seat: 2, front: S2[0], middle: 'Ks Qc Jh 10c 9c', back: S2[2] },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.id).toBe('table7-hand42');
    expect(formatCards(r.value.seats[0].setting!.front)).toBe('Kh 6s 4c');
    expect(formatCards(r.value.seats[1].setting!.middle)).toBe('Ks Qc Jh Tc 9c');
  });

  it('a segment with the wrong count (13 cards in all) or a missing segment: accepted, to be fouled', () => {
    const moved = parseShowdown({ seats: [seat(1, ['Kh 6s 4c 7s', '7h 8s 8h 2c', S1[2]]), seat(2, S2)] });
    expect(moved.ok).toBe(true);
    const missing = parseShowdown({ seats: [{ seat: 1, front: S1[0], middle: `${S1[1]} ${S1[2]}` }, seat(2, S2)] });
    expect(missing.ok).toBe(true);
  });

  it('money at its limits: point value MAX_POINT_VALUE, stacks 0 and MAX_STACK', () => {
    const r = parseShowdown(two({ pointValue: MAX_POINT_VALUE, seats: [seat(1, S1, { stack: MAX_STACK }), seat(2, S2, { stack: 0 })] }));
    expect(r.ok).toBe(true);
    if (r.ok) expect([r.value.pointValue, r.value.seats.map((s) => s.stack)]).toEqual([MAX_POINT_VALUE, [MAX_STACK, 0]]);
  });

  it('a record nested exactly to the depth limit is read (and refused only for what it holds)', () => {
    const r = parseShowdown(two({ id: nested(MAX_RECORD_DEPTH - 1) }));
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-record');
  });

  it('a natural given with its setting as well (the hand can be played as set)', () => {
    const r = parseShowdown({ seats: [seat(1, S1, { natural: 'six-pairs', cards: `${S1[0]} ${S1[1]} ${S1[2]}` }), seat(2, S2)] });
    expect(r.ok).toBe(true);
  });
});
