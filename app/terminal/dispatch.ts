/**
 * The one entry both front doors call (Electron's IPC in app/main, the WebSocket in
 * app/web): checks the request's name and argument shape, calls the handler, and turns a
 * thrown error into a refusal so nothing throws across the boundary. No game logic.
 */
import { isRequestName, type Handlers, type RequestName } from '../contract/handlers';
import { validateArgs } from '../contract/validate';
import { fail, type Result } from '../domain/result';

export type Dispatch = (name: string, args: unknown) => Promise<Result<unknown>>;

export interface DispatchOptions {
  /** Where unexpected errors are reported (they reach the screen only as a refusal). */
  readonly onError?: (name: RequestName, error: unknown) => void;
}

export function createDispatch(handlers: Handlers, options: DispatchOptions = {}): Dispatch {
  return async (name, args) => {
    if (!isRequestName(name)) return fail('unknown-request', `there is no request named ${JSON.stringify(name)}`);
    const checked = validateArgs(name, args);
    if (!checked.ok) return checked;
    try {
      const handler = handlers[name] as (a: unknown) => Promise<Result<unknown>>;
      return await handler.call(handlers, checked.value);
    } catch (e) {
      options.onError?.(name, e);
      return fail('internal-error', `the terminal failed on ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}
