/**
 * The admin's staff panel on this screen: the terminal's staff as it last answered, and the
 * staff id of the admin who opened the list (to fill in; never his PIN). Every request carries
 * the admin's staff id and PIN, asked for at the moment of use: the list by the panel's own
 * form, each change (adding a person, disabling one, a new PIN) and each new reading of the
 * list by the PIN dialog, which also asks a new PIN twice. A PIN travels in the arguments of
 * the one request it signs and is kept nowhere. Who may, and whether the change is right, is
 * the terminal's answer; every change answers the new list.
 */
import type { Credential, RoleName } from '../../app/contract/fields';
import type { StaffListView, StaffPersonView } from '../../app/contract/session';
import { ROLES } from '../../app/domain/staff/events';
import type { Result } from '../../app/domain/result';
import type { Translator } from '../i18n/translate';
import type { DeskHost, Signature } from './desk';

/** The roles, in the order the add form offers them. */
export const STAFF_ROLES: readonly RoleName[] = ROLES;

/** The requests of the staff panel (their refusals show in the panel and its PIN dialog). */
export const STAFF_REQUESTS = ['staffList', 'staffAdd', 'staffDisable', 'staffSetPin'] as const;

/** A person to add, as typed into the panel's form (his PIN is asked by the PIN dialog). */
export interface NewPerson {
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly RoleName[];
}

/** The roles in words, in the screen's language ("dealer, floor"). */
export function roleWords(t: Translator, roles: readonly RoleName[]): string {
  return roles.length === 0 ? t.t('staff.noRole') : roles.map((r) => t.t(`staff.role.${r}`)).join(', ');
}

export class StaffDesk {
  open: boolean = $state(false);
  /** The staff as the terminal last answered (null until the admin has opened the list). */
  list: StaffListView | null = $state(null);
  /** The staff id the list was opened with, filled into each change's PIN dialog ('' before). */
  admin: string = $state('');
  /** The reason typed for the person about to be disabled (optional). */
  reason: string = $state('');

  constructor(private readonly terminal: DeskHost) {}

  show(): void {
    this.open = true;
  }

  /** Closes the panel and forgets the list and who opened it (the next admin starts again). */
  close(): void {
    this.open = false;
    this.list = null;
    this.admin = '';
    this.reason = '';
    const r = this.terminal.refusal;
    if (r && (STAFF_REQUESTS as readonly string[]).includes(r.request)) this.terminal.dismissRefusal();
  }

  /** Reads the staff with the admin's staff id and PIN; resolves whether the terminal answered the list. */
  async load(admin: Credential): Promise<boolean> {
    const r = await this.terminal.query('staffList', { admin });
    if (!r.ok) return false;
    this.list = r.value;
    this.admin = admin.staffId;
    return true;
  }

  /** The person the list names by this staff id, or null. */
  person(staffId: string): StaffPersonView | null {
    return this.list?.people.find((p) => p.staffId === staffId) ?? null;
  }

  /** Reads the list again (lockouts and wrong PINs change), with the admin's PIN. */
  refresh(): void {
    this.ask('staffList', 'confirm.staffList', {}, 'action.refresh', false, (s) => this.load(s.signer));
  }

  /** Adds `person` once the admin signs and the new PIN is typed twice; `done` runs when it is recorded. */
  add(t: Translator, person: NewPerson, done: () => void): void {
    const staffId = person.staffId.trim();
    const name = person.name.trim();
    const roles = [...person.roles];
    this.ask('staffAdd', 'confirm.staffAdd', { staffId, name, roles: roleWords(t, roles) }, 'action.staffAdd', false, async (s) => {
      const ok = await this.adopt(this.terminal.query('staffAdd', { admin: s.signer, staffId, name, roles, pin: s.newPin ?? '' }));
      if (ok) done();
      return ok;
    }, { newPin: true });
  }

  /** Disables `person` (he can no longer sign in), after the question and with the reason typed in it. */
  disable(person: StaffPersonView): void {
    this.reason = '';
    this.ask('staffDisable', 'confirm.staffDisable', { staffId: person.staffId, name: person.name }, 'action.staffDisable', true, async (s) => {
      const ok = await this.adopt(this.terminal.query('staffDisable', { admin: s.signer, staffId: person.staffId, ...(s.text ? { reason: s.text } : {}) }));
      if (ok) this.reason = '';
      return ok;
    }, { text: { label: 'staff.disableReason', get: () => this.reason, set: (v: string) => (this.reason = v) } });
  }

  /** Gives `person` a new PIN, typed twice in the PIN dialog. */
  setPin(person: StaffPersonView): void {
    this.ask('staffSetPin', 'confirm.staffSetPin', { staffId: person.staffId, name: person.name }, 'action.staffSetPin', false,
      (s) => this.adopt(this.terminal.query('staffSetPin', { admin: s.signer, staffId: person.staffId, pin: s.newPin ?? '' })), { newPin: true });
  }

  private ask(request: (typeof STAFF_REQUESTS)[number], question: string, params: Record<string, string>, confirmLabel: string, danger: boolean,
    send: (s: Signature) => Promise<boolean>, more: { newPin?: boolean; text?: { label: string; get: () => string; set: (v: string) => void } } = {}): void {
    this.terminal.askPin({ request, signer: 'admin', staffId: this.admin, question, params, confirmLabel, danger, send, ...more });
  }

  /** The list a change answers replaces the one shown; resolves whether the change was recorded. */
  private async adopt(reply: Promise<Result<StaffListView>>): Promise<boolean> {
    const r = await reply;
    if (!r.ok) return false;
    this.list = r.value;
    return true;
  }
}
