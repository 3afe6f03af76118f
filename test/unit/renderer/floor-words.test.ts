// The floor's words (renderer/i18n/floor-words.ts): every kind of replayed step, every
// irregularity and every outcome worded in English and Czech from structured parts, with no
// message key or placeholder left showing.
import { describe, expect, it } from 'vitest';
import type { StepEvent, StepState, StepType } from '../../../app/contract/floor';
import type { IrregularityView } from '../../../app/contract/view';
import { makeCard } from '../../../app/domain/cards';
import {
  actorText, cardText, irregularityText, outcomeText, rulingText, stateLines, stepText,
} from '../../../renderer/i18n/floor-words';
import { createTranslator, LANGS } from '../../../renderer/i18n/translate';

const As = makeCard(12, 0);
const Th = makeCard(8, 1);
const words = {
  front: { category: 0, ranks: [2, 1], english: 'Four high' },
  middle: { category: 8, ranks: [7], english: 'Straight flush, nine high' },
  back: { category: 8, ranks: [12], english: 'Royal flush' },
};
const rows = { front: [makeCard(0, 0), makeCard(1, 0), makeCard(2, 0)], middle: [makeCard(3, 1), makeCard(4, 1), makeCard(5, 1), makeCard(6, 1), makeCard(7, 1)], back: [makeCard(8, 2), makeCard(9, 2), makeCard(10, 2), makeCard(11, 2), makeCard(12, 2)] };

/** One event of every type (the `satisfies` keeps it complete when a type is added). */
const EVERY_STEP = {
  'hand-started': { type: 'hand-started', number: 7, button: 3, players: [{ seat: 1, name: 'Ann', stack: 200000 }, { seat: 3, name: 'Cyril', stack: 150000 }] },
  'card-dealt': { type: 'card-dealt', card: As, seat: 4, seq: 12 },
  'card-unreadable': { type: 'card-unreadable', seq: 13 },
  'sequence-gap': { type: 'sequence-gap', expected: 14, got: 16 },
  'deal-ended': { type: 'deal-ended' },
  'card-exposed': { type: 'card-exposed', seat: 2, card: Th },
  'wrong-seat-delivery': { type: 'wrong-seat-delivery', heldBy: 1, handOf: 2 },
  'seat-ready': { type: 'seat-ready', seat: 1 },
  'surrender-declared': { type: 'surrender-declared', seat: 2 },
  'natural-declared': { type: 'natural-declared', seat: 3, natural: 'six-pairs' },
  'natural-verified': { type: 'natural-verified', seat: 3, natural: 'six-pairs' },
  'natural-rejected': { type: 'natural-rejected', seat: 3, natural: 'dragon', reason: 'no dragon' },
  'row-scanned': { type: 'row-scanned', seat: 4, row: 'middle', cards: rows.middle },
  'hand-set': { type: 'hand-set', seat: 4, source: 'touch', ...rows, words },
  'card-placed': { type: 'card-placed', seat: 1, card: As, row: 'back' },
  'showdown-opened': { type: 'showdown-opened' },
  settled: { type: 'settled', payments: 2, net: [{ seat: 1, net: 60000 }, { seat: 3, net: -60000 }] },
  'payment-executed': { type: 'payment-executed', index: 0, from: 3, to: 1, amount: 60000 },
  'misdeal-called': { type: 'misdeal-called', cause: 'card-read-twice', automatic: true, detail: 'Qh was read twice (reads 7 and 19)' },
  'floor-correction': { type: 'floor-correction', reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' }, words: null },
  'hand-voided': { type: 'hand-voided', reason: 'deck short' },
  'hand-closed': { type: 'hand-closed' },
} as const satisfies { [K in StepType]: StepEvent & { readonly type: K } };

const FLOOR_ACTIONS: StepEvent[] = [
  { type: 'floor-correction', reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 2, ruling: 'foul-seat' }, words: null },
  { type: 'floor-correction', reason: 'mucked', action: { kind: 'foul-seat', seat: 4 }, words: null },
  { type: 'floor-correction', reason: 'misread', action: { kind: 'replace-hand', seat: 2, ...rows }, words },
  { type: 'floor-correction', reason: 'dispute settled', action: { kind: 'note' }, words: null },
  { type: 'hand-set', seat: 1, source: 'scanner', front: [As], middle: [], back: [], words: null },
  { type: 'card-dealt', card: As, seat: null, seq: 53 },
  { type: 'card-exposed', seat: 2, card: null },
];

const clean = (text: string) => {
  expect(text).not.toMatch(/[{}]/);
  expect(text).not.toMatch(/\b(step|floor|recall|replay|reason|irregularity)\.[a-z]/);
  expect(text.trim()).not.toBe('');
};

describe('replayed steps in words', () => {
  it.each(LANGS)('word every step in %s, with no key or placeholder left', (lang) => {
    const t = createTranslator(lang);
    for (const e of [...Object.values(EVERY_STEP), ...FLOOR_ACTIONS] as StepEvent[]) clean(stepText(t, e, 'CZK'));
  });

  // [event, English, Czech]
  const cases: [StepEvent, string | RegExp, string | RegExp][] = [
    [EVERY_STEP['card-dealt'], 'A♠ dealt to seat 4 (West)', 'A♠ rozdána na místo 4 (Západ)'],
    [EVERY_STEP['wrong-seat-delivery'], 'Seat 1 (North) holds the hand dealt to seat 2 (East)', 'Místo 1 (Sever) drží ruku rozdanou místu 2 (Východ)'],
    [EVERY_STEP['natural-verified'], 'Six Pairs of seat 3 (South) verified', 'Ověřeno: Šest párů místa 3 (Jih)'],
    // Each row's hand in words, from its parts: "Pár devítek" as on the rest of the screen.
    [EVERY_STEP['hand-set'], 'Seat 4 (West) hand entered (by touch): 2♠ 3♠ 4♠ (Four high) / 5♥ 6♥ 7♥ 8♥ 9♥ (Straight flush, nine high) / 10♦ J♦ Q♦ K♦ A♦ (Royal flush)',
      'Místo 4 (Západ), ruka zadána (dotykem): 2♠ 3♠ 4♠ (Nejvyšší čtyřka) / 5♥ 6♥ 7♥ 8♥ 9♥ (Čistá postupka do devítky) / 10♦ J♦ Q♦ K♦ A♦ (Královská postupka)'],
    // A row that cannot be valued (a wrong count) shows its cards only.
    [FLOOR_ACTIONS[4], 'Seat 1 (North) hand entered (scanner): A♠ /  / ', 'Místo 1 (Sever), ruka zadána (snímač): A♠ /  / '],
    [EVERY_STEP.settled, /^Settled: 2 payments\. seat 1 \+CZK\s?600, seat 3 -CZK\s?600$/, /^Vyhodnoceno: 2 platby\. místo 1 \+600\s?Kč, místo 3 -600\s?Kč$/],
    [EVERY_STEP['payment-executed'], /^Payment 1: seat 3 paid seat 1 CZK\s?600$/, /^Platba 1: místo 3 zaplatilo místu 1 600\s?Kč$/],
    // English keeps the services' sentence for a misdeal; Czech words the cause's code.
    [EVERY_STEP['misdeal-called'], 'Misdeal: Q♥ was read twice (reads 7 and 19)', 'Chybné rozdání: Karta byla přečtena dvakrát.'],
    [EVERY_STEP['floor-correction'], 'Irregularity 1 accepted as shown. Reason: camera', 'Nesrovnalost č. 1 uznána, jak byla ukázána. Důvod: camera'],
    [FLOOR_ACTIONS[1], 'Hand of seat 4 (West) ruled fouled. Reason: mucked', 'Ruka místa 4 (Západ) prohlášena za faul. Důvod: mucked'],
    [FLOOR_ACTIONS[5], 'A♠ read, dealt to no seat', 'A♠ přečtena, nerozdána žádnému místu'],
  ];
  it.each(cases)('%j', (event, en, cs) => {
    const e = stepText(createTranslator('en'), event, 'CZK').replace(/\u00a0/g, ' ');
    const c = stepText(createTranslator('cs'), event, 'CZK').replace(/\u00a0/g, ' ');
    if (typeof en === 'string') expect(e).toBe(en);
    else expect(e).toMatch(en);
    if (typeof cs === 'string') expect(c).toBe(cs);
    else expect(c).toMatch(cs);
  });

  it('counts payments by the language\'s plural rules', () => {
    const cs = createTranslator('cs');
    const settled = (payments: number): StepEvent => ({ type: 'settled', payments, net: [] });
    expect(stepText(cs, settled(1), 'CZK')).toMatch(/^Vyhodnoceno: 1 platba\./);
    expect(stepText(cs, settled(3), 'CZK')).toMatch(/^Vyhodnoceno: 3 platby\./);
    expect(stepText(cs, settled(5), 'CZK')).toMatch(/^Vyhodnoceno: 5 plateb\./);
    expect(stepText(createTranslator('en'), settled(1), 'CZK')).toMatch(/^Settled: 1 payment\./);
  });

  it('names who acted', () => {
    const t = createTranslator('en');
    expect(actorText(t, { kind: 'floor', name: 'Jana' })).toBe('Floor: Jana');
    expect(actorText(t, { kind: 'device' })).toBe('Device');
    expect(actorText(t, { kind: 'dealer', name: 'Eva' })).toBe('Dealer Eva');
    expect(actorText(t, { kind: 'dealer' })).toBe('Dealer');
    expect(actorText(createTranslator('cs'), { kind: 'dealer' })).toBe('Krupiér');
  });

  it('writes cards as on the felt', () => {
    expect(cardText(createTranslator('cs'), Th)).toBe('10♥');
  });
});

describe('the state after a step', () => {
  const s: StepState = { phase: 'showdown', cardsRead: 52, dealt: [13, 13, 13, 13], playing: 3, seatsDone: 2, paymentsMade: 0, paymentsTotal: 0, irregularities: 1, irregularitiesOpen: 1 };
  it.each(LANGS)('in %s', (lang) => {
    const lines = stateLines(createTranslator(lang), s);
    expect(lines.map((l) => l.key)).toEqual(['phase', 'cardsRead', 'dealt', 'seatsDone', 'payments', 'irregularities']);
    for (const l of lines) {
      clean(l.label);
      clean(l.value);
    }
  });
  it('reads as the floor counts', () => {
    const lines = Object.fromEntries(stateLines(createTranslator('en'), s).map((l) => [l.key, l.value]));
    expect(lines).toEqual({ phase: 'Showdown', cardsRead: '52 of 52', dealt: '13 · 13 · 13 · 13', seatsDone: '2 of 3', payments: '0 of 0', irregularities: '1 (1 waiting)' });
  });
});

describe('irregularities and outcomes', () => {
  const irr = (kind: string, over: Partial<IrregularityView> = {}): IrregularityView => ({
    id: 1, seat: 2, kind, cards: [As, Th], dealtTo: [null, null], detail: 'the services\' sentence', blocking: true, at: 0, resolution: null, rulings: [], ...over,
  });
  it.each(LANGS)('every kind in %s', (lang) => {
    const t = createTranslator(lang);
    for (const kind of ['card-of-other-seat', 'card-not-dealt', 'duplicate-across-seats', 'wrong-seat-after-set', 'something-new']) clean(irregularityText(t, irr(kind)));
    for (const ruling of ['accept', 'foul-seat', 'hand-replaced'] as const) clean(rulingText(t, irr('card-not-dealt', { resolution: { ruling, by: 'Jana', reason: 'camera' } }))!);
    expect(rulingText(t, irr('card-not-dealt'))).toBeNull();
  });
  it('names the seat and the cards', () => {
    expect(irregularityText(createTranslator('en'), irr('card-not-dealt'))).toBe('Seat 2 (East) showed A♠ 10♥, not dealt this hand.');
    expect(irregularityText(createTranslator('cs'), irr('duplicate-across-seats'))).toBe('Místo 2 (Východ) ukázalo A♠ 10♥, je i v ruce jiného místa.');
    // Cards of other seats say where each was dealt, counted by the language's plural rules.
    expect(irregularityText(createTranslator('en'), irr('card-of-other-seat', { cards: [As], dealtTo: [3] }))).toBe('Seat 2 (East) showed a card dealt to another seat: A♠ to seat 3 (South).');
    expect(irregularityText(createTranslator('en'), irr('card-of-other-seat', { dealtTo: [3, 4] }))).toBe('Seat 2 (East) showed 2 cards dealt to other seats: A♠ to seat 3 (South), 10♥ to seat 4 (West).');
    expect(irregularityText(createTranslator('cs'), irr('card-of-other-seat', { dealtTo: [3, 4] }))).toBe('Místo 2 (Východ) ukázalo 2 karty rozdané jiným místům: A♠ místu 3 (Jih), 10♥ místu 4 (Západ).');
    // A kind this screen does not know yet falls back to the services' sentence.
    expect(irregularityText(createTranslator('en'), irr('something-new'))).toBe('Seat 2 (East): the services\' sentence');
  });
  it.each(LANGS)('every outcome in %s', (lang) => {
    const t = createTranslator(lang);
    const base = { handId: 'T1-1', number: 1, startedAt: 0, endedAt: null, phase: 'closed', button: 1 as const, dealer: null, misdealCause: null, voidReason: null, seats: [], payments: 0, events: 0 };
    for (const outcome of ['open', 'played'] as const) clean(outcomeText(t, { ...base, outcome }));
    clean(outcomeText(t, { ...base, outcome: 'misdeal', misdealCause: 'short-deal' }));
    clean(outcomeText(t, { ...base, outcome: 'void', voidReason: 'deck short' }));
  });
});
