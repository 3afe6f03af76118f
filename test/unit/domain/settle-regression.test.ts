/**
 * settleRecord gives, record for record, exactly the JSON it gave before its speed work: 3,000
 * seeded records of every kind (every preset and profile objects, two to four seats given in
 * any order, settings found and naive ones that foul, naturals true and false, surrenders, the
 * floor's fouls, cards and a setting together, card texts in every accepted spelling, stacks
 * that bind and cascades of all-ins, netting, and records refused for each reason) are settled
 * and each result's JSON text (key order included: the command prints it) is compared with the
 * SHA-256 digest kept in fixtures/settle-digests.json.
 *
 * The digests were written by the implementation before the speed work. When the output is
 * meant to change, regenerate them with `UPDATE_SETTLE_DIGESTS=1 npx vitest run
 * test/unit/domain/settle-regression.test.ts` and say why in the commit.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard, formatCards, type Card } from '../../../app/domain/cards';
import { detectNaturals } from '../../../app/domain/naturals';
import { getPreset, presetJson } from '../../../app/domain/profiles';
import { settleRecord } from '../../../app/domain/settle';
import { dealCards, seededRandom, shuffled } from '../../support/gen-hands';
import { genDragon, genFromRanks, genOneColour, genSixPairs, genThreeFlushes, genThreeStraights } from '../../support/gen-naturals';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'settle-digests.json');
const COUNT = 3000;

type Rand = () => number;
const pick = <T>(random: Rand, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Cards written in one of the spellings a record may use. */
function spell(random: Rand, cards: readonly Card[]): unknown {
  const r = random();
  if (r < 0.7) return formatCards(cards);
  if (r < 0.8) return cards.map(formatCard);
  if (r < 0.9) return cards.map(formatCard).join(', ').toLowerCase().replace(/t/g, '10');
  const suits: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
  return cards.map((c) => { const t = formatCard(c); return t[0] + suits[t[1]]; }).join(' ');
}

const NATURAL_HANDS: readonly ((random: Rand) => Card[])[] = [
  genThreeStraights, genThreeFlushes, genSixPairs, (r) => genDragon(r), (r) => genDragon(r, [1]),
  (r) => genFromRanks(r, [0, 1, 2, 3, 4, 5, 6, 7]), (r) => genFromRanks(r, [8, 9, 10, 11, 12]), (r) => genOneColour(r, r() < 0.5),
];

/** 13 cards for a seat with a natural, the rest of the deck dealt to the others. */
function naturalDeal(random: Rand, seats: number, at: number): Card[][] {
  const hand = pick(random, NATURAL_HANDS)(random);
  const rest = shuffled(random, [...Array(52).keys()].filter((c) => !hand.includes(c)));
  return Array.from({ length: seats }, (_, i) => (i === at ? hand : rest.splice(0, 13)));
}

/** The presets the digests were taken with: a preset added later (ofc-standard) must not move them. */
const DIGEST_PRESETS = ['basic', 'western', 'eastern', 'mandarin', 'mandarin-house', 'special-hands', 'scoop-double', 'ofc'] as const;

function profileFor(random: Rand, n: number): unknown {
  const name = DIGEST_PRESETS[n % DIGEST_PRESETS.length];
  const r = random();
  if (r < 0.75) return name;
  if (r < 0.8) return undefined;
  const json = presetJson(name);
  if (r < 0.9) return json;
  // A house variant: another version, fixed foul penalties, bonuses replacing the point.
  json.version = 2 + Math.floor(random() * 3);
  if (random() < 0.5) json.foul = { kind: 'fixed', points: 1 + Math.floor(random() * 6) };
  if (random() < 0.5 && json.game !== 'ofc') json.bonusMode = 'replaces-point';
  if (random() < 0.3) json.falseNatural = 'play-as-set';
  return json;
}

/** One seeded record; about one in eight is broken on purpose. */
function recordOf(random: Rand, n: number): unknown {
  const rules = profileFor(random, n);
  const preset = getPreset(typeof rules === 'string' ? rules : typeof rules === 'object' ? (rules as { name: string }).name : 'mandarin-house')!;
  const seatCount = 2 + Math.floor(random() * 3);
  const seatNos = shuffled(random, [1, 2, 3, 4]).slice(0, seatCount);
  const withNatural = random() < 0.25 ? Math.floor(random() * seatCount) : -1;
  const deck = dealCards(random, 52);
  const hands = withNatural >= 0 ? naturalDeal(random, seatCount, withNatural) : seatNos.map((_, i) => deck.slice(i * 13, i * 13 + 13));
  const naturals = Object.keys(preset.naturals);
  const surrenders = preset.surrenderPenalty !== null;
  const seats = seatNos.map((seat, i) => {
    const cards = hands[i];
    const out: Record<string, unknown> = { seat };
    const st = random();
    if (st < 0.6) out.stack = pick(random, [0, 100, 300, 800, 1500, 5000, 20000, 1_000_000]);
    const kind = random();
    const set = () => {
      const h = random() < 0.7 ? bestArrangement(cards).hand : { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) };
      out.front = spell(random, h.front);
      out.middle = spell(random, h.middle);
      out.back = spell(random, h.back);
    };
    if (i === withNatural || (kind < 0.08 && naturals.length > 0)) {
      const held = detectNaturals(cards).filter((x) => naturals.includes(x));
      out.natural = held.length > 0 && random() < 0.8 ? pick(random, held) : pick(random, naturals);
      out.cards = spell(random, shuffled(random, cards));
      if (random() < 0.3) set();
    } else if (kind < 0.14 && surrenders) {
      out.surrender = true;
      out.cards = spell(random, cards);
    } else if (kind < 0.18) {
      out.foul = 'a card shown that was not dealt to the seat';
      if (random() < 0.5) out.cards = spell(random, cards);
      else set();
    } else if (kind < 0.22) {
      // Wrong counts: a foul, not a refusal.
      out.front = spell(random, cards.slice(0, 4));
      out.middle = spell(random, cards.slice(4, 8));
      out.back = spell(random, cards.slice(8));
    } else {
      set();
      if (kind > 0.95) out.cards = spell(random, shuffled(random, cards));
    }
    if (preset.fantasyland !== null && random() < 0.2) out.fantasyland = true;
    return out;
  });
  const record: Record<string, unknown> = { seats };
  if (rules !== undefined) record.rules = rules;
  if (random() < 0.5) record.id = random() < 0.5 ? `T${n % 7}-${n}` : n;
  if (random() < 0.8) record.pointValue = pick(random, [1, 5, 25, 100, 1000]);
  if (random() < 0.8) record.button = 1 + Math.floor(random() * 4);
  if (random() < 0.4) record.netting = random() < 0.8;
  if (random() < 0.12) breakRecord(random, record, seats);
  return record;
}

function breakRecord(random: Rand, record: Record<string, unknown>, seats: Record<string, unknown>[]): void {
  const s = pick(random, seats);
  switch (Math.floor(random() * 12)) {
    case 0: record.surender = true; break;
    case 1: s.front = 'As Kd 9x'; break;
    case 2: s.middle = seats[0] === s ? seats[seats.length - 1].back : seats[0].back; break;
    case 3: s.back = typeof s.back === 'string' ? s.back.split(' ').slice(1).join(' ') : s.back; break;
    case 4: s.natural = 'royal-dragon'; break;
    case 5: s.seat = s.seat === 1 ? 2 : 1; break;
    case 6: record.pointValue = pick(random, [0, -5, 1.5, null, '100', 100_000_001]); break;
    case 7: s.stack = pick(random, [-1, 1e13, null, '500']); break;
    case 8: record.button = pick(random, [0, 5, null]); break;
    case 9: record.seats = seats.slice(0, 1); break;
    case 10: s.surrender = true; s.natural = 'dragon'; break;
    default: record.rules = pick(random, ['mandarin-hous', { name: 'x', version: 1, scoop: { kind: 'double' } }]); break;
  }
}

function digest(x: unknown): string {
  return createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 24);
}

function digests(): string[] {
  const random = seededRandom(0x5e771ed);
  const out: string[] = [];
  for (let n = 0; n < COUNT; n++) out.push(digest(settleRecord(recordOf(random, n))));
  return out;
}

describe('settleRecord on 3,000 seeded records', () => {
  it('gives the JSON it gave before, record for record', () => {
    const now = digests();
    if (process.env.UPDATE_SETTLE_DIGESTS) writeFileSync(FIXTURE, `${JSON.stringify(now, null, 0).replace(/","/g, '",\n"')}\n`);
    const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as string[];
    expect(kept).toHaveLength(COUNT);
    const differ = now.flatMap((d, i) => (d === kept[i] ? [] : [i]));
    expect(differ, 'records whose result differs').toEqual([]);
  });

  it('covers what it claims: every outcome, refusals and all-ins among the records', () => {
    const random = seededRandom(0x5e771ed);
    const seen = new Set<string>();
    for (let n = 0; n < COUNT; n++) {
      const r = settleRecord(recordOf(random, n));
      if (!r.ok) {
        seen.add(`refused:${r.error.code}`);
        continue;
      }
      for (const p of r.value.pairs) seen.add(p.outcome);
      if (r.value.allIn.length > 1) seen.add('cascade');
      if (Object.keys(r.value.falseNaturals).length > 0) seen.add('false-natural');
      if (r.value.homeruns.length > 0) seen.add('homerun');
      if (r.value.fantasyland?.length) seen.add('fantasyland');
      if (Object.values(r.value.naturalProofs).some((p) => p.declared)) seen.add('better-natural');
    }
    for (const k of ['showdown', 'foul', 'both-fouled', 'surrender', 'both-surrendered', 'natural', 'naturals-push', 'cascade', 'false-natural',
      'homerun', 'fantasyland', 'refused:unknown-field', 'refused:bad-card', 'refused:duplicate-card', 'refused:wrong-card-count', 'refused:unknown-natural',
      'refused:duplicate-seat', 'refused:bad-point-value', 'refused:bad-stack', 'refused:too-few-seats', 'refused:conflicting-declarations']) {
      expect(seen, k).toContain(k);
    }
  });
});
