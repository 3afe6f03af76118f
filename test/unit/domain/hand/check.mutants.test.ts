// The fold's small checks called directly (app/domain/hand/check.ts): the shape of the fields an
// event carries (times, seats, actors, text, whole numbers, device bytes, card lists, floor
// signatures) and how a dealer's message writes seats, cards and money. Each accepted and each
// refused case is at an edge of what its doc comment promises.
import { describe, expect, it } from 'vitest';
import {
  cardList, checkCards, checkFloorSignatures, formatAmount, isActor, isFloorActor, isHex, isIsoTime, isNonEmptyText,
  isNonNegativeInteger, isPositiveInteger, isSeatNo, sameCards, seatName,
} from '../../../../app/domain/hand/check';
import { cards } from './support';

describe('isIsoTime: an ISO 8601 time with a zone (every event\'s "at")', () => {
  it.each<[string, unknown, boolean]>([
    ['minutes and Z', '2025-03-01T10:07Z', true],
    ['seconds and Z', '2025-03-01T10:07:09Z', true],
    ['milliseconds and Z (what the terminal writes)', '2025-03-01T10:07:09.123Z', true],
    ['one fraction digit', '2025-03-01T10:07:09.5Z', true],
    ['nine fraction digits (nanoseconds)', '2025-03-01T10:07:09.123456789Z', true],
    ['an offset east', '2025-03-01T10:07:09+01:00', true],
    ['an offset west', '2025-03-01T10:07-05:30', true],
    ['ten fraction digits', '2025-03-01T10:07:09.1234567890Z', false],
    ['a point without digits', '2025-03-01T10:07:09.Z', false],
    ['a fraction without seconds', '2025-03-01T10:07.5Z', false],
    ['no zone', '2025-03-01T10:07:09', false],
    ['a date only', '2025-03-01', false],
    ['a space for the T', '2025-03-01 10:07:09Z', false],
    ['a one-digit month', '2025-3-01T10:07:09Z', false],
    ['a three-digit hour', '2025-03-01T100:07:09Z', false],
    ['a one-digit second', '2025-03-01T10:07:9Z', false],
    ['an offset without its colon', '2025-03-01T10:07:09+0100', false],
    ['an offset without its sign', '2025-03-01T10:07:09 01:00', false],
    ['a decimal comma', '2025-03-01T10:07:09,5Z', false],
    ['a five-digit year', '20250-03-01T10:07:09Z', false],
    ['a three-digit month', '2025-003-01T10:07:09Z', false],
    ['a three-digit day', '2025-03-001T10:07:09Z', false],
    ['a three-digit minute', '2025-03-01T10:007:09Z', false],
    ['a three-digit second', '2025-03-01T10:07:009Z', false],
    ['an offset of three-digit hours', '2025-03-01T10:07:09+001:00', false],
    ['an offset of three-digit minutes', '2025-03-01T10:07:09+01:000', false],
    ['an offset of one-digit minutes', '2025-03-01T10:07:09+01:0', false],
    ['an offset of one-digit hours', '2025-03-01T10:07:09+1:00', false],
    ['letters where the year is', 'abcd-03-01T10:07:09Z', false],
    ['text before it (anchored at the start)', 'at 2025-03-01T10:07:09Z', false],
    ['text after it (anchored at the end)', '2025-03-01T10:07:09Z later', false],
    ['a lower-case z', '2025-03-01T10:07:09z', false],
    ['a number', 1740823629000, false],
    ['nothing', undefined, false],
  ])('%s', (_why, x, want) => {
    expect(isIsoTime(x)).toBe(want);
  });
});

describe('the seat, actor and text checks', () => {
  it('isSeatNo: exactly the numbers 1 to 4', () => {
    expect([1, 2, 3, 4].map(isSeatNo)).toEqual([true, true, true, true]);
    expect([0, 5, -1, 1.5, '1', null, undefined].map(isSeatNo)).toEqual([false, false, false, false, false, false, false]);
  });

  it.each<[unknown, boolean, boolean]>([
    // [by, isFloorActor, isActor]: the floor signs as "floor:<name>" (RULES.md s11: who made a correction).
    ['floor:Jana', true, true],
    ['floor:J', true, true],
    ['floor:Jana Nováková', true, true],
    ['floor:', false, false], // no name
    ['floor: Jana', false, false], // the name starts with a space
    ['the floor:Jana', false, false], // "floor:" must open it
    ['Floor:Jana', false, false],
    ['dealer', false, true],
    ['device', false, true],
    ['system', false, true],
    ['Dealer', false, false],
    ['bob', false, false],
    ['', false, false],
    [7, false, false],
    [null, false, false],
  ])('%j: floor %s, actor %s', (x, floor, actor) => {
    expect(isFloorActor(x)).toBe(floor);
    expect(isActor(x)).toBe(actor);
  });

  it('isNonEmptyText: text with something besides spaces', () => {
    expect(['a', ' a ', 'Seat 1'].map(isNonEmptyText)).toEqual([true, true, true]);
    expect(['', ' ', '\t\n', 5, null, undefined, ['a']].map(isNonEmptyText)).toEqual([false, false, false, false, false, false, false]);
  });

  it('isNonNegativeInteger and isPositiveInteger: exact whole numbers, from 0 and from 1', () => {
    const xs: unknown[] = [0, 1, 7, 2 ** 53 - 1, -1, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '1', null];
    expect(xs.map(isNonNegativeInteger)).toEqual([true, true, true, true, false, false, false, false, false, false, false]);
    expect(xs.map(isPositiveInteger)).toEqual([false, true, true, true, false, false, false, false, false, false, false]);
  });

  it('isHex: an even number of hex digits, any case, possibly none (a device\'s raw bytes)', () => {
    expect(['', '02', '0aFf', 'ABCDEF0123456789'].map(isHex)).toEqual([true, true, true, true]);
    expect(['abc', 'zz', '0x', '02 03', 'g0', 2, null].map(isHex)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('checkCards: all valid, none twice, and (if given) how many', () => {
  it('takes a list of card codes, and checks the count only when one is given', () => {
    expect(checkCards(cards('As Kd 2c'), 'Seat 1 front', 3)).toEqual({ ok: true, value: cards('As Kd 2c') });
    expect(checkCards([], 'Seat 1 front')).toEqual({ ok: true, value: [] });
    expect(checkCards(cards('As Kd'), 'Seat 1 front')).toEqual({ ok: true, value: cards('As Kd') });
  });

  it.each<[string, unknown, number | undefined, string, string]>([
    ['not a list', 'As Kd 2c', undefined, 'bad-event', 'Seat 1 front must be a list of card codes'],
    ['an object', { 0: 1 }, 3, 'bad-event', 'Seat 1 front must be a list of card codes'],
    ['a code past 51 (the first bad one named)', [0, 52, 53], 3, 'bad-card', 'Seat 1 front: 52 is not a card code (0..51)'],
    ['a negative code', [-1], undefined, 'bad-card', 'Seat 1 front: -1 is not a card code (0..51)'],
    ['a card as text', [0, 'As'], undefined, 'bad-card', 'Seat 1 front: "As" is not a card code (0..51)'],
    ['a card twice', cards('As Kd As'), 3, 'duplicate-card', 'Seat 1 front: As appears twice'],
    ['two cards for three', cards('As Kd'), 3, 'wrong-card-count', 'Seat 1 front must be 3 cards, not 2'],
    ['four cards for three', cards('As Kd 2c 3c'), 3, 'wrong-card-count', 'Seat 1 front must be 3 cards, not 4'],
    ['none for thirteen', [], 13, 'wrong-card-count', 'Seat 1 front must be 13 cards, not 0'],
  ])('refuses %s', (_why, x, count, code, message) => {
    expect(checkCards(x, 'Seat 1 front', count)).toEqual({ ok: false, error: { code, message } });
  });
});

describe('how a message writes money, seats and cards', () => {
  it.each<[number, string]>([
    [0, '0'], [7, '7'], [999, '999'], [1000, '1,000'], [12_345, '12,345'], [100_000, '100,000'],
    [1_234_567, '1,234,567'], [-5, '-5'], [-1200, '-1,200'], [-1_000_000, '-1,000,000'],
  ])('formatAmount(%d) is %s (thousands separated, the sign in front)', (n, text) => {
    expect(formatAmount(n)).toBe(text);
  });

  it('seatName', () => {
    expect([1, 2, 3, 4].map((s) => seatName(s as 1 | 2 | 3 | 4))).toEqual(['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4']);
  });

  it('cardList: one card alone, the last of several after "and"', () => {
    expect(cardList([])).toBe('');
    expect(cardList(cards('Qh'))).toBe('Qh');
    expect(cardList(cards('Qh 7c'))).toBe('Qh and 7c');
    expect(cardList(cards('Qh 7c 2d'))).toBe('Qh, 7c and 2d');
    expect(cardList(cards('Qh 7c 2d As'))).toBe('Qh, 7c, 2d and As');
  });

  it('sameCards: the same cards in any order, and no others', () => {
    expect(sameCards(cards('As Kd 2c'), cards('2c As Kd'))).toBe(true);
    expect(sameCards([], [])).toBe(true);
    expect(sameCards(cards('As Kd 2c'), cards('As Kd'))).toBe(false);
    expect(sameCards(cards('As Kd'), cards('As Kd 2c'))).toBe(false);
    expect(sameCards(cards('As Kd 2c'), cards('As Kd 3c'))).toBe(false);
  });
});

describe('checkFloorSignatures: one or two different floor people, the first the one in "by"', () => {
  const jana = { staffId: 'jana', name: 'Jana' };
  const petr = { staffId: 'petr.n', name: 'Petr' };
  const ev = (by: string, signedBy?: unknown) => ({ type: 'hand-voided', by, ...(signedBy === undefined ? {} : { signedBy }) });

  it('no signatures (a log from before staff sign-in), one, or two', () => {
    expect(checkFloorSignatures(ev('floor:Jana'))).toEqual({ ok: true, value: null });
    expect(checkFloorSignatures(ev('floor:Jana', [jana]))).toEqual({ ok: true, value: [jana] });
    expect(checkFloorSignatures(ev('floor:Jana', [jana, petr]))).toEqual({ ok: true, value: [jana, petr] });
  });

  it.each<[string, unknown, string]>([
    ['not a list', jana, 'hand-voided: signedBy lists the one or two floor people who gave their PIN, not {"staffId":"jana","name":"Jana"}'],
    ['an empty list', [], 'hand-voided: signedBy lists the one or two floor people who gave their PIN, not []'],
    ['three people', [jana, petr, { staffId: 'eva', name: 'Eva' }], 'hand-voided: signedBy lists the one or two floor people who gave their PIN, not [{"staffId":"jana","name":"Jana"},{"s...'], // showJson: 37 characters and "..."
    ['a name only', ['Jana'], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not "Jana"'],
    ['null', [null], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not null'],
    // Not JSON, but a command built in code can hold it: refused, not thrown on.
    ['undefined', [undefined], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not nothing'],
    ['a staff id that is none', [{ staffId: '-jana', name: 'Jana' }], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not {"staffId":"-jana","name":"Jana"}'],
    ['no name', [{ staffId: 'jana', name: ' ' }], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not {"staffId":"jana","name":" "}'],
    ['a name with spaces around it', [{ staffId: 'jana', name: 'Jana ' }], 'hand-voided: signedBy[0] must be { staffId, name } of a floor person, not {"staffId":"jana","name":"Jana "}'],
    ['a bad second signature, by its index', [jana, { staffId: 'petr' }], 'hand-voided: signedBy[1] must be { staffId, name } of a floor person, not {"staffId":"petr"}'],
  ])('refuses %s (bad-event)', (_why, signedBy, message) => {
    expect(checkFloorSignatures(ev('floor:Jana', signedBy))).toEqual({ ok: false, error: { code: 'bad-event', message } });
  });

  it('refuses a "by" that is not the first signer, and one person signing twice', () => {
    expect(checkFloorSignatures(ev('floor:Petr', [jana, petr]))).toEqual({
      ok: false, error: { code: 'bad-event', message: 'hand-voided: by must be "floor:Jana", the floor person who signed it first, not "floor:Petr"' },
    });
    expect(checkFloorSignatures(ev('floor:Jana', [jana, { staffId: 'jana', name: 'Jana' }]))).toEqual({
      ok: false, error: { code: 'same-floor-person', message: 'hand-voided: the second floor person must be someone other than Jana (jana)' },
    });
    // Two people of the same name are two people (the staff id tells them apart).
    expect(checkFloorSignatures(ev('floor:Jana', [jana, { staffId: 'jana2', name: 'Jana' }])).ok).toBe(true);
  });
});
