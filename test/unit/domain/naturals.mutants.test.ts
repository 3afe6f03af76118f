/**
 * Naturals (RULES.md section 7) word by word: the titles, every refusal's reason (suits,
 * missing and extra ranks, the cards that break a minor, senior or no-face-cards hand), every
 * explanation (each suit and colour), and the proof arrangements of the long-suit three flushes
 * and of three straights with a choice. Each expected text is worked in its comment from the
 * hand.
 *
 * naturals.ts builds its three-straights table when it loads; a change that makes that build
 * throw fails the import, which the mutation runner does not count as a failed test (see
 * docs/testing.md). So the module is imported inside each test, never at the top.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import type { NaturalName } from '../../../app/domain/naturals';
import { unwrap } from '../../../app/domain/result';

const load = () => import('../../../app/domain/naturals');
const cards = (text: string) => unwrap(parseCards(text));
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

async function refusal(hand: string | number[], name: NaturalName): Promise<{ code: string; message: string }> {
  const { verifyNatural } = await load();
  const r = verifyNatural(typeof hand === 'string' ? cards(hand) : hand, name);
  if (r.ok) throw new Error(`${name} was verified`);
  return { code: r.error.code, message: r.error.message };
}

async function proof(hand: string, name: NaturalName) {
  const { verifyNatural } = await load();
  return unwrap(verifyNatural(cards(hand), name));
}

describe('the module loads and its three-straights table answers', () => {
  it('a three-straights hand is detected', async () => {
    const { detectNaturals } = await load();
    // A-2-3 / 2-6 / 2-6 (the front straight with the ace low): the table must hold it.
    expect(detectNaturals(cards('Ah 2s 3d 2h 3h 4s 5s 6s 2d 3c 4d 5d 6d'))).toEqual(['three-straights', 'no-face-cards']);
  });
});

describe('titles (RULES.md s7 catalogue, the names shown to the dealer)', () => {
  // The catalogue's names; the Dragon's "(full straight)" is a gloss, not part of the name.
  const titles: [NaturalName, string][] = [
    ['pure-dragon', 'Pure Dragon'],
    ['color-dragon', 'Black/Red Dragon'],
    ['dragon', 'Dragon'],
    ['all-one-color', 'All Black/All Red'],
    ['minor', 'Minor hand'],
    ['senior', 'Senior hand'],
    ['six-pairs', 'Six Pairs'],
    ['three-flushes', 'Three Flushes'],
    ['three-straights', 'Three Straights'],
    ['no-face-cards', 'No face cards'],
  ];

  it('one title for each natural, in catalogue order', async () => {
    const { NATURAL_NAMES, NATURAL_TITLES } = await load();
    expect(Object.entries(NATURAL_TITLES)).toEqual(titles);
    expect([...NATURAL_NAMES]).toEqual(titles.map(([name]) => name));
  });

  it.each(titles)('a hand that cannot be read is refused naming the %s by its title', async (name, title) => {
    // 12 cards: readHand's first check.
    const short = cards('As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc');
    expect(await refusal(short, name)).toEqual({ code: 'wrong-card-count', message: `cannot verify ${title}: a natural needs 13 cards, this hand has 12` });
  });
});

describe('input that is not 13 distinct cards', () => {
  const twelve = cards('As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc');

  it.each<[string, number[], string, string]>([
    ['14 cards', [...twelve, 40, 41], 'wrong-card-count', 'a natural needs 13 cards, this hand has 14'],
    ['a code past the deck', [...twelve, 52], 'bad-card', 'not a card code: 52'],
    ['a code that is not a whole number', [...twelve, 1.5], 'bad-card', 'not a card code: 1.5'],
    ['a card twice (Ad: 12 * 4 + 2 = 50)', [...twelve, 50], 'duplicate-card', 'Ad appears twice'],
  ])('%s', async (_why, hand, code, message) => {
    const { detectNaturals } = await load();
    expect(await refusal(hand, 'dragon')).toEqual({ code, message: `cannot verify Dragon: ${message}` });
    // detectNaturals throws the same words, as a RangeError with the code.
    let thrown: unknown;
    try {
      detectNaturals(hand);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RangeError);
    expect((thrown as Error).message).toBe(message);
    expect((thrown as { code?: string }).code).toBe(code);
  });

  it('a name that is not a natural lists the naturals', async () => {
    expect(await refusal(twelve, 'big-dragon' as NaturalName)).toEqual({
      code: 'unknown-natural',
      message: 'not a natural: "big-dragon" (naturals are pure-dragon, color-dragon, dragon, all-one-color, minor, senior, six-pairs, three-flushes, three-straights, no-face-cards)',
    });
  });

  it('isNaturalName: only the ten names, as strings', async () => {
    const { NATURAL_NAMES, isNaturalName } = await load();
    for (const name of NATURAL_NAMES) expect(isNaturalName(name)).toBe(true);
    for (const x of ['', 'Dragon', 'three flushes', null, undefined, 3, ['dragon']]) expect(isNaturalName(x)).toBe(false);
  });
});

describe('explanations of a natural held', () => {
  it.each<[string, string, NaturalName, string]>([
    // The suit named is the one of the 13 cards (s h d c, RULES.md s1).
    ['hearts', 'Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h', 'pure-dragon', 'one card of every rank from ace to king, all hearts'],
    ['diamonds', 'Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d', 'pure-dragon', 'one card of every rank from ace to king, all diamonds'],
    ['clubs', 'Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c', 'pure-dragon', 'one card of every rank from ace to king, all clubs'],
    // Hearts and diamonds are red (RULES.md s1).
    ['a red dragon', 'Ah Kd Qh Jd Th 9d 8h 7d 6h 5d 4h 3d 2h', 'color-dragon', 'one card of every rank from ace to king, all red'],
    ['all black', 'As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s', 'all-one-color', 'all 13 cards black'],
    ['all red, hearts and diamonds', 'Ah Ad Kh Qd Jh 9d 8h 7d 6h 5d 4h 3d 2h', 'all-one-color', 'all 13 cards red'],
    // Three of a kind counts as one pair and an odd card: aces are named once.
    ['six pairs with trips', 'As Ah Ad Ks Kh Qs Qh Js Jh Ts Th 9s 9h', 'six-pairs', 'six pairs (aces, kings, queens, jacks, tens and nines) and one odd card'],
    // The lowest rank counts too.
    ['six pairs down to the twos', 'As Ah Ks Kh Qs Qh Js Jh Ts Th 2s 2h 9d', 'six-pairs', 'six pairs (aces, kings, queens, jacks, tens and twos) and one odd card'],
  ])('%s', async (_why, hand, name, explanation) => {
    const p = await proof(hand, name);
    expect(p).toEqual({ name, explanation });
  });
});

describe('refusals: the reason in words', () => {
  it.each<[string, string, NaturalName, string]>([
    // Suits most first, a tie in suit order s h d c; one card named in the singular.
    ['a dragon in four suits', 'Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4s 3d 2c', 'pure-dragon',
      'no pure dragon: one card of every rank but not all one suit (10 hearts, 1 spade, 1 diamond, 1 club)'],
    ['a dragon in hearts and diamonds', 'Ah Kd Qh Jd Th 9d 8h 7d 6h 5d 4h 3d 2h', 'pure-dragon',
      'no pure dragon: one card of every rank but not all one suit (7 hearts, 6 diamonds)'],
    ['three suits tied', '9s 9h 8d 8c 7s 6h 5d 4c 3s 3h 2d 2c 7h', 'three-flushes',
      'no three flushes: the suits are 4 hearts, 3 spades, 3 diamonds, 3 clubs, which do not split into 3, 5 and 5 cards of one suit each'],
    // Ten of a suit make three flushes only with the other three of one suit.
    ['ten spades, two hearts and a club', 'As Ks Qs Js Ts 9s 8s 7s 6s 5s Ah Kh Ac', 'three-flushes',
      'no three flushes: the suits are 10 spades, 2 hearts, 1 club, which do not split into 3, 5 and 5 cards of one suit each'],
    ['a pure dragon refused for lack of ranks', 'As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc Js', 'pure-dragon',
      'no pure dragon: not one card of every rank (no ten, nine, eight, seven, six, five, four, three or two; four aces, four kings and four queens)'],
    // Missing ranks from the ace down joined with "or", extra copies with "and".
    ['three quads: nine ranks missing', 'As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc Js', 'dragon',
      'no dragon: not one card of every rank (no ten, nine, eight, seven, six, five, four, three or two; four aces, four kings and four queens)'],
    ['two trips and three pairs', 'As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts Th 9s', 'dragon',
      'no dragon: not one card of every rank (no eight, seven, six, five, four, three or two; three aces, three kings, two queens, two jacks and two tens)'],
    ['two ranks missing', 'As Ad Kc Kd 2s 3h 4d 5c 6s 8h Td Jc Qs', 'color-dragon',
      'no black/red dragon: not one card of every rank (no nine or seven; two aces and two kings)'],
    // All 13 one colour counts the red cards.
    ['all black but one', 'As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h', 'all-one-color', 'not all one colour: 1 red and 12 black cards'],
    // The cards that break the hand, highest first (Ad 50, As 48, Kc 47, Qs 40, Jc 39, Td 34).
    ['six cards above nine', 'As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs', 'minor', 'no minor hand: Ad As Kc Qs Jc Td are above nine'],
    ['seven cards below ten', 'As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs', 'senior', 'no senior hand: 9h 8h 6s 5c 4d 3h 2s are below ten'],
    ['three face cards', 'As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs', 'no-face-cards', 'not a no-face-cards hand: Kc Qs Jc are face cards'],
    // "only 1 pair", singular.
    ['one pair', 'As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs', 'six-pairs', 'no six pairs: only 1 pair (aces)'],
    // Quads count as two pairs: 2 + 1 + 1 + 1 = 5.
    ['quads and three pairs', 'As Ah Ad Ac Ks Kh Qs Qh Js Jh 9d 7c 2c', 'six-pairs', 'no six pairs: only 5 pairs (two pairs of aces, kings, queens and jacks)'],
  ])('%s', async (_why, hand, name, message) => {
    expect(await refusal(hand, name)).toEqual({ code: 'natural-not-held', message });
  });
});

describe('three flushes: the proof at its best (back, then middle, then front)', () => {
  it('ten hearts and three diamonds: the royal flush in the back, the rest of the hearts in the middle', async () => {
    const p = await proof('Ah Kh Qh Jh Th 9h 8h 7h 6h 5h Ad Kd Qd', 'three-flushes');
    expect(p.explanation).toBe('front three diamonds, middle five hearts, back five hearts');
    expect(p.arrangement).toEqual({ front: cards('Ad Kd Qd'), middle: cards('9h 8h 7h 6h 5h'), back: cards('Ah Kh Qh Jh Th') });
  });

  it('ten diamonds and three spades, the best back not the first five', async () => {
    // Diamonds A Q J T 9 8 7 5 4 3: the straight flush Q-J-T-9-8 is the best five (above the
    // ace-high flush), leaving A 7 5 4 3 for the middle.
    const p = await proof('Ad Qd Jd Td 9d 8d 7d 5d 4d 3d Ks 2s 6s', 'three-flushes');
    expect(p.explanation).toBe('front three spades, middle five diamonds, back five diamonds');
    expect(p.arrangement).toEqual({ front: cards('Ks 6s 2s'), middle: cards('Ad 7d 5d 4d 3d'), back: cards('Qd Jd Td 9d 8d') });
  });

  it('eight clubs and five hearts: the five hearts the back when they beat what the clubs leave', async () => {
    // Clubs 9 8 7 6 5 4 3 2: back 9-8-7-6-5 straight flush would leave a front of 4 3 2 and a
    // middle of hearts; the hearts A K Q J 9 are only a flush, so the clubs' straight flush is
    // the back and the hearts the middle.
    const p = await proof('9c 8c 7c 6c 5c 4c 3c 2c Ah Kh Qh Jh 9h', 'three-flushes');
    expect(p.explanation).toBe('front three clubs, middle five hearts, back five clubs');
    expect(p.arrangement).toEqual({ front: cards('4c 3c 2c'), middle: cards('Ah Kh Qh Jh 9h'), back: cards('9c 8c 7c 6c 5c') });
  });

  it('eight spades and five hearts that beat any five of them: the middle the best five spades, not the first three in front', async () => {
    // Hearts A K Q J 9 (ace-high flush) beat every five of the spades K Q T 8 6 5 3 2 (king
    // high at best): each split has the hearts in the back, so the middle decides: K Q T 8 6,
    // leaving 5 3 2 in front.
    const p = await proof('Ks Qs Ts 8s 6s 5s 3s 2s Ah Kh Qh Jh 9h', 'three-flushes');
    expect(p.explanation).toBe('front three spades, middle five spades, back five hearts');
    expect(p.arrangement).toEqual({ front: cards('5s 3s 2s'), middle: cards('Ks Qs Ts 8s 6s'), back: cards('Ah Kh Qh Jh 9h') });
  });

  it('thirteen spades: the best setting of the hand', async () => {
    // Every five are a flush: royal flush back, 9-8-7-6-5 straight flush middle, 4 3 2 front.
    const p = await proof('As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s', 'three-flushes');
    expect(p.explanation).toBe('front three spades, middle five spades, back five spades');
    const a = p.arrangement!;
    expect([sorted(a.front), sorted(a.middle), sorted(a.back)]).toEqual([sorted(cards('4s 3s 2s')), sorted(cards('9s 8s 7s 6s 5s')), sorted(cards('As Ks Qs Js Ts'))]);
  });
});

describe('three straights: the best split (highest back, then middle)', () => {
  it('a dragon: back T-A, middle 5-9, front 2-3-4', async () => {
    // T-A is the highest back; of the 8 ranks left (2-9) the middle 5-9 beats 2-6 (which
    // would leave 7-8-9 in front).
    const p = await proof('Ah Kc Qs Jc Ts 9c 8s 7c 6s 5c 4s 3c 2s', 'three-straights');
    expect(p.explanation).toBe('front 2-3-4, middle 5-6-7-8-9, back T-J-Q-K-A');
    expect(p.arrangement).toEqual({ front: cards('4s 3c 2s'), middle: cards('9c 8s 7c 6s 5c'), back: cards('Ah Kc Qs Jc Ts') });
  });

  it('the highest back first, even where a lower back leaves a higher front', async () => {
    // Ranks 3 4 5 6 7 7 8 9 T J Q K A split as 7-8-9 / 3-7 / T-A or as Q-K-A / 3-7 / 7-J: the
    // same middle, so only the backs tell them apart, and T-A is the higher.
    const p = await proof('As Kh Qs Jh Ts 9h 8s 7h 7d 6s 5h 4s 3h', 'three-straights');
    expect(p.explanation).toBe('front 7-8-9, middle 3-4-5-6-7, back T-J-Q-K-A');
    expect(p.arrangement).toEqual({ front: cards('9h 8s 7h'), middle: cards('7d 6s 5h 4s 3h'), back: cards('As Kh Qs Jh Ts') });
  });

  it('two straights of the same ranks, one a straight flush: the straight flush is the back', async () => {
    // A-2-3 / 2-6 / 2-6. Dealt highest card of each rank first: 6c 5d 4c 3d 2c, then
    // 6h 5h 4h 3h 2h (a straight flush), then Ad 3s 2s. The straight flush beats the plain
    // straight, so it must be the back (RULES.md s4: the back at least the middle).
    const p = await proof('Ad 2s 3s 2h 3h 4h 5h 6h 2c 3d 4c 5d 6c', 'three-straights');
    expect(p.explanation).toBe('front A-2-3, middle 2-3-4-5-6, back 2-3-4-5-6');
    expect(p.arrangement).toEqual({ front: cards('Ad 3s 2s'), middle: cards('6c 5d 4c 3d 2c'), back: cards('6h 5h 4h 3h 2h') });
  });
});
