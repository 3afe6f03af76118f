/**
 * The floor's hand search (app/services/hand-search.ts `searchHands`) on a 100,000-hand
 * database: the time of one page (the default 20 hands, newest first, each with its seats) per
 * filter, median and p99 of 60 searches each, half from the newest hand and half from a page
 * deep in the table (`before` at random).
 *
 * The database is the store section's (`bulkHands`, bench/sections/30-store.ts: one table,
 * one dealer, four players, one hand in 25 a misdeal); its hands are all played with the same
 * settings, so outcomes are then spread over them by number (a foul in 1 hand of 37, a natural
 * in 1 of 53, a surrender in 1 of 11, an all-in in 1 of 97, a correction in 1 of 499, a void in
 * 1 of 1,000, three dealers in turn, a fifth player at seat 2 in 1 hand of 1,000) so every
 * filter has hands to find, common and rare. --quick: 2,000 hands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchHands, type HandSearch } from '../../app/services/hand-search';
import { openStore } from '../../app/services/store';
import { percentile, type BenchSection } from '../section';
import { bulkHands } from './30-store';

const SAMPLES = 60;

export const section: BenchSection = {
  name: 'history',
  order: 35,
  async run({ quick }) {
    const count = quick ? 2000 : 100_000;
    const dir = mkdtempSync(join(tmpdir(), 'cpt-bench-history-'));
    try {
      const path = join(dir, 'history.db');
      const store = openStore(path);
      bulkHands(store, count);
      const db = store.db;
      db.exec(`
        UPDATE hands SET dealer = CASE number % 3 WHEN 0 THEN 'Eva' WHEN 1 THEN 'Filip' ELSE 'Gita' END,
          fouls = (number % 37 = 0), naturals = (number % 53 = 0), surrenders = (number % 11 = 0), all_ins = (number % 97 = 0), corrections = (number % 499 = 0);
        UPDATE hands SET outcome = 'void', void_reason = 'bench' WHERE number % 1000 = 7 AND outcome = 'played';
        UPDATE hand_seats SET fouled = 1 WHERE seat = 3 AND hand_id IN (SELECT id FROM hands WHERE fouls > 0);
        UPDATE hand_seats SET player = 'P-RARE' WHERE seat = 2 AND hand_id IN (SELECT id FROM hands WHERE number % 1000 = 500);`);
      const first = db.prepare("SELECT min(started_at) FROM hands WHERE table_id = 'B1'").pluck().get() as string;
      const mid = db.prepare("SELECT started_at FROM hands WHERE table_id = 'B1' AND number = ?").pluck().get(Math.floor(count / 2)) as string;
      const filters: Record<string, Omit<HandSearch, 'tableId'>> = {
        'none': {},
        'date range (a half)': { from: first, to: mid },
        'dealer': { dealer: 'Filip' },
        'seat': { seat: 2 },
        'player (in every hand)': { player: 'P1' },
        'player (1 hand in 1,000)': { player: 'P-RARE' },
        'hand number': { number: Math.floor(count / 3) },
        'played': { outcome: 'played' },
        'misdeal by cause': { outcome: 'misdeal', cause: 'floor-ruling' },
        'void': { outcome: 'void' },
        'foul': { outcome: 'foul' },
        'foul at a seat': { outcome: 'foul', seat: 3 },
        'natural': { outcome: 'natural' },
        'surrender': { outcome: 'surrender' },
        'all-in': { outcome: 'all-in' },
        'corrected': { outcome: 'corrected' },
      };
      const rows = [];
      const json: Record<string, number> = {};
      let seed = 12345;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      let worst = 0;
      for (const [what, filter] of Object.entries(filters)) {
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i < SAMPLES; i++) {
          const before = i % 2 === 0 ? undefined : 1 + Math.floor(random() * count);
          const t0 = performance.now();
          const page = searchHands(db, { tableId: 'B1', ...filter, ...(before !== undefined ? { before } : {}) });
          times.push(performance.now() - t0);
          found += page.hands.length;
        }
        const median = percentile(times, 50);
        const p99 = percentile(times, 99);
        worst = Math.max(worst, p99);
        rows.push({ what: `hand search, ${what} (a page of 20)`, figure: `${median.toFixed(2)} ms median`, note: `p99 ${p99.toFixed(2)} ms; ${(found / SAMPLES).toFixed(1)} hands a page on ${count.toLocaleString('en')} hands` });
        const key = what.replace(/\(.*?\)/g, '').trim().replace(/[^a-z0-9]+(.)?/gi, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
        json[`handSearch${key[0]!.toUpperCase()}${key.slice(1)}MedianMs`] = Number(median.toFixed(3));
        json[`handSearch${key[0]!.toUpperCase()}${key.slice(1)}P99Ms`] = Number(p99.toFixed(3));
      }
      json.handSearchWorstP99Ms = Number(worst.toFixed(3));
      json.handSearchHands = count;
      store.close();
      return { rows, json };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
