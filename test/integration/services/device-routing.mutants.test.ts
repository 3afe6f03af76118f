/**
 * Device routing (app/services/device-routing.ts) through the real table service on a real
 * database file, with the simulated shoe and devices the test speaks for:
 * - attaching (a device shown connected and not at fault; attached once only, in words) and
 *   detaching (pushed as detached; a second detach, or that of a device replaced since, does
 *   nothing);
 * - a device's statuses: logged when they change, once for a retry loop, a heartbeat restored
 *   only after one was lost, a heartbeat lost with how long nothing was heard; acknowledged once
 *   committed or when they need no record;
 * - a shoe's unreadable card into the open hand (the misdeal), refused and logged with no hand;
 *   a scanner's unreadable card or gap changing nothing;
 * - resends recognised after a restart: the device's last read is the newest of its reads in
 *   the hand and its refused reads, and only its own;
 * - the showdown scanner: its refusals in words, a held card kept in the log only for a
 *   scanner that waits for its ACK (and not acknowledged when that fails), rows the hand refuses
 *   logged, the dealer's answer to a scan out of order, and which refusals keep the held cards
 *   across a restart (`refusalEndsScan`).
 * Promises: the doc comments of device-routing.ts, docs/store.md ("Nothing acknowledged is
 * lost", Decisions), docs/hand-lifecycle.md ("Reading hands at showdown").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard, type Card } from '../../../app/domain/cards';
import type { SeatNo } from '../../../app/domain/hand';
import { refusalEndsScan } from '../../../app/services/device-routing';
import type { TableUpdate } from '../../../app/services/table-service';
import { Listeners } from '../../../app/listeners';
import type { CardSource, SourceEvent, SourceListener, SourceState, StatusBody } from '../../../hardware/card-source';
import { expectRefused, must, openTable, rig, scannerAtShowdown, T, type Rig } from './helpers';

const AT = Date.parse('2025-03-01T20:00:00Z');

/** A device the test speaks for. `framed`: every event waits for its ACK and cards carry a SEQ;
 *  otherwise (lines) nothing is acknowledged and cards have no SEQ. A listener that throws fails
 *  the test (it is not swallowed). */
class TestDevice implements CardSource {
  readonly simulated = false;
  readonly label: string;
  private readonly listeners = new Listeners<SourceEvent>((e) => {
    throw e;
  });
  constructor(
    readonly role: 'shoe' | 'scanner',
    readonly id: string = role === 'shoe' ? 'path:/dev/ttyTEST' : 'path:/dev/ttySCAN',
    readonly framed = true,
    readonly state: SourceState = 'connected',
  ) {
    this.label = `Test ${role}`;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  /** Sends a card (with `seq` when framed); returns how often it was acknowledged. */
  card(card: Card, seq?: number): { acks: number } {
    const out = { acks: 0 };
    const raw = frame(card, seq, this.framed);
    this.listeners.emit({
      kind: 'card', device: this.id, at: AT, card, seq: this.framed ? seq : undefined, raw,
      ...(this.framed ? { acknowledge: () => void out.acks++ } : {}),
    });
    return out;
  }
  /** Sends a status; returns how often it was acknowledged (`onAck` runs at each ACK). */
  status(body: StatusBody, onAck?: () => void): { acks: number } {
    const out = { acks: 0 };
    const acknowledge = () => {
      out.acks++;
      onAck?.();
    };
    this.listeners.emit({ kind: 'status', device: this.id, at: AT, ...body, ...(this.framed ? { acknowledge } : {}) } as SourceEvent);
    return out;
  }
}

/** A card's bytes: a framed card frame, or a line's text. */
function frame(card: Card, seq: number | undefined, framed = true): Uint8Array {
  return new TextEncoder().encode(framed ? `\u0002${String(seq).padStart(2, '0')}C${formatCard(card)}\u0003` : formatCard(card));
}

let current: Rig | undefined;
afterEach(() => {
  current?.cleanup();
  current = undefined;
});

function newRig(): Rig {
  return (current = rig());
}

const count = (r: Rig, type?: string): number =>
  (type === undefined
    ? r.store.db.prepare('SELECT count(*) FROM events').pluck().get()
    : r.store.db.prepare('SELECT count(*) FROM events WHERE type = ?').pluck().get(type)) as number;

const bodies = (r: Rig, type: string): Record<string, unknown>[] =>
  (r.store.db.prepare('SELECT body FROM events WHERE type = ? ORDER BY id').pluck().all(type) as string[]).map((b) => JSON.parse(b) as Record<string, unknown>);

function updates(r: Rig): TableUpdate[] {
  const out: TableUpdate[] = [];
  r.service.subscribe((u) => out.push(u));
  return out;
}

const diskFull = (r: Rig) => r.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
const diskFreed = (r: Rig) => r.store.db.exec('DROP TRIGGER disk_full');

describe('attaching and detaching a device', () => {
  it('shows an attached device connected and not at fault, and refuses to attach it twice, in words', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const pushed = updates(r);
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    const shown = { device: shoe.id, role: 'shoe', label: 'Test shoe', simulated: false, status: 'connected', detail: null, fault: false };
    expect(must(r.service.snapshot(T)).devices).toEqual([expect.objectContaining(shown)]);
    expect(pushed).toEqual([expect.objectContaining({ kind: 'device-status', tableId: T, device: expect.objectContaining(shown) })]);
    const again = expectRefused(r.store, () => r.service.attachCardSource(T, shoe), 'device-attached');
    expect(again.message).toBe(`device ${shoe.id} is already attached to table ${T}`);
    expect(must(r.service.snapshot(T)).devices).toHaveLength(1);
  });

  it('shows a device not yet connected in its own state', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    must(r.service.attachCardSource(T, new TestDevice('shoe', 'path:/dev/ttyLATE', true, 'connecting')));
    expect(must(r.service.snapshot(T)).devices[0]).toMatchObject({ status: 'connecting', fault: false });
  });

  it('a detached device is pushed as detached and no longer at fault; a second detach does nothing', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    const detach = must(r.service.attachCardSource(T, shoe));
    shoe.status({ status: 'jam' });
    expect(must(r.service.snapshot(T)).devices[0]).toMatchObject({ status: 'jam', fault: true });
    const pushed = updates(r);
    detach();
    expect(pushed).toEqual([{ kind: 'device-status', tableId: T, device: expect.objectContaining({ device: shoe.id, status: 'detached', fault: false, detail: null }) }]);
    expect(must(r.service.snapshot(T)).devices).toEqual([]);
    expect(() => detach()).not.toThrow();
    expect(pushed).toHaveLength(1);
    // Detached, its cards reach the table no more.
    const before = count(r);
    expect(shoe.card(5, 3).acks).toBe(0);
    expect(count(r)).toBe(before);
  });

  it('the detach of a device replaced since leaves the new device attached', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const old = new TestDevice('shoe');
    const detachOld = must(r.service.attachCardSource(T, old));
    detachOld();
    const replacement = new TestDevice('shoe'); // the same port, opened again
    must(r.service.attachCardSource(T, replacement));
    const pushed = updates(r);
    detachOld();
    expect(pushed).toEqual([]);
    expect(must(r.service.snapshot(T)).devices).toEqual([expect.objectContaining({ device: replacement.id, status: 'connected' })]);
    must(r.service.startHand({ tableId: T }));
    expect(replacement.card(5, 0).acks).toBe(1);
    expect(count(r, 'card-dealt')).toBe(1);
  });
});

describe("a device's statuses", () => {
  it('a heartbeat lost is shown and logged with how long nothing was heard', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    expect(shoe.status({ status: 'heartbeat-lost', silentMs: 3000 }).acks).toBe(1);
    expect(must(r.service.snapshot(T)).devices[0]).toMatchObject({ status: 'heartbeat-lost', detail: 'nothing heard for 3000 ms', fault: true });
    expect(bodies(r, 'device-status')).toEqual([expect.objectContaining({ device: shoe.id, role: 'shoe', status: 'heartbeat-lost', detail: 'nothing heard for 3000 ms' })]);
  });

  it('a heartbeat restored is logged only after a heartbeat lost; otherwise it is acknowledged with no record', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    const before = count(r);
    expect(shoe.status({ status: 'heartbeat-restored' }).acks).toBe(1);
    expect(count(r)).toBe(before);
    expect(shoe.status({ status: 'heartbeat-lost', silentMs: 3000 }).acks).toBe(1);
    expect(shoe.status({ status: 'heartbeat-restored' }).acks).toBe(1);
    expect(bodies(r, 'device-status').map((b) => b.status)).toEqual(['heartbeat-lost', 'heartbeat-restored']);
    expect(must(r.service.snapshot(T)).devices[0]).toMatchObject({ status: 'heartbeat-restored', fault: false });
  });

  it('a status repeated with the same words is logged once and still acknowledged; in other words it is logged again', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    expect(shoe.status({ status: 'jam' }).acks).toBe(1);
    expect(shoe.status({ status: 'jam' }).acks).toBe(1);
    expect(bodies(r, 'device-status').map((b) => b.status)).toEqual(['jam']);
    const lost = { status: 'open-failed', reason: 'ENOENT: no such file', retryInMs: 100 } as const;
    expect(shoe.status(lost).acks).toBe(1);
    expect(shoe.status({ ...lost, retryInMs: 200 }).acks).toBe(1); // a retry loop: the same words
    expect(shoe.status({ ...lost, reason: 'EACCES: permission denied' }).acks).toBe(1);
    expect(bodies(r, 'device-status').map((b) => [b.status, b.detail ?? null])).toEqual([
      ['jam', null], ['open-failed', 'ENOENT: no such file'], ['open-failed', 'EACCES: permission denied'],
    ]);
  });
});

describe("a shoe's unreadable card", () => {
  it('during the deal it becomes the misdeal, acknowledged once committed, with no refusal logged', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    expect(shoe.card(5, 0).acks).toBe(1);
    const raw = new TextEncoder().encode('\u000201U??\u0003');
    let inLogAtAck = -1;
    expect(shoe.status({ status: 'unreadable', raw, reason: 'the shoe could not read the card' }, () => (inLogAtAck = count(r, 'card-unreadable'))).acks).toBe(1);
    expect(inLogAtAck).toBe(1);
    expect(bodies(r, 'card-unreadable')).toEqual([expect.objectContaining({ device: shoe.id, raw: Buffer.from(raw).toString('hex') })]);
    expect(bodies(r, 'misdeal-called')).toEqual([expect.objectContaining({ cause: 'unreadable-card' })]);
    expect(count(r, 'device-read-refused')).toBe(0);
  });

  it('with no hand in play it is refused, logged for the floor and pushed, and acknowledged', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    const pushed = updates(r);
    const raw = new TextEncoder().encode('??');
    expect(shoe.status({ status: 'unreadable', raw, reason: 'the shoe could not read the card' }).acks).toBe(1);
    expect(bodies(r, 'device-read-refused')).toEqual([expect.objectContaining({ device: shoe.id, role: 'shoe', code: 'no-hand-in-play' })]);
    expect(pushed).toContainEqual(expect.objectContaining({ kind: 'device-input-refused', tableId: T, device: shoe.id, error: expect.objectContaining({ code: 'no-hand-in-play' }) }));
  });

  it("a scanner's unreadable card or sequence gap changes nothing and is acknowledged", () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const scanner = new TestDevice('scanner');
    must(r.service.attachCardSource(T, scanner));
    const pushed = updates(r);
    const before = count(r);
    expect(scanner.status({ status: 'unreadable', raw: new TextEncoder().encode('??'), reason: 'not a card' }).acks).toBe(1);
    expect(scanner.status({ status: 'sequence-gap', expected: 3, received: 5, missing: 2 }).acks).toBe(1);
    expect(count(r)).toBe(before);
    expect(pushed).toEqual([]);
  });
});

describe('a resend recognised after a restart (the device\'s last read)', () => {
  it('a card read after a refused read is the last read: its resend is acknowledged, not recorded twice', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    expect(shoe.card(50, 7).acks).toBe(1); // no hand: refused, logged with its SEQ
    must(r.service.startHand({ tableId: T }));
    shoe.card(5, 8);
    shoe.card(9, 9);
    r.reopen(); // the crash came between the commit of SEQ 9 and its ACK
    const again = new TestDevice('shoe');
    must(r.service.attachCardSource(T, again));
    const before = count(r);
    expect(again.card(9, 9).acks).toBe(1);
    expect(count(r)).toBe(before);
    expect(again.card(13, 10).acks).toBe(1);
    expect(count(r, 'card-dealt')).toBe(3);
    expect(must(r.service.snapshot(T)).hand!.state.pendingMisdeal).toBeNull();
  });

  it("a read refused after the hand's last card is the last read: its resend is acknowledged, not logged twice", () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    for (let c = 0; c < 52; c++) shoe.card(c as Card, c);
    must(r.service.seatReady({ tableId: T, seat: 1 }));
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.openShowdown({ tableId: T }));
    expect(shoe.card(3, 52).acks).toBe(1); // the showdown is open: refused, logged
    expect(count(r, 'device-read-refused')).toBe(1);
    r.reopen();
    const again = new TestDevice('shoe');
    must(r.service.attachCardSource(T, again));
    const before = count(r);
    expect(again.card(3, 52).acks).toBe(1);
    expect(count(r)).toBe(before);
  });

  it("another device's read with the same SEQ and bytes is not a resend", () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    shoe.card(5, 0);
    shoe.card(9, 1);
    r.reopen();
    const other = new TestDevice('shoe', 'path:/dev/ttyOTHER');
    must(r.service.attachCardSource(T, other));
    expect(other.card(9, 1).acks).toBe(1);
    expect(bodies(r, 'card-dealt').map((b) => [b.device, b.seq])).toEqual([[shoe.id, 0], [shoe.id, 1], [other.id, 1]]);
  });

  it('a read the log holds as unreadable, with its SEQ, is the device\'s last read too', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new TestDevice('shoe');
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    shoe.card(5, 0);
    must(r.service.cardUnreadable({ tableId: T, seq: 1, raw: frame(9, 1), device: shoe.id }));
    r.reopen();
    const again = new TestDevice('shoe');
    must(r.service.attachCardSource(T, again));
    const before = count(r);
    expect(again.card(9, 1).acks).toBe(1);
    expect(count(r)).toBe(before);
  });
});

/** The showdown a scanner starts from (`scannerAtShowdown`): seat 2's cards, its best set, in scanning order. */
async function scannerReady(r: Rig, scanner: TestDevice) {
  const snap = await scannerAtShowdown(r.service, scanner);
  const dealt = (seat: SeatNo) => snap.hand!.state.seats[seat - 1].dealt;
  const set = bestArrangement(dealt(2)).hand;
  return { snap, dealt, set, own: [...set.front, ...set.middle, ...set.back] };
}

/** The last refusal pushed for a device read. */
function lastRefusal(pushed: TableUpdate[]) {
  const u = pushed.filter((x) => x.kind === 'device-input-refused').at(-1);
  return u?.kind === 'device-input-refused' ? u.error : undefined;
}

describe('the showdown scanner', () => {
  it('a card with no row waiting to be read is refused in words and logged', () => {
    const r = newRig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    const scanner = new TestDevice('scanner', 'path:/dev/ttySCAN', false);
    must(r.service.attachCardSource(T, scanner));
    const pushed = updates(r);
    scanner.card(51);
    expect(lastRefusal(pushed)).toEqual({ code: 'no-row-expected', message: `${formatCard(51)} was scanned, but no row is waiting to be read` });
    expect(bodies(r, 'device-read-refused')).toEqual([expect.objectContaining({ device: scanner.id, role: 'scanner', card: formatCard(51), code: 'no-row-expected' })]);
  });

  it("a card scanned twice for the seat is refused in words; the row keeps it once", async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner', 'path:/dev/ttySCAN', false);
    const { own } = await scannerReady(r, scanner);
    const pushed = updates(r);
    scanner.card(own[0]);
    scanner.card(own[0]);
    expect(lastRefusal(pushed)).toEqual({ code: 'scanned-twice', message: `${formatCard(own[0])} is already scanned for seat 2` });
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'front', cards: [own[0]] });
    expect(bodies(r, 'device-read-refused')).toEqual([expect.objectContaining({ card: formatCard(own[0]), code: 'scanned-twice' })]);
  });

  it("a scanner that does not wait for ACKs holds the seat's cards in memory only", async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner', 'path:/dev/ttySCAN', false);
    const { own } = await scannerReady(r, scanner);
    const before = count(r);
    scanner.card(own[0]);
    scanner.card(own[1]);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'front', cards: own.slice(0, 2) });
    expect(count(r)).toBe(before);
    expect(count(r, 'scanner-card-held')).toBe(0);
  });

  it('a held card whose record cannot be committed is neither held nor acknowledged; its resend is', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    const { own } = await scannerReady(r, scanner);
    expect(scanner.card(own[0], 0).acks).toBe(1);
    diskFull(r);
    expect(scanner.card(own[1], 1).acks).toBe(0);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ row: 'front', cards: [own[0]] });
    diskFreed(r);
    expect(scanner.card(own[1], 1).acks).toBe(1);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ row: 'front', cards: own.slice(0, 2) });
    expect(count(r, 'scanner-card-held')).toBe(2);
  });

  it('rows the hand refuses as a whole are refused, logged for the floor and pushed; the seat is scanned again', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner', 'path:/dev/ttySCAN', false);
    const { set } = await scannerReady(r, scanner);
    must(r.service.scanRow({ tableId: T, seat: 2, row: 'front', cards: set.front }));
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'middle' });
    const pushed = updates(r);
    // The front's first card scanned again into the middle row: each card is the seat's, but
    // the seat's rows would hold it twice.
    const rescanned = [set.front[0], ...set.middle.slice(1), ...set.back];
    for (const c of rescanned) scanner.card(c);
    const refused = { code: 'duplicate-card', message: `Seat 2's hand: ${formatCard(set.front[0])} appears twice` };
    expect(lastRefusal(pushed)).toEqual(refused);
    expect(bodies(r, 'device-read-refused')).toEqual([expect.objectContaining({ device: scanner.id, role: 'scanner', card: formatCard(set.back[4]), ...refused })]);
    expect(count(r, 'row-scanned')).toBe(1);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'middle', cards: [], held: {} });
  });
});

describe("the dealer's answer to a scan out of order", () => {
  /** The seat's 13 cards scanned back row first: held, and the dealer asked. */
  async function askedAboutOrder(r: Rig, scanner: TestDevice) {
    const at = await scannerReady(r, scanner);
    const backFirst = [...at.set.back, ...at.set.middle, ...at.set.front];
    backFirst.forEach((c, i) => scanner.card(c, i));
    expect(must(r.service.snapshot(T)).scanTarget!.question).toMatchObject({ code: 'rows-out-of-order' });
    return { ...at, backFirst };
  }

  it('until he answers, the next card is refused in words', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    const { dealt } = await askedAboutOrder(r, scanner);
    const pushed = updates(r);
    expect(scanner.card(dealt(4)[0], 13).acks).toBe(1);
    expect(lastRefusal(pushed)).toEqual({
      code: 'scan-question-open',
      message: "seat 2's rows look scanned out of order: record them as scanned or scan the seat again (on the screen) before the next card",
    });
  });

  it("dropping the scan is logged as the dealer's, with the scanner's id and in words; then nothing is asked", async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    await askedAboutOrder(r, scanner);
    const now = must(r.service.answerScan({ tableId: T, record: false }));
    expect(now.scanTarget).toMatchObject({ seat: 2, row: 'front', cards: [], held: {}, question: null });
    expect(bodies(r, 'device-read-refused').at(-1)).toEqual(expect.objectContaining({
      by: 'dealer', device: scanner.id, role: 'scanner', code: 'scan-discarded',
      message: "the dealer drops seat 2's scan to scan it again, the front row first",
    }));
    const none = expectRefused(r.store, () => r.service.answerScan({ tableId: T, record: false }), 'no-scan-question');
    expect(none.message).toBe('No scanned hand is waiting for an answer');
  });

  it('recording the scan as read clears it for the next seat; a record that cannot be committed keeps the question', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    const { backFirst } = await askedAboutOrder(r, scanner);
    diskFull(r);
    const failed = r.service.answerScan({ tableId: T, record: true });
    expect(failed.ok || failed.error.code).toBe('store-failed');
    diskFreed(r);
    let target = must(r.service.snapshot(T)).scanTarget!;
    expect(target.question).toMatchObject({ code: 'rows-out-of-order' });
    expect(Object.values(target.held).flat()).toHaveLength(13);
    const pushed = updates(r);
    const recorded = must(r.service.answerScan({ tableId: T, record: true }));
    expect(recorded.hand!.state.seats[1].hand).toMatchObject({ front: backFirst.slice(0, 3), middle: backFirst.slice(3, 8), back: backFirst.slice(8) });
    const next = { seat: 4, row: 'front', cards: [], size: 3, held: {}, question: null };
    expect(must(r.service.snapshot(T)).scanTarget).toEqual(next);
    // What the answer returns and what the screens are sent: the next seat's empty scan, not
    // the recorded seat's cards held for it under a question of order (as until 5 December 2026).
    expect(recorded.scanTarget).toEqual(next);
    const sent = pushed.filter((u) => u.kind === 'state-changed');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.at(-1)!.kind === 'state-changed' && sent.at(-1)!.table.scanTarget).toEqual(next);
  });
});

describe('which refusals of a scanned card keep the held cards (refusalEndsScan)', () => {
  it('a refused single card leaves the held rows; any other refusal of a scanner read ends the scan', () => {
    for (const code of ['no-row-expected', 'scanned-twice', 'card-not-this-seats', 'scan-question-open']) expect(refusalEndsScan(code), code).toBe(false);
    for (const code of ['scan-discarded', 'duplicate-card', 'wrong-card-count']) expect(refusalEndsScan(code), code).toBe(true);
  });

  it('a card scanned twice, or one not the seat\'s, leaves the held cards to a restart', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    const { own, dealt } = await scannerReady(r, scanner);
    scanner.card(own[0], 0);
    scanner.card(own[1], 1);
    scanner.card(own[1], 2); // scanned twice
    scanner.card(dealt(4)[0], 3); // not the seat's
    expect(bodies(r, 'device-read-refused').map((b) => b.code)).toEqual(['scanned-twice', 'card-not-this-seats']);
    r.reopen();
    must(r.service.attachCardSource(T, new TestDevice('scanner')));
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'front', cards: own.slice(0, 2) });
  });

  it('a card refused while the dealer is asked leaves the held scan and the question to a restart', async () => {
    const r = newRig();
    const scanner = new TestDevice('scanner');
    const at = await scannerReady(r, scanner);
    [...at.set.back, ...at.set.middle, ...at.set.front].forEach((c, i) => scanner.card(c, i));
    scanner.card(at.dealt(4)[0], 13);
    expect(bodies(r, 'device-read-refused').map((b) => b.code)).toEqual(['scan-question-open']);
    r.reopen();
    const target = must(r.service.snapshot(T)).scanTarget!;
    expect(target.question).toMatchObject({ code: 'rows-out-of-order' });
    expect(Object.values(target.held).flat()).toHaveLength(13);
  });
});
