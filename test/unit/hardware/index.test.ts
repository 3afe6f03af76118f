import { describe, expect, it } from 'vitest';
import { checkDeviceConfig, createCardSource, InProcessShoe, SerialCardDevice } from '../../../hardware';

describe('device configuration', () => {
  it('accepts a good configuration', () => {
    const cfg = { port: 'usb:0403:6001:A1', format: 'framed', role: 'shoe', baudRate: 19200 };
    expect(checkDeviceConfig(cfg)).toEqual({ ok: true, value: cfg });
    expect(checkDeviceConfig({ port: '/dev/ttyS0', format: 'lines', role: 'scanner', linePrefix: 'C:', heartbeatTimeoutMs: null }).ok).toBe(true);
  });

  it.each([
    [null, undefined, 'must be an object'],
    [{ format: 'lines', role: 'shoe' }, 'port', 'port must be text'],
    [{ port: 'usb:1:2:', format: 'lines', role: 'shoe' }, 'port', 'serial number is empty'],
    [{ port: '/dev/x', format: 'csv', role: 'shoe' }, 'format', 'format must be lines or framed'],
    [{ port: '/dev/x', format: 'lines', role: 'x' }, 'role', 'role must be shoe or scanner'],
    [{ port: '/dev/x', format: 'lines', role: 'shoe', baudRate: 0 }, 'baudRate', 'baudRate must be an integer'],
    [{ port: '/dev/x', format: 'lines', role: 'shoe', heartbeatTimeoutMs: 5 }, 'heartbeatTimeoutMs', 'heartbeatTimeoutMs must be'],
  ])('refuses %j at %s', (cfg, path, message) => {
    const r = checkDeviceConfig(cfg);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-device-config');
      expect(r.error.path).toBe(path);
      expect(r.error.message).toContain(message);
    }
  });

  it('no configured device -> the in-process simulated shoe; a configured one -> a serial device', () => {
    const sim = createCardSource(undefined, { simulator: { seed: 3 } });
    expect(sim).toBeInstanceOf(InProcessShoe);
    expect(sim.simulated).toBe(true);
    expect(sim.label).toBe('Simulated shoe (seed 3)');
    const real = createCardSource({ port: '/dev/ttyUSB0', format: 'lines', role: 'scanner', linePrefix: 'C:' });
    expect(real).toBeInstanceOf(SerialCardDevice);
    expect(real.simulated).toBe(false);
    expect(real.role).toBe('scanner');
  });
});
