// The floor's panel against the typed stand-in of the contract: reached from the dealer
// screen (button and key); every action signed at the moment of use with a floor person's
// staff id and PIN in the PIN dialog (refused in words without a reason, by the contract's own
// argument checks; a wrong PIN refused in words, the PIN never kept), the irregularities worded
// and ruled on, a seat fouled or its hand replaced by touch, a note, a void (with a second
// floor person once chips have moved: the two-person rule, and the chips to move back),
// alerts acknowledged with a floor PIN; the recall, replays and access log read by a floor
// person or an auditor signed in on the screen, who is signed out when the panel closes.
import { describe, expect, it } from 'vitest';
import type { AccessLogView, RecallView, ReplayView } from '../../../app/contract/floor';
import type { RequestName } from '../../../app/contract/handlers';
import { flushSync } from 'svelte';
import { validateArgs } from '../../../app/contract/validate';
import type { HandView, IrregularityView } from '../../../app/contract/view';
import { makeCard } from '../../../app/domain/cards';
import { fail, ok, type Result } from '../../../app/domain/result';
import { alertView, baseView, click, EVA, handSeat, handView, kept, mountApp, person, press, sessionView, settle, type } from './fake-terminal';

/** Answers like the terminal's dispatch: the contract's argument checks first, then `reply`. */
function checked(name: RequestName, reply: (args: Record<string, unknown>) => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply(v.value as Record<string, unknown>) : v;
  };
}

const JANA = { staffId: 'jana', pin: '112233' };
const PETR = { staffId: 'petr', pin: '445566' };

// Seat 1 (North, Ann) showed 2♥, a card dealt to seat 2.
const twoOfHearts = makeCard(0, 1);
const irregularity = (over: Partial<IrregularityView> = {}): IrregularityView => ({
  id: 1, seat: 1, kind: 'card-of-other-seat', cards: [twoOfHearts], dealtTo: [2], detail: 'shows cards dealt to another seat (2h to seat 2)',
  blocking: true, at: Date.UTC(2025, 0, 1, 20, 0, 0), resolution: null, rulings: over.resolution ? [] : ['accept', 'foul-seat'], ...over,
});
const seatCards = (seat: number) => Array.from({ length: 13 }, (_, r) => makeCard(r, (r + seat) % 4));
const irregularityAlert = alertView({ id: 7, kind: 'irregularity', code: 'card-of-other-seat', message: 'Hand T1-5, seat 1: shows cards dealt to another seat (2h to seat 2)' });
const showdown = (over: Partial<HandView> = {}) => baseView({
  hand: handView({
    id: 'T1-5', number: 5, phase: 'showdown', button: 4, cardsRead: 52,
    seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, ready: true, cards: seatCards(s), canReplace: true })),
    irregularities: [irregularity()],
    blockers: [{ code: 'irregularity-open', seat: 1, irregularity: 1, kind: 'card-of-other-seat', detail: 'shows cards dealt to another seat (2h to seat 2)', message: 'the floor must rule on irregularity 1 (seat 1)' }],
    ...over,
  }),
  // Every hand irregularity raises an alert only the floor clears; the Floor button counts them.
  alerts: [irregularityAlert],
});

function openFloor(a: ReturnType<typeof mountApp>, reason = 'camera shows the card came from seat 2') {
  click(a.$('[data-testid=open-floor]'));
  type(a.$('[data-testid=floor-reason]'), reason);
}

/** Types a staff id and, on the dialog's keypad, a PIN into the open PIN dialog; `second` types the second person's (by keyboard). */
function typePin(a: ReturnType<typeof mountApp>, who = JANA, second?: typeof JANA) {
  const dialog = a.$('[data-testid=pin-dialog]');
  if (!dialog) throw new Error('no PIN dialog is open');
  type(dialog.querySelector<HTMLElement>('[data-testid=pin-staff-id]'), who.staffId);
  for (const d of who.pin) click(dialog.querySelector<HTMLElement>(`[data-testid=pin-pin] [data-key="${d}"]`));
  if (second) {
    type(dialog.querySelector<HTMLElement>('[data-testid=pin-second-staff-id]'), second.staffId);
    type(dialog.querySelector<HTMLElement>('[data-testid=pin-second-pin-input]'), second.pin);
  }
}

/** Signs the open PIN dialog and lets the reply come back. */
async function signPin(a: ReturnType<typeof mountApp>, who = JANA, second?: typeof JANA) {
  typePin(a, who, second);
  click(a.$('[data-testid=pin-confirm]'));
  await settle();
}

/** Every PIN field on the screen is empty (a PIN is not kept after its request). */
function noPinShown(a: ReturnType<typeof mountApp>) {
  return a.$$('input[type=password]').every((i) => (i as HTMLInputElement).value === '');
}

describe('reaching the floor panel', () => {
  it('opens from the top bar (with the count of alerts only the floor clears) and with M; Esc closes it', () => {
    const a = mountApp(showdown());
    const button = a.$('[data-testid=open-floor]')!;
    expect(button.dataset.waiting).toBe('1');
    expect(button.textContent).toMatch(/Floor\s*M/);
    press('m');
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
    click(a.$('[data-testid=call-floor]'));
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
  });

  it('holds the dealer\'s keys while it is open', async () => {
    const a = mountApp(baseView({ hand: handView({ phase: 'closed' }) }));
    press('m');
    press('n');
    await settle();
    expect(a.fake.sent.map((s) => s.name)).not.toContain('startHand');
  });
});

describe('the PIN dialog', () => {
  it('asks a floor person\'s staff id and PIN for every action, masked and from a keypad, and sends them with the action', async () => {
    const a = mountApp(showdown());
    const ruled = showdown({ irregularities: [irregularity({ resolution: { ruling: 'accept', by: 'Jana Nováková', reason: 'camera shows the card came from seat 2' } })], blockers: [] });
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(ruled)));
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    // Nothing is sent before the floor person signs.
    expect(a.fake.actions()).toEqual([]);
    const dialog = a.$('[data-testid=pin-dialog]')!;
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Accept irregularity 1 as shown: the hand of seat 1 (North) Ann plays as it lies?');
    expect((a.$('[data-testid=pin-text]') as HTMLInputElement).value).toBe('camera shows the card came from seat 2');
    const pin = a.$('[data-testid=pin-pin-input]') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    expect(dialog.dataset.second).toBe('false');
    expect((a.$('[data-testid=pin-confirm]') as HTMLButtonElement).disabled).toBe(true);
    typePin(a);
    expect(pin.value).toBe('112233');
    // The keypad's clear and delete keys.
    click(a.$('[data-testid=pin-pin-back]'));
    expect(pin.value).toBe('11223');
    click(a.$('[data-testid=pin-pin-clear]'));
    expect(pin.value).toBe('');
    await signPin(a);
    expect(a.fake.actions()).toEqual([{
      name: 'floorCorrection',
      args: { floor: JANA, reason: 'camera shows the card came from seat 2', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' } },
    }]);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-ruling]')!.textContent).toBe('Accepted as shown by Jana Nováková: camera shows the card came from seat 2');
    // The reason is asked again for the next action; the PIN is gone with its request.
    expect((a.$('[data-testid=floor-reason]') as HTMLInputElement).value).toBe('');
    expect(a.store.pinAsk).toBeNull();
    expect(kept(a.store)).not.toContain('112233');
  });

  it('a wrong PIN is refused in words; the dialog stays with its PIN fields empty for another try', async () => {
    const a = mountApp(showdown());
    let tries = 0;
    a.fake.answers.set('floorCorrection', checked('floorCorrection', (args) => {
      tries++;
      const floor = args.floor as typeof JANA;
      return floor.pin === JANA.pin ? ok(showdown()) : fail('wrong-pin', 'wrong PIN for jana (1 in a row; 4 more lock jana out for 15 minutes)');
    }));
    openFloor(a);
    click(a.$('[data-testid=floor-seat][data-seat="3"] [data-testid=floor-foul-seat]'));
    await signPin(a, { staffId: 'jana', pin: '999999' });
    const refusal = a.$('[data-testid=pin-dialog] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('wrong-pin');
    expect(refusal.textContent).toMatch(/wrong PIN for jana \(1 in a row; 4 more lock jana out for 15 minutes\)/);
    expect(noPinShown(a)).toBe(true);
    expect((a.$('[data-testid=pin-staff-id]') as HTMLInputElement).value).toBe('jana');
    await signPin(a);
    expect(tries).toBe(2);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
  });

  it('words a refused PIN in Czech', async () => {
    const a = mountApp(showdown(), 'cs');
    a.fake.answers.set('floorCorrection', () => fail('wrong-pin', 'wrong PIN for jana (1 in a row; 4 more lock jana out for 15 minutes)'));
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    await signPin(a);
    expect(a.$('[data-testid=pin-dialog] [data-testid=refusal]')!.textContent).toMatch(/Špatný PIN\./);
  });

  it('without a reason the terminal refuses in words and records nothing; the reason can be given in the dialog', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown())));
    openFloor(a, '');
    click(a.$('[data-testid=floor-accept]'));
    await signPin(a);
    const refusal = a.$('[data-testid=pin-dialog] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('reason-needed');
    expect(refusal.textContent).toMatch(/reason/);
    type(a.$('[data-testid=pin-text]'), 'camera');
    expect((a.$('[data-testid=floor-reason]') as HTMLInputElement).value).toBe('camera');
    await signPin(a);
    expect(a.fake.actions().at(-1)!.args).toMatchObject({ floor: JANA, reason: 'camera' });
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
  });

  it('Esc or Cancel closes the dialog only, sending nothing; the panel stays', async () => {
    const a = mountApp(showdown());
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    typePin(a);
    a.$('[data-testid=pin-pin-input]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    flushSync();
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
    click(a.$('[data-testid=floor-accept]'));
    // A new dialog starts empty: the PIN typed before is gone.
    expect((a.$('[data-testid=pin-pin-input]') as HTMLInputElement).value).toBe('');
    click(a.$('[data-testid=pin-cancel]'));
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    press('Escape');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
    await settle();
    expect(a.fake.actions()).toEqual([]);
  });

  it('holds every key behind it but Escape', async () => {
    const a = mountApp(showdown());
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    (document.activeElement as HTMLElement | null)?.blur();
    press('e');
    press('1');
    await settle();
    expect(a.fake.actions()).toEqual([]);
    expect(a.$('[data-testid=pin-dialog]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
  });

  it('fills in the staff id of the floor person signed in on this screen', () => {
    const a = mountApp(showdown(), 'en', sessionView([EVA, person('floor-action', 'jana', 'Jana Nováková')]));
    openFloor(a);
    click(a.$('[data-testid=floor-accept]'));
    expect((a.$('[data-testid=pin-staff-id]') as HTMLInputElement).value).toBe('jana');
    expect((a.$('[data-testid=pin-pin-input]') as HTMLInputElement).value).toBe('');
  });
});

describe('the current hand', () => {
  it('lists the irregularity in words', () => {
    const a = mountApp(showdown());
    openFloor(a);
    const item = a.$('[data-testid=floor-irregularity]')!;
    expect(item.dataset.open).toBe('true');
    expect(item.textContent).toMatch(/Seat 1 \(North\) showed a card dealt to another seat: 2♥ to seat 2 \(East\)\./);
    expect(item.textContent).toMatch(/Settlement waits for the floor's ruling/);
  });

  it('in Czech, from the same parts', () => {
    const a = mountApp(showdown(), 'cs');
    click(a.$('[data-testid=open-floor]'));
    expect(a.$('[data-testid=floor-irregularity]')!.textContent).toMatch(/Místo 1 \(Sever\) ukázalo kartu rozdanou jinému místu: 2♥ místu 2 \(Východ\)\./);
  });

  it('fouls the irregular seat, naming the seat; signed with a floor PIN', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown({ irregularities: [irregularity({ resolution: { ruling: 'foul-seat', by: 'Jana', reason: 'x' } })] }))));
    openFloor(a, 'card from another seat');
    click(a.$('[data-testid=floor-foul-irregular]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Rule on irregularity 1: the hand of seat 1 (North) Ann is fouled?');
    expect(a.$('[data-testid=pin-confirm]')!.classList.contains('danger')).toBe(true);
    await signPin(a);
    expect(a.fake.actions().at(-1)!.args).toEqual({ floor: JANA, reason: 'card from another seat', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' } });
    expect(a.$('[data-testid=floor-ruling]')!.dataset.ruling).toBe('foul-seat');
  });

  it('fouls a seat without an irregularity; the felt shows the foul', async () => {
    const a = mountApp(showdown({ irregularities: [] }));
    const fouled = showdown({ irregularities: [], seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: seatCards(s), floorFoul: s === 3 ? { reason: 'mucked before read', irregularity: null } : null })) });
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(fouled)));
    openFloor(a, 'mucked before read');
    expect(a.$('[data-testid=floor-no-irregularities]')).not.toBeNull();
    click(a.$('[data-testid=floor-seat][data-seat="3"] [data-testid=floor-foul-seat]'));
    await signPin(a);
    expect(a.fake.actions().at(-1)!.args).toEqual({ floor: JANA, reason: 'mucked before read', action: { kind: 'foul-seat', seat: 3 } });
    expect(a.$('[data-testid=floor-seat][data-seat="3"] [data-testid=floor-fouled]')!.textContent).toBe('Fouled by the floor: mucked before read');
    expect(a.$('.felt [data-seat="3"] [data-testid=foul-marker]')).not.toBeNull();
  });

  it('offers what the terminal says the hand allows: replace per seat, rulings and void while open', () => {
    const view = showdown();
    const hand = view.hand!;
    const seats = hand.seats.map((s) => (s.seat === 2 ? { ...s, canReplace: false, offers: { ...s.offers, floorReplace: false } } : s));
    const a = mountApp({ ...view, hand: { ...hand, seats } });
    openFloor(a);
    expect(a.$$('[data-testid=floor-replace]').map((b) => b.closest<HTMLElement>('[data-testid=floor-seat]')!.dataset.seat)).toEqual(['1', '3', '4']);
    expect(a.$('[data-testid=floor-void]')).not.toBeNull();
    // Once the hand is over the terminal offers no ruling (the view's `rulings`, the fold's answer).
    a.fake.pushView({ ...view, hand: { ...hand, open: false, irregularities: hand.irregularities.map((i) => ({ ...i, rulings: [] })) } });
    flushSync();
    expect(a.$('[data-testid=floor-void]')).toBeNull();
    expect(a.$('[data-testid=floor-accept]')).toBeNull();
    expect(a.$('[data-testid=floor-replace]')).toBeNull();
  });

  it('replaces a seat\'s hand entered by touch, signed with a floor PIN', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown({ irregularities: [irregularity({ resolution: { ruling: 'hand-replaced', by: 'Jana', reason: 'misread' } })] }))));
    openFloor(a, 'misread');
    click(a.$('[data-testid=floor-seat][data-seat="1"] [data-testid=floor-replace]'));
    const dialog = a.$('[data-testid=tap-entry-dialog]')!;
    expect(dialog.textContent).toMatch(/Floor: enter the hand of seat 1 \(North\) into its rows/);
    for (const c of seatCards(1)) click(dialog.querySelector<HTMLElement>(`[data-testid=tap-remaining] [data-card="${c}"]`));
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Replace the hand of seat 1 (North) Ann with the rows entered?');
    await signPin(a);
    const cards = seatCards(1);
    expect(a.fake.actions().at(-1)).toEqual({
      name: 'floorCorrection',
      args: { floor: JANA, reason: 'misread', action: { kind: 'replace-hand', seat: 1, front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) } },
    });
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-ruling]')!.dataset.ruling).toBe('hand-replaced');
  });

  it('keeps the entry open with the terminal\'s refusal; Esc closes the dialog, then the entry, then the panel', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', () => fail('cannot-accept', 'Irregularity 1 cannot be accepted as it lies'));
    openFloor(a);
    click(a.$('[data-testid=floor-seat][data-seat="1"] [data-testid=floor-replace]'));
    for (const c of seatCards(1)) click(a.$(`[data-testid=tap-remaining] [data-card="${c}"]`));
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    await signPin(a);
    expect(a.$('[data-testid=tap-entry-dialog] [data-testid=refusal]')!.textContent).toMatch(/cannot be accepted/);
    (document.activeElement as HTMLElement | null)?.blur();
    press('Escape');
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=tap-entry-dialog]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
  });

  it('records the reason as a note on the hand shown, also once it is over', async () => {
    const closed = baseView({ hand: handView({ id: 'T1-4', number: 4, phase: 'closed' }) });
    const a = mountApp(closed);
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(closed)));
    openFloor(a, 'player disputes payment 2; video checked, paid right');
    expect(a.$('[data-testid=floor-void]')).toBeNull();
    click(a.$('[data-testid=floor-note]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Record the reason as a note on hand 4?');
    await signPin(a, PETR);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'floorCorrection', args: { floor: PETR, reason: 'player disputes payment 2; video checked, paid right', action: { kind: 'note' }, handId: 'T1-4' } });
  });
});

describe('voiding a hand', () => {
  it('before any payment: one floor person signs; the banner shows the void and its reason, no chips move', async () => {
    const a = mountApp(showdown());
    const voided = baseView({ hand: handView({ id: 'T1-5', number: 5, phase: 'voided', button: 4, voided: { by: 'Jana Nováková', second: null, reason: 'deck found short', returned: [] } }), button: 4 });
    a.fake.answers.set('voidHand', checked('voidHand', () => ok(voided)));
    openFloor(a, 'deck found short');
    expect(a.$('[data-testid=floor-void-hint]')!.textContent).toBe("Throws away the hand's play: no chips move and the button stays.");
    click(a.$('[data-testid=floor-void]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Void hand 5? All its play is thrown away, no chips move and the button stays at seat 4 (West).');
    expect(a.$('[data-testid=pin-dialog]')!.dataset.second).toBe('false');
    expect(a.$('[data-testid=pin-second]')).toBeNull();
    click(a.$('[data-testid=pin-cancel]'));
    await settle();
    expect(a.fake.actions()).toEqual([]);
    click(a.$('[data-testid=floor-void]'));
    await signPin(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'voidHand', args: { floor: JANA, reason: 'deck found short' } });
    press('Escape');
    const banner = a.$('[data-testid=void-banner]')!;
    expect(banner.textContent).toMatch(/HAND 5 VOID/);
    expect(a.$('[data-testid=void-reason]')!.textContent).toBe('Voided by the floor (Jana Nováková): deck found short');
    expect(banner.textContent).toMatch(/No chips moved\. .*the button stays at seat 4 \(West\)/);
    expect(a.$$('[data-testid=void-move-back]')).toEqual([]);
  });

  it('after a payment: a second, different floor person signs too (the two-person rule); the banner lists the chips to move back', async () => {
    const paying = showdown({ phase: 'paying', irregularities: [], voidNeedsSecondFloor: true });
    const a = mountApp(paying);
    const returned = [{ from: 3 as const, to: 2 as const, amount: 60000 }, { from: 4 as const, to: 2 as const, amount: 10000 }];
    const voided = baseView({ hand: handView({ id: 'T1-5', number: 5, phase: 'voided', button: 4, voided: { by: 'Jana Nováková', second: 'Petr Dvořák', reason: 'wrong profile', returned } }), button: 4 });
    a.fake.answers.set('voidHand', checked('voidHand', (args) => {
      if (!args.second) return fail('second-floor-needed', "1 payment already made: a void now needs a second floor person's PIN (the two-person rule), and the chips paid go back");
      if ((args.second as typeof JANA).staffId === (args.floor as typeof JANA).staffId) return fail('same-floor-person', 'voidHand: the second floor person must be someone other than jana');
      return ok(voided);
    }));
    openFloor(a, 'wrong profile');
    expect(a.$('[data-testid=floor-void-hint]')!.textContent).toMatch(/a second floor person signs too \(two-person rule\), and the chips paid go back/);
    click(a.$('[data-testid=floor-void]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toMatch(/^Void hand 5\? Payments have been made: the chips paid go back, and a second floor person must sign\./);
    expect(a.$('[data-testid=pin-dialog]')!.dataset.second).toBe('true');
    expect(a.$('[data-testid=pin-second-hint]')!.textContent).toMatch(/a second, different floor person must sign too/);
    // One person alone cannot sign it: the button waits for both.
    typePin(a);
    expect((a.$('[data-testid=pin-confirm]') as HTMLButtonElement).disabled).toBe(true);
    // The same person twice: refused in words by the terminal.
    await signPin(a, JANA, JANA);
    expect(a.$('[data-testid=pin-dialog] [data-testid=refusal]')!.dataset.code).toBe('same-floor-person');
    expect(noPinShown(a)).toBe(true);
    await signPin(a, JANA, PETR);
    expect(a.fake.actions().filter((s) => s.name === 'voidHand').at(-1)).toEqual({ name: 'voidHand', args: { floor: JANA, second: PETR, reason: 'wrong profile' } });
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    press('Escape');
    const lines = a.$$('[data-testid=void-move-back]');
    expect(lines.map((l) => l.textContent!.trim())).toEqual([
      expect.stringMatching(/^CZK\s?600 from seat 2 \(East\) back to seat 3 \(South\)$/),
      expect.stringMatching(/^CZK\s?100 from seat 2 \(East\) back to seat 4 \(West\)$/),
    ]);
    expect(a.$('[data-testid=void-banner]')!.textContent).toMatch(/Move these chips back:/);
    expect(a.$('[data-testid=void-reason]')!.textContent).toBe('Voided by the floor (Jana Nováková and Petr Dvořák): wrong profile');
  });

  it('asks for the second person when the terminal says a payment was just made', async () => {
    const a = mountApp(showdown({ phase: 'paying', irregularities: [] }));
    a.fake.answers.set('voidHand', checked('voidHand', (args) => (args.second ? ok(baseView()) : fail('second-floor-needed', '1 payment already made: a void now needs a second floor person\'s PIN'))));
    openFloor(a, 'dispute');
    click(a.$('[data-testid=floor-void]'));
    expect(a.$('[data-testid=pin-second]')).toBeNull();
    await signPin(a);
    expect(a.$('[data-testid=pin-dialog] [data-testid=refusal]')!.dataset.code).toBe('second-floor-needed');
    expect(a.$('[data-testid=pin-second]')).not.toBeNull();
    await signPin(a, JANA, PETR);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
  });

  it('in Czech', () => {
    const returned = [{ from: 3 as const, to: 2 as const, amount: 60000 }];
    const a = mountApp(baseView({ hand: handView({ number: 5, phase: 'voided', button: 4, voided: { by: 'Jana', second: 'Petr', reason: 'x', returned } }) }), 'cs');
    expect(a.$('[data-testid=void-move-back]')!.textContent!.replace(/\s/g, ' ')).toMatch(/^ *600 Kč z místa 2 \(Východ\) zpět na místo 3 \(Jih\) *$/);
  });
});

describe('alerts', () => {
  it('acknowledges an alert with a floor PIN and the note typed for it', async () => {
    const a = mountApp(baseView({ alerts: [irregularityAlert] }));
    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => ok(baseView())));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-alerts]'));
    expect(a.$('[data-testid=floor-alert]')!.textContent).toMatch(/shows cards dealt to another seat/);
    type(a.$('[data-testid=floor-ack-note]'), 'seen on camera');
    click(a.$('[data-testid=floor-ack]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Acknowledge alert 7: Hand T1-5, seat 1: shows cards dealt to another seat (2♥ to seat 2)');
    expect((a.$('[data-testid=pin-text]') as HTMLInputElement).value).toBe('seen on camera');
    await signPin(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'floorAcknowledgeAlert', args: { id: 7, floor: JANA, note: 'seen on camera' } });
    expect(a.$('[data-testid=floor-no-alerts]')).not.toBeNull();
  });

  it('the note typed for an alert stays while its acknowledgement is refused, and is gone once it is made', async () => {
    // The answer after the acknowledgement still lists the alert (as a view of another moment
    // could): the note typed for it must not come back with it.
    let refuse = true;
    const a = mountApp(baseView({ alerts: [irregularityAlert] }));
    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => (refuse
      ? fail('wrong-pin', 'wrong PIN for jana (1 in a row; 4 more lock jana out for 15 minutes)')
      : ok(baseView({ alerts: [irregularityAlert] })))));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-alerts]'));
    type(a.$('[data-testid=floor-ack-note]'), 'seen on camera');
    click(a.$('[data-testid=floor-ack]'));
    await signPin(a);
    expect(a.$('[data-testid=pin-dialog] [data-testid=refusal]')!.dataset.code).toBe('wrong-pin');
    click(a.$('[data-testid=pin-cancel]'));
    await settle();
    expect((a.$('[data-testid=floor-ack-note]') as HTMLInputElement).value).toBe('seen on camera');
    refuse = false;
    click(a.$('[data-testid=floor-ack]'));
    expect((a.$('[data-testid=pin-text]') as HTMLInputElement).value).toBe('seen on camera');
    await signPin(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'floorAcknowledgeAlert', args: { id: 7, floor: JANA, note: 'seen on camera' } });
    expect((a.$('[data-testid=floor-ack-note]') as HTMLInputElement).value).toBe('');
  });

  it('the note is optional', async () => {
    const a = mountApp(baseView({ alerts: [alertView({ id: 3 })] }));
    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => ok(baseView())));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-alerts]'));
    click(a.$('[data-testid=floor-ack]'));
    await signPin(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'floorAcknowledgeAlert', args: { id: 3, floor: JANA } });
  });
});

describe('reading the history', () => {
  const accessLog: AccessLogView = {
    more: false,
    entries: [
      { row: 3, at: '2025-01-01T20:00:00.000Z', tableId: 'T1', handId: null, type: 'staff-signed-in', by: 'staff:eva', person: 'eva', purpose: 'take-box', what: 'signed in', why: null },
      { row: 9, at: '2025-01-01T20:05:00.000Z', tableId: 'T1', handId: null, type: 'staff-sign-in-failed', by: 'staff:jana', person: 'jana', purpose: 'floor-action', what: 'sign-in refused: wrong-pin (1 in a row)', why: null },
      { row: 12, at: '2025-01-01T20:06:00.000Z', tableId: 'T1', handId: 'T1-5', type: 'floor-correction', by: 'floor:Jana Nováková', person: 'jana', purpose: null, what: 'foul seat 1', why: 'a card of the dead hand' },
    ],
  };

  it('asks a floor person or an auditor to sign in first, then reads; closing the panel signs him out', async () => {
    const a = mountApp(baseView());
    const jana = person('floor-action', 'jana', 'Jana Nováková');
    a.fake.answers.set('signIn', checked('signIn', () => ok(sessionView([EVA, jana]))));
    a.fake.answers.set('recall', () => ok(recall));
    a.fake.answers.set('signOut', checked('signOut', () => ok(sessionView([EVA]))));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-recall]'));
    await settle();
    // Nothing is read before someone signs in.
    expect(a.fake.actions()).toEqual([]);
    expect(a.$('[data-testid=recall-list]')).toBeNull();
    type(a.$('[data-testid=reader-staff-id]'), 'jana');
    type(a.$('[data-testid=reader-pin-input]'), '112233');
    click(a.$('[data-testid=reader-sign-in-floor]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'signIn', args: { person: JANA, purpose: 'floor-action' } }, { name: 'recall', args: {} }]);
    expect(a.$$('[data-testid=recall-hand]')).toHaveLength(3);
    expect(a.$('[data-testid=floor-reader]')!.textContent).toMatch(/Reading: Jana Nováková \(floor\)/);
    expect(noPinShown(a)).toBe(true);
    press('Escape');
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'signOut', args: { purpose: 'floor-action' } });
    expect(a.store.session!.people.map((p) => p.purpose)).toEqual(['take-box']);
  });

  it('an auditor signs in for audit; a refusal shows in words', async () => {
    const a = mountApp(baseView());
    a.fake.answers.set('signIn', checked('signIn', (args) => ((args.person as typeof JANA).staffId === 'olga' ? ok(sessionView([EVA, person('audit', 'olga', 'Olga')])) : fail('not-allowed', 'eva does not hold the role auditor'))));
    a.fake.answers.set('accessLog', () => ok(accessLog));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-access]'));
    type(a.$('[data-testid=reader-staff-id]'), 'eva');
    type(a.$('[data-testid=reader-pin-input]'), '135791');
    click(a.$('[data-testid=reader-sign-in-audit]'));
    await settle();
    expect(a.$('[data-testid=reader-sign-in] [data-testid=refusal]')!.textContent).toMatch(/does not hold the role auditor/);
    type(a.$('[data-testid=reader-staff-id]'), 'olga');
    type(a.$('[data-testid=reader-pin-input]'), '778899');
    click(a.$('[data-testid=reader-sign-in-audit]'));
    await settle();
    expect(a.fake.actions().filter((s) => s.name === 'signIn').at(-1)).toEqual({ name: 'signIn', args: { person: { staffId: 'olga', pin: '778899' }, purpose: 'audit' } });
    expect(a.fake.actions().at(-1)).toEqual({ name: 'accessLog', args: {} });
  });

  it('shows the access log, the newest first: when, who, what and why', async () => {
    const a = mountApp(baseView(), 'en', sessionView([EVA, person('audit', 'olga', 'Olga')]));
    a.fake.answers.set('accessLog', () => ok(accessLog));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-access]'));
    await settle();
    const rows = a.$$('[data-testid=access-entry]');
    expect(rows.map((r) => `${r.dataset.row}:${r.dataset.type}:${r.dataset.person}`)).toEqual(['12:floor-correction:jana', '9:staff-sign-in-failed:jana', '3:staff-signed-in:eva']);
    expect(rows[0].textContent).toMatch(/jana\s*Floor correction foul seat 1\s*a card of the dead hand/);
    expect(rows[1].textContent).toMatch(/Sign-in refused sign-in refused: wrong-pin \(1 in a row\)/);
    expect(a.$('[data-testid=access-more]')).toBeNull();
    // Read-only: nothing but reads was sent.
    expect(a.fake.actions().map((s) => s.name)).toEqual(['accessLog']);
  });

  it('words the access log\'s kinds in Czech', async () => {
    const a = mountApp(baseView(), 'cs', sessionView([EVA, person('audit', 'olga', 'Olga')]));
    a.fake.answers.set('accessLog', () => ok({ ...accessLog, more: true }));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-access]'));
    await settle();
    expect(a.$$('[data-testid=access-entry]')[1].textContent).toMatch(/Přihlášení odmítnuto/);
    expect(a.$('[data-testid=access-more]')!.textContent).toMatch(/table access-log/);
  });
});

// ------------------------------------------------------------------ recall

const t0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const recall: RecallView = {
  tableId: 'T1',
  hands: [
    { handId: 'T1-3', number: 3, startedAt: t0 + 600_000, endedAt: t0 + 660_000, outcome: 'void', phase: 'voided', button: 2, dealer: 'Eva', misdealCause: null, voidReason: 'deck found short', seats: [], payments: 0, events: 20 },
    { handId: 'T1-2', number: 2, startedAt: t0 + 300_000, endedAt: t0 + 310_000, outcome: 'misdeal', phase: 'misdealt', button: 2, dealer: 'Eva', misdealCause: 'card-read-twice', voidReason: null, seats: [], payments: 0, events: 14 },
    {
      handId: 'T1-1', number: 1, startedAt: t0, endedAt: t0 + 200_000, outcome: 'played', phase: 'closed', button: 1, dealer: 'Eva', misdealCause: null, voidReason: null,
      seats: [
        { seat: 1, player: 'Ann', stackBefore: 200000, points: 6, net: 60000, fouled: false, surrendered: false, natural: null },
        { seat: 2, player: 'Bob', stackBefore: 200000, points: -6, net: -60000, fouled: true, surrendered: false, natural: null },
      ],
      payments: 1, events: 60,
    },
  ],
};
const after = (over: Partial<ReplayView['steps'][number]['after']> = {}) => ({
  phase: 'dealing' as const, cardsRead: 0, dealt: [0, 0, 0, 0], playing: 2, seatsDone: 0, paymentsMade: 0, paymentsTotal: 0, irregularities: 0, irregularitiesOpen: 0, ...over,
});
const replay: ReplayView = {
  handId: 'T1-1', number: 1, button: 1,
  steps: [
    { index: 0, eventId: 10, at: t0, by: { kind: 'dealer' }, event: { type: 'hand-started', number: 1, button: 1, players: [{ seat: 1, name: 'Ann', stack: 200000 }, { seat: 2, name: 'Bob', stack: 200000 }] }, after: after() },
    { index: 1, eventId: 11, at: t0 + 1000, by: { kind: 'device' }, event: { type: 'card-dealt', card: makeCard(12, 0), seat: 2, seq: 0 }, after: after({ cardsRead: 1, dealt: [0, 1, 0, 0] }) },
    { index: 2, eventId: 12, at: t0 + 60_000, by: { kind: 'floor', name: 'Jana' }, event: { type: 'floor-correction', reason: 'mucked before read', action: { kind: 'foul-seat', seat: 2 }, words: null }, after: after({ phase: 'showdown', cardsRead: 52, dealt: [13, 13, 13, 13], seatsDone: 2 }) },
    { index: 3, eventId: 13, at: t0 + 70_000, by: { kind: 'dealer' }, event: { type: 'settled', payments: 1, net: [{ seat: 2, net: -60000 }, { seat: 1, net: 60000 }] }, after: after({ phase: 'paying', cardsRead: 52, dealt: [13, 13, 13, 13], seatsDone: 2, paymentsTotal: 1 }) },
  ],
};

/** A floor person signed in on the screen to read the history. */
const reading = sessionView([EVA, person('floor-action', 'jana', 'Jana Nováková')]);

describe('recall', () => {
  it('lists the table\'s last hands with time, outcome, button and chips, and replays one step by step, read-only', async () => {
    const a = mountApp(baseView(), 'en', reading);
    a.fake.answers.set('recall', () => ok(recall));
    a.fake.answers.set('replayHand', (args) => ((args as { handId: string }).handId === 'T1-1' ? ok(replay) : fail('unknown-hand', 'no such hand')));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-recall]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'recall', args: {} });
    const rows = a.$$('[data-testid=recall-hand]');
    expect(rows.map((r) => `${r.dataset.number}:${r.dataset.outcome}:${r.dataset.button}`)).toEqual(['3:void:2', '2:misdeal:2', '1:played:1']);
    expect(rows[0].textContent).toMatch(/Void: deck found short/);
    expect(rows[1].textContent).toMatch(/Misdeal: A card was read twice\./);
    expect(rows[2].textContent).toMatch(/1 Ann \+CZK\s?600/);
    expect(rows[2].textContent).toMatch(/2 Bob -CZK\s?600/);

    click(rows[2].querySelector<HTMLElement>('[data-testid=recall-replay]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'replayHand', args: { handId: 'T1-1' } });
    const steps = a.$$('[data-testid=replay-step]');
    expect(steps.map((s) => s.dataset.type)).toEqual(['hand-started', 'card-dealt', 'floor-correction', 'settled']);
    expect(steps[0].textContent).toMatch(/Hand 1 started, button at seat 1 \(North\): Ann at seat 1 with CZK\s?2,000, Bob at seat 2 with CZK\s?2,000/);
    expect(steps[1].textContent).toMatch(/A♠ dealt to seat 2 \(East\)/);
    expect(steps[2].textContent).toMatch(/Floor: Jana.*Hand of seat 2 \(East\) ruled fouled\. Reason: mucked before read/);
    expect(a.$('[data-testid=replay]')!.dataset.step).toBe('0');
    expect(a.$('[data-testid=replay-state]')!.dataset.phase).toBe('dealing');

    click(a.$('[data-testid=replay-next]'));
    expect(a.$('[data-testid=replay-what]')!.textContent).toMatch(/A♠ dealt to seat 2/);
    expect(a.$('[data-testid=replay-state-cardsRead]')!.textContent).toBe('1 of 52');
    expect(a.$('[data-testid=replay-state-dealt]')!.textContent).toBe('0 · 1 · 0 · 0');
    press('ArrowRight');
    press('ArrowRight');
    expect(a.$('[data-testid=replay-state]')!.dataset.phase).toBe('paying');
    expect(a.$('[data-testid=replay-what]')!.textContent).toMatch(/Settled: 1 payment\. seat 2 -CZK\s?600, seat 1 \+CZK\s?600/);
    expect(a.$('[data-testid=replay-state-payments]')!.textContent).toBe('0 of 1');
    expect((a.$('[data-testid=replay-next]') as HTMLButtonElement).disabled).toBe(true);
    press('ArrowRight');
    expect(a.$('[data-testid=replay]')!.dataset.step).toBe('3');
    press('ArrowLeft');
    expect(a.$('[data-testid=replay]')!.dataset.step).toBe('2');
    click(a.$('[data-testid=replay-first]'));
    expect(a.$('[data-testid=replay]')!.dataset.step).toBe('0');
    // Nothing but reads was sent: a replay changes nothing.
    expect(a.fake.actions().map((s) => s.name)).toEqual(['recall', 'replayHand']);
    // Esc: back to the list, then the panel closes.
    press('Escape');
    expect(a.$('[data-testid=recall-list]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
  });

  it('words the replay in Czech', async () => {
    const a = mountApp(baseView(), 'cs', reading);
    a.fake.answers.set('recall', () => ok(recall));
    a.fake.answers.set('replayHand', () => ok(replay));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-recall]'));
    await settle();
    expect(a.$$('[data-testid=recall-hand]')[1].textContent).toMatch(/Chybné rozdání: Karta byla přečtena dvakrát\./);
    click(a.$$('[data-testid=recall-replay]')[2]);
    await settle();
    const steps = a.$$('[data-testid=replay-step]');
    expect(steps[1].textContent).toMatch(/A♠ rozdána na místo 2 \(Východ\)/);
    expect(steps[2].textContent).toMatch(/Ruka místa 2 \(Východ\) prohlášena za faul\. Důvod: mucked before read/);
    expect(a.$('[data-testid=replay-state]')!.textContent).toMatch(/Fáze\s*Rozdávání/);
  });

  it('shows a refused replay in words', async () => {
    const a = mountApp(baseView(), 'en', reading);
    a.fake.answers.set('recall', () => ok(recall));
    a.fake.answers.set('replayHand', () => fail('replay-failed', 'hand T1-2, event 3 (card-dealt, log row 40): bad card'));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-recall]'));
    await settle();
    click(a.$$('[data-testid=recall-replay]')[1]);
    await settle();
    expect(a.$('[data-testid=replay]')).toBeNull();
    expect(a.$('[data-testid=floor-panel] [data-testid=refusal]')!.textContent).toMatch(/log row 40/);
  });
});
