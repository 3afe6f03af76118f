import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';
import { checkSetting, type SetHand } from '../../../app/domain/setting';

const cards = (text: string) => unwrap(parseCards(text));
const hand = (front: string, middle: string, back: string): SetHand => ({ front: cards(front), middle: cards(middle), back: cards(back) });
const legal = hand('Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d');

describe('checkSetting: cards not dealt to the seat (RULES.md s4 irregularity)', () => {
  it('one card: "was"', () => {
    expect(checkSetting(legal, { dealt: cards('Kd 5d 2s 7h 7d 8s 8c 3h 6h 6d 6c 4s Ac') })).toEqual({
      ok: false,
      error: { code: 'cards-not-dealt-to-seat', message: '4d was not dealt to this seat' },
    });
  });
  it('two cards: "were", in the order set', () => {
    expect(checkSetting(legal, { dealt: cards('Kd 5d 2s 7h 7d 8s 8c 3h 6h 6d 6c Ac Ah') })).toEqual({
      ok: false,
      error: { code: 'cards-not-dealt-to-seat', message: '4s 4d were not dealt to this seat' },
    });
  });
});

describe('checkSetting: a wrong count is a foul naming every segment (RULES.md s4)', () => {
  it.each([
    ['front 4, middle 4', hand('Kd 5d 2s 3c', '7h 7d 8s 8c', '6h 6d 6c 4s 4d'), 'front 4, middle 4, back 5'],
    ['middle 6, back 4', hand('Kd 5d 2s', '7h 7d 8s 8c 3h 3c', '6h 6d 6c 4s'), 'front 3, middle 6, back 4'],
    ['front 2, back 6', hand('Kd 5d', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d 2s'), 'front 2, middle 5, back 6'],
  ])('%s', (_why, h, counts) => {
    expect(checkSetting(h)).toEqual({
      ok: true,
      value: { fouled: true, code: 'wrong-count', reason: `wrong number of cards: ${counts} (must be front 3, middle 5, back 5)` },
    });
  });
});

describe('checkSetting with a lowball middle (seed 003)', () => {
  it('a front one step below the back is legal; one step above fouls', () => {
    // Pair of nines with an ace against the back's nines with A K Q: the back is higher.
    const ok = checkSetting(hand('9s 9h Ad', '7c 5d 4h 3s 2c', '9d 9c As Kh Qh'), { lowballMiddle: true });
    expect(ok.ok && ok.value.fouled).toBe(false);
    const foul = checkSetting(hand('9d 9c As', '7c 5d 4h 3s 2c', '9s 9h Kd Qh Jh'), { lowballMiddle: true });
    expect(foul.ok && foul.value.fouled && foul.value.reason).toBe('front (Pair of nines) is higher than back (Pair of nines)');
  });
});
