/**
 * Who may send each request, enforced where it arrives: the one dispatch both front doors call
 * (app/terminal/dispatch.ts) asks `admit` before a handler runs. The request table says what
 * each needs (`Access`, app/contract/requests.ts); this checks it against the screen the request
 * came from (who is signed in on it) and the PINs the request carries. A request refused here
 * is `not-allowed`, names the role it needs, and appends nothing (a wrong PIN is the exception:
 * it is recorded, as every failed sign-in is, and counts toward the person's lockout).
 */
import type { Access, RequestName } from '../contract/handlers';
import type { Credential } from '../contract/fields';
import { fail, ok, type Result } from '../domain/result';
import { PURPOSE_ROLE, type Purpose, type Role } from '../domain/staff';
import type { Screen, Screens, Signer } from './screens';

/** What a handler knows of who sent its request. */
export interface Caller {
  /** The screen it came from. */
  readonly screen: Screen;
  /** The people whose PINs came with it, checked, by argument key (`floor`, `second`). */
  readonly signers: Readonly<Record<string, Signer>>;
  /** The dealer on duty signed in on this screen, for a `dealer` request. */
  readonly dealer: Signer | null;
}

/** A request let in: its caller, and what to do once its handler is done. */
export interface Admitted {
  readonly caller: Caller;
  readonly done: () => void;
}

/** What `admit` needs of the terminal. */
export interface AccessContext {
  readonly screens: Screens;
  /** The staff id of the dealer on duty at the table now, or null (none, or one named only). */
  readonly dealerOnDuty: () => string | null;
}

/** The purpose a person signs in for to act in `role` at the table. */
const PURPOSE_OF: Readonly<Record<Role, Purpose>> = { dealer: 'take-box', floor: 'floor-action', admin: 'admin', auditor: 'audit' };
/** The reading purposes, each with its role. */
const READING: readonly Purpose[] = ['floor-action', 'audit'];

function notAllowed(name: RequestName, needs: string): ReturnType<typeof fail> {
  return fail('not-allowed', `${name} needs ${needs}`);
}

/**
 * Lets the request in, or refuses it. `args` are the request's checked arguments (a `pin`
 * request's credentials are among them).
 */
export function admit(name: RequestName, access: Access, screen: Screen, args: Readonly<Record<string, unknown>>, context: AccessContext): Result<Admitted> {
  const { screens } = context;
  const nothing = () => {};
  switch (access.kind) {
    case 'anyone':
    case 'signs-in':
      return ok({ caller: { screen, signers: {}, dealer: null }, done: nothing });
    case 'dealer': {
      const onDuty = context.dealerOnDuty();
      const here = screens.active(screen, 'take-box');
      if (!here) return notAllowed(name, 'the dealer on duty signed in on this screen (role dealer): sign in with your staff id and PIN');
      if (onDuty !== here.staffId) {
        return notAllowed(name, `the dealer on duty (role dealer): ${here.name} (${here.staffId}) is signed in here but is not on duty at this table`);
      }
      return ok({ caller: { screen, signers: {}, dealer: { staffId: here.staffId, name: here.name } }, done: nothing });
    }
    case 'reader': {
      const person = READING.map((p) => screens.active(screen, p)).find((p) => p !== null);
      if (!person) return notAllowed(name, 'a floor person or an auditor signed in on this screen (role floor or auditor)');
      return ok({ caller: { screen, signers: {}, dealer: null }, done: nothing });
    }
    case 'pin': {
      const purpose = PURPOSE_OF[access.role];
      const signers: Record<string, Signer> = {};
      const finish: (() => void)[] = [];
      const done = () => {
        for (const f of finish) f();
      };
      const ids = access.keys.map((k) => (args[k] as Credential | undefined)?.staffId).filter((x) => x !== undefined);
      if (new Set(ids).size !== ids.length) {
        return fail('same-floor-person', `${name}: the second ${access.role} person must be someone other than ${ids[0]}`, `${access.keys[1]}.staffId`);
      }
      for (const key of access.keys) {
        const given = args[key] as Credential | undefined;
        if (given === undefined) continue;
        const checked = screens.verify(given, purpose);
        if (!checked.ok) {
          done();
          const e = checked.error;
          const message = e.code === 'not-allowed' ? `${name} needs the ${PURPOSE_ROLE[purpose]} role: ${e.message}` : e.message;
          return fail(e.code, message, `${key}.${e.path ?? 'staffId'}`);
        }
        signers[key] = checked.value.signer;
        finish.push(checked.value.done);
      }
      if (!signers[access.keys[0]]) {
        done();
        return notAllowed(name, `a ${access.role} person's staff id and PIN (role ${access.role})`);
      }
      return ok({ caller: { screen, signers, dealer: null }, done });
    }
  }
}
