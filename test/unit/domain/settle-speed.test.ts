/**
 * The shortcuts settleRecord takes for speed (docs/settle.md "Speed") give what the long way
 * gives and let nothing through that the long way refuses:
 *  - the record's own canonical card texts stand for the hands' texts, and a parsed setting is
 *    judged without its card checks being repeated: settleRecord must give, key for key, what
 *    settleShowdown gives on the same record parsed (which writes every text from the cards and
 *    checks every setting in full), whatever the spelling of the cards;
 *  - one walk over the usual record stands for the depth check and the unknown-field checks:
 *    any other field name is still refused, and the depth limit still holds at its edge;
 *  - pair summaries are kept and handed out again: a summary must not depend on which pairs
 *    were scored before it (a key that left out something the words depend on would).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard, formatCards, type Card } from '../../../app/domain/cards';
import { PRESET_NAMES, presetJson } from '../../../app/domain/profiles';
import { settleRecord, settleShowdown } from '../../../app/domain/settle';
import { MAX_RECORD_DEPTH, parseShowdown } from '../../../app/domain/showdown';
import { dealCards, seededRandom } from '../../support/gen-hands';

type Rand = () => number;

/** The cards in one of the spellings a record may use (the first is the canonical one). */
function spell(random: Rand, cards: readonly Card[]): unknown {
  const r = random();
  if (r < 0.6) return formatCards(cards);
  if (r < 0.7) return cards.map(formatCard);
  if (r < 0.8) return formatCards(cards).toLowerCase();
  if (r < 0.9) return cards.map(formatCard).join(',  ');
  return ` ${formatCards(cards)}`;
}

/** A four-seat record with every seat's cards spelt at random, some seats set badly (fouls), some giving cards too. */
function recordOf(random: Rand, n: number): Record<string, unknown> {
  const deck = dealCards(random, 52);
  const seats = [1, 2, 3, 4].map((seat) => {
    const cards = deck.slice((seat - 1) * 13, seat * 13);
    const h = random() < 0.6 ? bestArrangement(cards).hand : { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) };
    const out: Record<string, unknown> = { seat, front: spell(random, h.front), middle: spell(random, h.middle), back: spell(random, h.back) };
    if (random() < 0.2) out.cards = spell(random, cards);
    if (random() < 0.7) out.stack = Math.floor(random() * 3000);
    return out;
  });
  return { rules: PRESET_NAMES[n % PRESET_NAMES.length], button: 1 + (n % 4), pointValue: 10, seats };
}

describe('settleRecord against the long way', () => {
  it('gives what settleShowdown gives on the parsed record, key for key, for every spelling of the cards', () => {
    const random = seededRandom(0x7e575);
    for (let n = 0; n < 400; n++) {
      const record = recordOf(random, n);
      const parsed = parseShowdown(record);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      const longWay = settleShowdown(parsed.value);
      expect(JSON.stringify(settleRecord(record)), `record ${n}`).toBe(JSON.stringify(longWay));
    }
  });
});

describe('the one walk over a usual record', () => {
  const two = (extra: Record<string, unknown> = {}, seatExtra: Record<string, unknown> = {}) => ({
    rules: 'mandarin-house',
    seats: [{ seat: 1, front: 'Kh 6s 2c', middle: 'Ad Qd 9d 5d 3d', back: 'Js Jh 8c 8s 4h', ...seatExtra }, { seat: 2, front: '2s 3h 5c', middle: '6c 7c 9c Tc Jc', back: 'Ks Kc Kd 4c 4d' }],
    ...extra,
  });
  const KNOWN_RECORD = ['id', 'rules', 'pointValue', 'button', 'netting', 'seats'];
  const KNOWN_SEAT = ['seat', 'stack', 'front', 'middle', 'back', 'cards', 'natural', 'surrender', 'foul', 'fantasyland', 'jackpotDisqualified'];

  it('accepts the record the checks below change one thing of', () => {
    expect(settleRecord(two()).ok).toBe(true);
  });

  it('refuses any other field name, at the top or in a seat, with a plain value', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.boolean(), (name, inSeat) => {
      fc.pre(!(inSeat ? KNOWN_SEAT : KNOWN_RECORD).includes(name));
      const r = settleRecord(inSeat ? two({}, { [name]: 1 }) : two({ [name]: 1 }));
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.code, r.error.path]).toEqual(['unknown-field', inSeat ? `seats[0].${name}` : name]);
    }), { numRuns: 300 });
    for (const name of ['Seat', 'Seats', 'constructor', 'toString', '__proto__', 'surender', 'Front', 'pointvalue', 'jackpot']) {
      for (const inSeat of [false, true]) {
        const record = JSON.parse(JSON.stringify(inSeat ? two({}, { [name === '__proto__' ? 'x' : name]: 1 }) : two({ [name === '__proto__' ? 'x' : name]: 1 }))
          .replace('"x":1', '"__proto__":1')) as unknown;
        const r = settleRecord(record);
        expect(r.ok ? 'settled' : r.error.code, `${name} ${inSeat ? 'in a seat' : 'at the top'}`).toBe('unknown-field');
      }
    }
  });

  it('holds the depth limit at its edge under rules and in a seat', () => {
    /** A profile object nested `levels` deep in all (itself included). */
    const deepRules = (levels: number) => {
      let x: unknown = 1;
      for (let i = 0; i < levels; i++) x = { deeper: x };
      return x;
    };
    // The record is depth 1: rules may be MAX_RECORD_DEPTH - 1 deep.
    const atLimit = settleRecord(two({ rules: deepRules(MAX_RECORD_DEPTH - 1) }));
    expect(atLimit.ok ? 'settled' : atLimit.error.code).not.toBe('too-deep');
    const past = settleRecord(two({ rules: deepRules(MAX_RECORD_DEPTH) }));
    expect(past.ok ? 'settled' : [past.error.code, past.error.path]).toEqual(['too-deep', 'rules']);
    // A list of card texts holding a list: not too deep, but not cards either.
    const listInList = settleRecord(two({}, { front: [['Kh'], '6s', '2c'] }));
    expect(listInList.ok ? 'settled' : [listInList.error.code, listInList.error.path]).toEqual(['bad-card', 'seats[0].front']);
    // An object where a card text belongs is checked the long way, and refused as before.
    const objectInSeat = settleRecord(two({}, { front: { cards: 'Kh 6s 2c' } }));
    expect(objectInSeat.ok ? 'settled' : [objectInSeat.error.code, objectInSeat.error.path]).toEqual(['bad-card', 'seats[0].front']);
  });

  it('does not refuse a field a seat only inherits (the long way reads own fields only)', () => {
    const record = two();
    const seats = record.seats as Record<string, unknown>[];
    seats[0] = Object.assign(Object.create({ extra: 1 }) as object, seats[0]);
    expect(settleRecord(record).ok).toBe(true);
  });
});

describe('pair summaries handed out again', () => {
  /** Every pair's summary over records under every preset (and a majority bonus), in the order given. */
  async function summaries(records: readonly unknown[]): Promise<string[]> {
    vi.resetModules();
    const fresh = (await import('../../../app/domain/settle')) as typeof import('../../../app/domain/settle');
    return records.map((r) => {
      const s = fresh.settleRecord(r);
      return s.ok ? s.value.pairs.map((p) => p.summary).join('\n') : `refused ${s.error.code}`;
    });
  }

  it('do not depend on the pairs scored before (records settled forwards and backwards give the same words)', async () => {
    const random = seededRandom(0x5a11);
    const records: unknown[] = [];
    for (let n = 0; n < 600; n++) {
      const r = recordOf(random, n);
      if (n % 3 === 0) {
        const rules = presetJson(PRESET_NAMES[n % PRESET_NAMES.length]);
        if (rules.game !== 'ofc') rules.majorityBonus = 1 + (n % 3);
        r.rules = rules;
      }
      records.push(r);
    }
    const forwards = await summaries(records);
    const backwards = (await summaries([...records].reverse())).reverse();
    expect(forwards.filter((s) => s.startsWith('refused'))).toEqual([]);
    const differ = forwards.flatMap((s, i) => (s === backwards[i] ? [] : [i]));
    expect(differ, 'records whose summaries depend on the order').toEqual([]);
  });
});
