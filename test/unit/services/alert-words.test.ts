/**
 * Which device statuses need a person (`isDeviceFault`: each raises a `device-fault` alert the
 * dealer clears, docs/devices.md): a device that failed, not one the terminal stopped on purpose
 * (`stop()`: a device changed between hands, the terminal shutting down), which would otherwise
 * leave an alert to clear after every shutdown.
 */
import { describe, expect, it } from 'vitest';
import type { StatusEvent } from '../../../hardware/card-source';
import { isDeviceFault } from '../../../app/services/alert-words';

const base = { kind: 'status', device: 'shoe-1', at: Date.UTC(2025, 0, 1, 20, 0, 0) } as const;
const status = (e: Record<string, unknown>): StatusEvent => ({ ...base, ...e }) as unknown as StatusEvent;

describe('isDeviceFault', () => {
  const cases: readonly [what: string, event: StatusEvent, fault: boolean][] = [
    ['stop() called: a deliberate stop', status({ status: 'disconnected', reason: 'stopped', willRetry: false }), false],
    ['unplugged, reopening', status({ status: 'disconnected', reason: 'port closed', willRetry: true }), true],
    ['a read error, not retried', status({ status: 'disconnected', reason: 'read error', willRetry: false }), true],
    ['"stopped" while still retrying is no deliberate stop', status({ status: 'disconnected', reason: 'stopped', willRetry: true }), true],
    ['the port cannot be opened', status({ status: 'open-failed', reason: 'ENOENT', retryInMs: 1000 }), true],
    ['a jam', status({ status: 'jam' }), true],
    ['the lid open', status({ status: 'lid-open' }), true],
    ['nothing heard', status({ status: 'heartbeat-lost', silentMs: 5000 }), true],
    ['connected', status({ status: 'connected', path: '/dev/ttyUSB0', reconnect: false }), false],
    ['ready again', status({ status: 'ready' }), false],
    ['heard again', status({ status: 'heartbeat-restored' }), false],
    ['the shoe empty (the deal checks it)', status({ status: 'shoe-empty' }), false],
    ['an unreadable card (the hand logic refuses it)', status({ status: 'unreadable', raw: new Uint8Array(), reason: 'bad text' }), false],
  ];
  for (const [what, event, fault] of cases) {
    it(`${what}: ${fault ? 'a fault' : 'not a fault'}`, () => {
      expect(isDeviceFault(event)).toBe(fault);
    });
  }
});
