// The contract: every request named once, argument shapes checked before a handler runs,
// and the one dispatch both front doors use (unknown names, bad arguments, a request its
// screen may not send and thrown errors come back as refusals, never as exceptions).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessWords, argumentKeys, ipcChannel, isRequestName, REQUEST_NAMES, REQUESTS, type Handlers, type Replies, type RequestName } from '../../../app/contract/handlers';
import { validateArgs } from '../../../app/contract/validate';
import { idOf, parseRequest } from '../../../app/contract/wire';
import { ok } from '../../../app/domain/result';
import type { AccessContext, Caller } from '../../../app/terminal/access';
import { createDispatch } from '../../../app/terminal/dispatch';
import { Screen, type Screens } from '../../../app/terminal/screens';

describe('request names', () => {
  it('are unique and each has its own IPC channel', () => {
    expect(new Set(REQUEST_NAMES).size).toBe(REQUEST_NAMES.length);
    expect(new Set(REQUEST_NAMES.map(ipcChannel)).size).toBe(REQUEST_NAMES.length);
    expect(isRequestName('settle')).toBe(true);
    expect(isRequestName('constructor')).toBe(false);
    expect(isRequestName('__proto__')).toBe(false);
  });
});

const REPLY_TYPES: Readonly<Record<keyof Replies, string>> = {
  view: 'TerminalView', session: 'SessionView', recall: 'RecallView', replay: 'ReplayView', accessLog: 'AccessLogView', staff: 'StaffListView',
  handSearch: 'HandSearchView', handTimeline: 'HandTimelineView', reportJob: 'ReportJobView', reportFile: 'ReportFileView',
  rulesPreview: 'RulesPreviewView', correctionPreview: 'CorrectionPreviewView', serialPorts: 'SerialPortsView', testRead: 'TestReadView',
};

/** The contract's list in docs/terminal.md, as the request table gives it. */
function requestList(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const args = (name: RequestName) => {
    const fields = REQUESTS[name].args as Record<string, { optional: boolean }>;
    const keys = Object.keys(fields).map((k) => (fields[k].optional ? `${k}?` : k));
    return keys.length === 0 ? '`{}`' : `\`{ ${keys.join(', ')} }\``;
  };
  const rows = REQUEST_NAMES.map((n) => {
    const r = REQUESTS[n];
    return `| \`${n}\` | ${args(n)} | \`${REPLY_TYPES[r.reply]}\` | ${cell(accessWords(r.access))} | ${cell(r.doc)} |`;
  });
  return ['| request | arguments | reply | who may send it | what it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

describe('the request table', () => {
  it('is what docs/terminal.md lists, request by request', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'terminal.md'), 'utf8');
    const listed = /<!-- requests: .*? -->\n([\s\S]*?)\n<!-- \/requests -->/.exec(doc);
    expect(listed, 'the <!-- requests --> markers in docs/terminal.md').not.toBeNull();
    expect(listed![1]).toBe(requestList());
  });

  it.each(REQUEST_NAMES.map((n) => [n]))('%s refuses an argument it does not take, naming it', (name) => {
    const r = validateArgs(name, { zzz: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-argument', path: 'zzz' } });
    const takes = argumentKeys(name);
    if (!r.ok) expect(r.error.message).toBe(`${name} has no argument "zzz" (${takes.length === 0 ? 'it takes none' : `it takes ${takes.join(', ')}`})`);
  });
});

const JANA = { staffId: 'jana', pin: '112233' };
const PETR = { staffId: 'petr', pin: '445566' };

describe('argument checks', () => {
  // [request, arguments, refusal code or null when accepted]
  const cases: [string, unknown, string | null][] = [
    ['snapshot', undefined, null],
    ['snapshot', [], 'bad-arguments'],
    ['seatReady', { seat: 2 }, null],
    ['searchHands', {}, null],
    ['searchHands', { from: '2025-03-01', to: '2025-03-02T06:00:00Z', dealer: 'Eva', seat: 2, player: 'ann', number: 7, outcome: 'misdeal', cause: 'short-deal', before: 40, limit: 100 }, null],
    ['searchHands', { from: 'yesterday' }, 'bad-time'],
    ['searchHands', { outcome: 'lost' }, 'bad-outcome'],
    ['searchHands', { cause: 'sneeze' }, 'bad-cause'],
    ['searchHands', { limit: 101 }, 'bad-number'],
    ['searchHands', { limit: 0 }, 'bad-number'],
    ['searchHands', { seat: 5 }, 'bad-seat'],
    ['searchHands', { page: 2 }, 'unknown-argument'],
    ['handTimeline', { handId: 'T1-3' }, null],
    ['handTimeline', { handId: 'T1-3', withHindsight: true }, null],
    ['handTimeline', { handId: 'T1-3', withHindsight: 'yes' }, 'bad-flag'],
    ['handTimeline', {}, 'bad-text'],
    ['seatReady', { seat: 5 }, 'bad-seat'],
    ['seatReady', { seat: '2' }, 'bad-seat'],
    ['seatPlayer', { seat: 1, name: 'Ann', buyIn: 200000 }, null],
    ['seatPlayer', { seat: 1, name: '  ', buyIn: 200000 }, 'bad-text'],
    ['seatPlayer', { seat: 1, name: 'Ann', buyIn: 1.5 }, 'bad-number'],
    ['seatPlayer', { seat: 1, name: 'Ann', buyIn: -5 }, 'bad-number'],
    ['declareNatural', { seat: 3, natural: 'dragon' }, null],
    ['declareNatural', { seat: 3 }, 'bad-text'],
    ['reportExposure', { seat: 3 }, null],
    ['reportExposure', { seat: 3, card: 52 }, 'bad-card'],
    ['reportWrongSeat', { heldBy: 1, handOf: 2 }, null],
    ['reportWrongSeat', { heldBy: 1 }, 'bad-seat'],
    ['setHand', { seat: 1, front: [0, 1, 2], middle: [3, 4, 5, 6, 7], back: [8, 9, 10, 11, 12] }, null],
    ['setHand', { seat: 1, front: [0, 1, 99], middle: [], back: [] }, 'bad-cards'],
    ['setHand', { seat: 1, front: 'As Kd', middle: [], back: [] }, 'bad-cards'],
    ['callMisdeal', { cause: 'wrong-card-count' }, null],
    ['callMisdeal', { cause: 'because' }, 'bad-cause'],
    ['executePayment', { index: 0 }, null],
    ['executePayment', { index: -1 }, 'bad-number'],
    ['acknowledgeAlert', { id: 4 }, null],
    ['acknowledgeAlert', { id: 'x' }, 'bad-number'],
    // The floor: signed with a staff id and PIN (their absence has its own code, a PIN is never
    // echoed), with a reason (its absence has its own code), and an action of a known shape.
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' } }, null],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 2, ruling: 'foul-seat' } }, null],
    ['floorCorrection', { reason: 'camera', action: { kind: 'note' } }, 'credential-needed'],
    ['floorCorrection', { floor: 'Jana', reason: 'camera', action: { kind: 'note' } }, 'bad-credential'],
    ['floorCorrection', { floor: { staffId: 'jana' }, reason: 'camera', action: { kind: 'note' } }, 'bad-pin'],
    ['floorCorrection', { floor: { staffId: 'jana', pin: '1234' }, reason: 'camera', action: { kind: 'note' } }, 'bad-pin'],
    ['floorCorrection', { floor: { staffId: 'ja na', pin: '112233' }, reason: 'camera', action: { kind: 'note' } }, 'bad-staff-id'],
    ['floorCorrection', { floor: { ...JANA, name: 'Jana' }, reason: 'camera', action: { kind: 'note' } }, 'unknown-argument'],
    ['floorCorrection', { floor: JANA, action: { kind: 'note' } }, 'reason-needed'],
    ['floorCorrection', { floor: JANA, reason: '', action: { kind: 'note' } }, 'reason-needed'],
    ['floorCorrection', { floor: JANA, reason: 'r'.repeat(501), action: { kind: 'note' } }, 'bad-text'],
    ['floorCorrection', { floor: JANA, reason: 'camera' }, 'bad-action'],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: 'note' }, 'bad-action'],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'undo' } }, 'bad-action'],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 0, ruling: 'accept' } }, 'bad-number'],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'maybe' } }, 'bad-ruling'],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'foul-seat', seat: 3 } }, null],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'foul-seat', seat: 0 } }, 'bad-seat'],
    ['floorCorrection', { floor: JANA, reason: 'misread', action: { kind: 'replace-hand', seat: 1, front: [0, 1, 2], middle: [3, 4, 5, 6, 7], back: [8, 9, 10, 11, 12] } }, null],
    ['floorCorrection', { floor: JANA, reason: 'misread', action: { kind: 'replace-hand', seat: 1, front: [0, 1, 2], middle: [3, 4, 5, 6, 7] } }, 'bad-cards'],
    ['floorCorrection', { floor: JANA, reason: 'misread', action: { kind: 'replace-hand', seat: 5, front: [], middle: [], back: [] } }, 'bad-seat'],
    ['floorCorrection', { floor: JANA, reason: 'dispute', action: { kind: 'note' }, handId: 'T1-4' }, null],
    ['floorCorrection', { floor: JANA, reason: 'dispute', action: { kind: 'note' }, handId: 4 }, 'bad-text'],
    ['voidHand', { floor: JANA, reason: 'deck short' }, null],
    ['voidHand', { floor: JANA, second: PETR, reason: 'deck short' }, null],
    ['voidHand', { floor: JANA, second: { staffId: 'petr' }, reason: 'deck short' }, 'bad-pin'],
    ['voidHand', { floor: JANA }, 'reason-needed'],
    ['voidHand', { reason: 'deck short' }, 'credential-needed'],
    ['floorAcknowledgeAlert', { id: 3, floor: JANA }, null],
    ['floorAcknowledgeAlert', { id: 3, floor: JANA, note: 'seen' }, null],
    ['floorAcknowledgeAlert', { id: 3, floor: JANA, note: 5 }, 'bad-text'],
    ['floorAcknowledgeAlert', { id: 3 }, 'credential-needed'],
    ['floorAcknowledgeAlert', { id: 0, floor: JANA }, 'bad-number'],
    // Signing in and out on a screen.
    ['dealerOn', { dealer: { staffId: 'eva', pin: '135791' } }, null],
    ['dealerOn', { name: 'Eva' }, 'unknown-argument'],
    ['dealerOn', {}, 'credential-needed'],
    ['signIn', { person: JANA, purpose: 'floor-action' }, null],
    ['signIn', { person: JANA, purpose: 'audit' }, null],
    ['signIn', { person: JANA, purpose: 'take-box' }, 'bad-purpose'],
    ['signOut', {}, null],
    ['signOut', { purpose: 'take-box' }, null],
    ['signOut', { purpose: 'lunch' }, 'bad-purpose'],
    ['session', {}, null],
    ['accessLog', {}, null],
    ['accessLog', { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' }, null],
    ['accessLog', { from: 5 }, 'bad-text'],
    ['recall', {}, null],
    ['replayHand', { handId: 'T1-4' }, null],
    ['replayHand', {}, 'bad-text'],
    ['replayHand', { handId: 'x'.repeat(81) }, 'bad-text'],
    // The admin's devices: the setting's shape here, its values as the flags' (app/services/device-settings.ts).
    ['serialPorts', { admin: JANA }, null],
    ['serialPorts', {}, 'credential-needed'],
    ['changeDevice', { admin: JANA, reason: 'new shoe', role: 'shoe', device: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 } }, null],
    ['changeDevice', { admin: JANA, reason: 'new shoe', role: 'shoe', device: { kind: 'serial', port: '/dev/ttyUSB0' } }, null],
    ['changeDevice', { admin: JANA, reason: 'shoe broke', role: 'shoe', device: { kind: 'simulated' } }, null],
    ['changeDevice', { admin: JANA, reason: 'by touch', role: 'scanner', device: { kind: 'none' } }, null],
    ['changeDevice', { admin: JANA, role: 'shoe', device: { kind: 'none' } }, 'reason-needed'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'dealer', device: { kind: 'none' } }, 'bad-device-role'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'shoe', device: { kind: 'usb' } }, 'bad-device'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'shoe', device: '/dev/ttyUSB0' }, 'bad-device'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'shoe', device: { kind: 'serial' } }, 'bad-device'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'shoe', device: { kind: 'serial', port: '/dev/x', baudRate: '9600' } }, 'bad-device'],
    ['changeDevice', { admin: JANA, reason: 'x', role: 'shoe', device: { kind: 'none', port: '/dev/x' } }, 'unknown-argument'],
    ['testRead', { admin: JANA, role: 'shoe' }, null],
    ['testRead', { admin: JANA, role: 'scanner', device: { kind: 'serial', port: '/dev/pts/4', format: 'lines' }, seconds: 5 }, null],
    ['testRead', { admin: JANA, role: 'shoe', seconds: 61 }, 'bad-number'],
    ['testRead', { role: 'shoe' }, 'credential-needed'],
  ];
  it.each(cases)('%s %j -> %s', (name, args, code) => {
    const r = validateArgs(name as never, args);
    if (code === null) expect(r.ok).toBe(true);
    else expect(r.ok ? null : r.error.code).toBe(code);
  });

  // [request, arguments, refusal code, the argument it names, words the message must hold]
  const worded: [string, unknown, string, string, RegExp][] = [
    ['reportExposure', { seat: 1, crad: 5 }, 'unknown-argument', 'crad', /^reportExposure has no argument "crad" \(it takes seat, card\)$/],
    ['settle', { now: true }, 'unknown-argument', 'now', /^settle has no argument "now" \(it takes none\)$/],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'foul-seat', seat: 3, irregularity: 1 } }, 'unknown-argument', 'action.irregularity',
      /^a foul-seat action has no argument "action.irregularity" \(it takes action.kind, action.seat\)$/],
    ['setHand', { seat: 1, front: [0, 1, 99], middle: [], back: [] }, 'bad-cards', 'front', /^front\[2\] must be a card code 0 to 51, got 99$/],
    ['setHand', { seat: 1, front: 'As Kd', middle: [], back: [] }, 'bad-cards', 'front', /^front must be a list of at most 13 card codes 0 to 51, got "As Kd"$/],
    ['setHand', { seat: 1, front: Array.from({ length: 14 }, (_, i) => i), middle: [], back: [] }, 'bad-cards', 'front', /^front must hold at most 13 card codes, got 14$/],
    ['declareNatural', { seat: 3, natural: '' }, 'bad-text', 'natural', /^natural must be a text of 1 to 40 characters, got ""$/],
    ['declareNatural', { seat: 3, natural: 'x'.repeat(41) }, 'bad-text', 'natural', /^natural must be a text of 1 to 40 characters, got "x{39}\.\.\. \(41 characters\)$/],
    // A PIN of the wrong form is named, never repeated.
    ['voidHand', { floor: { staffId: 'jana', pin: '12ab' }, reason: 'x' }, 'bad-pin', 'floor.pin', /^floor\.pin must be 6 to 12 digits \(what was given is not shown\)$/],
    ['signIn', { person: { staffId: 'olga', pin: '778899', role: 'auditor' }, purpose: 'audit' }, 'unknown-argument', 'person.role', /\(it takes staffId and pin\)$/],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'undo' } }, 'bad-action', 'action.kind',
      /^action.kind must be resolve-irregularity, foul-seat, replace-hand, note, got "undo"$/],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 0, ruling: 'accept' } }, 'bad-number', 'action.irregularity', /got 0$/],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'maybe' } }, 'bad-ruling', 'action.ruling', /got "maybe"$/],
    ['floorCorrection', { floor: JANA, reason: 'camera', action: { kind: 'foul-seat', seat: 0 } }, 'bad-seat', 'seat', /seat must be a seat number 1 to 4, got 0/],
  ];
  it.each(worded)('%s %j -> %s naming %s', (name, args, code, path, message) => {
    const r = validateArgs(name as never, args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.path).toBe(path);
    expect(r.error.message).toMatch(message);
  });

  it('take an argument given as undefined as not given (the Electron bridge keeps such keys)', () => {
    expect(validateArgs('reportExposure', { seat: 1, card: undefined }).ok).toBe(true);
  });
});

describe('wire messages', () => {
  it('parse requests and refuse the rest with an id to answer when there is one', () => {
    expect(parseRequest('{"t":"req","id":3,"name":"settle","args":{}}')).toEqual({ ok: true, value: { t: 'req', id: 3, name: 'settle', args: {} } });
    expect(parseRequest('{"t":"req","id":3,"name":"eval","args":{}}')).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
    expect(parseRequest('nonsense')).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(idOf('{"t":"req","id":3,"name":"eval"}')).toBe(3);
    expect(idOf('nonsense')).toBeNull();
  });
});

describe('dispatch', () => {
  const calls: unknown[] = [];
  const handlers = Object.fromEntries(REQUEST_NAMES.map((n) => [n, async (a: unknown, caller: Caller) => {
    calls.push([n, a, caller.dealer?.staffId ?? null]);
    if (n === 'settle') throw new Error('disk on fire');
    return ok({ answered: n });
  }])) as unknown as Handlers<Caller>;
  const errors: string[] = [];
  /** One screen with Eva, on duty, signed in for the box, or nobody (the real sign-ins: test/integration). */
  let signedIn = true;
  const screens = {
    active: (_s: Screen, purpose: string) => (signedIn && purpose === 'take-box' ? { staffId: 'eva', name: 'Eva', purpose } : null),
  } as unknown as Screens;
  const access: AccessContext = { screens, dealerOnDuty: () => 'eva' };
  const dispatch = createDispatch(handlers, access, new Screen('test-1', screens), { onError: (n) => errors.push(n) });

  it('calls the named handler with checked arguments and who sent it', async () => {
    expect(await dispatch('seatReady', { seat: 2 })).toEqual({ ok: true, value: { answered: 'seatReady' } });
    expect(calls.at(-1)).toEqual(['seatReady', { seat: 2 }, 'eva']);
  });

  it('refuses unknown names and bad arguments without calling anything', async () => {
    const before = calls.length;
    expect(await dispatch('toString', {})).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
    expect(await dispatch('seatReady', { seat: 0 })).toMatchObject({ ok: false, error: { code: 'bad-seat' } });
    expect(calls.length).toBe(before);
  });

  it('refuses a dealer\'s request from a screen with nobody signed in, naming the role, without calling anything', async () => {
    signedIn = false;
    try {
      const before = calls.length;
      const r = await dispatch('seatReady', { seat: 2 });
      expect(r).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      if (!r.ok) expect(r.error.message).toMatch(/role dealer/);
      expect(calls.length).toBe(before);
      // What every screen may send still goes through.
      expect(await dispatch('snapshot', {})).toEqual({ ok: true, value: { answered: 'snapshot' } });
    } finally {
      signedIn = true;
    }
  });

  it('turns a thrown error into a refusal and reports it', async () => {
    expect(await dispatch('settle', {})).toEqual({ ok: false, error: { code: 'internal-error', message: 'the terminal failed on settle: disk on fire' } });
    expect(errors).toEqual(['settle']);
  });
});
