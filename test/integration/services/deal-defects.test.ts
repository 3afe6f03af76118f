/**
 * Deal-flow defects found at the table, each through the service as it happens there: the bytes
 * of a framed shoe through the real receiver, the dealer's and the floor's commands.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardSource, SourceEvent, SourceListener } from '../../../hardware/card-source';
import { encodeFrame } from '../../../hardware/decoders/framed';
import { cardPayload, statusPayload } from '../../../hardware/protocol/framed-payload';
import { FramedReceiver } from '../../../hardware/protocol/receiver';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { bestArrangement } from '../../../app/domain/arrange';
import { unwrap } from '../../../app/domain/result';
import { checkSetting } from '../../../app/domain/setting';
import type { Card } from '../../../app/domain/cards';
import { Listeners } from '../../../app/listeners';
import { attachShoe, expectRefused, must, openTable, rig, T, type Rig } from './helpers';

/** A framed shoe on no port: its frames go through the terminal's real receiver, and each event
 *  is acknowledged the way the serial device does it. */
class FramedBytesShoe implements CardSource {
  readonly id = 'path:/dev/ttyFRAMED';
  readonly label = 'Card shoe (framed, test)';
  readonly role = 'shoe' as const;
  readonly simulated = false;
  readonly state = 'connected' as const;
  private readonly listeners = new Listeners<SourceEvent>();
  private readonly receiver = new FramedReceiver();
  private seq = 0;
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  private send(payload: string): void {
    const out = this.receiver.push(encodeFrame(this.seq, payload));
    this.seq = (this.seq + 1) % 100;
    for (const r of out.events) {
      const base = { device: this.id, at: Date.parse('2025-03-01T20:00:00Z'), ...(r.ack ? { acknowledge: () => this.receiver.acknowledged(r.ack!) } : {}) };
      this.listeners.emit(('kind' in r.body ? { ...r.body, ...base } : { kind: 'status', ...base, ...r.body }) as SourceEvent);
    }
  }
  card(card: Card): void {
    this.send(cardPayload(card));
  }
  status(code: 'JAM' | 'READY' | 'LID'): void {
    this.send(statusPayload(code));
  }
}

let current: Rig | undefined;
afterEach(() => {
  current?.cleanup();
  current = undefined;
});

describe('a framed shoe that jams mid-deal', () => {
  it('jam@20: the jam and ready frames take numbers 20 and 21, and the deal goes on without a misdeal', () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new FramedBytesShoe();
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    const deck = shuffledDeck(7);
    deck.forEach((card, k) => {
      if (k === 20) {
        shoe.status('JAM');
        shoe.status('READY');
      }
      shoe.card(card);
    });
    const hand = must(r.service.snapshot(T)).hand!;
    expect(hand.state.abort).toBeNull();
    expect(hand.state.phase).toBe('setting');
    expect(hand.state.deal.cards).toHaveLength(52);
  });

  it('a card really lost after the jam is still a sequence-gap misdeal', () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const shoe = new FramedBytesShoe();
    must(r.service.attachCardSource(T, shoe));
    must(r.service.startHand({ tableId: T }));
    const deck = shuffledDeck(7);
    for (let k = 0; k < 20; k++) shoe.card(deck[k]);
    shoe.status('JAM');
    shoe.status('READY');
    (shoe as unknown as { seq: number }).seq++; // frame 22 never arrives
    shoe.card(deck[20]);
    const hand = must(r.service.snapshot(T)).hand!;
    expect(hand.state.abort).toMatchObject({ kind: 'misdeal', cause: 'sequence-gap' });
  });
});

describe('a short deal: the shoe stops with cards missing', () => {
  it('after the idle limit the dealer is alerted once, and "the deal is short" records the short-deal misdeal', async () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(3).slice(0, 51));
    expect(must(r.service.snapshot(T)).hand!.state.phase).toBe('dealing');
    expect(r.service.checkIdleDeals(20_000)).toEqual([]);
    r.now += 25_000;
    expect(r.service.checkIdleDeals(20_000)).toEqual([T]);
    expect(r.service.checkIdleDeals(20_000)).toEqual([]);
    const alerts = must(r.service.snapshot(T)).alerts;
    expect(alerts.map((a) => [a.kind, a.code, a.handId])).toEqual([['device-fault', 'deal-idle', 'T1-1']]);
    expect(alerts[0].message).toMatch(/51 of 52 cards read/);
    const after = must(r.service.callMisdeal({ tableId: T, cause: 'short-deal' }));
    expect(after.hand!.state.abort).toMatchObject({ kind: 'misdeal', cause: 'short-deal', automatic: true, detail: 'the deal ended after 51 cards of 52' });
  });

  it('a complete deal is never idle, and "short deal" is refused once all cards are out', async () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(3));
    r.now += 60_000;
    expect(r.service.checkIdleDeals(20_000)).toEqual([]);
    expectRefused(r.store, () => r.service.callMisdeal({ tableId: T, cause: 'short-deal' }), 'deal-already-ended');
  });
});

describe('the showdown scanner and a row scanned out of order', () => {
  async function scannerAtShowdown(r: Rig) {
    openTable(r.service, { 2: 5000, 4: 5000 });
    const { shoe } = await attachShoe(r.service);
    const scanner = new InProcessShoe({ paceMs: 0, role: 'scanner', id: 'sim:scanner' });
    must(r.service.attachCardSource(T, scanner));
    await scanner.start();
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(21);
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.seatReady({ tableId: T, seat: 4 }));
    return { scanner, snap: must(r.service.openShowdown({ tableId: T })) };
  }
  const rowEvents = (r: Rig) => r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'row-scanned'").pluck().get() as number;

  it('the back row scanned first: nothing is recorded, the dealer is asked, and the seat is scanned again front first', async () => {
    const r = (current = rig());
    const { scanner, snap } = await scannerAtShowdown(r);
    expect(snap.scanTarget).toMatchObject({ seat: 2, row: 'front', size: 3 });
    const set = bestArrangement(snap.hand!.state.seats[1].dealt).hand;
    const backFirst = [...set.back, ...set.middle, ...set.front];
    // Read front, middle, back, those cards would be a foul the player never set.
    const asRead = { front: backFirst.slice(0, 3), middle: backFirst.slice(3, 8), back: backFirst.slice(8) };
    expect(unwrap(checkSetting(asRead)).fouled).toBe(true);
    await scanner.feed(backFirst.slice(0, 4));
    // The prompt follows the cards: the fourth card went into the middle row.
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'middle', cards: [backFirst[3]], held: { front: backFirst.slice(0, 3) } });
    expect(rowEvents(r)).toBe(0);
    await scanner.feed(backFirst.slice(4));
    let now = must(r.service.snapshot(T));
    expect(rowEvents(r)).toBe(0);
    expect(now.hand!.state.seats[1].hand).toBeNull();
    expect(now.scanTarget!.question).toMatchObject({ code: 'rows-out-of-order' });
    expect(now.scanTarget!.question!.message).toMatch(/scanned back, middle, front they make a valid hand/);
    // Until the dealer answers, the scanner's next card waits.
    await scanner.feed([snap.hand!.state.seats[3].dealt[0]]);
    const refused = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'device-read-refused' ORDER BY id DESC").pluck().get() as string);
    expect(refused).toMatchObject({ code: 'scan-question-open' });
    now = must(r.service.answerScan({ tableId: T, record: false }));
    expect(now.scanTarget).toMatchObject({ seat: 2, row: 'front', cards: [], held: {}, question: null });
    await scanner.feed([...set.front, ...set.middle, ...set.back]);
    now = must(r.service.snapshot(T));
    expect(rowEvents(r)).toBe(3);
    expect(now.hand!.state.seats[1].hand).toMatchObject({ front: set.front, middle: set.middle, back: set.back, source: 'scanner' });
    expect(now.scanTarget).toMatchObject({ seat: 4, row: 'front' });
    expectRefused(r.store, () => r.service.answerScan({ tableId: T, record: true }), 'no-scan-question');
  });

  it('a hand the player really set out of order is recorded as scanned when the dealer says so', async () => {
    const r = (current = rig());
    const { scanner, snap } = await scannerAtShowdown(r);
    const set = bestArrangement(snap.hand!.state.seats[1].dealt).hand;
    const misset = { front: set.front, middle: set.back, back: set.middle };
    expect(unwrap(checkSetting(misset)).fouled).toBe(true);
    await scanner.feed([...misset.front, ...misset.middle, ...misset.back]);
    if (must(r.service.snapshot(T)).scanTarget?.question) must(r.service.answerScan({ tableId: T, record: true }));
    expect(rowEvents(r)).toBe(3);
    expect(must(r.service.snapshot(T)).hand!.state.seats[1].hand).toMatchObject({ front: misset.front, middle: misset.middle, back: misset.back });
  });
});

describe('a scan waiting for the dealer\'s answer survives a restart', () => {
  /** A scanner that waits for its ACKs, as a framed one does. */
  class AckingScanner implements CardSource {
    readonly id = 'path:/dev/ttySCAN';
    readonly label = 'Test scanner';
    readonly role = 'scanner' as const;
    readonly simulated = false;
    readonly state = 'connected' as const;
    private readonly listeners = new Listeners<SourceEvent>();
    async start(): Promise<void> {}
    async stop(): Promise<void> {}
    subscribe(listener: SourceListener): () => void {
      return this.listeners.add(listener);
    }
    card(card: Card, seq: number): void {
      const raw = new TextEncoder().encode(`\u0002${String(seq).padStart(2, '0')}C${card}\u0003`);
      this.listeners.emit({ kind: 'card', device: this.id, at: Date.parse('2025-03-01T20:00:00Z'), card, seq, raw, acknowledge: () => {} });
    }
  }

  it('the held cards and the question come back; a dropped scan stays dropped', async () => {
    const r = (current = rig());
    openTable(r.service, { 2: 5000, 4: 5000 });
    const { shoe } = await attachShoe(r.service);
    must(r.service.attachCardSource(T, new AckingScanner()));
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(21);
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.seatReady({ tableId: T, seat: 4 }));
    const snap = must(r.service.openShowdown({ tableId: T }));
    const set = bestArrangement(snap.hand!.state.seats[1].dealt).hand;
    const scanner = [...(r.service as unknown as { tables: Map<string, { devices: Map<string, { source: AckingScanner }> }> }).tables.get(T)!.devices.values()]
      .find((d) => d.source instanceof AckingScanner)!.source;
    [...set.back, ...set.middle, ...set.front].forEach((c, i) => scanner.card(c, i));
    expect(must(r.service.snapshot(T)).scanTarget!.question).toMatchObject({ code: 'rows-out-of-order' });
    r.reopen();
    let now = must(r.service.snapshot(T));
    expect(now.scanTarget!.question).toMatchObject({ code: 'rows-out-of-order' });
    expect(Object.values(now.scanTarget!.held).flat()).toHaveLength(13);
    must(r.service.answerScan({ tableId: T, record: false }));
    r.reopen();
    now = must(r.service.snapshot(T));
    expect(now.scanTarget).toMatchObject({ seat: 2, row: 'front', held: {}, question: null });
  });
});
