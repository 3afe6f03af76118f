/**
 * The one dispatch both front doors call (app/terminal/dispatch.ts), over real screens and a
 * real staff log: an unknown name and bad arguments are refused before anything runs, a request
 * the caller may not send never reaches its handler, the handler gets the checked arguments and
 * the caller, a PIN's sign-in ends after the handler (also when it throws), and a thrown error
 * comes back as a refusal, reported once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatch } from '../../../app/terminal/dispatch';
import type { Caller } from '../../../app/terminal/access';
import type { Screens, Screen } from '../../../app/terminal/screens';
import { StaffService } from '../../../app/services/staff';
import type { Handlers } from '../../../app/contract/handlers';
import { ok, type Result } from '../../../app/domain/result';
import { STAFF, credentialOf, staffedScreen } from '../../support/staff';

let staff: StaffService;
let screens: Screens;
let screen: Screen;
let close: () => void;

beforeEach(() => {
  ({ staff, screens, screen, close } = staffedScreen('cp-dispatch-'));
});
afterEach(() => close());

/** Handlers that record each call (the dispatch is what is tested: they only answer). */
function recording(answer: (name: string, args: unknown, caller: Caller) => Promise<Result<unknown>>) {
  const calls: { name: string; args: unknown; caller: Caller; self: unknown }[] = [];
  const handlers = new Proxy({}, {
    get: (_t, name: string) => async function (this: unknown, args: unknown, caller: Caller) {
      calls.push({ name, args, caller, self: this });
      return answer(name, args, caller);
    },
  }) as Handlers<Caller>;
  return { handlers, calls };
}

const access = () => ({ screens, dealerOnDuty: () => null });
const sessionsOf = (staffId: string) => staff.state.members.get(staffId)!.sessions.map((s) => s.purpose);

describe('createDispatch', () => {
  it('refuses a name that is no request, and arguments of the wrong shape, without calling a handler', async () => {
    const { handlers, calls } = recording(async () => ok('answered'));
    const dispatch = createDispatch(handlers, access(), screen);
    expect(await dispatch('noSuchThing', {})).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown-request', message: 'there is no request named "noSuchThing"' }) });
    const bad = await dispatch('voidHand', { floor: credentialOf(STAFF.floor), reason: 42 });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? null : bad.error.code).not.toBe('not-allowed');
    expect(calls).toEqual([]);
  });

  it('refuses a request the screen may not send, and calls nothing', async () => {
    const { handlers, calls } = recording(async () => ok('answered'));
    const dispatch = createDispatch(handlers, access(), screen);
    const r = await dispatch('startHand', {});
    expect(r.ok ? null : r.error.code).toBe('not-allowed');
    expect(calls).toEqual([]);
  });

  it("calls the request's handler on the handlers with the checked arguments and the caller, and answers what it answers", async () => {
    const { handlers, calls } = recording(async (name) => ok(`answered ${name}`));
    const dispatch = createDispatch(handlers, access(), screen);
    expect(await dispatch('snapshot', {})).toEqual({ ok: true, value: 'answered snapshot' });
    expect(calls.map(({ name, args, caller }) => ({ name, args, caller }))).toEqual([{ name: 'snapshot', args: {}, caller: { screen, signers: {}, dealer: null } }]);
    expect(calls[0].self).toBe(handlers);
  });

  it("signs a PIN's person out after the handler, having let the handler see him signed in", async () => {
    const during: string[][] = [];
    const { handlers, calls } = recording(async () => {
      during.push(sessionsOf('jana'));
      return ok('done');
    });
    const dispatch = createDispatch(handlers, access(), screen);
    expect(await dispatch('voidHand', { floor: credentialOf(STAFF.floor), reason: 'a player was seated late' })).toEqual({ ok: true, value: 'done' });
    expect(during).toEqual([['floor-action']]);
    expect(calls[0].caller.signers).toEqual({ floor: { staffId: 'jana', name: 'Jana Nováková' } });
    expect(sessionsOf('jana')).toEqual([]);
  });

  it('turns a thrown error into an internal-error refusal, reports it once, and still signs the PIN out', async () => {
    const boom = new Error('disk full');
    const reported: [string, unknown][] = [];
    const { handlers } = recording(async () => {
      throw boom;
    });
    const dispatch = createDispatch(handlers, access(), screen, { onError: (name, e) => reported.push([name, e]) });
    expect(await dispatch('voidHand', { floor: credentialOf(STAFF.floor), reason: 'a player was seated late' })).toEqual({
      ok: false, error: expect.objectContaining({ code: 'internal-error', message: 'the terminal failed on voidHand: disk full' }),
    });
    expect(reported).toEqual([['voidHand', boom]]);
    expect(sessionsOf('jana')).toEqual([]);
    const { handlers: throwsText } = recording(async () => {
      throw 'no reason';
    });
    expect(await createDispatch(throwsText, access(), screen)('snapshot', {})).toEqual({
      ok: false, error: expect.objectContaining({ code: 'internal-error', message: 'the terminal failed on snapshot: no reason' }),
    });
  });
});
