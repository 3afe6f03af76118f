/**
 * The one entry both front doors call (Electron's IPC in app/main, the WebSocket in
 * app/web), once per screen: checks the request's name and argument shape, lets it in or
 * refuses it by who may send it (app/terminal/access.ts), calls the handler, and turns a
 * thrown error into a refusal so nothing throws across the boundary. No game logic.
 */
import { isRequestName, REQUESTS, type Handlers, type RequestName } from '../contract/handlers';
import { validateArgs } from '../contract/validate';
import { fail, type Result } from '../domain/result';
import { admit, type AccessContext, type Caller } from './access';
import type { Screen } from './screens';

/** A screen's requests: name and arguments in, a `Result` out. */
export type Dispatch = (name: string, args: unknown) => Promise<Result<unknown>>;

export interface DispatchOptions {
  /** Where unexpected errors are reported (they reach the screen only as a refusal). */
  readonly onError?: (name: RequestName, error: unknown) => void;
}

/** The dispatch of one screen's requests. */
export function createDispatch(handlers: Handlers<Caller>, access: AccessContext, screen: Screen, options: DispatchOptions = {}): Dispatch {
  return async (name, args) => {
    if (!isRequestName(name)) return fail('unknown-request', `there is no request named ${JSON.stringify(name)}`);
    const checked = validateArgs(name, args);
    if (!checked.ok) return checked;
    const admitted = admit(name, REQUESTS[name].access, screen, checked.value as Record<string, unknown>, access);
    if (!admitted.ok) return admitted;
    try {
      const handler = handlers[name] as (a: unknown, c: Caller) => Promise<Result<unknown>>;
      return await handler.call(handlers, checked.value, admitted.value.caller);
    } catch (e) {
      options.onError?.(name, e);
      return fail('internal-error', `the terminal failed on ${name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      admitted.value.done();
    }
  };
}
