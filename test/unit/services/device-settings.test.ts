// One check of a device setting for the start-up flags and the admin's request (the same values
// refused in the same words, each naming the part as it was given), and which device a start uses:
// a flag naming it, else the admin's stored setting, else the default.
import { describe, expect, it } from 'vitest';
import type { DeviceSet } from '../../../app/domain/table';
import { checkDeviceSetting, devicesAtStart, DEVICE_ARG_NAMES, portFailureCode, sameSetting, type StoredDeviceSet } from '../../../app/services/device-settings';
import { parseTerminalArgs } from '../../../app/terminal/config';

const flags = (argv: string[]) => parseTerminalArgs(argv, { db: 'x', seed: 1 });
const request = (role: 'shoe' | 'scanner', input: Parameters<typeof checkDeviceSetting>[1]) => checkDeviceSetting(role, input, DEVICE_ARG_NAMES);

describe('checkDeviceSetting', () => {
  it('takes a serial port with the role\'s defaults, the simulated shoe and none', () => {
    expect(request('shoe', { kind: 'serial', port: ' /dev/ttyUSB0 ' })).toEqual({ ok: true, value: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 } });
    expect(request('scanner', { kind: 'serial', port: 'usb:0403:6001:A1' })).toEqual({ ok: true, value: { kind: 'serial', port: 'usb:0403:6001:A1', format: 'lines', baudRate: 9600 } });
    expect(request('shoe', { kind: 'serial', port: 'COM3', format: 'lines', baudRate: 115200 })).toEqual({ ok: true, value: { kind: 'serial', port: 'COM3', format: 'lines', baudRate: 115200 } });
    expect(request('shoe', { kind: 'simulated' })).toEqual({ ok: true, value: { kind: 'simulated' } });
    expect(request('scanner', { kind: 'none' })).toEqual({ ok: true, value: { kind: 'none' } });
  });

  // [what is wrong, the request's input, the flags, the words both give after the part's name]
  const both: [string, 'shoe' | 'scanner', Parameters<typeof checkDeviceSetting>[1], string[], string, string][] = [
    ['a USB reference that is not one', 'shoe', { kind: 'serial', port: 'usb:zz' }, ['--shoe', 'usb:zz'], 'device.port', '--shoe'],
    ['a blank port', 'shoe', { kind: 'serial', port: ' ' }, ['--shoe', ' '], 'device.port', '--shoe'],
    ['a USB id of five digits', 'scanner', { kind: 'serial', port: 'usb:04031:6001' }, ['--scanner', 'usb:04031:6001'], 'device.port', '--scanner'],
    ['a wire format of another kind', 'shoe', { kind: 'serial', port: '/dev/x', format: 'morse' }, ['--shoe', '/dev/x', '--shoe-format', 'morse'], 'device.format', '--shoe-format'],
    ['a baud rate too low', 'shoe', { kind: 'serial', port: '/dev/x', baudRate: 5 }, ['--shoe', '/dev/x', '--shoe-baud', '5'], 'device.baudRate', '--shoe-baud'],
    ['a baud rate too high', 'shoe', { kind: 'serial', port: '/dev/x', baudRate: 4_000_001 }, ['--shoe', '/dev/x', '--shoe-baud', '4000001'], 'device.baudRate', '--shoe-baud'],
    ['a simulated scanner', 'scanner', { kind: 'simulated' }, ['--scanner', 'sim'], 'device.kind', '--scanner'],
  ];
  it.each(both)('refuses %s in the same words from the flags and the request', (_what, role, input, argv, requestName, flagName) => {
    const r = request(role, input);
    const f = flags(argv);
    expect(r.ok).toBe(false);
    expect(f.ok).toBe(false);
    if (r.ok || f.ok) return;
    expect(r.error.code).toBe('bad-device');
    expect(f.error.code).toBe('bad-option');
    expect(r.error.path).toBe(requestName);
    expect(r.error.message.startsWith(requestName)).toBe(true);
    expect(f.error.message.startsWith(flagName)).toBe(true);
    // The same words after the name of the part.
    expect(r.error.message.slice(requestName.length)).toBe(f.error.message.slice(flagName.length));
  });

  it('names the value it refuses', () => {
    expect(request('shoe', { kind: 'serial', port: '/dev/x', format: 'morse' })).toMatchObject({ error: { message: 'device.format must be framed or lines, got "morse"' } });
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: 9600.5 })).toMatchObject({ error: { message: 'device.baudRate must be a whole number, got 9600.5' } });
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: 49 })).toMatchObject({ error: { message: 'device.baudRate must be from 50 to 4000000, got 49' } });
    expect(request('shoe', { kind: 'wifi' })).toMatchObject({ error: { code: 'bad-device', message: 'device.kind must be serial, simulated or none, got "wifi"' } });
  });
});

describe('the flags', () => {
  it('say which device they name, so that a stored setting is used for the other', () => {
    const plain = flags([]);
    expect(plain.ok && plain.value.config.devicesGiven).toEqual({ shoe: false, scanner: false });
    const named = flags(['--shoe', '/dev/ttyUSB0', '--scanner', 'none']);
    expect(named.ok && named.value.config).toMatchObject({
      devicesGiven: { shoe: true, scanner: true }, shoe: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 }, scanner: { kind: 'none' },
    });
  });
});

describe('devicesAtStart', () => {
  const serial = (port: string) => ({ kind: 'serial' as const, port, format: 'framed' as const, baudRate: 9600 });
  const stored = (role: 'shoe' | 'scanner', setting: DeviceSet['setting']): StoredDeviceSet => ({
    id: 9, at: '2026-01-01T00:00:00.000Z', event: { type: 'device-set', at: '2026-01-01T00:00:00.000Z', by: 'system', role, setting, device: 'x', label: 'x', staffId: 'ada', reason: 'r' },
  });
  const configured = { shoe: { kind: 'simulated' as const }, scanner: { kind: 'none' as const } };

  it('takes the stored setting when no flag names the device, else the default', () => {
    const chosen = devicesAtStart(configured, { shoe: false, scanner: false }, { shoe: stored('shoe', serial('/dev/pts/3')) });
    expect(chosen.shoe).toEqual({ setting: serial('/dev/pts/3'), origin: 'stored', overridden: null });
    expect(chosen.scanner).toEqual({ setting: { kind: 'none' }, origin: 'default', overridden: null });
  });

  it('lets a flag win, and says what it overrode', () => {
    const chosen = devicesAtStart({ ...configured, shoe: serial('/dev/ttyUSB0') }, { shoe: true, scanner: false }, { shoe: stored('shoe', serial('/dev/pts/3')) });
    expect(chosen.shoe).toEqual({ setting: serial('/dev/ttyUSB0'), origin: 'flag', overridden: serial('/dev/pts/3') });
    // A flag naming what is stored overrides nothing.
    const same = devicesAtStart({ ...configured, shoe: serial('/dev/pts/3') }, { shoe: true, scanner: false }, { shoe: stored('shoe', serial('/dev/pts/3')) });
    expect(same.shoe.overridden).toBeNull();
  });

  it('compares settings by every part', () => {
    expect(sameSetting(serial('/dev/a'), serial('/dev/a'))).toBe(true);
    expect(sameSetting(serial('/dev/a'), { ...serial('/dev/a'), baudRate: 19200 })).toBe(false);
    expect(sameSetting(serial('/dev/a'), { ...serial('/dev/a'), format: 'lines' })).toBe(false);
    expect(sameSetting({ kind: 'none' }, { kind: 'simulated' })).toBe(false);
  });
});

describe('portFailureCode', () => {
  // The words @serialport/bindings-cpp gives (src/serialport_unix.cpp), and a USB reference not found.
  it.each([
    ['Error: No such file or directory, cannot open /dev/ttyUSB3', 'port-not-found'],
    ['no serial port with usb:0403:6001 is plugged in', 'port-not-found'],
    ['Error: Permission denied, cannot open /dev/ttyS0', 'port-permission'],
    ['Error Resource temporarily unavailable Cannot lock port', 'port-busy'],
    ['Error: Device or resource busy, cannot open /dev/ttyACM0', 'port-busy'],
    ['Error: Input/output error, cannot open /dev/ttyUSB0', 'port-open-failed'],
  ])('%s -> %s', (words, code) => {
    expect(portFailureCode(words)).toBe(code);
  });
});
