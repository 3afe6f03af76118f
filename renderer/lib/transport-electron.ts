/**
 * The contract over the Electron preload bridge (`window.terminal`): each request calls the
 * bridge's method of the same name; the bridge has no generic entry point.
 */
import type { TerminalBridge, Transport } from '../../app/contract/client';
import type { RequestName } from '../../app/contract/handlers';
import { fail, type Result } from '../../app/domain/result';

export function createBridgeTransport(bridge: TerminalBridge): Transport {
  return {
    async request(name: RequestName, args: unknown): Promise<Result<unknown>> {
      const method = bridge[name] as ((a: unknown) => Promise<Result<unknown>>) | undefined;
      if (typeof method !== 'function') return fail('unknown-request', `the terminal has no request named ${name}`);
      try {
        return await method(args);
      } catch (e) {
        return fail('bridge-error', e instanceof Error ? e.message : String(e));
      }
    },
    onPush(listener) {
      const offView = bridge.onView((view) => listener('view', view));
      const offSession = bridge.onSession((session) => listener('session', session));
      return () => {
        offView();
        offSession();
      };
    },
  };
}
