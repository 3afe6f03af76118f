// The next hand's `hand-started` as the table deals it (`nextHandStarted`): each refusal in
// words, the reserved round a two-handed table plays next, the Fantasyland seats still dealt
// in, and the sequence wrap only for a shoe.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../../app/domain/result';
import { nextHandStarted, type TableState } from '../../../../app/domain/table';
import { withTable } from '../../../../app/domain/table/state';
import { at } from '../hand/support';
import { Session, opened, tev } from './support';

function twoPlayers(mode: 'shoe' | 'scanner-only' = 'shoe'): TableState {
  const s = new Session();
  s.do(opened({ button: 4, mode }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(3), tev.buyIn(3, 2000));
  return s.table;
}
const next = (state: TableState, twoHanded?: Parameters<typeof nextHandStarted>[1]['twoHanded']) => nextHandStarted(state, { at: at(), by: 'dealer', ...(twoHanded ? { twoHanded } : {}) });
const reserved = (seats: [1 | 2 | 3 | 4, 1 | 2 | 3 | 4]) => ({ round: 'reserved' as const, fromHandId: 'T1-1', hands: [{ seat: seats[0], cards: [0, 1, 2] }, { seat: seats[1], cards: [3, 4, 5] }] });

describe('nextHandStarted', () => {
  it('refuses without a dealer, and with one player with chips, in words', () => {
    expect(next(withTable(twoPlayers(), { dealer: null }))).toEqual({ ok: false, error: { code: 'no-dealer', message: 'no dealer is signed on at table T1: sign a dealer on first' } });
    const one = twoPlayers();
    const alone = withTable(one, { seats: one.seats.map((p, i) => (i === 2 ? null : p)) });
    expect(next(alone)).toEqual({ ok: false, error: { code: 'not-enough-players', message: 'a hand needs at least two players with chips; table T1 has 1' } });
  });

  it('refuses while a hand is in play, naming it', () => {
    const s = new Session();
    s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 2000));
    s.start();
    expect(next(s.table)).toEqual({ ok: false, error: { code: 'hand-in-play', message: 'hand 1 is still in play at table T1' } });
  });

  it('the reserved round is played next by the same two players, and cannot be dealt instead', () => {
    const round = reserved([1, 3]);
    const state = withTable(twoPlayers(), { carried: { reservedRound: round, fantasyland: [] } });
    expect(unwrap(next(state)).twoHanded).toEqual(round);
    const dealt = { round: 'dealt' as const, handsPerSeat: 2 } as never;
    expect(next(state, dealt)).toEqual({ ok: false, error: { code: 'reserved-round-next', message: 'the next round is played with the reserved hands; it is not dealt' } });
  });

  it('not when another player holds one of the seats, nor with a third player', () => {
    expect(unwrap(next(withTable(twoPlayers(), { carried: { reservedRound: reserved([1, 2]), fantasyland: [] } })))).not.toHaveProperty('twoHanded');
    expect(unwrap(next(withTable(twoPlayers(), { carried: { reservedRound: reserved([2, 1]), fantasyland: [] } })))).not.toHaveProperty('twoHanded');
    const s = new Session();
    s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 2000), tev.seated(3), tev.buyIn(3, 2000));
    expect(unwrap(next(withTable(s.table, { carried: { reservedRound: reserved([1, 3]), fantasyland: [] } })))).not.toHaveProperty('twoHanded');
  });

  it('Fantasyland seats carry over only for the players still dealt in', () => {
    expect(unwrap(next(withTable(twoPlayers(), { carried: { reservedRound: null, fantasyland: [3, 2, 1] } }))).fantasyland).toEqual([3, 1]);
    expect(unwrap(next(withTable(twoPlayers(), { carried: { reservedRound: null, fantasyland: [2] } })))).not.toHaveProperty('fantasyland');
    expect(unwrap(next(twoPlayers()))).not.toHaveProperty('fantasyland');
  });

  it('the sequence wrap goes with a shoe only', () => {
    expect(unwrap(next(twoPlayers('shoe'))).seqModulo).toBe(100);
    expect(unwrap(next(twoPlayers('scanner-only')))).not.toHaveProperty('seqModulo');
  });
});
