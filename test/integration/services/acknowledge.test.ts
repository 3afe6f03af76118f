// Acknowledge-after-commit in the table service: a device's `acknowledge` (its ACK on the wire) is
// called only once the event is committed, never for a failed commit, and a resend of a read the
// log already holds is acknowledged without being stored again. The serial end of it, with real
// processes killed mid-deal, is test/integration/store/ack-after-commit.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { CardEvent, CardSource, SourceEvent, SourceListener } from '../../../hardware/card-source';
import { bestArrangement } from '../../../app/domain/arrange';
import { parseCard } from '../../../app/domain/cards';
import type { HandEvent } from '../../../app/domain/hand';
import { unwrap } from '../../../app/domain/result';
import { Listeners } from '../../../app/listeners';
import { attachShoe, must, openTable, rig, scannerAtShowdown, T, type Rig } from './helpers';

/** A source the test speaks for, as a framed device would: every card waits for its ACK. */
class ScriptedShoe implements CardSource {
  readonly label = 'Test device';
  readonly simulated = false;
  readonly state = 'connected' as const;
  private readonly listeners = new Listeners<SourceEvent>();
  constructor(
    readonly role: 'shoe' | 'scanner' = 'shoe',
    readonly id = role === 'shoe' ? 'path:/dev/ttyTEST' : 'path:/dev/ttySCAN',
  ) {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  /** Sends one card frame; returns how often (and when) it was acknowledged. */
  card(text: string | number, seq: number, options: { resend?: boolean; onAck?: () => void } = {}): { acks: number } {
    const out = { acks: 0 };
    const raw = new TextEncoder().encode(`\u0002${String(seq).padStart(2, '0')}C${String(text)}\u0003`);
    const event: CardEvent = {
      kind: 'card', device: this.id, at: Date.parse('2025-03-01T20:00:00Z'), card: typeof text === 'number' ? text : unwrap(parseCard(text)), seq, raw,
      acknowledge: () => {
        out.acks++;
        options.onAck?.();
      },
      ...(options.resend ? { resend: true } : {}),
    };
    this.listeners.emit(event);
    return out;
  }
}

function cardsDealt(r: Rig): number {
  return r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'card-dealt'").pluck().get() as number;
}

let current: Rig | undefined;
afterEach(() => {
  current?.cleanup();
  current = undefined;
});

/** Seats 2 and 4 dealt by the simulated shoe and ready, a framed scanner attached, the showdown open. */
async function framedScannerAtShowdown() {
  const r = (current = rig());
  const scanner = new ScriptedShoe('scanner');
  const snap = await scannerAtShowdown(r.service, scanner);
  return { r, scanner, snap, target: snap.scanTarget! };
}

function dealingTable(): { r: Rig; shoe: ScriptedShoe } {
  const r = (current = rig());
  openTable(r.service, { 1: 5000, 2: 5000 });
  const shoe = new ScriptedShoe();
  must(r.service.attachCardSource(T, shoe));
  must(r.service.startHand({ tableId: T }));
  return { r, shoe };
}

describe('acknowledge after commit', () => {
  it('acknowledges a card only once its event is in the log', () => {
    const { r, shoe } = dealingTable();
    let storedAtAck = -1;
    const sent = shoe.card('As', 0, { onAck: () => (storedAtAck = cardsDealt(r)) });
    expect(sent.acks).toBe(1);
    expect(storedAtAck).toBe(1);
  });

  it('leaves a card unacknowledged when its commit fails; the resend is stored once and acknowledged', () => {
    const { r, shoe } = dealingTable();
    r.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    const failed = shoe.card('As', 0);
    expect(failed.acks).toBe(0);
    expect(cardsDealt(r)).toBe(0);
    r.store.db.exec('DROP TRIGGER disk_full');
    const resent = shoe.card('As', 0, { resend: true });
    expect(resent.acks).toBe(1);
    expect(cardsDealt(r)).toBe(1);
    expect(must(r.service.snapshot(T)).hand!.state.deal.reads).toBe(1);
  });

  it('recognises a resend of the last stored read after a restart: acknowledged, not stored twice', () => {
    const { r, shoe } = dealingTable();
    shoe.card('As', 0);
    shoe.card('Kd', 1);
    r.reopen(); // the crash came between the commit of Kd and its ACK
    const again = new ScriptedShoe();
    must(r.service.attachCardSource(T, again));
    expect(again.card('Kd', 1).acks).toBe(1);
    expect(cardsDealt(r)).toBe(2);
    expect(again.card('Qh', 2).acks).toBe(1);
    expect(cardsDealt(r)).toBe(3);
    expect(must(r.service.snapshot(T)).hand!.state.pendingMisdeal).toBeNull();
  });

  it('the same SEQ with other bytes is a new read, not a resend', () => {
    const { r, shoe } = dealingTable();
    shoe.card('As', 0);
    expect(shoe.card('Kd', 0).acks).toBe(1);
    expect(cardsDealt(r)).toBe(2);
  });

  it('records the device of every read, and marks the simulated shoe simulated', async () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(3);
    const reads = r.store.db.prepare("SELECT body FROM events WHERE type = 'card-dealt'").pluck().all() as string[];
    expect(reads).toHaveLength(52);
    for (const body of reads) expect(JSON.parse(body) as HandEvent).toMatchObject({ device: shoe.id, simulated: true });
  });

  it('a refused read keeps its SEQ and bytes: resent after a restart, it is acknowledged and not recorded again', () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new ScriptedShoe();
    must(r.service.attachCardSource(T, shoe));
    const refused = () => r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'device-read-refused'").pluck().get() as number;
    expect(shoe.card('As', 7).acks).toBe(1); // no hand in play: refused, recorded, acknowledged
    expect(refused()).toBe(1);
    expect(JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'device-read-refused'").pluck().get() as string)).toMatchObject({ seq: 7, raw: expect.stringMatching(/^02/) });
    r.reopen();
    const again = new ScriptedShoe();
    must(r.service.attachCardSource(T, again));
    expect(again.card('As', 7).acks).toBe(1);
    expect(refused()).toBe(1);
  });

  it('a framed scanner\'s card is in the log before its ACK; after a restart the row goes on from it', async () => {
    const { r, scanner, snap, target } = await framedScannerAtShowdown();
    expect(target).toMatchObject({ row: 'front', cards: [] });
    // The seat's cards as set, front first: its rows are recorded together once all 13 are in.
    const set = bestArrangement(snap.hand!.state.seats[target.seat - 1].dealt).hand;
    const own = [...set.front, ...set.middle, ...set.back];
    const held = () => r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'scanner-card-held'").pluck().get() as number;
    let heldAtAck = -1;
    expect(scanner.card(own[0], 30, { onAck: () => (heldAtAck = held()) }).acks).toBe(1);
    expect(heldAtAck).toBe(1);
    r.reopen(); // a crash with one card of the front row acknowledged
    const back = new ScriptedShoe('scanner');
    must(r.service.attachCardSource(T, back));
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: target.seat, row: 'front', cards: [own[0]] });
    expect(back.card(own[0], 30).acks).toBe(1); // the resend: not held twice
    expect(held()).toBe(1);
    back.card(own[1], 31);
    back.card(own[2], 32);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: target.seat, row: 'middle', cards: [], held: { front: own.slice(0, 3) } });
    for (let i = 3; i < 13; i++) back.card(own[i], 30 + i);
    const rows = r.store.handEvents<HandEvent>(snap.hand!.handId).filter((e) => e.body.type === 'row-scanned');
    expect(rows.map((e) => e.body)).toEqual([
      expect.objectContaining({ seat: target.seat, row: 'front', cards: set.front }), expect.objectContaining({ seat: target.seat, row: 'middle', cards: set.middle }),
      expect.objectContaining({ seat: target.seat, row: 'back', cards: set.back }),
    ]);
  });

  it('a row whose commit fails keeps the cards already acknowledged; the resent last card completes it', async () => {
    const { r, scanner, snap, target } = await framedScannerAtShowdown();
    const set = bestArrangement(snap.hand!.state.seats[target.seat - 1].dealt).hand;
    const own = [...set.front, ...set.middle, ...set.back]; // the seat's rows are recorded together
    for (let i = 0; i < 12; i++) scanner.card(own[i], 40 + i);
    r.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    expect(scanner.card(own[12], 52).acks).toBe(0);
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ row: 'back', cards: own.slice(8, 12) });
    r.store.db.exec('DROP TRIGGER disk_full');
    expect(scanner.card(own[12], 52, { resend: true }).acks).toBe(1);
    const rows = r.store.handEvents<HandEvent>(snap.hand!.handId).filter((e) => e.body.type === 'row-scanned');
    expect(rows.map((e) => e.body)).toEqual([
      expect.objectContaining({ row: 'front', cards: set.front }), expect.objectContaining({ row: 'middle', cards: set.middle }), expect.objectContaining({ row: 'back', cards: set.back }),
    ]);
  });
});
