// The admin sets the shoe on screen and test-reads it, through real pseudo-terminals made by socat
// and the real terminal (openTerminal) on a real database file: the shoe set to a pty between
// hands, at once; a test read of a card written to the pty, which no hand gets; a hand dealt from
// the pty; every refusal appending nothing; a restart keeping the setting, and a flag winning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SerialPortsView, TestReadView } from '../../../app/contract/devices';
import type { TerminalView } from '../../../app/contract/view';
import { formatCard } from '../../../app/domain/cards';
import { auditTables } from '../../../app/services/table-audit';
import type { Terminal } from '../../../app/terminal/terminal';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { STAFF, credentialOf } from '../../support/staff';
import { dealerOn, openSimTerminal, send, sendOk, viewUntil } from '../web/sim-terminal';
import { useHardware, within } from './helpers';

const hw = useHardware();
const admin = credentialOf(STAFF.admin);
let terminal: Terminal | null = null;
let dir: string | null = null;
afterEach(async () => {
  await terminal?.close();
  terminal = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function dbFile(): string {
  dir = mkdtempSync(join(tmpdir(), 'cpt-devices-'));
  return join(dir, 'terminal.db');
}

async function refused(name: string, args: unknown): Promise<{ code: string; message: string; path?: string }> {
  const r = await send(terminal!, name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

/** The table's log: how many rows, and the device-set events. */
function log(t: Terminal): { rows: number; sets: Record<string, unknown>[] } {
  const db = t.service.store.db;
  return {
    rows: db.prepare("SELECT count(*) FROM events WHERE table_id = 'T1'").pluck().get() as number,
    sets: (db.prepare("SELECT body FROM events WHERE type = 'device-set' ORDER BY id").pluck().all() as string[]).map((b) => JSON.parse(b) as Record<string, unknown>),
  };
}

/** A framed shoe simulator on the device side of a new pty pair, answering ACKs. */
async function ptyShoe(format: 'framed' | 'lines' = 'framed', faults: string[] = []) {
  const pair = await hw.pair();
  const shoe = await hw.shoe({ path: pair.devicePath, format, paceMs: 1, ackTimeoutMs: 5000, heartbeatMs: 200, faults });
  return { pair, shoe };
}

const shoeOn = (port: string, format: 'framed' | 'lines' = 'framed') => ({ kind: 'serial', port, format, baudRate: 9600 });
const connected = (v: TerminalView) => v.shoe.status === 'connected' && v.shoe.kind === 'serial';

describe('the shoe set on screen', () => {
  it('goes to a pty at once; a test read shows the next card it reads, which no hand gets; the next hand is dealt from it', async () => {
    terminal = await openSimTerminal(7, ['--db', dbFile()]);
    const { pair, shoe } = await ptyShoe();
    expect(terminal.shoe?.id).toBe('sim:shoe');
    const v = await sendOk<TerminalView>(terminal, 'changeDevice', { admin, reason: 'the real shoe is in', role: 'shoe', device: shoeOn(pair.terminalPath) });
    expect(v.shoe.label).toContain(pair.terminalPath);
    expect(terminal.shoe?.id).toBe(`path:${pair.terminalPath}`);
    await viewUntil(terminal, connected);
    const ports = await sendOk<SerialPortsView>(terminal, 'serialPorts', { admin });
    expect(ports.shoe).toMatchObject({ origin: 'screen', setting: shoeOn(pair.terminalPath), lastSet: { staffId: STAFF.admin.staffId, reason: 'the real shoe is in' } });
    // The pty is not listed by the system: it is there all the same, as set.
    expect(ports.ports.find((p) => p.path === pair.terminalPath)).toMatchObject({ listed: false });

    // The test read: the card written to the pty, its frame, the device; no hand gets it.
    const before = log(terminal).rows;
    const card = shuffledDeck(99)[0];
    const reading = send(terminal, 'testRead', { admin, role: 'shoe', seconds: 20 });
    await new Promise((r) => setTimeout(r, 100));
    await shoe.feed([card]);
    const read = await within(reading, 25_000, 'the test read');
    expect(read).toMatchObject({ ok: true, value: { role: 'shoe', device: `path:${pair.terminalPath}`, card, cardText: formatCard(card), seq: 0 } });
    const value = (read as { value: TestReadView }).value;
    expect(value.label).toContain(pair.terminalPath);
    expect(value.raw.startsWith('02')).toBe(true);
    // Nothing was recorded of it: no refused read, no card of a hand.
    expect(log(terminal).rows).toBe(before);

    // A hand dealt from the pty: every card of it from the device set.
    await dealerOn(terminal);
    for (const seat of [1, 2] as const) await sendOk(terminal, 'seatPlayer', { seat, name: `P${seat}`, buyIn: 300000 });
    await sendOk(terminal, 'startHand');
    await shoe.deal(5);
    const dealt = await viewUntil(terminal, (x) => x.hand?.phase === 'setting');
    expect(dealt.hand?.phase).toBe('setting');
    const devices = terminal.service.store.db.prepare("SELECT DISTINCT json_extract(body, '$.device') FROM events WHERE type = 'card-dealt' AND hand_id = 'T1-1'").pluck().all();
    expect(devices).toEqual([`path:${pair.terminalPath}`]);
    // The test card did not enter it: the hand's cards are the deal's, in order.
    const cards = terminal.service.store.db.prepare("SELECT json_extract(body, '$.card') FROM events WHERE type = 'card-dealt' AND hand_id = 'T1-1' ORDER BY id").pluck().all();
    expect(cards).toEqual(shuffledDeck(5));

    // Refused while the hand is in play, a change and a test read alike; nothing recorded.
    const inPlay = log(terminal).rows;
    expect(await refused('changeDevice', { admin, reason: 'swap', role: 'shoe', device: { kind: 'simulated' } })).toMatchObject({ code: 'hand-in-play' });
    expect(await refused('testRead', { admin, role: 'shoe' })).toMatchObject({ code: 'hand-in-play' });
    expect(log(terminal).rows).toBe(inPlay);
    expect(terminal.shoe?.id).toBe(`path:${pair.terminalPath}`);

    // Who set which device, and why, is in the log and the access log.
    expect(log(terminal).sets).toEqual([expect.objectContaining({
      role: 'shoe', setting: shoeOn(pair.terminalPath), device: `path:${pair.terminalPath}`, staffId: STAFF.admin.staffId, reason: 'the real shoe is in',
    })]);
    await sendOk(terminal, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    const access = await sendOk<{ entries: { type: string; person: string | null; what: string; why: string | null }[] }>(terminal, 'accessLog');
    expect(access.entries.find((e) => e.type === 'device-set')).toMatchObject({ person: STAFF.admin.staffId, what: expect.stringContaining(pair.terminalPath), why: 'the real shoe is in' });
    // The log with its device-set folds and rebuilds clean in the audit.
    expect(auditTables(terminal.service.store)).toMatchObject({ ok: true, tables: 1 });
  }, 60_000);

  it('ends a test read when a hand starts during it: the hand gets every card of its deal', async () => {
    terminal = await openSimTerminal(7, ['--db', dbFile()]);
    const { pair, shoe } = await ptyShoe();
    await sendOk(terminal, 'changeDevice', { admin, reason: 'the real shoe is in', role: 'shoe', device: shoeOn(pair.terminalPath) });
    await viewUntil(terminal, connected);
    await dealerOn(terminal);
    for (const seat of [1, 2] as const) await sendOk(terminal, 'seatPlayer', { seat, name: `P${seat}`, buyIn: 300000 });
    const reading = send(terminal, 'testRead', { admin, role: 'shoe', seconds: 20 });
    await new Promise((r) => setTimeout(r, 100));
    await sendOk(terminal, 'startHand');
    await shoe.deal(6);
    expect(await within(reading, 25_000, 'the test read')).toMatchObject({ ok: false, error: { code: 'hand-in-play' } });
    await viewUntil(terminal, (x) => x.hand?.phase === 'setting');
    const cards = terminal.service.store.db.prepare("SELECT json_extract(body, '$.card') FROM events WHERE type = 'card-dealt' AND hand_id = 'T1-1' ORDER BY id").pluck().all();
    expect(cards).toEqual(shuffledDeck(6));
  }, 60_000);

  it('test-reads a port not set yet without touching the table\'s shoe; says why there is no card', async () => {
    terminal = await openSimTerminal(7, ['--db', dbFile()]);
    const { pair, shoe } = await ptyShoe('lines');
    const rows = log(terminal).rows;
    const card = shuffledDeck(3)[5];
    const reading = send(terminal, 'testRead', { admin, role: 'shoe', device: shoeOn(pair.terminalPath, 'lines'), seconds: 20 });
    await new Promise((r) => setTimeout(r, 300));
    await shoe.feed([card]);
    expect(await within(reading, 25_000, 'the test read')).toMatchObject({ ok: true, value: { card, seq: null, raw: Buffer.from(formatCard(card)).toString('hex') } });
    expect(terminal.shoe?.id).toBe('sim:shoe');

    // No card within the time: said so, with the device.
    expect(await refused('testRead', { admin, role: 'shoe', device: shoeOn(pair.terminalPath, 'lines'), seconds: 1 })).toMatchObject({
      code: 'no-card-read', message: expect.stringMatching(/no card was read by Card shoe on .* in 1 seconds/),
    });
    // A port that is not there.
    expect(await refused('testRead', { admin, role: 'shoe', device: shoeOn(join(pair.terminalPath, '..', 'nothing-here')) })).toMatchObject({ code: 'port-not-found' });
    // A port another program holds (serialport locks what it opens).
    const held = await hw.pair();
    await hw.device({ port: held.terminalPath, format: 'lines' });
    expect(await refused('testRead', { admin, role: 'shoe', device: shoeOn(held.terminalPath, 'lines'), seconds: 5 })).toMatchObject({ code: 'port-busy', message: expect.stringMatching(/lock/i) });
    // A device fault: the shoe jams before the card.
    const jammed = await ptyShoe('framed', ['jam@0:100']);
    const faulted = send(terminal, 'testRead', { admin, role: 'shoe', device: shoeOn(jammed.pair.terminalPath), seconds: 20 });
    await new Promise((r) => setTimeout(r, 300));
    void jammed.shoe.feed([card]).catch(() => {});
    expect(await within(faulted, 25_000, 'the test read')).toMatchObject({ ok: false, error: { code: 'device-fault', message: expect.stringMatching(/jam/) } });
    // Nothing set, no test read: the table's log did not change.
    expect(log(terminal).rows).toBe(rows);
  }, 60_000);

  it('sets the scanner to a pty (lines), test-reads it, and takes it off again; its port cannot be the shoe\'s too', async () => {
    terminal = await openSimTerminal(7, ['--db', dbFile()]);
    const { pair, shoe: scanner } = await ptyShoe('lines');
    const on = { kind: 'serial', port: pair.terminalPath, format: 'lines', baudRate: 9600 };
    await sendOk(terminal, 'changeDevice', { admin, reason: 'the scanner is in', role: 'scanner', device: on });
    expect(terminal.scanner?.id).toBe(`path:${pair.terminalPath}`);
    await viewUntil(terminal, (v) => v.scanner.status === 'connected');
    expect(await refused('changeDevice', { admin, reason: 'x', role: 'shoe', device: shoeOn(pair.terminalPath, 'lines') })).toMatchObject({ code: 'device-in-use' });
    const card = shuffledDeck(8)[3];
    const reading = send(terminal, 'testRead', { admin, role: 'scanner', seconds: 20 });
    await new Promise((r) => setTimeout(r, 100));
    await scanner.feed([card]);
    expect(await within(reading, 25_000, 'the test read')).toMatchObject({ ok: true, value: { role: 'scanner', card, seq: null } });
    // No scanned card was held or refused for it.
    expect(terminal.service.store.db.prepare("SELECT count(*) FROM events WHERE type IN ('device-read-refused', 'scanner-card-held')").pluck().get()).toBe(0);
    await sendOk(terminal, 'changeDevice', { admin, reason: 'by touch tonight', role: 'scanner', device: { kind: 'none' } });
    expect(terminal.scanner).toBeNull();
    expect(await refused('testRead', { admin, role: 'scanner' })).toMatchObject({ code: 'no-device' });
    expect(log(terminal).sets.map((e) => [e.role, (e.setting as { kind: string }).kind, e.device, e.reason])).toEqual([
      ['scanner', 'serial', `path:${pair.terminalPath}`, 'the scanner is in'],
      ['scanner', 'none', null, 'by touch tonight'],
    ]);
  }, 60_000);

  it('refuses a bad port, a path not there, no reason, the same device, and anyone but an admin; nothing is recorded', async () => {
    terminal = await openSimTerminal(7, ['--db', dbFile()]);
    const rows = log(terminal).rows;
    expect(await refused('changeDevice', { admin, reason: 'x', role: 'shoe', device: { kind: 'serial', port: 'usb:zz' } })).toMatchObject({
      code: 'bad-device', path: 'device.port', message: expect.stringMatching(/^device\.port: not a USB device reference/),
    });
    expect(await refused('changeDevice', { admin, reason: 'x', role: 'shoe', device: { kind: 'serial', port: '/dev/x', format: 'morse' } })).toMatchObject({ code: 'bad-device', path: 'device.format' });
    expect(await refused('changeDevice', { admin, reason: 'x', role: 'shoe', device: { kind: 'serial', port: '/dev/x', baudRate: 10 } })).toMatchObject({ code: 'bad-device', path: 'device.baudRate' });
    expect(await refused('changeDevice', { admin, reason: 'x', role: 'scanner', device: { kind: 'simulated' } })).toMatchObject({ code: 'bad-device' });
    expect(await refused('changeDevice', { admin, reason: 'typo', role: 'shoe', device: { kind: 'serial', port: '/dev/ttyUSB-not-here' } })).toMatchObject({ code: 'device-not-found' });
    expect(await refused('changeDevice', { admin, reason: ' ', role: 'shoe', device: { kind: 'none' } })).toMatchObject({ code: 'reason-needed' });
    expect(await refused('changeDevice', { admin, reason: 'same', role: 'shoe', device: { kind: 'simulated' } })).toMatchObject({ code: 'no-change' });
    for (const person of [STAFF.dealer, STAFF.floor, STAFF.auditor]) {
      for (const [name, args] of [
        ['changeDevice', { admin: credentialOf(person), reason: 'x', role: 'shoe', device: { kind: 'none' } }],
        ['testRead', { admin: credentialOf(person), role: 'shoe' }],
        ['serialPorts', { admin: credentialOf(person) }],
      ] as const) {
        expect(await refused(name, args)).toMatchObject({ code: 'not-allowed', message: expect.stringMatching(/admin/) });
      }
    }
    expect(log(terminal).rows).toBe(rows);
    expect(log(terminal).sets).toEqual([]);
    expect(terminal.shoe?.id).toBe('sim:shoe');
  });
});

describe('after a restart', () => {
  it('the shoe set on screen is the shoe; a --shoe flag wins over it, and says what it overrode', async () => {
    const db = dbFile();
    const { pair, shoe } = await ptyShoe();
    terminal = await openSimTerminal(7, ['--db', db]);
    await sendOk(terminal, 'changeDevice', { admin, reason: 'the real shoe is in', role: 'shoe', device: shoeOn(pair.terminalPath) });
    await terminal.close();

    terminal = await openSimTerminal(7, ['--db', db]);
    expect(terminal.shoe?.id).toBe(`path:${pair.terminalPath}`);
    expect((await sendOk<SerialPortsView>(terminal, 'serialPorts', { admin })).shoe).toMatchObject({ origin: 'stored', setting: shoeOn(pair.terminalPath), overridden: null });
    // It reads: a test read through the stored setting.
    await viewUntil(terminal, connected);
    const reading = send(terminal, 'testRead', { admin, role: 'shoe', seconds: 20 });
    await new Promise((r) => setTimeout(r, 100));
    await shoe.feed([shuffledDeck(1)[0]]);
    expect(await within(reading, 25_000, 'the test read')).toMatchObject({ ok: true, value: { card: shuffledDeck(1)[0] } });
    // The start is on record with the device.
    const started = JSON.parse(terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'terminal-started' ORDER BY id DESC LIMIT 1").pluck().get() as string) as { devices: { id: string }[] };
    expect(started.devices.map((d) => d.id)).toEqual([`path:${pair.terminalPath}`]);
    await terminal.close();

    terminal = await openSimTerminal(7, ['--db', db, '--shoe', 'sim']);
    expect(terminal.shoe?.id).toBe('sim:shoe');
    expect((await sendOk<SerialPortsView>(terminal, 'serialPorts', { admin })).shoe).toMatchObject({ origin: 'flag', setting: { kind: 'simulated' }, overridden: shoeOn(pair.terminalPath) });
  }, 60_000);
});
