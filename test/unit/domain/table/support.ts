// Builders for the table-fold tests: table events with sensible defaults, and a session that
// applies entries with applyTable and appends the hand's follow-ups the way the table service
// does, keeping the log it wrote.
import { expect } from 'vitest';
import { apply, buildSettled, followUps, initialState, outstandingPayments, type HandEvent, type HandStarted, type HandState, type SeatNo } from '../../../../app/domain/hand';
import { resolveProfile, type PresetName } from '../../../../app/domain/profiles';
import { unwrap, type Result } from '../../../../app/domain/result';
import {
  applyTable, checkpointOf, nextHandStarted, tableFromCheckpoint, type TableCheckpoint, type TableEntry, type TableEvent, type TableOpened, type TableState,
} from '../../../../app/domain/table';
import { at, deckFor, dealt, ev, handOf } from '../hand/support';

/** A seat's hand as front, middle and back card text. */
export type Rows = [string, string, string];

/** A profile snapshot as the service stores it: the resolved profile as JSON. */
export function snapshotOf(preset: PresetName): Record<string, unknown> {
  return JSON.parse(JSON.stringify(unwrap(resolveProfile(preset)))) as Record<string, unknown>;
}

/** `table-opened` for T1: basic rules, 100 a point (full buy-in 2,000, short 1,000-1,999). */
export function opened(o: Partial<Omit<TableOpened, 'type' | 'profile'>> & { preset?: PresetName } = {}): TableOpened {
  const snapshot = snapshotOf(o.preset ?? 'basic');
  const { preset: _preset, ...rest } = o;
  return {
    type: 'table-opened', at: at(), by: 'dealer', tableId: 'T1', name: 'Table 1',
    profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    pointValue: 100, mode: 'shoe', seqModulo: 100, button: 4, ...rest,
  };
}

export const tev = {
  dealerOn: (dealer = 'Dana'): TableEvent => ({ type: 'dealer-on', at: at(), by: 'dealer', dealer }),
  dealerOff: (dealer = 'Dana'): TableEvent => ({ type: 'dealer-off', at: at(), by: 'dealer', dealer }),
  seated: (seat: SeatNo, playerId = `p${seat}`, name?: string): TableEvent =>
    ({ type: 'player-seated', at: at(), by: 'dealer', seat, playerId, ...(name ? { name } : {}) }),
  buyIn: (seat: SeatNo, amount: number, short = false, playerId = `p${seat}`): TableEvent =>
    ({ type: 'buy-in', at: at(), by: 'dealer', seat, playerId, amount, short }),
  left: (seat: SeatNo, cashOut: number, playerId = `p${seat}`): TableEvent =>
    ({ type: 'player-left', at: at(), by: 'dealer', seat, playerId, cashOut }),
  alert: (alertId = 1): TableEvent =>
    ({ type: 'alert-raised', at: at(), by: 'system', alertId, kind: 'misdeal', code: 'floor-ruling', message: 'Misdeal', handId: null }),
  ack: (alertId = 1, person = 'Jana'): TableEvent => ({ type: 'alert-acknowledged', at: at(), by: 'dealer', alertId, person }),
  device: (status = 'connected'): TableEvent => ({ type: 'device-status', at: at(), by: 'device', device: 'shoe-1', role: 'shoe', status }),
  readRefused: (): TableEvent =>
    ({ type: 'device-read-refused', at: at(), by: 'device', device: 'shoe-1', role: 'shoe', card: 'As', code: 'no-hand-in-play', message: 'no hand' }),
};

export const tableEntry = (body: TableEvent): TableEntry => ({ handId: null, body });
export const handEntry = (handId: string, body: HandEvent): TableEntry => ({ handId, body });

/** Applies an entry, failing the test on a refusal. */
export function must(state: TableState | null, entry: TableEntry): TableState {
  const r = applyTable(state, entry);
  if (!r.ok) throw new Error(`${entry.body.type} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The refusal's code, checking that the state given was left as it was. */
export function refusedCode(state: TableState | null, entry: TableEntry): string {
  const before = structuredClone(state);
  const r: Result<TableState> = applyTable(state, entry);
  expect(state).toEqual(before);
  if (r.ok) return 'accepted';
  return r.error.code;
}

/** A table's log being written: each entry applied, the hand's follow-ups appended as the
 *  service appends them. */
export class Session {
  state: TableState | null = null;
  readonly log: TableEntry[] = [];

  get table(): TableState {
    if (!this.state) throw new Error('no table');
    return this.state;
  }

  get hand(): HandState {
    const h = this.table.hand;
    if (!h) throw new Error('no hand in play');
    return h.state;
  }

  apply(entry: TableEntry): TableState {
    this.state = must(this.state, entry);
    this.log.push(entry);
    return this.state;
  }

  do(...events: TableEvent[]): TableState {
    for (const e of events) this.apply(tableEntry(e));
    return this.table;
  }

  /** Starts the next hand as the table deals it. */
  start(twoHanded?: Parameters<typeof nextHandStarted>[1]['twoHanded']): HandState {
    const e = unwrap(nextHandStarted(this.table, { at: at(), by: 'dealer', ...(twoHanded ? { twoHanded } : {}) }));
    return this.play(e);
  }

  /** An event of the hand in play (or the next hand's start), then every follow-up the hand
   *  fold asks for. Returns the hand's state after them, folded on its own with the hand fold
   *  (the table clears its hand when the hand ends; `lastHand` keeps it). */
  play(event: HandEvent): HandState {
    const handId = event.type === 'hand-started' ? event.handId : this.table.hand!.id;
    let hand = event.type === 'hand-started' ? initialState : this.table.hand!.state;
    const step = (e: HandEvent) => {
      hand = unwrap(apply(hand, e));
      this.apply(handEntry(handId, e));
    };
    step(event);
    for (let more = followUps(hand, event.at); more.length > 0; more = followUps(hand, event.at)) more.forEach(step);
    this.lastHand = hand;
    return hand;
  }

  /** The hand state after the last `play`. */
  lastHand: HandState | null = null;
}

/** Plays the next hand to its last payment: the seats' hands as given (front, middle, back). */
export function playHand(session: Session, rows: Partial<Record<SeatNo, Rows>>): HandState {
  const button = session.table.button;
  const start = session.start();
  const playing = start.seats.filter((s) => s.playing).map((s) => s.seat);
  const deck = deckFor(button, Object.fromEntries(playing.map((s) => [s, handOf(rows[s]!)])));
  deck.forEach((card, k) => session.play(dealt(card, k)));
  for (const seat of playing) session.play(ev.ready(seat));
  session.play(ev.open());
  for (const seat of playing) session.play(ev.set(seat, ...rows[seat]!));
  let hand = session.play(unwrap(buildSettled(session.hand, at())));
  for (const p of outstandingPayments(hand)) {
    hand = session.play({ type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount });
  }
  expect(hand.phase).toBe('closed');
  return hand;
}

/** The table states the guard tables start from. */
export type StateName = 'none' | 'opened' | 'staffed' | 'seated' | 'inHand' | 'afterHand' | 'reserved' | 'oneWithChips';

/** A table in the state `name` names (null: no table yet). */
export function tableIn(name: StateName): TableState | null {
  const s = new Session();
  if (name === 'none') return null;
  s.do(opened());
  if (name === 'opened') return s.table;
  s.do(tev.dealerOn('Dana'));
  if (name === 'staffed') return s.table;
  if (name === 'oneWithChips') return s.do(tev.seated(1), tev.buyIn(1, 2000), tev.seated(2));
  s.do(tev.seated(1, 'p1', 'Adam'), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 5000), tev.seated(3), tev.buyIn(3, 3000));
  if (name === 'seated') return s.table;
  if (name === 'reserved') {
    // Two players after a two-handed dealt round: the next round plays the reserved hands.
    const cp = unwrap(checkpointOf(s.table, at())) as TableCheckpoint;
    return unwrap(tableFromCheckpoint({
      ...cp, seats: [cp.seats[0], cp.seats[1], null, null],
      carried: { reservedRound: { round: 'reserved', fromHandId: 'T1-0', hands: [{ seat: 1, cards: [] }, { seat: 2, cards: [] }] }, fantasyland: [] },
    }));
  }
  s.start();
  s.play(dealt(0, 0));
  if (name === 'inHand') return s.table;
  s.play(ev.void());
  return s.table;
}

/** The next hand's start as the table deals it, with one field changed. */
export const startWith = (change: (e: HandStarted) => HandStarted) => (s: TableState | null): TableEntry => {
  const e = change(unwrap(nextHandStarted(s!, { at: at(), by: 'dealer' })));
  return handEntry(e.handId, e);
};
