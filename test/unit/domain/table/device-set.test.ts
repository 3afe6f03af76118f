// The admin's setting of the shoe or the scanner (docs/hardware.md, "Setting the devices on
// screen"): between hands only, signed and with a reason, of a known shape; the table itself
// does not change (the device is the terminal's; the log keeps who set which, and when).
import { describe, expect, it } from 'vitest';
import type { DeviceSet, TableEvent } from '../../../../app/domain/table';
import { at, dealt, ev } from '../hand/support';
import { Session, opened, refusedCode, tableEntry, tev } from './support';

function set(o: Partial<Omit<DeviceSet, 'type'>> = {}): TableEvent {
  return {
    type: 'device-set', at: at(), by: 'system', role: 'shoe', setting: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 },
    device: 'path:/dev/ttyUSB0', label: 'Card shoe on /dev/ttyUSB0 (framed)', staffId: 'ada', reason: 'the new shoe', ...o,
  };
}

function seated(): Session {
  const s = new Session();
  s.do(opened(), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 5000));
  return s;
}

describe('device-set', () => {
  it('is kept between hands and changes nothing of the table', () => {
    const s = seated();
    const before = s.table;
    s.do(set(), set({ role: 'scanner', setting: { kind: 'none' }, device: null, label: null }), set({ setting: { kind: 'simulated' }, device: 'sim:shoe', label: 'Simulated shoe' }));
    expect(s.table).toEqual(before);
  });

  it('waits for the hand in play: refused while it is dealt, taken once it is over', () => {
    const s = seated();
    s.start();
    s.play(dealt(0, 0));
    expect(refusedCode(s.table, tableEntry(set()))).toBe('hand-in-play');
    s.play(ev.void());
    s.do(set());
  });

  it('refuses no reason, no admin, and a setting, role or device of another shape', () => {
    const s = seated();
    const cases: [TableEvent, string][] = [
      [set({ reason: ' ' }), 'reason-needed'],
      [set({ reason: '' }), 'reason-needed'],
      [set({ staffId: '' }), 'bad-event'],
      [set({ role: 'dealer' as never }), 'bad-event'],
      [set({ setting: { kind: 'serial', port: '', format: 'framed', baudRate: 9600 } }), 'bad-event'],
      [set({ setting: { kind: 'serial', port: '/dev/x', format: 'morse' as never, baudRate: 9600 } }), 'bad-event'],
      [set({ setting: { kind: 'serial', port: '/dev/x', format: 'lines', baudRate: 0 } }), 'bad-event'],
      [set({ setting: { kind: 'usb' } as never }), 'bad-event'],
      [set({ setting: { kind: 'none', port: '/dev/x' } as never, device: null, label: null }), 'bad-event'],
      [set({ role: 'scanner', setting: { kind: 'simulated' }, device: 'sim:scanner', label: 'Simulated scanner' }), 'bad-event'],
      [set({ setting: { kind: 'none' } }), 'bad-event'],
      [set({ device: null }), 'bad-event'],
    ];
    for (const [event, code] of cases) expect(refusedCode(s.table, tableEntry(event)), JSON.stringify(event)).toBe(code);
  });
});
