// Builders for the hand-fold tests: events with sensible defaults, decks that give chosen
// hands to chosen seats, and a driver that appends follow-ups the way the table service does.
import { parseCards, type Card } from '../../../../app/domain/cards';
import {
  apply, followUps, initialState, seatForCard,
  type HandEvent, type HandStarted, type HandState, type SeatNo, type SeatedPlayer,
} from '../../../../app/domain/hand';
import type { NaturalName } from '../../../../app/domain/naturals';
import { presetJson, type PresetName } from '../../../../app/domain/profiles';
import { unwrap, type Result } from '../../../../app/domain/result';

export const cards = (text: string): Card[] => unwrap(parseCards(text));

let clock = 0;
/** A fresh ISO time, one second after the previous. */
export function at(): string {
  clock += 1;
  const s = clock % 60;
  const m = Math.floor(clock / 60) % 60;
  const h = Math.floor(clock / 3600) % 24;
  const two = (n: number) => String(n).padStart(2, '0');
  return `2025-03-01T${two(h)}:${two(m)}:${two(s)}.000Z`;
}

export interface StartOptions {
  preset?: PresetName;
  profile?: Record<string, unknown>;
  button?: SeatNo;
  seats?: SeatNo[];
  stacks?: Partial<Record<SeatNo, number>>;
  pointValue?: number;
  mode?: 'shoe' | 'scanner-only';
  twoHanded?: HandStarted['twoHanded'];
  fantasyland?: SeatNo[];
  seqModulo?: number;
  handId?: string;
}

/** A hand-started event: four players with 10,000 each at mandarin-house, button on seat 4. */
export function started(o: StartOptions = {}): HandStarted {
  const snapshot = o.profile ?? presetJson(o.preset ?? 'mandarin-house');
  const seats: SeatedPlayer[] = (o.seats ?? [1, 2, 3, 4]).map((seat) => ({ seat, playerId: `p${seat}`, stack: o.stacks?.[seat] ?? 10_000 }));
  return {
    type: 'hand-started', at: at(), by: 'dealer', tableId: 'T1', handId: o.handId ?? 'H1', handNumber: 1,
    button: o.button ?? 4, seats, pointValue: o.pointValue ?? 100,
    profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    mode: o.mode ?? 'shoe',
    ...(o.twoHanded ? { twoHanded: o.twoHanded } : {}),
    ...(o.fantasyland ? { fantasyland: o.fantasyland } : {}),
    ...(o.seqModulo ? { seqModulo: o.seqModulo } : {}),
  };
}

/** Applies an event, failing the test on a refusal. */
export function must(state: HandState, event: HandEvent): HandState {
  const r = apply(state, event);
  if (!r.ok) throw new Error(`${event.type} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Applies an event and then every follow-up, as the table service does; returns the state and
 *  every event appended (the log). */
export function drive(state: HandState, event: HandEvent, log: HandEvent[] = []): HandState {
  let s = must(state, event);
  log.push(event);
  for (let more = followUps(s, event.at); more.length > 0; more = followUps(s, event.at)) {
    for (const f of more) {
      s = must(s, f);
      log.push(f);
    }
  }
  return s;
}

/** Applies a list of events with `drive`. */
export function driveAll(state: HandState, events: HandEvent[], log: HandEvent[] = []): HandState {
  return events.reduce((s, e) => drive(s, e, log), state);
}

export function refusal(r: Result<unknown>): { code: string; message: string } {
  if (r.ok) throw new Error('expected a refusal, got ok');
  return { code: r.error.code, message: r.error.message };
}

/** A 52-card shoe order that deals `hands[seat]` to each seat with the button at `button`;
 *  seats not given get the remaining cards. */
export function deckFor(button: SeatNo, hands: Partial<Record<SeatNo, Card[]>>): Card[] {
  const used = new Set(Object.values(hands).flat());
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !used.has(c));
  const queues: Record<SeatNo, Card[]> = { 1: [], 2: [], 3: [], 4: [] };
  for (const s of [1, 2, 3, 4] as SeatNo[]) queues[s] = hands[s] ? [...hands[s]!] : rest.splice(0, 13);
  return Array.from({ length: 52 }, (_, k) => queues[seatForCard(button, k)].shift()!);
}

let seq = 0;
export function dealt(card: Card, s: number | null = seq++): HandEvent {
  return { type: 'card-dealt', at: at(), by: 'device', seq: s, card, raw: `02${card.toString(16).padStart(2, '0')}03` };
}

/** Starts a hand and deals the whole deck through the shoe (follow-ups included). */
export function dealtHand(o: StartOptions & { deck?: Card[] } = {}, log: HandEvent[] = []): HandState {
  let s = drive(initialState, started(o), log);
  const deck = o.deck ?? Array.from({ length: 52 }, (_, i) => i);
  let n = 0;
  for (const c of deck) s = drive(s, dealt(c, n++), log);
  return s;
}

export const ev = {
  ready: (seat: SeatNo): HandEvent => ({ type: 'seat-ready', at: at(), by: 'dealer', seat }),
  surrender: (seat: SeatNo, c?: Card[]): HandEvent => ({ type: 'surrender-declared', at: at(), by: 'dealer', seat, ...(c ? { cards: c } : {}) }),
  natural: (seat: SeatNo, natural: NaturalName, c?: Card[]): HandEvent =>
    ({ type: 'natural-declared', at: at(), by: 'dealer', seat, natural, ...(c ? { cards: c } : {}) }),
  open: (): HandEvent => ({ type: 'showdown-opened', at: at(), by: 'dealer' }),
  set: (seat: SeatNo, front: string, middle: string, back: string, source: 'scanner' | 'touch' = 'scanner'): HandEvent =>
    ({ type: 'hand-set', at: at(), by: 'device', seat, front: cards(front), middle: cards(middle), back: cards(back), source }),
  row: (seat: SeatNo, row: 'front' | 'middle' | 'back', text: string): HandEvent => ({ type: 'row-scanned', at: at(), by: 'device', seat, row, cards: cards(text) }),
  exposed: (seat: SeatNo, card?: Card): HandEvent => ({ type: 'card-exposed', at: at(), by: 'dealer', seat, ...(card !== undefined ? { card } : {}) }),
  wrongSeat: (heldBy: SeatNo, handOf: SeatNo): HandEvent => ({ type: 'wrong-seat-delivery', at: at(), by: 'dealer', heldBy, handOf }),
  dealEnded: (): HandEvent => ({ type: 'deal-ended', at: at(), by: 'dealer' }),
  place: (seat: SeatNo, card: Card, row: 'front' | 'middle' | 'back'): HandEvent => ({ type: 'card-placed', at: at(), by: 'dealer', seat, card, row }),
  void: (reason = 'dispute'): HandEvent => ({ type: 'hand-voided', at: at(), by: 'floor:Jana', reason }),
  floor: (action: (HandEvent & { type: 'floor-correction' })['action'], reason = 'ruling'): HandEvent =>
    ({ type: 'floor-correction', at: at(), by: 'floor:Jana', reason, action }),
};

/** The four-handed example of RULES.md section 5 (seed 003), as front / middle / back. */
export const EXAMPLE_003: Record<SeatNo, [string, string, string]> = {
  1: ['Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'], // full house / two pair 8s and 7s / king high
  2: ['2h 2d 3d', 'Kh Qd Jh Th 9h', '2c 3c 5c 7c 9c'], // flush nine high / straight king high / pair of twos
  3: ['Ts 8d 3s', 'Qs Qh 5s 5h 6s', 'Ah Ks Qc Jc Tc'], // straight ace high / two pair queens and fives / ten high
  4: ['9s 9d As', 'Js Jd Kc Td 8h', 'Ac Ad 4h 4c 7s'], // two pair aces and fours / pair of jacks / pair of nines
};

export const handOf = (rows: [string, string, string]): Card[] => cards(rows.join(' '));
