// The admin's staff panel against the typed stand-in of the contract: reached from the top bar,
// it asks the admin's staff id and PIN before the terminal lists anyone; the list shows each
// person's id, name, roles, whether he is disabled (when, by whom, why), locked out (until when)
// and his wrong PINs in a row; adding a person (his first PIN typed twice, sent only when both
// are the same), disabling one (asked first, with a reason) and a new PIN each ask the admin's
// PIN again in the PIN dialog and send exactly the contract's arguments; the new list shows;
// refusals show in words (in Czech by code); no PIN is kept by the screen after its request.
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { RequestName } from '../../../app/contract/handlers';
import type { StaffListView, StaffPersonView } from '../../../app/contract/session';
import { validateArgs } from '../../../app/contract/validate';
import { fail, ok, type Result } from '../../../app/domain/result';
import { baseView, click, kept, mountApp, press, settle, type } from './fake-terminal';

/** Answers like the terminal's dispatch: the contract's argument checks first, then `reply`. */
function checked(name: RequestName, reply: (args: Record<string, unknown>) => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply(v.value as Record<string, unknown>) : v;
  };
}

const ADA = { staffId: 'ada', pin: '246810' };
const at = '2025-01-01T18:00:00.000Z';
const member = (over: Partial<StaffPersonView> & Pick<StaffPersonView, 'staffId' | 'name' | 'roles'>): StaffPersonView => ({
  addedAt: at, disabled: null, lockedUntil: null, failures: 0, ...over,
});
const staff: StaffListView = {
  people: [
    member({ staffId: 'ada', name: 'Ada Admin', roles: ['admin'] }),
    member({ staffId: 'eva', name: 'Eva', roles: ['dealer'], failures: 2 }),
    member({ staffId: 'jana', name: 'Jana Nováková', roles: ['floor'], lockedUntil: '2025-01-01T20:15:00.000Z', failures: 5 }),
    member({ staffId: 'olaf', name: 'Olaf', roles: ['dealer', 'floor'], disabled: { at: '2025-01-01T19:00:00.000Z', by: 'staff:ada', reason: 'left the casino' } }),
  ],
};
const withPeople = (...more: StaffPersonView[]): StaffListView => ({ people: [...staff.people, ...more] });

type App = ReturnType<typeof mountApp>;

/** The panel opened from the top bar and the list read with Ada's id and PIN (typed on the keypad). */
async function openList(a: App, who = ADA) {
  a.fake.answers.set('staffList', checked('staffList', (args) => ((args.admin as typeof ADA).pin === ADA.pin ? ok(staff) : fail('wrong-pin', 'wrong PIN for ada (1 in a row; 4 more lock ada out for 15 minutes)'))));
  click(a.$('[data-testid=open-staff]'));
  type(a.$('[data-testid=staff-admin-id]'), who.staffId);
  for (const d of who.pin) click(a.$(`[data-testid=staff-admin-pin] [data-key="${d}"]`));
  click(a.$('[data-testid=staff-open]'));
  await settle();
}

/** Types into the open PIN dialog: the new PIN and its repeat (when given), then the admin's PIN (his id is filled in). */
function typeInDialog(a: App, pins: { newPin?: string; again?: string; admin?: string }) {
  const dialog = a.$('[data-testid=pin-dialog]');
  if (!dialog) throw new Error('no PIN dialog is open');
  if (pins.newPin !== undefined) for (const d of pins.newPin) click(dialog.querySelector<HTMLElement>(`[data-testid=pin-new] [data-key="${d}"]`));
  if (pins.again !== undefined) type(dialog.querySelector<HTMLElement>('[data-testid=pin-new-again-input]'), pins.again);
  if (pins.admin !== undefined) type(dialog.querySelector<HTMLElement>('[data-testid=pin-pin-input]'), pins.admin);
}

async function confirmDialog(a: App) {
  click(a.$('[data-testid=pin-confirm]'));
  await settle();
}

const row = (a: App, staffId: string) => a.$(`[data-testid=staff-person][data-staff="${staffId}"]`)!;
const noPinShown = (a: App) => a.$$('input[type=password]').every((i) => (i as HTMLInputElement).value === '');

describe('opening the staff panel', () => {
  it('opens from the top bar and asks the admin\'s staff id and PIN before anything is read', async () => {
    const a = mountApp(baseView());
    expect(a.$('[data-testid=open-staff]')!.textContent).toBe('Staff');
    click(a.$('[data-testid=open-staff]'));
    expect(a.$('[data-testid=staff-panel]')).not.toBeNull();
    const pin = a.$('[data-testid=staff-admin-pin-input]') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    expect((a.$('[data-testid=staff-open]') as HTMLButtonElement).disabled).toBe(true);
    expect(a.$('[data-testid=staff-list]')).toBeNull();
    await settle();
    expect(a.fake.actions()).toEqual([]);
    // The dealer's keys wait behind it; Escape closes it.
    press('n');
    press('m');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
    press('Escape');
    expect(a.$('[data-testid=staff-panel]')).toBeNull();
    await settle();
    expect(a.fake.actions()).toEqual([]);
  });

  it('lists the staff once the terminal has the admin\'s PIN: id, name, roles, disabled, locked out, wrong PINs', async () => {
    const a = mountApp(baseView());
    await openList(a);
    expect(a.fake.actions()).toEqual([{ name: 'staffList', args: { admin: ADA } }]);
    expect(a.$('[data-testid=staff-sign-in]')).toBeNull();
    expect(a.$$('[data-testid=staff-person]').map((r) => r.dataset.staff)).toEqual(['ada', 'eva', 'jana', 'olaf']);
    expect(a.$('[data-testid=staff-opened-by]')!.textContent).toMatch(/^Opened by Ada Admin \(ada\)/);
    expect(row(a, 'ada').textContent).toMatch(/ada\s*Ada Admin\s*admin\s*May sign in/);
    expect(row(a, 'olaf').querySelector('[data-testid=staff-roles]')!.textContent).toBe('dealer, floor');
    expect(row(a, 'olaf').querySelector('[data-testid=staff-disabled]')!.textContent).toMatch(/^Disabled .*2025.* by Ada Admin \(ada\): left the casino$/);
    expect(row(a, 'olaf').querySelector('[data-testid=staff-disable]')).toBeNull();
    expect(row(a, 'jana').querySelector('[data-testid=staff-locked]')!.textContent).toMatch(/^Locked out until .*2025/);
    expect(row(a, 'jana').querySelector('[data-testid=staff-failures]')!.textContent).toBe('5 wrong PINs in a row');
    expect(row(a, 'eva').querySelector('[data-testid=staff-failures]')!.textContent).toBe('2 wrong PINs in a row');
    expect(row(a, 'ada').querySelector('[data-testid=staff-failures]')).toBeNull();
    // The PIN went with the request and is kept nowhere.
    expect(noPinShown(a)).toBe(true);
    expect(kept(a.store)).not.toContain(ADA.pin);
    // Closing forgets the list and who opened it: the next opening asks again.
    click(a.$('[data-testid=staff-close]'));
    expect(a.store.staff.list).toBeNull();
    click(a.$('[data-testid=open-staff]'));
    expect(a.$('[data-testid=staff-sign-in]')).not.toBeNull();
    expect((a.$('[data-testid=staff-admin-id]') as HTMLInputElement).value).toBe('');
  });

  it('in Czech', async () => {
    const a = mountApp(baseView(), 'cs');
    await openList(a);
    expect(a.$('[data-testid=staff-panel] h2')!.textContent).toBe('Zaměstnanci');
    expect(row(a, 'olaf').querySelector('[data-testid=staff-roles]')!.textContent).toBe('krupiér, floor manažer');
    expect(row(a, 'jana').querySelector('[data-testid=staff-failures]')!.textContent).toBe('5 špatných PINů za sebou');
    expect(row(a, 'eva').querySelector('[data-testid=staff-failures]')!.textContent).toBe('2 špatné PINy za sebou');
    expect(row(a, 'olaf').querySelector('[data-testid=staff-disabled]')!.textContent).toMatch(/^Přístup zrušen .*, zrušil\(a\) Ada Admin \(ada\): left the casino$/);
  });

  it('a wrong PIN or a person who is not an admin is refused in words, and the PIN field is empty again', async () => {
    const a = mountApp(baseView());
    await openList(a, { staffId: 'ada', pin: '999999' });
    const refusal = a.$('[data-testid=staff-sign-in] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('wrong-pin');
    expect(refusal.textContent).toMatch(/wrong PIN for ada \(1 in a row/);
    expect(a.$('[data-testid=staff-list]')).toBeNull();
    expect(noPinShown(a)).toBe(true);
    expect((a.$('[data-testid=staff-admin-id]') as HTMLInputElement).value).toBe('ada');

    const b = mountApp(baseView(), 'cs');
    b.fake.answers.set('staffList', () => fail('not-allowed', 'staffList needs the admin role: eva does not hold the role admin'));
    click(b.$('[data-testid=open-staff]'));
    type(b.$('[data-testid=staff-admin-id]'), 'eva');
    type(b.$('[data-testid=staff-admin-pin-input]'), '135791');
    click(b.$('[data-testid=staff-open]'));
    await settle();
    expect(b.$('[data-testid=staff-sign-in] [data-testid=refusal]')!.textContent).toMatch(/Role této osoby to nedovoluje\./);
  });
});

describe('adding a person', () => {
  /** Fills the add form: Dana, a dealer and floor person (roles tapped in another order). */
  function fillForm(a: App) {
    type(a.$('[data-testid=staff-add-id]'), 'dana');
    type(a.$('[data-testid=staff-add-name]'), 'Dana Dvořák');
    click(a.$('[data-testid=staff-add-role][data-role=floor]'));
    click(a.$('[data-testid=staff-add-role][data-role=dealer]'));
    click(a.$('[data-testid=staff-add-role][data-role=auditor]'));
    click(a.$('[data-testid=staff-add-role][data-role=auditor]'));
  }
  const dana = member({ staffId: 'dana', name: 'Dana Dvořák', roles: ['dealer', 'floor'] });

  it('sends nothing while the second new PIN is not the same as the first', async () => {
    const a = mountApp(baseView());
    await openList(a);
    a.fake.answers.set('staffAdd', checked('staffAdd', () => ok(withPeople(dana))));
    fillForm(a);
    click(a.$('[data-testid=staff-add-submit]'));
    const dialog = a.$('[data-testid=pin-dialog]')!;
    expect(dialog.dataset.request).toBe('staffAdd');
    expect(dialog.dataset.signer).toBe('admin');
    typeInDialog(a, { newPin: '135790', again: '135791', admin: ADA.pin });
    expect(a.$('[data-testid=pin-new-differ]')!.textContent).toBe('The two new PINs are not the same: type them again.');
    expect((a.$('[data-testid=pin-confirm]') as HTMLButtonElement).disabled).toBe(true);
    // Not even a submitted form (Enter) sends it.
    dialog.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(a.fake.actions().map((s) => s.name)).toEqual(['staffList']);
    expect(a.$('[data-testid=pin-dialog]')).not.toBeNull();
    // The repeat typed right: now it goes.
    typeInDialog(a, { again: '135790' });
    expect(a.$('[data-testid=pin-new-differ]')).toBeNull();
    await confirmDialog(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'staffAdd', args: { admin: ADA, staffId: 'dana', name: 'Dana Dvořák', roles: ['dealer', 'floor'], pin: '135790' } });
  });

  it('asks the new PIN twice and the admin\'s PIN, sends exactly the contract\'s arguments, and shows the new list', async () => {
    const a = mountApp(baseView());
    await openList(a);
    a.fake.answers.set('staffAdd', checked('staffAdd', () => ok(withPeople(dana))));
    fillForm(a);
    expect(a.$$('[data-testid=staff-add-role]').map((b) => `${b.dataset.role}:${b.getAttribute('aria-pressed')}`)).toEqual(['dealer:true', 'floor:true', 'admin:false', 'auditor:false']);
    click(a.$('[data-testid=staff-add-submit]'));
    await settle();
    // Nothing goes before the admin signs.
    expect(a.fake.actions().map((s) => s.name)).toEqual(['staffList']);
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Add Dana Dvořák (dana) with the roles: dealer, floor?');
    expect(a.$('#pin-title')!.textContent).toBe('Admin: sign with your staff id and PIN');
    // The admin who opened the list is filled in; his PIN is asked again.
    expect((a.$('[data-testid=pin-staff-id]') as HTMLInputElement).value).toBe('ada');
    expect((a.$('[data-testid=pin-pin-input]') as HTMLInputElement).value).toBe('');
    expect((a.$('[data-testid=pin-new-input]') as HTMLInputElement).type).toBe('password');
    typeInDialog(a, { newPin: '864202', again: '864202' });
    // Both new PINs but not the admin's: not yet.
    expect((a.$('[data-testid=pin-confirm]') as HTMLButtonElement).disabled).toBe(true);
    typeInDialog(a, { admin: ADA.pin });
    await confirmDialog(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'staffAdd', args: { admin: ADA, staffId: 'dana', name: 'Dana Dvořák', roles: ['dealer', 'floor'], pin: '864202' } });
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$$('[data-testid=staff-person]').map((r) => r.dataset.staff)).toEqual(['ada', 'eva', 'jana', 'olaf', 'dana']);
    // The form is empty for the next person; no PIN is kept anywhere.
    expect((a.$('[data-testid=staff-add-id]') as HTMLInputElement).value).toBe('');
    expect((a.$('[data-testid=staff-add-name]') as HTMLInputElement).value).toBe('');
    expect(a.$$('[data-testid=staff-add-role][aria-pressed=true]')).toEqual([]);
    expect(noPinShown(a)).toBe(true);
    const store = kept(a.store);
    expect(store).not.toContain(ADA.pin);
    expect(store).not.toContain('864202');
    expect(a.store.pinAsk).toBeNull();
  });

  it('shows the terminal\'s refusal in words in the dialog (no role; the id taken, in Czech), with every PIN field empty again', async () => {
    const a = mountApp(baseView());
    await openList(a);
    a.fake.answers.set('staffAdd', checked('staffAdd', () => ok(withPeople(dana))));
    type(a.$('[data-testid=staff-add-id]'), 'dana');
    type(a.$('[data-testid=staff-add-name]'), 'Dana Dvořák');
    click(a.$('[data-testid=staff-add-submit]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Add Dana Dvořák (dana) with the roles: none?');
    typeInDialog(a, { newPin: '864202', again: '864202', admin: ADA.pin });
    await confirmDialog(a);
    // The contract refuses no role (the screen has no rule of its own about it).
    expect(a.fake.actions().at(-1)!.args).toMatchObject({ roles: [] });
    const refusal = a.$('[data-testid=pin-dialog] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('bad-role');
    expect(refusal.textContent).toMatch(/roles must list one or more different roles/);
    expect(noPinShown(a)).toBe(true);
    expect(kept(a.store)).not.toContain('864202');
    // Cancelled, the form still holds what was typed (no PIN) for another try.
    click(a.$('[data-testid=pin-cancel]'));
    expect((a.$('[data-testid=staff-add-id]') as HTMLInputElement).value).toBe('dana');
    expect(a.$('[data-testid=refusal]')).toBeNull();

    const b = mountApp(baseView(), 'cs');
    await openList(b);
    b.fake.answers.set('staffAdd', () => fail('staff-exists', 'there is already a staff member eva'));
    type(b.$('[data-testid=staff-add-id]'), 'eva');
    type(b.$('[data-testid=staff-add-name]'), 'Eva');
    click(b.$('[data-testid=staff-add-role][data-role=dealer]'));
    click(b.$('[data-testid=staff-add-submit]'));
    typeInDialog(b, { newPin: '864202', again: '864202', admin: ADA.pin });
    await confirmDialog(b);
    expect(b.$('[data-testid=pin-dialog] [data-testid=refusal]')!.textContent).toMatch(/Toto číslo zaměstnance už někdo má\./);
  });
});

describe('disabling a person and a new PIN', () => {
  it('disable asks first, with a reason; Cancel sends nothing; signed, it sends exactly the contract\'s arguments and shows the new list', async () => {
    const a = mountApp(baseView());
    await openList(a);
    const disabledEva = { ...staff.people[1], disabled: { at: '2025-01-01T21:00:00.000Z', by: 'staff:ada', reason: 'moved to another casino' } };
    a.fake.answers.set('staffDisable', checked('staffDisable', () => ok({ people: staff.people.map((p) => (p.staffId === 'eva' ? disabledEva : p)) })));
    click(row(a, 'eva').querySelector<HTMLElement>('[data-testid=staff-disable]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Disable Eva (eva)? He can no longer sign in, and every sign-in he has open ends.');
    expect(a.$('[data-testid=pin-confirm]')!.classList.contains('danger')).toBe(true);
    // A disable asks for no new PIN.
    expect(a.$('[data-testid=pin-new-pin]')).toBeNull();
    click(a.$('[data-testid=pin-cancel]'));
    await settle();
    expect(a.fake.actions().map((s) => s.name)).toEqual(['staffList']);

    click(row(a, 'eva').querySelector<HTMLElement>('[data-testid=staff-disable]'));
    type(a.$('[data-testid=pin-text]'), 'moved to another casino');
    typeInDialog(a, { admin: ADA.pin });
    await confirmDialog(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'staffDisable', args: { admin: ADA, staffId: 'eva', reason: 'moved to another casino' } });
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(row(a, 'eva').dataset.disabled).toBe('true');
    expect(row(a, 'eva').querySelector('[data-testid=staff-disabled]')!.textContent).toMatch(/by Ada Admin \(ada\): moved to another casino$/);
    expect(kept(a.store)).not.toContain(ADA.pin);
  });

  it('without a reason it sends none; disabling himself is refused in words', async () => {
    const a = mountApp(baseView());
    await openList(a);
    a.fake.answers.set('staffDisable', checked('staffDisable', (args) => (args.staffId === 'ada' ? fail('not-allowed', 'an admin cannot disable himself (ada)') : ok(staff))));
    click(row(a, 'jana').querySelector<HTMLElement>('[data-testid=staff-disable]'));
    typeInDialog(a, { admin: ADA.pin });
    await confirmDialog(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'staffDisable', args: { admin: ADA, staffId: 'jana' } });
    click(row(a, 'ada').querySelector<HTMLElement>('[data-testid=staff-disable]'));
    // Each change asks the PIN again: the field is empty, the id filled in.
    expect((a.$('[data-testid=pin-pin-input]') as HTMLInputElement).value).toBe('');
    expect((a.$('[data-testid=pin-staff-id]') as HTMLInputElement).value).toBe('ada');
    typeInDialog(a, { admin: ADA.pin });
    await confirmDialog(a);
    const refusal = a.$('[data-testid=pin-dialog] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('not-allowed');
    expect(refusal.textContent).toMatch(/cannot disable himself/);
  });

  it('a new PIN is typed twice and sent with the admin\'s PIN; the list shows the lockout ended', async () => {
    const a = mountApp(baseView());
    await openList(a);
    a.fake.answers.set('staffSetPin', checked('staffSetPin', () => ok({ people: staff.people.map((p) => (p.staffId === 'jana' ? { ...p, lockedUntil: null, failures: 0 } : p)) })));
    expect(row(a, 'jana').dataset.locked).toBe('true');
    click(row(a, 'jana').querySelector<HTMLElement>('[data-testid=staff-set-pin]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Give Jana Nováková (jana) a new PIN? It also ends a lockout.');
    typeInDialog(a, { newPin: '918273', again: '918272', admin: ADA.pin });
    expect((a.$('[data-testid=pin-confirm]') as HTMLButtonElement).disabled).toBe(true);
    typeInDialog(a, { again: '918273' });
    await confirmDialog(a);
    expect(a.fake.actions().at(-1)).toEqual({ name: 'staffSetPin', args: { admin: ADA, staffId: 'jana', pin: '918273' } });
    expect(row(a, 'jana').dataset.locked).toBe('false');
    expect(row(a, 'jana').querySelector('[data-testid=staff-failures]')).toBeNull();
    const store = kept(a.store);
    expect(store).not.toContain('918273');
    expect(store).not.toContain(ADA.pin);
    expect(noPinShown(a)).toBe(true);
  });

  it('the list is read again with the admin\'s PIN', async () => {
    const a = mountApp(baseView());
    await openList(a);
    click(a.$('[data-testid=staff-refresh]'));
    expect(a.$('[data-testid=pin-question]')!.textContent).toBe('Read the staff list again?');
    typeInDialog(a, { admin: ADA.pin });
    await confirmDialog(a);
    expect(a.fake.actions().map((s) => s.name)).toEqual(['staffList', 'staffList']);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    flushSync();
    expect(a.$('[data-testid=staff-list]')).not.toBeNull();
  });
});
