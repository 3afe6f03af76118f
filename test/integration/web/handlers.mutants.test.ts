/**
 * The handler map (app/terminal/handlers.ts) through a real terminal's one dispatch, in this
 * process, on a real SQLite file with the test staff and the simulated shoe, for what its
 * requests promise beyond the other screen tests:
 *
 * - `dealerOn` puts the dealer who signed in on duty, whoever else is signed in on the screen;
 * - `reportExposure` records the card the dealer saw (so the fold checks it is the seat's);
 * - the floor's reason and note and the admin's staff name and reason are recorded without the
 *   spaces typed around them (`floorCorrection`, `voidHand`, `floorAcknowledgeAlert`, `staffAdd`,
 *   `staffDisable`), and a disabling reason is kept;
 * - `previewCorrection` passes each seat's correction as given (a set, a natural by its name);
 * - `replayHand` and `handTimeline` read this table's hands only (`unknown-hand`, in words);
 * - `accessLog`: the range asked for, the newest 200 entries and whether older ones were left out;
 * - `tableReport`, `reportFile`: the refusals in words, the dealer's name trimmed, the file's type;
 * - `testRead`: the device and the wait given are the ones used.
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CorrectionPreviewView } from '../../../app/contract/correction';
import type { AccessLogView } from '../../../app/contract/floor';
import type { ReportFileView, ReportJobView } from '../../../app/contract/report';
import type { SessionView, StaffListView } from '../../../app/contract/session';
import type { TerminalView } from '../../../app/contract/view';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard } from '../../../app/domain/cards';
import type { Result } from '../../../app/domain/result';
import type { Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf } from '../../support/staff';
import { dealerOn, openSimTerminal, send, sendOk, viewUntil } from './sim-terminal';

let terminal: Terminal | null = null;
afterEach(async () => {
  await terminal?.close();
  terminal = null;
});

async function open(seed = 31): Promise<Terminal> {
  terminal = await openSimTerminal(seed);
  return terminal;
}

async function refusal(t: Terminal, name: string, args: unknown = {}): Promise<{ code: string; message: string; path?: string }> {
  const r = await send(t, name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The bodies of the table's events of `type`, oldest first. */
function bodies(t: Terminal, type: string): Record<string, unknown>[] {
  return (t.service.store.db.prepare('SELECT body FROM events WHERE type = ? ORDER BY id').pluck().all(type) as string[]).map((b) => JSON.parse(b) as Record<string, unknown>);
}

const jana = credentialOf(STAFF.floor);
const admin = credentialOf(STAFF.admin);

/** Eva takes the box, two players sit, a hand is dealt: the view once the players are setting their hands. */
async function dealt(t: Terminal): Promise<TerminalView> {
  await dealerOn(t);
  await sendOk(t, 'seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
  await sendOk(t, 'seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
  await sendOk(t, 'startHand');
  return viewUntil(t, (v) => v.hand?.phase === 'setting');
}

describe('dealerOn', () => {
  it('puts the dealer who signed in on duty, not another person signed in on the same screen before him', async () => {
    const t = await open();
    await sendOk<SessionView>(t, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    const session = await sendOk<SessionView>(t, 'dealerOn', { dealer: credentialOf(STAFF.dealer) });
    expect(session.people.map((p) => [p.staffId, p.purpose])).toEqual([['olga', 'audit'], ['eva', 'take-box']]);
    expect(t.view()).toMatchObject({ dealer: 'Eva', dealerStaffId: 'eva' });
    expect(bodies(t, 'dealer-on')).toEqual([expect.objectContaining({ dealer: 'Eva', staffId: 'eva' })]);
  });
});

describe('reportExposure', () => {
  it('records the card the dealer saw: the same card twice and a card of another seat are refused in words; without a card, one more is noted', async () => {
    const t = await open();
    await dealt(t);
    // The cards are face down on the screen: which seat holds which is the service's to know.
    const owner = must(t.service.snapshot(t.tableId)).hand!.state.deal.owner;
    const mine = owner.indexOf(1);
    const theirs = owner.indexOf(2);
    let after = await sendOk(t, 'reportExposure', { seat: 1, card: mine });
    expect(after.hand!.seats[0].exposed).toBe(1);
    expect(bodies(t, 'card-exposed')).toEqual([expect.objectContaining({ seat: 1, card: mine })]);
    expect(await refusal(t, 'reportExposure', { seat: 1, card: mine })).toEqual({
      code: 'already-exposed', message: `${formatCard(mine)} of Seat 1's hand is already noted as exposed`,
    });
    expect(await refusal(t, 'reportExposure', { seat: 1, card: theirs })).toMatchObject({
      code: 'card-not-in-hand', message: expect.stringContaining(`${formatCard(theirs)} was dealt to Seat 2`),
    });
    after = await sendOk(t, 'reportExposure', { seat: 1 });
    expect(after.hand!.seats[0].exposed).toBe(2);
    expect(bodies(t, 'card-exposed').map((b) => b.card ?? null)).toEqual([mine, null]);
  });
});

describe('the words a person types are recorded without the spaces around them', () => {
  it("the floor's reason for a correction and a void, and the note she clears an alert with", async () => {
    const t = await open();
    await dealt(t);
    await sendOk(t, 'floorCorrection', { floor: jana, reason: '  players asked for a note  ', action: { kind: 'note' } });
    expect(bodies(t, 'floor-correction')).toEqual([expect.objectContaining({ reason: 'players asked for a note', action: { kind: 'note' } })]);
    const voided = await sendOk(t, 'voidHand', { floor: jana, reason: '  deck found a card short  ' });
    expect(voided.hand!.voided).toMatchObject({ by: 'Jana Nováková', reason: 'deck found a card short' });
    expect(bodies(t, 'hand-voided')).toEqual([expect.objectContaining({ reason: 'deck found a card short' })]);

    await sendOk(t, 'startHand');
    await viewUntil(t, (v) => v.hand?.phase === 'setting');
    const misdealt = await sendOk(t, 'callMisdeal', { cause: 'wrong-card-count' });
    const alert = misdealt.alerts.find((a) => a.kind === 'misdeal')!;
    expect(alert).toBeDefined();
    const cleared = await sendOk(t, 'floorAcknowledgeAlert', { id: alert.id, floor: jana, note: '  seen on camera  ' });
    expect(cleared.alerts.some((a) => a.id === alert.id)).toBe(false);
    expect(t.service.store.db.prepare('SELECT acknowledged_by, ack_note FROM alerts WHERE id = ?').get(alert.id)).toEqual({ acknowledged_by: 'Jana Nováková', ack_note: 'seen on camera' });
    expect(bodies(t, 'alert-acknowledged').at(-1)).toMatchObject({ alertId: alert.id, staffId: 'jana', note: 'seen on camera' });
  });

  it("the admin's name of a person added, and his reason for disabling one (kept)", async () => {
    const t = await open();
    const added = await sendOk<StaffListView>(t, 'staffAdd', { admin, staffId: 'karel', name: '  Karel Novák  ', roles: ['dealer'], pin: '314159' });
    expect(added.people.at(-1)).toMatchObject({ staffId: 'karel', name: 'Karel Novák', roles: ['dealer'], disabled: null });
    const disabled = await sendOk<StaffListView>(t, 'staffDisable', { admin, staffId: 'karel', reason: '  left the casino  ' });
    expect(disabled.people.find((p) => p.staffId === 'karel')!.disabled).toMatchObject({ by: 'staff:ada', reason: 'left the casino' });
    expect(bodies(t, 'staff-disabled')).toEqual([expect.objectContaining({ staffId: 'karel', reason: 'left the casino' })]);
  });
});

describe("the floor reads this table's hands only", () => {
  it("replayHand and handTimeline refuse a hand of another table on the same terminal, naming it and this table", async () => {
    const t = await open();
    const s = t.service;
    must(s.openTable({ tableId: 'T2', name: 'Other', pointValue: 100 }));
    must(s.dealerOn({ tableId: 'T2', dealer: 'Jan', staffId: 'jan' }));
    must(s.seatPlayer({ tableId: 'T2', seat: 1, playerId: 'Zoe', buyIn: 300000 }));
    must(s.seatPlayer({ tableId: 'T2', seat: 2, playerId: 'Yan', buyIn: 300000 }));
    const other = must(s.startHand({ tableId: 'T2' })).hand!.handId;
    expect(must(s.replayHand(other)).length).toBeGreaterThan(0); // the hand is in the file
    await sendOk(t, 'signIn', { person: jana, purpose: 'floor-action' });
    const words = `there is no hand ${JSON.stringify(other)} at table ${t.tableId}`;
    expect(await refusal(t, 'replayHand', { handId: other })).toEqual({ code: 'unknown-hand', message: words });
    expect(await refusal(t, 'handTimeline', { handId: other })).toEqual({ code: 'unknown-hand', message: words });
  });
});

describe('accessLog', () => {
  /** `n` more access-log entries: the dealer on duty takes the box and leaves it, in turn. */
  function boxChanges(t: Terminal, n: number): void {
    for (let i = 0; i < n; i++) {
      if (must(t.service.snapshot(t.tableId)).dealer === null) must(t.service.dealerOn({ tableId: t.tableId, dealer: 'Eva', staffId: 'eva' }));
      else must(t.service.dealerOff({ tableId: t.tableId }));
    }
  }
  const later = () => new Promise((r) => setTimeout(r, 5));

  it('gives the range asked for, from inclusive to exclusive; every entry while there are 200 or fewer; the newest 200 and `more` beyond', async () => {
    const t = await open();
    await sendOk(t, 'signIn', { person: jana, purpose: 'floor-action' });
    // The file's first entries: the test staff added, then the table opened and Jana signed in.
    const first = await sendOk<AccessLogView>(t, 'accessLog');
    expect(first.more).toBe(false);
    expect(first.entries[0]).toMatchObject({ type: 'staff-added', person: 'ada' });
    expect(first.entries.slice(-2).map((e) => e.type)).toEqual(['table-opened', 'staff-signed-in']);
    const n = first.entries.length;

    // Three stretches of time: the range of the middle one gives its entries only.
    await later();
    boxChanges(t, 3);
    await later();
    boxChanges(t, 2);
    const all = (await sendOk<AccessLogView>(t, 'accessLog')).entries;
    expect(all.slice(0, n)).toEqual(first.entries);
    expect(all.slice(n).map((e) => e.type)).toEqual(['dealer-on', 'dealer-off', 'dealer-on', 'dealer-off', 'dealer-on']);
    const [from, to] = [all[n].at, all[n + 3].at];
    expect(from > all[n - 1].at && to > all[n + 2].at).toBe(true); // the premise: the stretches do not share a millisecond
    const middle = await sendOk<AccessLogView>(t, 'accessLog', { from, to });
    expect(middle).toEqual({ entries: all.slice(n, n + 3), more: false });
    expect((await sendOk<AccessLogView>(t, 'accessLog', { from })).entries).toEqual(all.slice(n));
    expect((await sendOk<AccessLogView>(t, 'accessLog', { to })).entries).toEqual(all.slice(0, n + 3));

    // 200 entries: all of them, nothing left out.
    boxChanges(t, 200 - all.length);
    const full = await sendOk<AccessLogView>(t, 'accessLog');
    expect(full.more).toBe(false);
    expect(full.entries).toHaveLength(200);
    expect(full.entries.slice(0, all.length)).toEqual(all);
    // Two more: the newest 200, the two oldest left out and said so.
    boxChanges(t, 2);
    const newest = await sendOk<AccessLogView>(t, 'accessLog');
    expect(newest.more).toBe(true);
    expect(newest.entries).toHaveLength(200);
    expect(newest.entries[0]).toEqual(all[2]);
    expect(newest.entries.slice(0, 198)).toEqual(full.entries.slice(2));
    expect(newest.entries.at(-1)!.row).toBeGreaterThan(full.entries.at(-1)!.row);
  });
});

describe('the shift report', () => {
  /** Asks for this screen's report until it is no longer running. */
  async function finished(t: Terminal): Promise<ReportJobView> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const s = await sendOk<ReportJobView>(t, 'reportStatus');
      if (s.state !== 'running') return s;
      if (Date.now() > deadline) throw new Error('the report never finished');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('refuses a time without a zone, an empty range and a file before any report, each in words naming the field', async () => {
    const t = await open();
    await sendOk(t, 'signIn', { person: jana, purpose: 'floor-action' });
    const noZone = '2025-03-01T21:00';
    expect(await refusal(t, 'tableReport', { from: noZone, to: '2025-03-02' })).toEqual({
      code: 'bad-time', message: `from must be a date (2025-03-01) or an ISO time with a zone, got "${noZone}"`, path: 'from',
    });
    expect(await refusal(t, 'tableReport', { from: '2025-03-01', to: noZone })).toEqual({
      code: 'bad-time', message: `to must be a date (2025-03-01) or an ISO time with a zone, got "${noZone}"`, path: 'to',
    });
    const at = '2025-03-01T21:00:00Z';
    expect(await refusal(t, 'tableReport', { from: at, to: at })).toEqual({ code: 'bad-range', message: `to (${at}) is not after from (${at})`, path: 'to' });
    expect(await refusal(t, 'reportFile', { format: 'csv' })).toEqual({ code: 'no-report', message: 'no report is finished on this screen: make one first' });
  });

  it("reports the dealer named (spaces around his name left out) and gives the report as a CSV or a PDF file", async () => {
    const t = await open();
    await dealt(t);
    await sendOk(t, 'voidHand', { floor: jana, reason: 'a test hand' });
    await sendOk(t, 'signIn', { person: jana, purpose: 'floor-action' });
    await sendOk<ReportJobView>(t, 'tableReport', { from: '2000-01-01', to: '2100-12-31', dealer: '  Eva  ' });
    const done = await finished(t);
    expect(done).toMatchObject({ state: 'done', hands: 1, report: { dealer: 'Eva', tableId: t.tableId } });
    const csv = await sendOk<ReportFileView>(t, 'reportFile', { format: 'csv' });
    expect(csv).toMatchObject({ name: `report-${t.tableId}-2000-01-01-2101-01-01.csv`, type: 'text/csv' });
    expect(Buffer.from(csv.base64, 'base64').toString('utf8')).toContain('Eva');
    const pdf = await sendOk<ReportFileView>(t, 'reportFile', { format: 'pdf' });
    expect(pdf).toMatchObject({ name: `report-${t.tableId}-2000-01-01-2101-01-01.pdf`, type: 'application/pdf' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('testRead', () => {
  it('reads the device given, not the one set', async () => {
    const t = await open();
    // The shoe set is the simulated one, which reads at once; the device given is none.
    expect(await refusal(t, 'testRead', { admin, role: 'shoe', device: { kind: 'none' } })).toEqual({ code: 'no-device', message: 'no shoe is set: choose its port first' });
  });

  // A pseudo-terminal's master side (Linux, macOS): a port that opens and never reads a card.
  it.skipIf(!existsSync('/dev/ptmx'))('waits the seconds given for a card, and says so', async () => {
    const t = await open();
    expect(await refusal(t, 'testRead', { admin, role: 'shoe', device: { kind: 'serial', port: '/dev/ptmx', format: 'lines' }, seconds: 1 })).toEqual({
      code: 'no-card-read', message: expect.stringMatching(/^no card was read by .*\/dev\/ptmx.* in 1 seconds$/),
    });
  });
});

describe('previewCorrection', () => {
  it("passes each seat's correction as given: a set equal to the one played changes nothing; a natural is checked by its name", async () => {
    const t = await open();
    await dealerOn(t);
    for (const seat of [1, 2]) await sendOk(t, 'seatPlayer', { seat, name: `P${seat}`, buyIn: 300000 });
    await sendOk(t, 'startHand');
    const dealtView = await viewUntil(t, (v) => v.hand?.phase === 'setting');
    for (const s of dealtView.hand!.seats.filter((x) => x.live)) await sendOk(t, 'seatReady', { seat: s.seat });
    const shown = await sendOk(t, 'openShowdown');
    const sets = new Map<number, { front: number[]; middle: number[]; back: number[] }>();
    for (const s of shown.hand!.seats.filter((x) => x.live)) {
      const best = bestArrangement(s.cards!).hand;
      sets.set(s.seat, { front: [...best.front], middle: [...best.middle], back: [...best.back] });
      await sendOk(t, 'setHand', { seat: s.seat, ...sets.get(s.seat)! });
    }
    let v = await sendOk(t, 'settle');
    for (const p of v.hand!.result!.payments.filter((x) => !x.done)) v = await sendOk(t, 'executePayment', { index: p.index });
    const handId = v.hand!.id;
    await sendOk(t, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });

    const same = await sendOk<CorrectionPreviewView>(t, 'previewCorrection', { handId, correction: { kind: 'resettle', seats: [{ kind: 'set', seat: 1, ...sets.get(1)! }] } });
    expect(same).toMatchObject({ handId, fouled: [], transfers: [], voided: false, needsSecond: false });
    expect(same.after).toEqual(same.before);
    expect(await refusal(t, 'previewCorrection', { handId, correction: { kind: 'resettle', seats: [{ kind: 'natural', seat: 1, natural: 'a-royal-mess' }] } })).toEqual({
      code: 'unknown-natural', message: '"a-royal-mess" is not a natural',
    });
  });
});
