// The correction's own checks called directly (docs/table.md, "Correcting a played hand"): the
// shape of a correction, which hand may be corrected, the plan's refusals, a played hand as a
// checkpoint carries it (each field refused by name), and what the dealer does next.
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../../app/domain/cards';
import { unwrap } from '../../../../app/domain/result';
import {
  checkCorrection, correctableHand, correctedHand, planCorrection, tableNextAction, type PlayedHand,
} from '../../../../app/domain/table';
import { checkPlayedHand } from '../../../../app/domain/table/correction';
import { EXAMPLE_003 } from '../hand/support';
import { Session, opened, playHand, tev } from './support';

/** Hand T1-1 of three players (seed 003's seats 1-3, basic rules), played to its close. */
function played(): PlayedHand {
  const s = new Session();
  s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(3), tev.buyIn(3, 5000), tev.seated(1), tev.buyIn(1, 5000), tev.seated(2), tev.buyIn(2, 5000));
  playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 3: EXAMPLE_003[3] });
  return s.table.lastPlayed!;
}
const cards = (text: string) => unwrap(parseCards(text));
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('checkCorrection', () => {
  const shape = (x: unknown) => ({
    ok: false,
    error: { code: 'bad-event', path: 'correction', message: `hand-corrected: correction must be {kind: "resettle", seats} or {kind: "void"}, not ${JSON.stringify(x).slice(0, 20)}` },
  });

  it('a void, and each kind of seat correction', () => {
    expect(checkCorrection({ kind: 'void' })).toEqual({ ok: true, value: { kind: 'void' } });
    const set = { kind: 'set', seat: 4, front: cards('2c 3c 4c'), middle: cards('5c 6c 7c 8c 9c'), back: cards('Tc Jc Qc Kc Ac') };
    expect(unwrap(checkCorrection({ kind: 'resettle', seats: [{ kind: 'foul', seat: 1 }, { kind: 'disqualify-jackpot', seat: 2 }, { kind: 'natural', seat: 3, natural: 'six-pairs' }, set] }))).toEqual({
      kind: 'resettle',
      seats: [{ kind: 'foul', seat: 1 }, { kind: 'disqualify-jackpot', seat: 2 }, { kind: 'natural', seat: 3, natural: 'six-pairs' }, set],
    });
    expect(unwrap(checkCorrection({ kind: 'resettle', seats: [] }))).toEqual({ kind: 'resettle', seats: [] });
  });

  it.each<[string, unknown]>([
    ['not an object', 'void'],
    ['another kind', { kind: 'redo', seats: [] }],
    ['seats not a list', { kind: 'resettle', seats: { 1: 'foul' } }],
    ['five seats', { kind: 'resettle', seats: [1, 2, 3, 4, 1].map((seat) => ({ kind: 'foul', seat })) }],
  ])('refuses %s', (_why, x) => {
    const r = checkCorrection(x);
    const want = shape(x);
    expect(r).toEqual({ ...want, error: { ...want.error, message: expect.stringContaining(want.error.message) } });
  });

  it('takes four seats', () => {
    expect(unwrap(checkCorrection({ kind: 'resettle', seats: [1, 2, 3, 4].map((seat) => ({ kind: 'foul', seat })) })).kind).toBe('resettle');
  });

  it('refuses a seat correction without a seat, of no kind, or a natural that is none, naming its index', () => {
    expect(checkCorrection({ kind: 'resettle', seats: [{ kind: 'foul', seat: 1 }, { kind: 'foul', seat: 5 }] })).toEqual({
      ok: false, error: { code: 'bad-event', path: 'correction.seats[1]', message: 'hand-corrected: correction.seats[1] must name a seat 1-4' },
    });
    expect(checkCorrection({ kind: 'resettle', seats: [7] })).toMatchObject({ ok: false, error: { path: 'correction.seats[0]' } });
    for (const c of [{ kind: 'natural', seat: 2, natural: 'royal' }, { kind: 'naturals', seat: 2, natural: 'dragon' }, { kind: 'Set', seat: 2 }, { kind: '', seat: 2 }]) {
      expect(checkCorrection({ kind: 'resettle', seats: [c] })).toEqual({
        ok: false,
        error: { code: 'bad-event', path: 'correction.seats[0]', message: expect.stringContaining(`hand-corrected: correction.seats[0] is a set, a foul, a natural or a jackpot disqualification, not ${JSON.stringify(c).slice(0, 20)}`) },
      });
    }
  });

  it('refuses a set with bad cards, naming the row', () => {
    const r = checkCorrection({ kind: 'resettle', seats: [{ kind: 'set', seat: 2, front: [1, 2, 3], middle: [4, 5, 6, 7, 99], back: [] }] });
    expect(r).toEqual({ ok: false, error: { code: 'bad-card', message: 'correction.seats[0].middle: 99 is not a card code (0..51)' } });
  });
});

describe('correctableHand', () => {
  it('only the last played hand, naming it', () => {
    const p = played();
    expect(correctableHand(p, 'T1-1')).toEqual({ ok: true, value: p });
    expect(correctableHand(p, 'T1-2')).toEqual({
      ok: false, error: { code: 'not-correctable', message: 'only the table\'s last played hand can be corrected, before the next hand starts (hand 1); "T1-2" is not it' },
    });
    expect(correctableHand(null, 'T1-1')).toEqual({
      ok: false, error: { code: 'not-correctable', message: 'only the table\'s last played hand can be corrected, before the next hand starts; "T1-1" is not it' },
    });
  });
});

describe('planCorrection refusals', () => {
  it('no seat, a seat not in the hand, a seat twice', () => {
    const p = played();
    expect(planCorrection(p, { kind: 'resettle', seats: [] }, 'r')).toEqual({ ok: false, error: { code: 'nothing-to-correct', message: 'a correction names at least one seat' } });
    expect(planCorrection(p, { kind: 'resettle', seats: [{ kind: 'foul', seat: 4 }] }, 'r')).toEqual({ ok: false, error: { code: 'seat-not-playing', message: 'seat 4 did not play hand T1-1' } });
    expect(planCorrection(p, { kind: 'resettle', seats: [{ kind: 'foul', seat: 1 }, { kind: 'foul', seat: 1 }] }, 'r')).toEqual({ ok: false, error: { code: 'duplicate-seat', message: 'seat 1 is corrected twice' } });
  });

  it('the first seat of the record can be corrected (index 0)', () => {
    const p = played();
    const first = p.record.seats[0].seat;
    expect(planCorrection(p, { kind: 'resettle', seats: [{ kind: 'foul', seat: first }] }, 'r').ok).toBe(true);
  });

  it('a set that is not the seat\'s cards, and a jackpot disqualification where none is played', () => {
    const p = played();
    const [front, middle, back] = EXAMPLE_003[2].map(cards);
    const wrong = planCorrection(p, { kind: 'resettle', seats: [{ kind: 'set', seat: 1, front, middle, back }] }, 'r');
    expect(wrong).toEqual({ ok: false, error: { code: 'card-not-this-seats', message: 'the hand given for seat 1 is not the 13 cards the seat was dealt (Kd 5d 2s 7h 7d 8s 8c 3h 6h 6d 6c 4s 4d)' } });
    expect(planCorrection(p, { kind: 'resettle', seats: [{ kind: 'disqualify-jackpot', seat: 1 }] }, 'r')).toEqual({ ok: false, error: { code: 'jackpot-not-played', message: 'the hand\'s rules name no jackpot hands' } });
  });

  it('a natural that is none, given directly (not through checkCorrection)', () => {
    expect(planCorrection(played(), { kind: 'resettle', seats: [{ kind: 'natural', seat: 1, natural: 'royal' as never }] }, 'r')).toEqual({
      ok: false, error: { code: 'unknown-natural', message: '"royal" is not a natural' },
    });
  });

  it('a surrendered seat is the player\'s', () => {
    const p = played();
    const seats = p.record.seats.map((s) => (s.seat === 2 ? { seat: 2, stack: s.stack, cards: [s.front, s.middle, s.back].join(' '), surrender: true } : s));
    const surrendered = { ...p, record: { ...p.record, seats } } as PlayedHand;
    expect(planCorrection(surrendered, { kind: 'resettle', seats: [{ kind: 'foul', seat: 2 }] }, 'r')).toEqual({
      ok: false, error: { code: 'seat-surrendered', message: 'seat 2 surrendered: a surrender is the player\'s, not the floor\'s to correct' },
    });
  });

  it('a void moves every chip back and leaves the hand voided', () => {
    const p = played();
    const plan = unwrap(planCorrection(p, { kind: 'void' }, 'r'));
    expect(plan.result).toBeNull();
    const after = correctedHand(p, plan);
    expect(after.voided).toBe(true);
    expect(Object.values(after.net)).toEqual([0, 0, 0]);
    const foul = correctedHand(p, unwrap(planCorrection(p, { kind: 'resettle', seats: [{ kind: 'foul', seat: 1 }] }, 'r')));
    expect(foul.voided).toBe(false);
  });
});

describe('checkPlayedHand: a played hand as a checkpoint carries it', () => {
  it('takes the played hand as written, and its players sorted by seat', () => {
    const p = played();
    expect(p.players.map((x) => x.seat)).toEqual([1, 2, 3]);
    expect(p.players.map((x) => x.playerId)).toEqual(['p1', 'p2', 'p3']);
    expect(unwrap(checkPlayedHand(json(p)))).toEqual(p);
  });

  const cases: [string, (p: Record<string, any>) => void, string, string][] = [
    ['not an object', () => undefined, '', 'must be the last played hand, not 3'],
    ['no hand id', (p) => { p.handId = ' '; }, 'handId', 'must be the hand\'s id, not " "'],
    ['no number', (p) => { p.number = 0; }, 'number', 'must be the hand\'s number, not 0'],
    ['one player', (p) => { p.players = p.players.slice(0, 1); }, 'players', 'must list the seats that played with their player ids'],
    ['players not a list', (p) => { p.players = {}; }, 'players', 'must list the seats that played with their player ids'],
    ['a player that is not one', (p) => { p.players[1] = 'p2'; }, 'players', 'must list the seats that played with their player ids'],
    ['a player without a seat', (p) => { p.players[1].seat = 5; }, 'players', 'must list the seats that played with their player ids'],
    ['a player without an id', (p) => { p.players[2].playerId = ''; }, 'players', 'must list the seats that played with their player ids'],
    ['an order of another length', (p) => { p.order = p.order.slice(1); }, 'order', 'must list the seats in payment order'],
    ['an order with a bad seat', (p) => { p.order[1] = 0; }, 'order', 'must list the seats in payment order'],
    ['an order not a list', (p) => { p.order = 'clockwise'; }, 'order', 'must list the seats in payment order'],
    ['nets not an object', (p) => { p.net = [1]; }, 'net', 'must give each seat its money from the hand'],
    ['a net missing', (p) => { delete p.net[String(p.order[2])]; }, 'net', 'must give each seat its money from the hand'],
    ['a net not whole', (p) => { p.net[String(p.order[0])] += 0.5; }, 'net', 'must give each seat its money from the hand'],
    ['nets not summing to zero', (p) => { p.net[String(p.order[0])] += 100; }, 'net', 'must sum to zero'],
    ['no record', (p) => { p.record = null; }, 'record', 'must be the hand\'s showdown record'],
    ['the record of another hand', (p) => { p.record.id = 'T1-2'; }, 'record', 'must be the hand\'s showdown record'],
    ['a record that does not settle', (p) => { p.record.seats = p.record.seats.slice(0, 1); }, 'record', expect.stringMatching(/^does not settle: /) as unknown as string],
    ['corrections not a count', (p) => { p.corrections = -1; }, 'corrections', 'must be a whole number, not -1'],
    ['voided not a boolean', (p) => { p.voided = 'no'; }, 'voided', 'must be true or false'],
    ['uncorrected but voided', (p) => { p.voided = true; }, 'net', 'must be what the record settles to when nothing was corrected'],
    ['uncorrected with other nets that still sum to zero', (p) => { p.net[String(p.order[0])] += 100; p.net[String(p.order[1])] -= 100; }, 'net', 'must be what the record settles to when nothing was corrected'],
    ['pending not a list', (p) => { p.pending = {}; }, 'pending', 'must list the correction\'s chip movements { from, to, amount, done }'],
    ...([
      ['a movement that is not one', 1],
      ['a movement from no seat', { from: 0, to: 2, amount: 100, done: false }],
      ['a movement to no seat', { from: 1, to: 9, amount: 100, done: false }],
      ['a movement to the same seat', { from: 1, to: 1, amount: 100, done: false }],
      ['a movement of no chips', { from: 1, to: 2, amount: 0, done: false }],
      ['a movement without done', { from: 1, to: 2, amount: 100 }],
    ] as [string, unknown][]).map(([why, t]): [string, (p: Record<string, any>) => void, string, string] => [
      why, (p) => { p.pending = [{ from: 2, to: 3, amount: 100, done: true }, t]; }, 'pending', 'must list the correction\'s chip movements { from, to, amount, done }',
    ]),
  ];
  it.each(cases)('refuses %s', (why, change, path, message) => {
    const p = json(played()) as unknown as Record<string, any>;
    change(p);
    const r = checkPlayedHand(why === 'not an object' ? 3 : p);
    expect(r).toEqual({ ok: false, error: { code: 'bad-played-hand', path, message: typeof message === 'string' ? `lastPlayed.${path}: ${message}` : expect.stringMatching(/^lastPlayed\.record: does not settle: /) } });
  });

  it('after a correction the nets may differ from the record\'s, and movements may be pending', () => {
    const p = json(played()) as unknown as Record<string, any>;
    p.corrections = 1;
    p.net[String(p.order[0])] += 100;
    p.net[String(p.order[1])] -= 100;
    p.pending = [{ from: p.order[1], to: p.order[0], amount: 100, done: false }];
    expect(checkPlayedHand(p).ok).toBe(true);
    p.voided = true;
    expect(checkPlayedHand(p).ok).toBe(true);
  });
});

describe('tableNextAction', () => {
  it('between hands: start the next hand, unless a correction\'s chips are still to move', () => {
    const p = played();
    expect(tableNextAction(null, null)).toBe('start-hand');
    expect(tableNextAction(null, p)).toBe('start-hand');
    const pending = { ...p, pending: [{ from: 1, to: 2, amount: 100, done: false }] } as PlayedHand;
    expect(tableNextAction(null, pending)).toBe('move-correction-chips');
    expect(tableNextAction(null, { ...pending, pending: [{ ...pending.pending[0], done: true }] })).toBe('start-hand');
  });
});
