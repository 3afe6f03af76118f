// Acknowledge-after-commit in the table service: a device's `acknowledge` (its ACK on the wire) is
// called only once the event is committed, never for a failed commit, and a resend of a read the
// log already holds is acknowledged without being stored again. The serial end of it, with real
// processes killed mid-deal, is test/integration/store/ack-after-commit.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { CardEvent, CardSource, SourceEvent, SourceListener } from '../../../hardware/card-source';
import { parseCard } from '../../../app/domain/cards';
import type { HandEvent } from '../../../app/domain/hand';
import { unwrap } from '../../../app/domain/result';
import { Listeners } from '../../../app/listeners';
import { attachShoe, must, openTable, rig, T, type Rig } from './helpers';

/** A source the test speaks for, as a framed shoe would: every card waits for its ACK. */
class ScriptedShoe implements CardSource {
  readonly id = 'path:/dev/ttyTEST';
  readonly label = 'Test shoe';
  readonly role = 'shoe' as const;
  readonly simulated = false;
  readonly state = 'connected' as const;
  private readonly listeners = new Listeners<SourceEvent>();
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  /** Sends one card frame; returns how often (and when) it was acknowledged. */
  card(text: string, seq: number, options: { resend?: boolean; onAck?: () => void } = {}): { acks: number } {
    const out = { acks: 0 };
    const raw = new TextEncoder().encode(`\u0002${String(seq).padStart(2, '0')}C${text}\u0003`);
    const event: CardEvent = {
      kind: 'card', device: this.id, at: Date.parse('2025-03-01T20:00:00Z'), card: unwrap(parseCard(text)), seq, raw,
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
});
