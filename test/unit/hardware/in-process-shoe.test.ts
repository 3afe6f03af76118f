import { describe, expect, it } from 'vitest';
import { formatCard, formatCards } from '../../../app/domain/cards';
import { Listeners } from '../../../app/listeners';
import type { SourceEvent } from '../../../hardware/card-source';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { OptionError } from '../../../hardware/decoders/options';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';

function record(shoe: InProcessShoe): SourceEvent[] {
  const events: SourceEvent[] = [];
  shoe.subscribe((e) => events.push(e));
  return events;
}

const show = (events: SourceEvent[]) =>
  events.map((e) => (e.kind === 'card' ? `${formatCard(e.card)}#${e.seq}` : e.status === 'sequence-gap' ? `gap ${e.expected}->${e.received}` : e.status));

describe('InProcessShoe', () => {
  it('deals the seeded deck, numbered like a framed shoe, then reports the shoe empty', async () => {
    let now = 1000;
    const shoe = new InProcessShoe({ seed: 7, paceMs: 0, clock: () => now++ });
    const events = record(shoe);
    expect(shoe.simulated).toBe(true);
    expect(shoe.label).toBe('Simulated shoe (seed 7)');
    await shoe.start();
    const report = await shoe.deal();
    expect(report).toEqual({ seed: 7, cards: shuffledDeck(7), completed: true });
    const cards = events.filter((e) => e.kind === 'card');
    expect(cards.map((e) => (e.kind === 'card' ? e.card : -1))).toEqual(shuffledDeck(7));
    expect(cards.map((e) => (e.kind === 'card' ? e.seq : -1))).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(show(events)[0]).toBe('connected');
    expect(show(events).at(-1)).toBe('shoe-empty');
    expect(events.map((e) => e.at)).toEqual(events.map((_, i) => 1000 + i)); // injected clock
    expect(events.every((e) => e.device === 'sim:in-process')).toBe(true);
    // The next deal uses the next seed.
    expect((await shoe.deal()).seed).toBe(8);
  });

  it('produces the faults it is asked for', async () => {
    const shoe = new InProcessShoe({
      seed: 7,
      paceMs: 0,
      heartbeatTimeoutMs: 20,
      faults: ['read-twice@1', 'unreadable@2', 'jam@3:5', 'lid-open@4:5', 'unplug@5:5', 'skip-seq@6', 'silence@7:30'],
    });
    const events = record(shoe);
    await shoe.start();
    await shoe.deal();
    const d = shuffledDeck(7).map(formatCard);
    expect(show(events).slice(0, 20)).toEqual([
      'connected',
      `${d[0]}#0`,
      `${d[1]}#1`,
      `${d[1]}#2`,
      'unreadable',
      'jam',
      'ready',
      `${d[3]}#4`,
      'lid-open',
      'ready',
      `${d[4]}#5`,
      'disconnected',
      'connected',
      `${d[5]}#6`,
      'gap 7->8',
      `${d[6]}#8`,
      'heartbeat-lost',
      'heartbeat-restored',
      `${d[7]}#9`,
      `${d[8]}#10`,
    ]);
    expect(shoe.state).toBe('connected');
  });

  it('feed() reads exactly the given cards (a scanner at showdown)', async () => {
    const scanner = new InProcessShoe({ role: 'scanner', paceMs: 0, id: 'sim:scanner' });
    const events = record(scanner);
    await scanner.start();
    await scanner.feed([48, 44, 40]);
    expect(scanner.label).toBe('Simulated scanner');
    expect(formatCards(events.flatMap((e) => (e.kind === 'card' ? [e.card] : [])))).toBe('As Ks Qs');
    await expect(scanner.feed([52])).rejects.toThrow('not a card code: 52');
  });

  it('stop() ends a deal in progress and says so', async () => {
    const shoe = new InProcessShoe({ paceMs: 5 });
    const events = record(shoe);
    await shoe.start();
    const dealing = shoe.deal();
    // Stop it once a few cards are out (a wait for them, not a guess at how long they take).
    await new Promise<void>((resolve) => shoe.subscribe((e) => e.kind === 'card' && events.filter((x) => x.kind === 'card').length >= 3 && resolve()));
    await shoe.stop();
    const report = await dealing;
    expect(report.completed).toBe(false);
    const last = events.at(-1);
    expect(last).toMatchObject({ kind: 'status', status: 'disconnected', reason: 'stopped', willRetry: false });
    expect(events.filter((e) => e.kind === 'card').length).toBeLessThan(52);
    await expect(shoe.deal()).rejects.toThrow('is stopped');
  });

  it('refuses to deal twice at once', async () => {
    const shoe = new InProcessShoe({ paceMs: 1 });
    await shoe.start();
    const first = shoe.deal();
    await expect(shoe.deal()).rejects.toThrow('already dealing');
    await first;
  });

  it.each([
    [{ paceMs: -1 }, 'InProcessShoe: paceMs must be an integer from 0 to 600000, got -1'],
    [{ paceMs: 2.5 }, 'paceMs must be an integer from 0'],
    [{ seed: 0.5 }, 'InProcessShoe: seed must be an integer'],
    [{ heartbeatTimeoutMs: 5 }, 'heartbeatTimeoutMs must be an integer from 10 to 3600000, got 5'],
    [{ faults: ['bad-checksum@3'] }, 'InProcessShoe: faults refused: fault bad-checksum only exists on a wire'],
    [{ faults: ['garbage@3'] }, 'fault garbage only exists on a wire'],
    [{ faults: ['nope@3'] }, 'unknown fault kind "nope"'],
    [{ role: 'dealer' }, 'role must be shoe or scanner, got "dealer"'],
    [{ id: '' }, 'id must be non-empty text'],
    [{ clock: 5 }, 'clock must be a function'],
    [{ pace: 5 }, 'InProcessShoe: unknown option "pace"'],
    [null, 'InProcessShoe: options must be an object'],
  ])('refuses bad options %j', (options, message) => {
    let error: unknown;
    try {
      new InProcessShoe(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect((error as Error).message).toContain(message);
  });

  it('takes the options the terminal and the services give it', () => {
    // app/terminal/terminal.ts (seed from --sim-seed, pace from --sim-pace 0..60000) and app/services/simulation.ts.
    expect(new InProcessShoe({ seed: Number.MIN_SAFE_INTEGER, paceMs: 60_000, role: 'scanner', id: 'sim:scanner' }).role).toBe('scanner');
    expect(new InProcessShoe({ paceMs: 0, faults: ['jam@3:0', 'unplug@4:0', 'skip-seq@5'], id: 'sim:shoe', heartbeatTimeoutMs: 60_000 }).id).toBe('sim:shoe');
  });

  it('a listener that throws does not stop the others', () => {
    const errors: unknown[] = [];
    const listeners = new Listeners<SourceEvent>((e) => errors.push(e));
    let seen = 0;
    const off = listeners.add(() => {
      throw new Error('listener bug');
    });
    listeners.add(() => seen++);
    const event = { kind: 'status', status: 'ready', device: 'x', at: 0 } as const;
    listeners.emit(event);
    off();
    listeners.emit(event);
    expect(seen).toBe(2);
    expect(errors).toHaveLength(1);
    expect(listeners.size).toBe(1);
  });
});
