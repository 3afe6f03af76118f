// A wrong-seat report in the floor's words names both seats of the swap, and a question that
// is open (the dealer's confirmation, the floor's PIN dialog) is worded in the screen's language
// as it is now: a switch from English to Czech while it is open re-words its seats' compass.
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { HandView, IrregularityView, TerminalView } from '../../../app/contract/view';
import { allOffered, baseView, click, handSeat, handView, mountApp, type } from './fake-terminal';

const withHand = (hand: Partial<HandView>, over: Partial<TerminalView> = {}) => baseView({ hand: handView(hand), ...over });

// Seat 2 (East) was found holding the hand dealt to seat 3 (South) after a hand was set.
const note: IrregularityView = {
  id: 1, seat: 2, kind: 'wrong-seat-after-set', otherSeat: 3, cards: [], dealtTo: [],
  detail: 'Seat 2 was given the hand dealt to Seat 3, reported after a hand was set: Seat 3 holds the hand dealt to Seat 2; the hands play as they lie',
  blocking: false, at: 0, resolution: null, rulings: ['accept', 'foul-seat'],
};
const noted = () => withHand({
  phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })), irregularities: [note],
});

function openFloor(a: ReturnType<typeof mountApp>) {
  click(a.$('[data-testid=open-floor]'));
  type(a.$('[data-testid=floor-reason]'), 'seats 2 and 3 were dealt each other\'s hands');
}

describe('the floor\'s note of a wrong-seat report', () => {
  it('says whose hand the seat holds and that the other seat holds its own', () => {
    const a = mountApp(noted());
    openFloor(a);
    const what = a.$('[data-testid=floor-irregularity][data-kind=wrong-seat-after-set] .what')!;
    expect(what.textContent).toBe('Seat 2 (East) holds the hand of seat 3 (South), and seat 3 (South) holds seat 2\'s (noted; the hands play as they lie).');
    a.settings.setLang('cs');
    flushSync();
    expect(what.textContent).toBe('Místo 2 (Východ) drží ruku místa 3 (Jih) a místo 3 (Jih) drží ruku místa 2 (zapsáno; hraje se, jak karty leží).');
  });

  it('without the other seat (an older view) keeps the sentence that names none', () => {
    const { otherSeat: _, ...older } = note;
    const a = mountApp(withHand({ phase: 'setting', irregularities: [older] }));
    openFloor(a);
    expect(a.$('[data-testid=floor-irregularity] .what')!.textContent).toBe('Seat 2 (East) holds another seat\'s hand (noted; the hands play as they lie).');
  });
});

describe('an open question after a switch of language', () => {
  it('the dealer\'s confirmation of a wrong seat words both seats in Czech', () => {
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, ...(s === 2 ? { offers: allOffered(2, { reportWrongSeat: [3] }) } : {}) }));
    const a = mountApp(withHand({ phase: 'setting', seats }));
    click(a.$('.felt [data-seat="2"]'));
    click(a.$('[data-testid=seat-actions][data-seat="2"] [data-testid=wrong-seat-3]'));
    const question = a.$('#confirm-question')!;
    expect(question.textContent).toMatch(/^Record that seat 2 \(East\) holds the hand dealt to seat 3 \(South\)\?/);
    a.settings.setLang('cs');
    flushSync();
    expect(question.textContent).toMatch(/^Zapsat, že místo 2 \(Východ\) drží ruku rozdanou místu 3 \(Jih\)\?/);
    expect(question.textContent).not.toMatch(/East|South/);
  });

  it('the floor\'s PIN dialog words its seat in Czech, question and button', () => {
    const a = mountApp(noted());
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toMatch(/the hand of seat 2 \(East\) .*plays as it lies\?$/);
    a.settings.setLang('cs');
    flushSync();
    expect(a.$('[data-testid=pin-question]')!.textContent).toMatch(/ruka místa 2 \(Východ\) .*hraje, jak leží\?$/);
    expect(a.$('[data-testid=pin-confirm]')!.textContent).toMatch(/^Uznat místo 2 \(Východ\), jak bylo ukázáno/);
    expect(a.$('[data-testid=pin-dialog]')!.textContent).not.toMatch(/East/);
  });
});
