// The table fold's refusals word by word (docs/table.md): each names the table, the hand, the
// person or the value refused, and what was expected; the informational events' shape checks
// field by field; the rules, the dealer's staff id, a correction's chips and a replay's
// position. The guard cases are guards.test.ts's (there by code only); each message below was
// read against its rule. Refusals worded by another module (check.ts, next-hand.ts,
// difference.ts, the hand fold) are checked by code only: their words are their own tests'.
import { describe, expect, it } from 'vitest';
import { type HandEvent, type SeatNo } from '../../../../app/domain/hand';
import { money, unwrap, type DomainError } from '../../../../app/domain/result';
import {
  ALERT_CLEARED_BY, ALERT_KINDS, TABLE_EVENT_TYPES, TABLE_LANGUAGES, applyTable, applyTableEntry, checkpointOf, nextHandStarted, planCorrection,
  replayTable, type HandCorrection, type TableEntry, type TableEvent, type TableState,
} from '../../../../app/domain/table';
import { EXAMPLE_003, at, dealt, ev } from '../hand/support';
import { Session, handEntry, startWith, tableIn, type StateName, opened, playHand, snapshotOf, tableEntry, tev } from './support';

const T = (e: TableEvent): TableEntry => tableEntry(e);
const H = (handId: string, e: HandEvent): TableEntry => handEntry(handId, e);
/** An event with fields changed or added (the shape checks see whatever the log holds). */
const bare = (e: TableEvent, patch: Record<string, unknown>): TableEvent => ({ ...e, ...patch }) as unknown as TableEvent;
const refusal = (state: TableState | null, entry: TableEntry): DomainError | 'accepted' => {
  const r = applyTable(state, entry);
  return r.ok ? 'accepted' : r.error;
};
const err = (code: string, message: string, path?: string): DomainError => (path === undefined ? { code, message } : { code, message, path });

const scannerHeld = (): TableEvent => ({ type: 'scanner-card-held', at: at(), by: 'device', device: 'scan-1', seat: 1, row: 'front', card: 'As', seq: 4, raw: '0a0b' });
const started = (): TableEvent => ({
  type: 'terminal-started', at: at(), by: 'system', program: 'serve', version: '1.2.3',
  devices: [{ role: 'shoe', id: 'sim:shoe', label: 'Simulated shoe', simulated: true }], afterCrash: false, changed: [],
});
const stopped = (): TableEvent => ({ type: 'terminal-stopped', at: at(), by: 'system', program: 'serve' });
const deviceSet = (patch: Record<string, unknown> = {}): TableEvent => bare({
  type: 'device-set', at: at(), by: 'system', role: 'shoe', setting: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 },
  device: 'path:/dev/ttyUSB0', label: 'USB shoe', staffId: 'admin1', reason: 'new shoe',
} as TableEvent, patch);
const rulesChanged = (patch: Record<string, unknown> = {}, preset: 'basic' | 'mandarin-house' = 'basic'): TableEvent => {
  const snapshot = snapshotOf(preset);
  return bare({
    type: 'rules-changed', at: at(), by: 'system', profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    pointValue: 100, name: 'Table 1', staffId: 'admin1', reason: 'house rules',
  } as TableEvent, patch);
};

const CASES: [string, StateName, TableEntry | ((s: TableState | null) => TableEntry), DomainError][] = [
  // The log's entries (guards.test.ts)
  ['an entry that is not an object', 'opened', null as unknown as TableEntry,
    err('bad-entry', 'a log entry must be an object { handId, body }')],
  ['an entry that is a number', 'opened', 5 as unknown as TableEntry,
    err('bad-entry', 'a log entry must be an object { handId, body }')],
  ['an event that is not an object', 'opened', { handId: null, body: 7 as never },
    err('bad-event', 'an event must be an object')],
  ['an entry without an event', 'opened', { handId: null } as never,
    err('bad-event', 'an event must be an object')],
  ['an unknown event type', 'opened', T({ ...tev.dealerOn(), type: 'dealer-napping' } as never),
    err('unknown-event', 'unknown event type "dealer-napping"')],
  ['an event without a type', 'opened', { handId: null, body: { at: at(), by: 'dealer' } as never },
    err('unknown-event', 'unknown event type nothing')],
  ['a table event stored with a hand id', 'opened', { handId: 'T1-1', body: tev.dealerOn() },
    err('bad-entry', 'dealer-on is a table event: it is stored without a hand id')],
  ['a hand event stored without a hand id', 'inHand', { handId: null, body: ev.ready(1) },
    err('bad-entry', `seat-ready is a hand's event: it is stored with its hand's id`)],
  ['a hand id that is not text', 'inHand', { handId: 5 as never, body: ev.ready(1) },
    err('bad-entry', `a log entry's handId is a hand's id or null, not 5`)],
  ['a hand id that is empty', 'inHand', { handId: '', body: ev.ready(1) },
    err('bad-entry', `a log entry's handId is a hand's id or null, not ""`)],
  ['a time without a zone', 'opened', T({ ...tev.dealerOn(), at: '2025-03-01T10:00:00' }),
    err('bad-time', 'dealer-on: "at" must be an ISO 8601 time with a zone, not "2025-03-01T10:00:00"')],
  ['an unknown actor', 'opened', T({ ...tev.dealerOn(), by: 'croupier' as never }),
    err('bad-actor', 'dealer-on: "by" must be dealer, device, system or floor:<name>, not "croupier"')],
  ['anything before the table is opened', 'none', T(tev.dealerOn()),
    err('no-table', 'dealer-on: the table has not been opened')],
  ['a bad time before the table is opened', 'none', T({ ...tev.dealerOn(), at: 'soon' }),
    err('bad-time', 'dealer-on: "at" must be an ISO 8601 time with a zone, not "soon"')],
  ['a hand before the table is opened', 'none', H('T1-1', ev.ready(1)),
    err('no-table', 'seat-ready: the table has not been opened')],
  ['a second table-opened', 'opened', T(opened()),
    err('table-exists', 'table T1 is already open on this terminal')],
  // Dealers
  ['a dealer without a name', 'opened', T(tev.dealerOn('  ')),
    err('name-needed', 'the dealer taking the box must be named, not "  "')],
  ['the dealer on duty signing on again', 'staffed', T(tev.dealerOn('Dana')),
    err('already-dealing', 'Dana is already dealing at table T1')],
  ['another dealer without the first signing off', 'staffed', T(tev.dealerOn('Eva')),
    err('dealer-on-duty', 'Dana is dealing at table T1: he signs off (dealer-off) before Eva takes the box')],
  ['a dealer change during a hand', 'inHand', T(tev.dealerOn('Eva')),
    err('hand-in-play', 'A dealer change only between hands: hand 1 is in play at table T1')],
  ['a dealer off when none is on', 'opened', T(tev.dealerOff('Dana')),
    err('no-dealer', 'no dealer is signed on at table T1')],
  ['another dealer signing off', 'staffed', T(tev.dealerOff('Eva')),
    err('not-dealing', '"Eva" is not dealing at table T1: Dana is')],
  ['a dealer on with a staff id that is none', 'opened', T(bare(tev.dealerOn('Dana'), { staffId: 'd a' })),
    err('bad-event', 'dealer-on: staffId must be a staff id when given, not "d a"')],
  ['a dealer off with a staff id when he took the box without one', 'staffed', T(bare(tev.dealerOff('Dana'), { staffId: 'dana' })),
    err('not-dealing', `dealer-off: staffId "dana" is not the dealer on duty's (null)`)],
  // Seats
  ['a player at seat 0', 'staffed', T(tev.seated(0 as SeatNo)),
    err('bad-seat', '0 is not a seat (1-4)')],
  ['a taken seat', 'seated', T(tev.seated(2, 'p9')),
    err('seat-taken', 'seat 2 is taken by p2')],
  ['a player without an id', 'staffed', T(tev.seated(1, ' ')),
    err('player-needed', 'the player sitting down needs an id, not " "')],
  ['a player already seated', 'seated', T(tev.seated(4, 'p3')),
    err('already-seated', 'p3 already sits at seat 3')],
  ['a blank display name', 'staffed', T({ ...tev.seated(1), name: ' ' } as TableEvent),
    err('bad-event', 'player-seated: the name is left out or is text without spaces around it, not " "')],
  ['sitting down during a hand', 'inHand', T(tev.seated(4)),
    err('hand-in-play', 'A player can sit down only between hands: hand 1 is in play at table T1')],
  // Buy-ins
  ['chips added during a hand', 'inHand', T(tev.buyIn(1, 2000)),
    err('hand-in-play', 'No chips can be added only between hands: hand 1 is in play at table T1')],
  ['a buy-in at seat 9', 'seated', T(tev.buyIn(9 as SeatNo, 2000)),
    err('bad-seat', '9 is not a seat (1-4)')],
  ['a buy-in at an empty seat', 'seated', T(tev.buyIn(4, 2000)),
    err('seat-empty', 'seat 4 at table T1 is empty')],
  ['a buy-in naming another player', 'seated', T(tev.buyIn(1, 2000, false, 'p2')),
    err('wrong-player', 'buy-in: Seat 1 is p1, not "p2"')],
  ['a full buy-in marked short', 'seated', T(tev.buyIn(1, 2000, true)),
    err('bad-event', 'buy-in: short must be false: 2,000 is a full buy-in, not true')],
  ['a short buy-in not marked short', 'seated', T(tev.buyIn(1, 1500, false)),
    err('bad-event', 'buy-in: short must be true: 1,500 is a short buy-in, not false')],
  ['a buy-in marked neither', 'seated', T(bare(tev.buyIn(1, 2000), { short: 'no' })),
    err('bad-event', 'buy-in: short must be false: 2,000 is a full buy-in, not "no"')],
  // Leaving
  ['leaving during a hand', 'inHand', T(tev.left(1, 2000)),
    err('hand-in-play', 'A player can leave only between hands: hand 1 is in play at table T1')],
  ['leaving an empty seat', 'seated', T(tev.left(4, 0)),
    err('seat-empty', 'seat 4 at table T1 is empty')],
  ['leaving in another player\'s name', 'seated', T(tev.left(1, 2000, 'p2')),
    err('wrong-player', 'player-left: Seat 1 is p1, not "p2"')],
  ['leaving with less than the whole stack', 'seated', T(tev.left(1, 1999)),
    err('wrong-cash-out', 'player-left: p1 leaves with his whole stack, 2,000, not 1999')],
  // alert-raised, each field
  ['an alert of an unknown kind', 'opened', T({ ...tev.alert(), kind: 'rumour' } as never),
    err('bad-event', 'alert-raised: kind must be one of misdeal, irregularity, device-fault, integrity, not "rumour"')],
  ['an alert numbered 0', 'opened', T(tev.alert(0)),
    err('bad-event', 'alert-raised: alertId must be a whole number from 1, not 0')],
  ['an alert without a code', 'opened', T(bare(tev.alert(), { code: '' })),
    err('bad-event', 'alert-raised: code must be non-empty text, not ""')],
  ['an alert whose message is not text', 'opened', T(bare(tev.alert(), { message: 3 })),
    err('bad-event', 'alert-raised: message must be text')],
  ['an alert of a hand with no id', 'opened', T(bare(tev.alert(), { handId: '' })),
    err('bad-event', `alert-raised: handId must be a hand's id or null, not ""`)],
  ['an alert whose device is not text', 'opened', T(bare(tev.alert(), { device: 1 })),
    err('bad-event', 'alert-raised: device must be text when given')],
  // alert-acknowledged
  ['an alert acknowledged by nobody', 'opened', T(tev.ack(1, '')),
    err('name-needed', 'an alert is acknowledged by a named person, not ""')],
  ['an acknowledgement of alert 0', 'opened', T(tev.ack(0)),
    err('bad-event', 'alert-acknowledged: alertId must be a whole number from 1, not 0')],
  ['an acknowledgement with a staff id that is none', 'opened', T(bare(tev.ack(1), { staffId: 'a b' })),
    err('bad-event', 'alert-acknowledged: staffId must be a staff id when given, not "a b"')],
  ['an acknowledgement whose note is not text', 'opened', T(bare(tev.ack(1), { note: 5 })),
    err('bad-event', 'alert-acknowledged: note must be text when given')],
  // device-status
  ['a device status without a device', 'opened', T(bare(tev.device(), { device: '' })),
    err('bad-event', `device-status: device must be the device's id, not ""`)],
  ['a device of no role', 'opened', T({ ...tev.device(), role: 'toaster' } as never),
    err('bad-event', 'device-status: role must be "shoe" or "scanner", not "toaster"')],
  ['a device status without a status', 'opened', T(tev.device('')),
    err('bad-event', 'device-status: status must be non-empty text, not ""')],
  ['a device status whose detail is not text', 'opened', T(bare(tev.device(), { detail: false })),
    err('bad-event', 'device-status: detail must be text when given')],
  // device-read-refused
  ['a refused read without a device', 'opened', T(bare(tev.readRefused(), { device: '' })),
    err('bad-event', `device-read-refused: device must be the device's id, not ""`)],
  ['a refused read of no role', 'opened', T(bare(tev.readRefused(), { role: 'printer' })),
    err('bad-event', 'device-read-refused: role must be "shoe" or "scanner", not "printer"')],
  ['a refused read whose card is not text', 'opened', T(bare(tev.readRefused(), { card: 51 })),
    err('bad-event', 'device-read-refused: card must be text when given')],
  ['a refused read numbered -1', 'opened', T(bare(tev.readRefused(), { seq: -1 })),
    err('bad-event', 'device-read-refused: seq must be a whole number when given, not -1')],
  ['a refused read whose bytes are not hex', 'opened', T(bare(tev.readRefused(), { raw: 'zz' })),
    err('bad-event', 'device-read-refused: raw must be the device bytes as hex when given')],
  ['a refused read without its code', 'opened', T({ ...tev.readRefused(), code: '' } as never),
    err('bad-event', 'device-read-refused: code must be non-empty text, not ""')],
  ['a refused read whose message is not text', 'opened', T(bare(tev.readRefused(), { message: null })),
    err('bad-event', 'device-read-refused: message must be text')],
  // scanner-card-held
  ['a held card without a device', 'opened', T(bare(scannerHeld(), { device: '' })),
    err('bad-event', `scanner-card-held: device must be the device's id, not ""`)],
  ['a held card at seat 5', 'opened', T(bare(scannerHeld(), { seat: 5 })),
    err('bad-event', 'scanner-card-held: seat must be 1-4, not 5')],
  ['a held card of no row', 'opened', T(bare(scannerHeld(), { row: 'side' })),
    err('bad-event', 'scanner-card-held: row must be front, middle or back, not "side"')],
  ['a held card without its text', 'opened', T(bare(scannerHeld(), { card: '' })),
    err('bad-event', `scanner-card-held: card must be the card's text, not ""`)],
  ['a held card numbered 1.5', 'opened', T(bare(scannerHeld(), { seq: 1.5 })),
    err('bad-event', 'scanner-card-held: seq must be a whole number or null, not 1.5')],
  ['a held card whose bytes are not hex', 'opened', T(bare(scannerHeld(), { raw: 'abc' })),
    err('bad-event', 'scanner-card-held: raw must be the device bytes as hex')],
  // terminal-started and terminal-stopped
  ['a start of no program', 'opened', T(bare(started(), { program: '' })),
    err('bad-event', 'terminal-started: program must be non-empty text, not ""')],
  ['a start of no version', 'opened', T(bare(started(), { version: 2 })),
    err('bad-event', 'terminal-started: version must be non-empty text, not 2')],
  ['a start whose devices are not a list', 'opened', T(bare(started(), { devices: {} })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start with a device that is null', 'opened', T(bare(started(), { devices: [null] })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start with a device of no role', 'opened', T(bare(started(), { devices: [{ role: 'fan', id: 'x', label: 'x', simulated: false }] })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start with a device without an id', 'opened', T(bare(started(), { devices: [{ role: 'shoe', id: '', label: 'x', simulated: false }] })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start with a device whose label is not text', 'opened', T(bare(started(), { devices: [{ role: 'shoe', id: 'x', label: 1, simulated: false }] })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start with a device neither simulated nor not', 'opened', T(bare(started(), { devices: [{ role: 'scanner', id: 'x', label: 'x', simulated: 'yes' }] })),
    err('bad-event', 'terminal-started: devices must be a list of { role, id, label, simulated }')],
  ['a start neither after a crash nor not', 'opened', T(bare(started(), { afterCrash: 'no' })),
    err('bad-event', 'terminal-started: afterCrash must be true or false, not "no"')],
  ['a start whose changes are not a list', 'opened', T(bare(started(), { changed: 'shoe' })),
    err('bad-event', 'terminal-started: changed must be a list of texts')],
  ['a start with a change that is not text', 'opened', T(bare(started(), { changed: ['a', 2] })),
    err('bad-event', 'terminal-started: changed must be a list of texts')],
  ['a stop of no program', 'opened', T(bare(stopped(), { program: '' })),
    err('bad-event', 'terminal-stopped: program must be non-empty text, not ""')],
  // device-set
  ['a device set during a hand', 'inHand', T(deviceSet()),
    err('hand-in-play', 'A device change only between hands: hand 1 is in play at table T1')],
  ['a device set without an admin\'s staff id', 'opened', T(deviceSet({ staffId: '' })),
    err('bad-event', `device-set: staffId must be the admin's staff id, not ""`)],
  ['a device set without a reason', 'opened', T(deviceSet({ reason: ' ' })),
    err('reason-needed', 'device-set: give the reason for the change')],
  ['a device set of no role', 'opened', T(deviceSet({ role: 'fan' })),
    err('bad-event', 'device-set: role must be "shoe" or "scanner", not "fan"')],
  ['a device setting that is null', 'opened', T(deviceSet({ setting: null })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not null')],
  ['a device setting of no kind', 'opened', T(deviceSet({ setting: { kind: 'usb' } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"usb"}')],
  ['none with more to it', 'opened', T(deviceSet({ setting: { kind: 'none', port: 'x' }, device: null, label: null })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"none","port":"x"}')],
  ['simulated with more to it', 'opened', T(deviceSet({ setting: { kind: 'simulated', format: 'lines' }, device: 'sim:shoe', label: 'Simulated shoe' })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"simulated","format":"lines"}')],
  ['a serial port without its name', 'opened', T(deviceSet({ setting: { kind: 'serial', port: '', format: 'framed', baudRate: 9600 } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"serial","port":"","format":"...')],
  ['a serial port of another format', 'opened', T(deviceSet({ setting: { kind: 'serial', port: '/dev/x', format: 'json', baudRate: 9600 } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"serial","port":"/dev/x","for...')],
  ['a serial port at 0 baud', 'opened', T(deviceSet({ setting: { kind: 'serial', port: '/dev/x', format: 'lines', baudRate: 0 } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"serial","port":"/dev/x","for...')],
  ['a serial port at a fraction of a baud', 'opened', T(deviceSet({ setting: { kind: 'serial', port: '/dev/x', format: 'lines', baudRate: 9600.5 } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"serial","port":"/dev/x","for...')],
  ['a serial port with more to it', 'opened', T(deviceSet({ setting: { kind: 'serial', port: '/dev/x', format: 'lines', baudRate: 9600, parity: 'none' } })),
    err('bad-event', 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not {"kind":"serial","port":"/dev/x","for...')],
  ['a simulated scanner', 'opened', T(deviceSet({ role: 'scanner', setting: { kind: 'simulated' }, device: 'sim:scanner', label: 'Simulated scanner' })),
    err('bad-event', 'device-set: setting: the scanner has no simulated device')],
  ['none, naming a device', 'opened', T(deviceSet({ setting: { kind: 'none' }, device: 'x', label: null })),
    err('bad-event', `device-set: device and label must be the device's id and words (null for none)`)],
  ['none, with a label', 'opened', T(deviceSet({ setting: { kind: 'none' }, device: null, label: 'x' })),
    err('bad-event', `device-set: device and label must be the device's id and words (null for none)`)],
  ['a port, naming no device', 'opened', T(deviceSet({ device: null })),
    err('bad-event', `device-set: device and label must be the device's id and words (null for none)`)],
  ['a port, without a label', 'opened', T(deviceSet({ label: '' })),
    err('bad-event', `device-set: device and label must be the device's id and words (null for none)`)],
  // rules-changed
  ['the rules changed during a hand', 'inHand', T(rulesChanged({ pointValue: 200 })),
    err('hand-in-play', 'The rules change only between hands: hand 1 is in play at table T1')],
  ['the rules changed without an admin\'s staff id', 'opened', T(rulesChanged({ pointValue: 200, staffId: 'a b' })),
    err('bad-event', `rules-changed: staffId must be the admin's staff id, not "a b"`)],
  ['the rules changed without a reason', 'opened', T(rulesChanged({ pointValue: 200, reason: '' })),
    err('reason-needed', 'rules-changed: give the reason for the change')],
  ['a language the screens do not speak', 'opened', T(rulesChanged({ language: 'de' })),
    err('bad-language', `rules-changed: the table's language is one of en, cs, not "de"`, 'language')],
  ['no change at all', 'opened', T(rulesChanged()),
    err('no-change', 'table T1 already plays basic v1 at 100 a point as "Table 1"')],
  ['a profile of the same name changed without a new version', 'opened', T(rulesChanged({ profile: { name: 'basic', version: 1, snapshot: { ...snapshotOf('basic'), segmentPoints: 2 } } })),
    err('version-needed', 'profile basic changed: it needs a version above 1, not 1', 'profile.version')],
  // Hands
  ['a hand-started stored under another hand id', 'seated', (s) => ({ ...startWith((e) => e)(s), handId: 'T1-2' }),
    err('bad-entry', 'hand-started of hand "T1-1" is stored as an event of hand "T1-2"')],
  ['an event of a hand that never started', 'seated', H('T1-1', ev.ready(1)),
    err('unknown-hand', 'seat-ready: there is no hand "T1-1" at table T1')],
  ['an event of another table\'s hand', 'inHand', H('T2-1', ev.ready(1)),
    err('unknown-hand', 'seat-ready: there is no hand "T2-1" at table T1')],
  ['a past hand gets more than a note', 'afterHand', H('T1-1', ev.ready(1)),
    err('hand-over', 'seat-ready: hand T1-1 is over; only a note can be added')],
  ['a correction of a past hand that is not a note', 'afterHand', H('T1-1', ev.floor({ kind: 'foul', seat: 1 } as never)),
    err('hand-over', 'floor-correction: hand T1-1 is over; only a note can be added')],
  ['a note on a past hand not by the floor', 'afterHand', H('T1-1', { ...ev.floor({ kind: 'note' }), by: 'dealer' } as HandEvent),
    err('floor-only', 'A correction is made by the floor (by: "floor:<name>")')],
  ['a note on a past hand without a reason', 'afterHand', H('T1-1', ev.floor({ kind: 'note' }, '')),
    err('reason-needed', 'A floor correction needs a reason')],
  ['a note on a past hand signed wrong', 'afterHand', H('T1-1', { ...ev.floor({ kind: 'note' }), signedBy: [] } as HandEvent),
    err('bad-event', 'floor-correction: signedBy lists the one or two floor people who gave their PIN, not []')],
  ['a checkpoint during a hand', 'inHand', (s) => T({ ...unwrap(checkpointOf(tableIn('seated')!, at())), handsStarted: s!.handsStarted }),
    err('hand-in-play', 'A checkpoint is written only between hands: hand 1 is in play at table T1')],
  ['a checkpoint that is not the table', 'seated', (s) => T({ ...unwrap(checkpointOf(s!, at())), button: 2 }),
    err('checkpoint-mismatch', 'table-checkpoint: button is 2, the table has 4', 'button')],
];

describe('applyTable refuses, naming what was wrong', () => {
  it.each(CASES)('%s (%s)', (_name, stateName, entryOf, error) => {
    const state = tableIn(stateName);
    const entry = typeof entryOf === 'function' ? entryOf(state) : entryOf;
    expect(refusal(state, entry)).toStrictEqual(error);
  });
});

describe('the informational events: accepted as they are, the state unchanged', () => {
  it.each<[string, TableEvent]>([
    ['an alert with every field', bare(tev.alert(2), { handId: 'T1-1', device: 'shoe-1' })],
    ['an alert of each kind', bare(tev.alert(), { kind: 'integrity' })],
    ['an acknowledgement with a staff id and a note', bare(tev.ack(2), { staffId: 'jana', note: 'seen' })],
    ['a device status with a detail', bare(tev.device('jam'), { detail: 'card stuck' })],
    ['a refused read with a number and bytes', bare(tev.readRefused(), { seq: 0, raw: '0A1b' })],
    ['a refused read of a scanner without a card', bare(tev.readRefused(), { role: 'scanner', card: undefined })],
    ['a held card of the middle row, not numbered', bare(scannerHeld(), { row: 'middle', seq: null })],
    ['a held card of the back row', bare(scannerHeld(), { row: 'back', seq: 0, raw: '' })],
    ['a start with no devices and changes', bare(started(), { devices: [], changed: ['shoe: sim:shoe'], afterCrash: true })],
    ['a start with a scanner', bare(started(), { devices: [{ role: 'scanner', id: 'path:/dev/x', label: 'x', simulated: false }] })],
    ['a stop', stopped()],
    ['a serial device', deviceSet()],
    ['a serial device in lines', deviceSet({ setting: { kind: 'serial', port: 'COM3', format: 'lines', baudRate: 1 } })],
    ['the simulated shoe', deviceSet({ setting: { kind: 'simulated' }, device: 'sim:shoe', label: 'Simulated shoe' })],
    ['no scanner', deviceSet({ role: 'scanner', setting: { kind: 'none' }, device: null, label: null })],
  ])('%s', (_why, e) => {
    const s = tableIn('opened')!;
    expect(applyTable(s, T(e))).toStrictEqual({ ok: true, value: s });
  });

  it('an alert, a device and a device setting during a hand', () => {
    const s = tableIn('inHand')!;
    for (const e of [tev.alert(4), tev.device('jam'), scannerHeld(), started(), stopped()]) expect(applyTable(s, T(e))).toStrictEqual({ ok: true, value: s });
  });
});

describe('the rules change between hands', () => {
  it('takes the profile, the point value, the name and the language; keeps the language when none is given', () => {
    const s = tableIn('seated')!;
    const next = unwrap(applyTable(s, T(rulesChanged({ pointValue: 250, name: 'High table', language: 'cs' }, 'mandarin-house'))));
    expect(next).toStrictEqual({
      ...s, profile: next.profile, profileSnapshot: snapshotOf('mandarin-house'), pointValue: 250, name: 'High table', language: 'cs',
    });
    expect(next.profile.name).toBe('mandarin-house');
    const again = unwrap(applyTable(next, T(rulesChanged({ pointValue: 300, name: 'High table' }, 'mandarin-house'))));
    expect(again.language).toBe('cs');
    expect(again.pointValue).toBe(300);
  });

  it('each of the four is a change on its own', () => {
    const s = tableIn('opened')!;
    expect(refusal(s, T(rulesChanged({ pointValue: 101 })))).toBe('accepted');
    expect(refusal(s, T(rulesChanged({ name: 'Table one' })))).toBe('accepted');
    expect(refusal(s, T(rulesChanged({ language: 'en' })))).toBe('accepted');
    expect(refusal(s, T(rulesChanged({}, 'mandarin-house')))).toBe('accepted');
  });

  it('no change names the rules and the language', () => {
    const cs = unwrap(applyTable(tableIn('opened'), T(rulesChanged({ language: 'cs' }))));
    expect(refusal(cs, T(rulesChanged()))).toStrictEqual(err('no-change', 'table T1 already plays basic v1 at 100 a point as "Table 1" in cs'));
    expect(TABLE_LANGUAGES).toEqual(['en', 'cs']);
  });

  it('a changed profile of the same name needs a higher version; a higher one is taken', () => {
    const snapshot = { ...snapshotOf('basic'), segmentPoints: 2 };
    const s = tableIn('opened')!;
    expect(refusal(s, T(rulesChanged({ profile: { name: 'basic', version: 0, snapshot: { ...snapshot, version: 0 } } })))).toMatchObject({ code: 'bad-profile' });
    const v2 = unwrap(applyTable(s, T(rulesChanged({ profile: { name: 'basic', version: 2, snapshot: { ...snapshot, version: 2 } } }))));
    expect([v2.profile.version, v2.profile.segmentPoints]).toEqual([2, 2]);
    // Back to version 1's rules under version 1: a change of rules, not of a higher version.
    expect(refusal(v2, T(rulesChanged()))).toStrictEqual(err('version-needed', 'profile basic changed: it needs a version above 2, not 1', 'profile.version'));
    // The same rules under a higher version only: the rules are the same, and nothing else changed.
    expect(refusal(v2, T(rulesChanged({ profile: { name: 'basic', version: 2, snapshot: { ...snapshot, version: 2 } } })))).toMatchObject({ code: 'no-change' });
  });
});

describe('the dealer on duty and his staff id', () => {
  it('is kept with his name, and only he signs off, with it', () => {
    const s = unwrap(applyTable(tableIn('opened'), T(bare(tev.dealerOn('Dana'), { staffId: 'dana' }))));
    expect([s.dealer, s.dealerStaffId]).toEqual(['Dana', 'dana']);
    expect(refusal(s, T(tev.dealerOff('Dana')))).toStrictEqual(err('not-dealing', 'dealer-off: staffId null is not the dealer on duty\'s ("dana")'));
    expect(refusal(s, T(bare(tev.dealerOff('Dana'), { staffId: 'eva' })))).toStrictEqual(err('not-dealing', 'dealer-off: staffId "eva" is not the dealer on duty\'s ("dana")'));
    const off = unwrap(applyTable(s, T(bare(tev.dealerOff('Dana'), { staffId: 'dana' }))));
    expect([off.dealer, off.dealerStaffId]).toEqual([null, null]);
    const named = unwrap(applyTable(tableIn('opened'), T(tev.dealerOn('Dana'))));
    expect(named.dealerStaffId).toBeNull();
    expect(unwrap(applyTable(named, T(tev.dealerOff('Dana')))).dealer).toBeNull();
  });
});

describe('seats', () => {
  it('a player sits down with his name, leaves with his stack; the other seats stay', () => {
    const s = unwrap(applyTable(tableIn('staffed'), T(tev.seated(3, 'p7', 'Eva'))));
    expect(s.seats).toStrictEqual([null, null, { playerId: 'p7', name: 'Eva', stack: 0, shortBuyInAllowed: false }, null]);
    const seated = tableIn('seated')!;
    const left = unwrap(applyTable(seated, T(tev.left(2, 5000))));
    expect(left.seats).toStrictEqual([seated.seats[0], null, seated.seats[2], null]);
    // A player who left may sit down again, at another seat.
    expect(refusal(left, T(tev.seated(4, 'p2')))).toBe('accepted');
  });
});

/** Three players, hand T1-1 played to its close (seed 003's seats 1-3, basic rules, 100 a point). */
function afterHand(): Session {
  const s = new Session();
  s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 5000), tev.seated(2), tev.buyIn(2, 5000), tev.seated(3), tev.buyIn(3, 5000));
  playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 3: EXAMPLE_003[3] });
  return s;
}
const JANA = { staffId: 'jana', name: 'Jana' };
const PETR = { staffId: 'petr', name: 'Petr' };
const FOUL2: HandCorrection = { kind: 'resettle', seats: [{ kind: 'foul', seat: 2 }] };

/** The `hand-corrected` event the service writes for this correction. */
function corrected(s: Session, correction: HandCorrection, signedBy = [JANA, PETR], reason = 'the floor reviewed the video') {
  const plan = unwrap(planCorrection(s.table.lastPlayed!, correction, reason));
  return {
    type: 'hand-corrected', at: at(), by: `floor:${signedBy[0].name}`, handId: 'T1-1', correction, reason, signedBy,
    result: plan.result, transfers: [...plan.transfers],
  } as TableEvent & { type: 'hand-corrected' };
}

describe('correcting the last played hand', () => {
  it('refuses, naming why', () => {
    const s = afterHand();
    const good = corrected(s, FOUL2);
    const n = good.transfers.length;
    expect(n).toBeGreaterThan(1);
    const cases: [string, TableEvent, DomainError][] = [
      ['one floor person when chips move', { ...good, signedBy: [JANA], by: 'floor:Jana' },
        err('second-floor-needed', `the correction moves chips (${n} transfers): a second floor person signs it too (the two-person rule)`)],
      ['not the floor', { ...good, by: 'dealer' }, err('floor-only', 'A correction is made by the floor (by: "floor:<name>")')],
      ['no reason', { ...good, reason: '' }, err('reason-needed', 'A correction needs a reason')],
      ['no signatures', { ...good, signedBy: undefined } as never, err('bad-event', 'hand-corrected: signedBy names the floor people who gave their PIN')],
      ['a result that is not the corrected hand\'s', { ...good, result: null }, err('correction-mismatch', 'hand-corrected: the result is not what the corrected hand settles to', 'result')],
      ['transfers that are not the difference', { ...good, transfers: good.transfers.slice(1) },
        err('correction-mismatch', 'hand-corrected: the transfers are not the difference between what was paid and what is now owed', 'transfers')],
    ];
    for (const [what, e, error] of cases) expect([what, refusal(s.table, T(e))]).toEqual([what, error]);
    // During the next hand: refused as the hand in play.
    const next = afterHand();
    next.start();
    expect(refusal(next.table, T(good))).toStrictEqual(err('hand-in-play', 'A played hand is corrected only between hands: hand 2 is in play at table T1'));
  });

  it('a void needs one floor person only when no chips move', () => {
    const s = afterHand();
    // Voiding moves chips back: one signature is not enough.
    const one = corrected(s, { kind: 'void' }, [JANA]);
    expect(refusal(s.table, T(one))).toMatchObject({ code: 'second-floor-needed' });
    expect(refusal(s.table, T(corrected(s, { kind: 'void' }, [JANA, PETR])))).toBe('accepted');
  });

  it('waits for the chips of the last correction, and for the players of the hand to be there', () => {
    const s = afterHand();
    s.do(corrected(s, FOUL2));
    expect(refusal(s.table, T(corrected(s, { kind: 'void' })))).toStrictEqual(err('correction-pending', 'the chips of hand 1\'s last correction are not all moved yet'));
    const left = afterHand();
    left.do(tev.left(2, left.table.seats[1]!.stack));
    expect(refusal(left.table, T(corrected(afterHand(), FOUL2)))).toStrictEqual(
      err('player-left', 'p2 has left Seat 2: the chips of hand 1 cannot move at the table any more (the cage settles it)'),
    );
    // Another player at the seat is not the player of the hand.
    left.do(tev.seated(2, 'p9'), tev.buyIn(2, 5000, false, 'p9'));
    expect(refusal(left.table, T(corrected(afterHand(), FOUL2)))).toMatchObject({ code: 'player-left' });
  });

  it('each transfer is moved once, as planned, from chips the payer holds', () => {
    const s = afterHand();
    s.do(corrected(s, FOUL2));
    const pending = s.table.lastPlayed!.pending;
    const t = pending[0];
    const pay = (o: Record<string, unknown> = {}): TableEntry => T({
      type: 'correction-payment-executed', at: at(), by: 'dealer', handId: 'T1-1', index: 0, from: t.from as SeatNo, to: t.to as SeatNo, amount: t.amount, ...o,
    } as TableEvent);
    const words = `Seat ${t.from} pays Seat ${t.to} ${t.amount.toLocaleString('en-US')}`;
    expect(refusal(s.table, pay({ handId: 'T1-2' }))).toStrictEqual(err('not-correctable', 'hand "T1-2" has no correction to pay'));
    expect(refusal(s.table, pay({ index: pending.length }))).toStrictEqual(err('no-such-payment', `There is no transfer ${pending.length}: the correction has ${pending.length} transfers`));
    expect(refusal(s.table, pay({ index: -1 }))).toStrictEqual(err('no-such-payment', `There is no transfer -1: the correction has ${pending.length} transfers`));
    expect(refusal(s.table, pay({ index: 0.5 }))).toMatchObject({ code: 'no-such-payment' });
    for (const o of [{ from: t.to }, { to: t.from }, { amount: t.amount + 1 }]) {
      const e = { from: t.from, to: t.to, amount: t.amount, ...o };
      expect(refusal(s.table, pay(o))).toStrictEqual(err('payment-mismatch', `Transfer 1 is ${words}, not ${JSON.stringify(e)}`));
    }
    const before = s.table.seats.map((x) => x?.stack ?? 0);
    s.apply(pay());
    const after = s.table.seats.map((x) => x?.stack ?? 0);
    expect(after[t.from - 1]).toBe(before[t.from - 1] - t.amount);
    expect(after[t.to - 1]).toBe(before[t.to - 1] + t.amount);
    expect(s.table.lastPlayed!.pending.map((x) => x.done)).toEqual(pending.map((_x, i) => i === 0));
    expect(refusal(s.table, pay())).toStrictEqual({
      code: 'already-paid', message: `Transfer 1 (${words}) is already made`, figures: { number: 1, from: t.from, to: t.to, amount: money(t.amount) },
    });
  });

  it('refuses a transfer the payer cannot cover, or when a player has left', () => {
    const s = afterHand();
    s.do(corrected(s, FOUL2));
    const t = s.table.lastPlayed!.pending[0];
    const pay = T({ type: 'correction-payment-executed', at: at(), by: 'dealer', handId: 'T1-1', index: 0, from: t.from as SeatNo, to: t.to as SeatNo, amount: t.amount } as TableEvent);
    // The payer's chips as a checkpoint would carry them, all but 1 gone.
    const poor = { ...s.table, seats: s.table.seats.map((x, i) => (x && i === t.from - 1 ? { ...x, stack: t.amount - 1 } : x)) };
    expect(refusal(poor, pay)).toStrictEqual({
      code: 'not-enough-chips', message: `Seat ${t.from} holds ${(t.amount - 1).toLocaleString('en-US')}, less than the ${t.amount.toLocaleString('en-US')} to move`,
      figures: { seat: t.from, stack: money(t.amount - 1), amount: money(t.amount) },
    });
    const exact = { ...s.table, seats: s.table.seats.map((x, i) => (x && i === t.from - 1 ? { ...x, stack: t.amount } : x)) };
    expect(unwrap(applyTable(exact, pay)).seats[t.from - 1]!.stack).toBe(0);
    for (const gone of [t.from, t.to]) {
      const empty = { ...s.table, seats: s.table.seats.map((x, i) => (i === gone - 1 ? null : x)) };
      expect(refusal(empty, pay)).toStrictEqual(err('player-left', 'a player of hand 1 has left: the cage settles transfer 1'));
    }
    const during = afterHand();
    during.do(corrected(during, FOUL2));
    const inHand = { ...during.table, hand: tableIn('inHand')!.hand };
    expect(refusal(inHand, pay)).toStrictEqual(err('hand-in-play', 'The chips of a correction move only between hands: hand 1 is in play at table T1'));
  });

  it('the next hand waits for the chips of a correction, naming the hand', () => {
    const s = afterHand();
    s.do(corrected(s, FOUL2));
    const start = unwrap(nextHandStarted(s.table, { at: at(), by: 'dealer' }));
    expect(refusal(s.table, H(start.handId, start))).toStrictEqual(
      err('correction-pending', 'the chips of hand 1\'s correction are not all moved yet: the dealer moves them before the next hand'),
    );
  });

  it('a checkpoint written before corrections existed is taken without the hand to correct', () => {
    const s = afterHand();
    const { lastPlayed: _dropped, ...older } = unwrap(checkpointOf(s.table, at()));
    expect(unwrap(applyTable(s.table, T(older as TableEvent)))).toStrictEqual({ ...s.table, lastPlayed: null });
    // One that carries it is checked with it.
    expect(unwrap(applyTable(s.table, T(unwrap(checkpointOf(s.table, at())))))).toBe(s.table);
  });
});

describe('applyTableEntry gives the hand\'s state with a hand\'s event', () => {
  it('null for a table event and a note on a past hand; the hand for its events, also the last', () => {
    const s = tableIn('seated')!;
    expect(applyTableEntry(s, T(tev.alert()))).toStrictEqual({ ok: true, value: { table: s, hand: null } });
    const start = unwrap(nextHandStarted(s, { at: at(), by: 'dealer' }));
    const step = unwrap(applyTableEntry(s, H(start.handId, start)));
    expect(step.hand).toBe(step.table.hand!.state);
    expect(step.table.handsStarted).toBe(1);
    const d = unwrap(applyTableEntry(step.table, H('T1-1', dealt(0, 0))));
    expect(d.hand).toBe(d.table.hand!.state);
    const v = unwrap(applyTableEntry(d.table, H('T1-1', ev.void())));
    expect(v.table.hand).toBeNull();
    expect(v.hand!.phase).toBe('voided');
    const note = unwrap(applyTableEntry(v.table, H('T1-1', ev.floor({ kind: 'note' }, 'remark'))));
    expect(note).toStrictEqual({ table: v.table, hand: null });
    expect(applyTableEntry(v.table, H('T1-1', ev.ready(1)))).toMatchObject({ ok: false, error: { code: 'hand-over' } });
  });

  it('a hand that ends gives the table its stacks, the button and what it carries; the hand is then correctable', () => {
    const s = afterHand();
    const net = s.table.lastPlayed!.net;
    expect(s.table.seats.map((x) => x?.stack ?? null)).toEqual([5000 + net['1'], 5000 + net['2'], 5000 + net['3'], null]);
    expect(s.table.button).toBe(1);
    expect(s.table.hand).toBeNull();
    expect(s.table.lastPlayed).toMatchObject({ handId: 'T1-1', number: 1 });
    expect(s.table.carried).toStrictEqual({ reservedRound: null, fantasyland: [] });
  });
});

describe('replayTable', () => {
  it('folds a log, from the start or from a state', () => {
    const s = new Session();
    s.do(opened(), tev.dealerOn('Dana'));
    expect(replayTable(s.log)).toStrictEqual({ ok: true, value: s.table });
    expect(replayTable([T(tev.alert())], s.table)).toStrictEqual({ ok: true, value: s.table });
  });

  it('names the position and type of the first entry refused, and a log with no table', () => {
    const log = [T(opened()), T(tev.dealerOn('Dana')), T(tev.dealerOn('Eva'))];
    expect(replayTable(log)).toStrictEqual({
      ok: false, error: { code: 'dealer-on-duty', message: 'entry 3 (dealer-on): Dana is dealing at table T1: he signs off (dealer-off) before Eva takes the box', path: 'entries[2]' },
    });
    expect(replayTable([T(opened()), null as never])).toStrictEqual({
      ok: false, error: { code: 'bad-entry', message: 'entry 2 (undefined): a log entry must be an object { handId, body }', path: 'entries[1]' },
    });
    expect(replayTable([])).toStrictEqual({ ok: false, error: { code: 'no-table', message: 'the log has no table-opened' } });
  });
});

describe('the table event vocabulary (events.ts)', () => {
  it('every table event type is one the fold knows (none refused as unknown)', () => {
    const s = tableIn('opened')!;
    for (const type of TABLE_EVENT_TYPES) {
      const r = applyTable(s, T({ type, at: at(), by: 'dealer' } as TableEvent));
      expect([type, r.ok ? 'accepted' : r.error.code]).not.toEqual([type, 'unknown-event']);
    }
    expect(new Set(TABLE_EVENT_TYPES).size).toBe(18);
  });

  it('every alert kind is one an alert may have; who clears each (events.ts)', () => {
    const s = tableIn('opened')!;
    for (const kind of ALERT_KINDS) expect(refusal(s, T(bare(tev.alert(), { kind })))).toBe('accepted');
    expect(ALERT_KINDS).toEqual(['misdeal', 'irregularity', 'device-fault', 'integrity']);
    // The dealer redeals a misdeal and sees to a device; an irregularity and damage to the record are the floor's.
    expect(ALERT_CLEARED_BY).toStrictEqual({ misdeal: 'dealer', 'device-fault': 'dealer', irregularity: 'floor', integrity: 'floor' });
  });
});
