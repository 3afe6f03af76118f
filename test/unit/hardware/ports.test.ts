import { describe, expect, it } from 'vitest';
import { formatDeviceRef, listPorts, parseDeviceRef, refOfPort, resolvePort, toListing, type DeviceRef } from '../../../hardware/ports';

// Listings as SerialPort.list() reports them on Linux (ids without 0x, as udevadm gives them).
const FTDI_A = { path: '/dev/ttyUSB0', vendorId: '0403', productId: '6001', serialNumber: 'A10K3', manufacturer: 'FTDI' };
const FTDI_B = { path: '/dev/ttyUSB1', vendorId: '0403', productId: '6001', serialNumber: 'B77Q2', manufacturer: 'FTDI' };
const PROLIFIC = { path: '/dev/ttyUSB2', vendorId: '067B', productId: '2303', serialNumber: undefined, manufacturer: 'Prolific' };
const ONBOARD = { path: '/dev/ttyS0' };

describe('device references', () => {
  it.each([
    ['/dev/ttyUSB0', { kind: 'path', path: '/dev/ttyUSB0' }],
    ['COM3', { kind: 'path', path: 'COM3' }],
    ['usb:0403:6001', { kind: 'usb', vendorId: '0403', productId: '6001' }],
    ['USB:067B:2303:SN1', { kind: 'usb', vendorId: '067b', productId: '2303', serialNumber: 'SN1' }],
    ['path:usb:odd', { kind: 'path', path: 'usb:odd' }],
  ])('parses %s', (text, ref) => {
    expect(parseDeviceRef(text)).toEqual({ ok: true, value: ref });
  });

  it.each([
    ['', 'no port given'],
    ['usb:0403', 'expected usb:VID:PID'],
    ['usb:04031:6001', 'vendor id "04031" is not 4 hex digits'],
    ['usb:0403:xyz1', 'product id "xyz1" is not 4 hex digits'],
    ['usb:0403:6001:', 'serial number is empty'],
  ])('refuses %j', (text, message) => {
    const r = parseDeviceRef(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(message);
  });

  it('formats round-trip', () => {
    const refs: DeviceRef[] = [
      { kind: 'path', path: '/dev/ttyS0' },
      { kind: 'path', path: 'usb:weird' },
      { kind: 'usb', vendorId: '0403', productId: '6001' },
      { kind: 'usb', vendorId: '0403', productId: '6001', serialNumber: 'A10K3' },
    ];
    for (const ref of refs) expect(parseDeviceRef(formatDeviceRef(ref))).toEqual({ ok: true, value: ref });
  });

  it('remembers a listed port by USB ids and serial number, a port without ids by its path', () => {
    expect(formatDeviceRef(refOfPort(FTDI_A))).toBe('usb:0403:6001:A10K3');
    expect(formatDeviceRef(refOfPort(PROLIFIC))).toBe('usb:067b:2303');
    expect(formatDeviceRef(refOfPort(ONBOARD))).toBe('/dev/ttyS0');
    expect(toListing(FTDI_A)).toEqual({ ...FTDI_A, ref: 'usb:0403:6001:A10K3' });
  });

  it('finds a device again after a replug moved it to another path', () => {
    const ref = parseDeviceRef('usb:0403:6001:B77Q2');
    if (!ref.ok) throw new Error('parse');
    const before = [FTDI_A, FTDI_B].map(toListing);
    const after = [{ ...FTDI_B, path: '/dev/ttyUSB3' }, FTDI_A].map(toListing);
    expect(resolvePort(ref.value, before)).toEqual({ ok: true, value: '/dev/ttyUSB1' });
    expect(resolvePort(ref.value, after)).toEqual({ ok: true, value: '/dev/ttyUSB3' });
  });

  it('refuses a USB reference that matches no port or several', () => {
    const listed = [FTDI_A, FTDI_B, PROLIFIC].map(toListing);
    const none = resolvePort({ kind: 'usb', vendorId: '1a86', productId: '7523' }, listed);
    expect(none).toMatchObject({ ok: false, error: { code: 'device-not-found' } });
    const two = resolvePort({ kind: 'usb', vendorId: '0403', productId: '6001' }, listed);
    expect(two).toMatchObject({ ok: false, error: { code: 'ambiguous-device' } });
    if (!two.ok) expect(two.error.message).toContain('/dev/ttyUSB0, /dev/ttyUSB1');
    // A path is opened as typed, listed or not (virtual ports never show in lists).
    expect(resolvePort({ kind: 'path', path: '/tmp/x/terminal' }, listed)).toEqual({ ok: true, value: '/tmp/x/terminal' });
  });
});

describe('listPorts', () => {
  it('lists the real ports of this machine (udevadm is installed here)', async () => {
    const r = await listPorts();
    expect(r.ok).toBe(true);
    if (r.ok) for (const p of r.value) expect(typeof p.path).toBe('string');
  });

  it('fails soft, with a clear message, when the lister fails or hangs', async () => {
    const failing = await listPorts({ lister: () => Promise.reject(new Error('spawn udevadm ENOENT')) });
    expect(failing).toMatchObject({ ok: false, error: { code: 'cannot-list-ports' } });
    if (!failing.ok) expect(failing.error.message).toContain('type the port path by hand');
    const hanging = await listPorts({ lister: () => new Promise(() => {}), timeoutMs: 20 });
    expect(hanging).toMatchObject({ ok: false, error: { code: 'cannot-list-ports' } });
    if (!hanging.ok) expect(hanging.error.message).toContain('no answer within 20 ms');
  });

  it.runIf(process.platform === 'linux')('says udevadm is missing instead of crashing when it is not on PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const r = await listPorts();
      expect(r).toMatchObject({ ok: false, error: { code: 'cannot-list-ports' } });
      if (!r.ok) expect(r.error.message).toContain('udevadm program is not installed');
    } finally {
      process.env.PATH = saved;
    }
  });
});
