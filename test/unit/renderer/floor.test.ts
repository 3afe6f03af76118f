// The floor manager's panel against the typed stand-in of the contract: reached from the
// dealer screen (button and key), every action signed by name with a reason (refused in
// words without them, by the contract's own argument checks), the irregularities worded and
// ruled on, a seat fouled or its hand replaced by touch, a note, a void behind a question,
// alerts acknowledged in the floor's name, and the recall replayed step by step, read-only.
import { describe, expect, it } from 'vitest';
import type { RecallView, ReplayView } from '../../../app/contract/floor';
import type { RequestName } from '../../../app/contract/handlers';
import { flushSync } from 'svelte';
import { validateArgs } from '../../../app/contract/validate';
import type { HandView, IrregularityView } from '../../../app/contract/view';
import { makeCard } from '../../../app/domain/cards';
import { fail, ok, type Result } from '../../../app/domain/result';
import { baseView, click, handSeat, handView, mountApp, press, settle, type } from './fake-terminal';

/** Answers like the terminal's dispatch: the contract's argument checks first, then `view`. */
function checked(name: RequestName, reply: () => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply() : v;
  };
}

// Seat 1 (North, Ann) showed 2♥, a card dealt to seat 2.
const twoOfHearts = makeCard(0, 1);
const irregularity = (over: Partial<IrregularityView> = {}): IrregularityView => ({
  id: 1, seat: 1, kind: 'card-of-other-seat', cards: [twoOfHearts], dealtTo: [2], detail: 'shows cards dealt to another seat (2h to seat 2)',
  blocking: true, at: Date.UTC(2025, 0, 1, 20, 0, 0), resolution: null, ...over,
});
const seatCards = (seat: number) => Array.from({ length: 13 }, (_, r) => makeCard(r, (r + seat) % 4));
const showdown = (over: Partial<HandView> = {}) => baseView({
  hand: handView({
    id: 'T1-5', number: 5, phase: 'showdown', button: 4, cardsRead: 52,
    seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, ready: true, cards: seatCards(s), canReplace: true })),
    irregularities: [irregularity()],
    blockers: [{ code: 'blocker', message: 'the floor must rule on irregularity 1 (seat 1)' }],
    ...over,
  }),
  // Every hand irregularity raises an alert; the Floor button counts those not acknowledged.
  alerts: [{ id: 7, kind: 'irregularity', code: 'card-of-other-seat', message: 'Hand T1-5, seat 1: shows cards dealt to another seat (2h to seat 2)', raisedAt: Date.UTC(2025, 0, 1, 20, 0, 0) }],
});

function openFloor(a: ReturnType<typeof mountApp>, name = 'Jana', reason = 'camera shows the card came from seat 2') {
  click(a.$('[data-testid=open-floor]'));
  type(a.$('[data-testid=floor-name]'), name);
  type(a.$('[data-testid=floor-reason]'), reason);
}

describe('reaching the floor panel', () => {
  it('opens from the top bar (with the count of rulings waiting) and with M; Esc closes it', () => {
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

  it('refuses an action without a name or without a reason, in words, and sends nothing that changes the hand', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown())));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-accept]'));
    await settle();
    let refusal = a.$('[data-testid=floor-panel] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('name-needed');
    expect(refusal.textContent).toMatch(/floor manager's name/);
    type(a.$('[data-testid=floor-name]'), 'Jana');
    click(a.$('[data-testid=floor-accept]'));
    await settle();
    refusal = a.$('[data-testid=floor-panel] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('reason-needed');
    // No question is asked for an unsigned foul either: the refusal comes at once.
    click(a.$('[data-testid=floor-foul-irregular]'));
    await settle();
    expect(a.$('[data-testid=confirm-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-panel] [data-testid=refusal]')!.dataset.code).toBe('reason-needed');
  });

  it('words the refusals in Czech', async () => {
    const a = mountApp(showdown(), 'cs');
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown())));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-accept]'));
    await settle();
    expect(a.$('[data-testid=floor-panel] [data-testid=refusal]')!.textContent).toMatch(/zadejte jméno/);
  });
});

describe('the current hand', () => {
  it('lists the irregularity in words and accepts the card as shown, in the floor\'s name with the reason', async () => {
    const a = mountApp(showdown());
    const ruled = showdown({ irregularities: [irregularity({ resolution: { ruling: 'accept', by: 'Jana', reason: 'camera shows the card came from seat 2' } })], blockers: [] });
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(ruled)));
    openFloor(a);
    const item = a.$('[data-testid=floor-irregularity]')!;
    expect(item.dataset.open).toBe('true');
    expect(item.textContent).toMatch(/Seat 1 \(North\) showed a card dealt to another seat: 2♥ to seat 2 \(East\)\./);
    expect(item.textContent).toMatch(/Settlement waits for the floor's ruling/);
    click(a.$('[data-testid=floor-accept]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({
      name: 'floorCorrection',
      args: { floor: 'Jana', reason: 'camera shows the card came from seat 2', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' } },
    });
    expect(a.$('[data-testid=floor-ruling]')!.textContent).toBe('Accepted as shown by Jana: camera shows the card came from seat 2');
    // The name stays for the next action; the reason is asked again.
    expect((a.$('[data-testid=floor-name]') as HTMLInputElement).value).toBe('Jana');
    expect((a.$('[data-testid=floor-reason]') as HTMLInputElement).value).toBe('');
    // The irregularity's alert still waits for the floor's acknowledgement.
    expect(a.$('[data-testid=open-floor]')!.dataset.waiting).toBe('1');
  });

  it('in Czech, from the same parts', () => {
    const a = mountApp(showdown(), 'cs');
    click(a.$('[data-testid=open-floor]'));
    expect(a.$('[data-testid=floor-irregularity]')!.textContent).toMatch(/Místo 1 \(Sever\) ukázalo kartu rozdanou jinému místu: 2♥ místu 2 \(Východ\)\./);
  });

  it('fouls the irregular seat after asking, naming the floor, the seat and the reason', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown({ irregularities: [irregularity({ resolution: { ruling: 'foul-seat', by: 'Jana', reason: 'x' } })] }))));
    openFloor(a, 'Jana', 'card from another seat');
    click(a.$('[data-testid=floor-foul-irregular]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Jana: rule on irregularity 1: the hand of seat 1 \(North\) Ann is fouled\? Reason: card from another seat/);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)!.args).toEqual({ floor: 'Jana', reason: 'card from another seat', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' } });
    expect(a.$('[data-testid=floor-ruling]')!.dataset.ruling).toBe('foul-seat');
  });

  it('fouls a seat without an irregularity; the felt shows the foul', async () => {
    const a = mountApp(showdown({ irregularities: [] }));
    const fouled = showdown({ irregularities: [], seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: seatCards(s), floorFoul: s === 3 ? { reason: 'mucked before read', irregularity: null } : null })) });
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(fouled)));
    openFloor(a, 'Jana', 'mucked before read');
    expect(a.$('[data-testid=floor-no-irregularities]')).not.toBeNull();
    click(a.$('[data-testid=floor-seat][data-seat="3"] [data-testid=floor-foul-seat]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)!.args).toEqual({ floor: 'Jana', reason: 'mucked before read', action: { kind: 'foul-seat', seat: 3 } });
    expect(a.$('[data-testid=floor-seat][data-seat="3"] [data-testid=floor-fouled]')!.textContent).toBe('Fouled by the floor: mucked before read');
    expect(a.$('.felt [data-seat="3"] [data-testid=foul-marker]')).not.toBeNull();
  });

  it('offers what the terminal says the hand allows: replace per seat, rulings and void while open', () => {
    const view = showdown();
    const hand = view.hand!;
    const seats = hand.seats.map((s) => (s.seat === 2 ? { ...s, canReplace: false } : s));
    const a = mountApp({ ...view, hand: { ...hand, seats } });
    openFloor(a);
    expect(a.$$('[data-testid=floor-replace]').map((b) => b.closest<HTMLElement>('[data-testid=floor-seat]')!.dataset.seat)).toEqual(['1', '3', '4']);
    expect(a.$('[data-testid=floor-void]')).not.toBeNull();
    a.fake.pushView({ ...view, hand: { ...hand, open: false } });
    flushSync();
    expect(a.$('[data-testid=floor-void]')).toBeNull();
    expect(a.$('[data-testid=floor-accept]')).toBeNull();
    expect(a.$('[data-testid=floor-replace]')).toBeNull();
  });

  it('replaces a seat\'s hand entered by touch', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(showdown({ irregularities: [irregularity({ resolution: { ruling: 'hand-replaced', by: 'Jana', reason: 'misread' } })] }))));
    openFloor(a, 'Jana', 'misread');
    click(a.$('[data-testid=floor-seat][data-seat="1"] [data-testid=floor-replace]'));
    const dialog = a.$('[data-testid=tap-entry-dialog]')!;
    expect(dialog.textContent).toMatch(/Floor: enter the hand of seat 1 \(North\) into its rows/);
    for (const c of seatCards(1)) click(dialog.querySelector<HTMLElement>(`[data-testid=tap-remaining] [data-card="${c}"]`));
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    const cards = seatCards(1);
    expect(a.fake.sent.at(-1)).toEqual({
      name: 'floorCorrection',
      args: { floor: 'Jana', reason: 'misread', action: { kind: 'replace-hand', seat: 1, front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) } },
    });
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-ruling]')!.dataset.ruling).toBe('hand-replaced');
  });

  it('keeps the entry open with the terminal\'s refusal; Esc closes the entry first, then the panel', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('floorCorrection', () => fail('cannot-accept', 'Irregularity 1 cannot be accepted as it lies'));
    openFloor(a);
    click(a.$('[data-testid=floor-seat][data-seat="1"] [data-testid=floor-replace]'));
    for (const c of seatCards(1)) click(a.$(`[data-testid=tap-remaining] [data-card="${c}"]`));
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    expect(a.$('[data-testid=tap-entry-dialog] [data-testid=refusal]')!.textContent).toMatch(/cannot be accepted/);
    press('Escape');
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.$('[data-testid=floor-panel]')).not.toBeNull();
  });

  it('records the reason as a note on the hand shown, also once it is over', async () => {
    const closed = baseView({ hand: handView({ id: 'T1-4', number: 4, phase: 'closed' }) });
    const a = mountApp(closed);
    a.fake.answers.set('floorCorrection', checked('floorCorrection', () => ok(closed)));
    openFloor(a, 'Petr', 'player disputes payment 2; video checked, paid right');
    expect(a.$('[data-testid=floor-void]')).toBeNull();
    click(a.$('[data-testid=floor-note]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'floorCorrection', args: { floor: 'Petr', reason: 'player disputes payment 2; video checked, paid right', action: { kind: 'note' }, handId: 'T1-4' } });
  });

  it('voids the hand only after a question; shows the void and its reason; a refusal says why', async () => {
    const a = mountApp(showdown());
    const voided = baseView({ hand: handView({ id: 'T1-5', number: 5, phase: 'voided', button: 4, voided: { by: 'Jana', reason: 'deck found short' } }), button: 4 });
    a.fake.answers.set('voidHand', checked('voidHand', () => ok(voided)));
    openFloor(a, 'Jana', 'deck found short');
    click(a.$('[data-testid=floor-void]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Jana: void hand 5\? All its play is thrown away, no chips move and the button stays at seat 4 \(West\)\. Reason: deck found short/);
    click(a.$('[data-testid=confirm-no]'));
    await settle();
    expect(a.fake.sent.filter((s) => s.name === 'voidHand')).toEqual([]);
    click(a.$('[data-testid=floor-void]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'voidHand', args: { floor: 'Jana', reason: 'deck found short' } });
    press('Escape');
    const banner = a.$('[data-testid=void-banner]')!;
    expect(banner.textContent).toMatch(/HAND 5 VOID/);
    expect(a.$('[data-testid=void-reason]')!.textContent).toBe('Voided by the floor (Jana): deck found short');
    expect(banner.textContent).toMatch(/the button stays at seat 4 \(West\)/);
  });

  it('shows the service\'s reason when chips have moved', async () => {
    const paying = showdown({ phase: 'paying', irregularities: [] });
    const a = mountApp(paying);
    a.fake.answers.set('voidHand', () => fail('chips-moved', 'The hand cannot be voided: 1 payment already made; finish the payments and correct them'));
    openFloor(a, 'Jana', 'dispute');
    click(a.$('[data-testid=floor-void]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    const refusal = a.$('[data-testid=floor-panel] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('chips-moved');
    expect(refusal.textContent).toMatch(/1 payment already made/);
  });
});

describe('alerts', () => {
  it('acknowledges an alert in the floor\'s name with the note typed for it', async () => {
    const alerts = [{ id: 7, kind: 'irregularity', code: 'card-of-other-seat', message: 'Hand T1-5, seat 1: shows cards dealt to another seat (2h to seat 2)', raisedAt: Date.UTC(2025, 0, 1, 20, 0, 0) }];
    const a = mountApp(baseView({ alerts }));
    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => ok(baseView())));
    openFloor(a, 'Jana', '');
    click(a.$('[data-testid=floor-tab-alerts]'));
    expect(a.$('[data-testid=floor-alert]')!.textContent).toMatch(/shows cards dealt to another seat/);
    type(a.$('[data-testid=floor-ack-note]'), 'seen on camera');
    click(a.$('[data-testid=floor-ack]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'floorAcknowledgeAlert', args: { id: 7, floor: 'Jana', note: 'seen on camera' } });
    expect(a.$('[data-testid=floor-no-alerts]')).not.toBeNull();
  });

  it('a double tap acknowledges one alert, not the one that moves up under the finger', async () => {
    const at = Date.UTC(2025, 0, 1, 20, 0, 0);
    const alerts = [7, 8].map((id) => ({ id, kind: 'device-fault', code: 'jam', message: `Card shoe: jam ${id}`, raisedAt: at }));
    const a = mountApp(baseView({ alerts }));
    a.fake.answers.set('floorAcknowledgeAlert', (args) => {
      const v = validateArgs('floorAcknowledgeAlert', args);
      if (!v.ok) return v;
      const id = (args as { id: number }).id;
      a.fake.view = baseView({ alerts: a.fake.view.alerts.filter((x) => x.id !== id) });
      return ok(a.fake.view);
    });
    openFloor(a, 'Jana', '');
    click(a.$('[data-testid=floor-tab-alerts]'));
    click(a.$('[data-testid=floor-ack]'));
    await settle();
    expect(a.$$('[data-testid=floor-alert]').map((e) => e.dataset.id)).toEqual(['8']);
    click(a.$('[data-testid=floor-ack]')); // the same spot: now alert 8's button
    await settle();
    expect(a.fake.sent.filter((x) => x.name === 'floorAcknowledgeAlert')).toEqual([{ name: 'floorAcknowledgeAlert', args: { id: 7, floor: 'Jana' } }]);
    expect(a.$$('[data-testid=floor-alert]').map((e) => e.dataset.id)).toEqual(['8']);
  });

  it('the note is optional, the name is not', async () => {
    const alerts = [{ id: 3, kind: 'device-fault', code: 'jam', message: 'Card shoe: jam', raisedAt: 0 }];
    const a = mountApp(baseView({ alerts }));
    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => ok(baseView())));
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-alerts]'));
    click(a.$('[data-testid=floor-ack]'));
    await settle();
    expect(a.$('[data-testid=floor-panel] [data-testid=refusal]')!.dataset.code).toBe('name-needed');
    type(a.$('[data-testid=floor-name]'), 'Jana');
    click(a.$('[data-testid=floor-ack]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'floorAcknowledgeAlert', args: { id: 3, floor: 'Jana' } });
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

describe('recall', () => {
  it('lists the table\'s last hands with time, outcome, button and chips, and replays one step by step, read-only', async () => {
    const a = mountApp(baseView());
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
    expect(a.fake.sent.map((s) => s.name).filter((n) => n !== 'snapshot')).toEqual(['recall', 'replayHand']);
    // Esc: back to the list, then the panel closes.
    press('Escape');
    expect(a.$('[data-testid=recall-list]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
  });

  it('words the replay in Czech', async () => {
    const a = mountApp(baseView(), 'cs');
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
    const a = mountApp(baseView());
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
