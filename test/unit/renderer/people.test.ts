// Who is signed in on the screen, against the typed stand-in of the contract: the dealer signs
// in with his staff id and PIN (masked, from a keypad, never kept after the request), the top
// bar shows who is signed in here with a sign-out and the box leave, the session the terminal
// pushes is followed, a terminal with no staff says how to add the first admin, and the
// dealer's acknowledge (button and A key) is only for the alerts the view says he clears.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { validateArgs } from '../../../app/contract/validate';
import type { RequestName } from '../../../app/contract/handlers';
import { fail, ok, type Result } from '../../../app/domain/result';
import { alertView, baseView, click, EVA, handView, kept, mountApp, person, press, sessionView, settle, type } from './fake-terminal';

/** Answers like the terminal's dispatch: the contract's argument checks first, then `reply`. */
function checked(name: RequestName, reply: (args: Record<string, unknown>) => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply(v.value as Record<string, unknown>) : v;
  };
}

const nobody = sessionView([]);

describe('the dealer signs in', () => {
  it('nobody signed in here: the screen asks for a staff id and a PIN, masked and from a keypad', () => {
    const a = mountApp(baseView({ dealer: null, dealerStaffId: null }), 'en', nobody);
    const form = a.$('[data-testid=dealer-sign-in]')!;
    expect(form.textContent).toMatch(/Sign in to take the box/);
    expect(a.$('[data-testid=session-nobody]')!.textContent).toBe('Nobody signed in on this screen');
    const pin = a.$('[data-testid=dealer-pin-input]') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    expect(pin.autocomplete).toBe('off');
    expect(a.$$('[data-testid=dealer-pin] [data-testid=dealer-pin-key]').map((k) => k.dataset.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);
    expect((a.$('[data-testid=dealer-on]') as HTMLButtonElement).disabled).toBe(true);
    // Typed on a keyboard, only digits count.
    type(pin, '13a5');
    expect(pin.value).toBe('135');
  });

  it('signs in and takes the box; the PIN goes with the request and is kept nowhere', async () => {
    const a = mountApp(baseView({ dealer: null, dealerStaffId: null }), 'en', nobody);
    a.fake.answers.set('dealerOn', checked('dealerOn', () => {
      a.fake.pushView(baseView());
      return ok(sessionView([EVA]));
    }));
    type(a.$('[data-testid=dealer-staff-id]'), 'eva');
    for (const d of '135791') click(a.$(`[data-testid=dealer-pin] [data-key="${d}"]`));
    expect((a.$('[data-testid=dealer-pin-input]') as HTMLInputElement).value).toBe('135791');
    click(a.$('[data-testid=dealer-on]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'dealerOn', args: { dealer: { staffId: 'eva', pin: '135791' } } }]);
    expect(a.$('[data-testid=dealer-sign-in]')).toBeNull();
    const here = a.$('[data-testid=session-person]')!;
    expect(here.dataset.purpose).toBe('take-box');
    expect(here.textContent).toMatch(/Eva · dealer/);
    expect(a.$('[data-testid=dealer-on-duty]')!.textContent).toBe('Dealer: Eva');
    expect(kept(a.store)).not.toContain('135791');
    expect(a.$$('input[type=password]')).toEqual([]);
  });

  it('a wrong PIN is refused in words, and the PIN field is empty again', async () => {
    const a = mountApp(baseView({ dealer: null, dealerStaffId: null }), 'en', nobody);
    a.fake.answers.set('dealerOn', () => fail('wrong-pin', 'wrong PIN for eva (1 in a row; 4 more lock eva out for 15 minutes)'));
    type(a.$('[data-testid=dealer-staff-id]'), 'eva');
    type(a.$('[data-testid=dealer-pin-input]'), '000000');
    click(a.$('[data-testid=dealer-on]'));
    await settle();
    const refusal = a.$('[data-testid=dealer-sign-in] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('wrong-pin');
    expect(refusal.textContent).toMatch(/wrong PIN for eva \(1 in a row; 4 more lock eva out for 15 minutes\)/);
    expect((a.$('[data-testid=dealer-pin-input]') as HTMLInputElement).value).toBe('');
    expect((a.$('[data-testid=dealer-staff-id]') as HTMLInputElement).value).toBe('eva');
    expect(a.store.session!.people).toEqual([]);
  });

  it('words the refusals in Czech (a lockout, the wrong role)', async () => {
    const a = mountApp(baseView({ dealer: null, dealerStaffId: null }), 'cs', nobody);
    a.fake.answers.set('dealerOn', () => fail('locked-out', 'eva is locked out until 2025-03-01T20:15:05.000Z after 5 wrong PINs in a row'));
    expect(a.$('[data-testid=dealer-sign-in]')!.textContent).toMatch(/Přihlaste se a převezměte stůl/);
    type(a.$('[data-testid=dealer-staff-id]'), 'eva');
    type(a.$('[data-testid=dealer-pin-input]'), '135791');
    click(a.$('[data-testid=dealer-on]'));
    await settle();
    expect(a.$('[data-testid=refusal]')!.textContent).toMatch(/zablokována/);
  });

  it('the dealer on duty, signed out of this screen (idle, a reload), finds his id filled in and signs in again', async () => {
    const a = mountApp(baseView(), 'en', nobody);
    expect(a.$('[data-testid=dealer-sign-in] h3')!.textContent).toBe('Eva is the dealer on duty');
    expect((a.$('[data-testid=dealer-staff-id]') as HTMLInputElement).value).toBe('eva');
    a.fake.answers.set('dealerOn', checked('dealerOn', () => ok(sessionView([EVA]))));
    type(a.$('[data-testid=dealer-pin-input]'), '135791');
    click(a.$('[data-testid=dealer-on]'));
    await settle();
    expect(a.$('[data-testid=dealer-sign-in]')).toBeNull();
  });

  it('shows the sign-in in every phase, above what the hand shows', () => {
    const a = mountApp(baseView({ hand: handView({ phase: 'setting' }) }), 'en', nobody);
    const side = a.$('aside.side')!;
    expect(side.firstElementChild!.getAttribute('data-testid')).toBe('dealer-sign-in');
    expect(side.querySelector('[data-testid=open-showdown]')).not.toBeNull();
  });

  it('follows the session the terminal pushes (an idle sign-out)', () => {
    const a = mountApp(baseView());
    expect(a.$('[data-testid=dealer-sign-in]')).toBeNull();
    a.fake.pushSession(nobody);
    flushSync();
    expect(a.$('[data-testid=dealer-sign-in]')).not.toBeNull();
    expect(a.$('[data-testid=session-person]')).toBeNull();
  });

  it('asks for the session again when the link comes back (a new socket is a new screen)', async () => {
    const a = mountApp(baseView());
    a.fake.session = nobody;
    a.store.link = false;
    await a.store.refresh();
    flushSync();
    expect(a.fake.sent.map((s) => s.name)).toContain('session');
    expect(a.$('[data-testid=dealer-sign-in]')).not.toBeNull();
  });

  it('a terminal without staff says how to add the first admin', () => {
    const a = mountApp(baseView({ dealer: null, dealerStaffId: null }), 'en', sessionView([], { noStaff: true }));
    expect(a.$('[data-testid=dealer-sign-in]')).toBeNull();
    expect(a.$('[data-testid=no-staff]')!.textContent).toMatch(/No staff on this terminal yet/);
    expect(a.$('[data-testid=no-staff-command]')!.textContent).toBe('npm run --silent table -- staff add --db FILE --id ID --name NAME --role admin --pin-stdin');
  });
});

describe('the top bar', () => {
  it('shows who is signed in on this screen, each with a sign-out', async () => {
    const a = mountApp(baseView(), 'en', sessionView([EVA, person('floor-action', 'jana', 'Jana Nováková')]));
    expect(a.$$('[data-testid=session-person]').map((p) => `${p.dataset.purpose}:${p.dataset.staff}`)).toEqual(['take-box:eva', 'floor-action:jana']);
    expect(a.$$('[data-testid=session-person]')[1].textContent).toMatch(/Jana Nováková · floor/);
    a.fake.answers.set('signOut', checked('signOut', () => ok(sessionView([EVA]))));
    click(a.$('[data-testid=session-person][data-purpose=floor-action] [data-testid=sign-out]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'signOut', args: { purpose: 'floor-action' } }]);
    expect(a.$$('[data-testid=session-person]').map((p) => p.dataset.staff)).toEqual(['eva']);
  });

  it('the dealer signs out of the screen (he stays on duty) or leaves the box after a question', async () => {
    const a = mountApp(baseView());
    a.fake.answers.set('signOut', checked('signOut', () => ok(nobody)));
    click(a.$('[data-testid=sign-out][data-purpose=take-box]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'signOut', args: { purpose: 'take-box' } }]);
    expect(a.$('[data-testid=dealer-on-duty]')!.textContent).toBe('Dealer: Eva');
    expect(a.$('[data-testid=dealer-sign-in]')).not.toBeNull();

    const b = mountApp(baseView());
    b.fake.answers.set('dealerOff', checked('dealerOff', () => {
      b.fake.pushView(baseView({ dealer: null, dealerStaffId: null }));
      return ok(nobody);
    }));
    click(b.$('[data-testid=dealer-off]'));
    expect(b.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Eva leaves the box and signs out of this screen\?/);
    click(b.$('[data-testid=confirm-yes]'));
    await settle();
    expect(b.fake.actions()).toEqual([{ name: 'dealerOff', args: {} }]);
    expect(b.$('[data-testid=dealer-on-duty]')).toBeNull();
  });

  it('shows a refused box leave in words', async () => {
    const a = mountApp(baseView({ hand: handView({ phase: 'dealing' }) }));
    a.fake.answers.set('dealerOff', () => fail('hand-in-play', 'a hand is in play at table T1: the dealer leaves between hands'));
    click(a.$('[data-testid=dealer-off]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.$('.session-refusal [data-testid=refusal]')!.textContent).toMatch(/the dealer leaves between hands/);
  });

  it('has touch targets of at least 44 px (2.75rem) in every component', () => {
    const dir = join(__dirname, '..', '..', '..', 'renderer', 'components');
    const small = readdirSync(dir).filter((f) => f.endsWith('.svelte')).flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/min-height:\s*([\d.]+)rem/g)].filter((m) => Number(m[1]) < 2.75).map((m) => `${f}: ${m[0]}`));
    expect(small).toEqual([]);
  });
});

describe('acknowledging alerts', () => {
  const misdeal = alertView({ id: 4, kind: 'misdeal', code: 'card-read-twice', message: 'Qh was read twice' });
  const irregular = alertView({ id: 5, kind: 'irregularity', code: 'card-of-other-seat', message: 'Hand T1-5, seat 1: shows cards dealt to another seat' });
  const damaged = alertView({ id: 6, kind: 'integrity', code: 'log-damaged', message: 'the record is damaged at row 40' });

  it('the dealer acknowledges only the alerts the view says he clears; the others ask for a floor PIN', async () => {
    const a = mountApp(baseView({ alerts: [irregular, misdeal, damaged] }));
    const strip = a.$$('[data-testid=alert]');
    expect(strip.map((li) => `${li.dataset.kind}:${li.dataset.clearedBy}`)).toEqual(['irregularity:floor', 'misdeal:dealer', 'integrity:floor']);
    expect(strip.map((li) => li.querySelector('[data-testid=ack-alert]') !== null)).toEqual([false, true, false]);
    expect(strip.map((li) => li.querySelector('[data-testid=floor-ack-alert]') !== null)).toEqual([true, false, true]);

    a.fake.answers.set('floorAcknowledgeAlert', checked('floorAcknowledgeAlert', () => ok(baseView({ alerts: [irregular, misdeal] }))));
    click(strip[2].querySelector<HTMLElement>('[data-testid=floor-ack-alert]'));
    expect(a.$('[data-testid=pin-dialog]')!.dataset.request).toBe('floorAcknowledgeAlert');
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Acknowledge alert 6: the record is damaged at row 40');
    type(a.$('[data-testid=pin-text]'), 'restored from the last good copy');
    type(a.$('[data-testid=pin-staff-id]'), 'jana');
    type(a.$('[data-testid=pin-pin-input]'), '112233');
    click(a.$('[data-testid=pin-confirm]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'floorAcknowledgeAlert', args: { id: 6, floor: { staffId: 'jana', pin: '112233' }, note: 'restored from the last good copy' } }]);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(kept(a.store)).not.toContain('112233');
  });

  it('the A key acknowledges the oldest alert the dealer clears, and passes over the floor\'s', async () => {
    const a = mountApp(baseView({ alerts: [irregular, misdeal] }));
    a.fake.answers.set('acknowledgeAlert', baseView({ alerts: [irregular] }));
    press('a');
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'acknowledgeAlert', args: { id: 4 } }]);
    // Only the floor's alert is left: A does nothing, and opens no PIN dialog either.
    press('a');
    await settle();
    expect(a.fake.actions()).toHaveLength(1);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$$('[data-testid=alert]').map((li) => li.dataset.kind)).toEqual(['irregularity']);
  });
});
