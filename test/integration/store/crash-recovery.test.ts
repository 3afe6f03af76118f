/**
 * Crash recovery for real: a child process (`table simulate --trace`) plays hands on a real
 * database file and prints each event id only after its commit returned; it is killed with
 * SIGKILL at seeded random points, several rounds. After every kill the file holds every
 * acknowledged event (same id, type, hand and position) and a valid chain; the next run
 * rebuilds the open hand from its events and finishes it (the same hand, not a new one), and
 * in the end every hand replays and agrees with what was paid.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPrng } from '../../../hardware/sim/deck';
import { replayHands, verifyChain } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { tempFolder } from './temp';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const HANDS = 6;
const SEED = 20250301;
const ROUNDS = 6;

interface Acked { event: number; type: string; hand: string | null; seq: number | null }
interface Run { acked: Acked[]; lines: Record<string, unknown>[]; code: number | null; signal: NodeJS.Signals | null; stderr: string }

/** Runs `table simulate`; with `killAfter`, SIGKILLs it once that many events were acknowledged. */
function runSimulate(db: string, killAfter?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', 'simulate', '--db', db, '--hands', String(HANDS), '--seed', String(SEED), '--trace'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { acked: [], lines: [], code: null, signal: null, stderr: '' };
    let buffer = '';
    let killed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        if ('event' in line) run.acked.push(line as unknown as Acked);
        else run.lines.push(line);
        if (killAfter !== undefined && !killed && run.acked.length >= killAfter) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (run.stderr += c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      run.code = code;
      run.signal = signal;
      resolve(run);
    });
  });
}

describe('SIGKILL at random points', () => {
  const tmp = tempFolder('cp-crash-');
  const db = tmp.file('terminal.db');
  /** Each kill, and what the file held right after it: the open hand and how many events it had. */
  const rounds: { killAfter: number; run: Run; openHand: string | null; eventsOfOpenHand: number; chainOk: boolean; missing: Acked[] }[] = [];
  let final: Run;

  beforeAll(async () => {
    const prng = seededPrng(SEED);
    for (let r = 0; r < ROUNDS; r++) {
      // Kill points spread over the whole life of a hand (about 75 events) and beyond.
      const killAfter = 1 + prng.nextInt(r === 0 ? 40 : 120);
      const run = await runSimulate(db, killAfter);
      const store = openStore(db, { readonly: true });
      try {
        const openHand = (store.db.prepare("SELECT id FROM hands WHERE outcome = 'open'").pluck().get() as string | undefined) ?? null;
        const eventsOfOpenHand = openHand ? (store.db.prepare('SELECT count(*) FROM events WHERE hand_id = ?').pluck().get(openHand) as number) : 0;
        const row = store.db.prepare('SELECT id, type, hand_id AS hand, hand_seq AS seq FROM events WHERE id = ?');
        const missing = run.acked.filter((a) => JSON.stringify(row.get(a.event)) !== JSON.stringify({ id: a.event, type: a.type, hand: a.hand, seq: a.seq }));
        rounds.push({ killAfter, run, openHand, eventsOfOpenHand, chainOk: verifyChain(store.db).ok, missing });
      } finally {
        store.close();
      }
    }
    final = await runSimulate(db);
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('the child was really killed each round, mid-run', () => {
    for (const { run, killAfter } of rounds) {
      expect(run.signal, run.stderr).toBe('SIGKILL');
      expect(run.acked.length).toBeGreaterThanOrEqual(killAfter);
    }
    expect(rounds.filter((r) => r.openHand !== null).length).toBeGreaterThanOrEqual(ROUNDS - 2);
    expect(final.code, final.stderr).toBe(0);
  });

  it('right after each kill the file holds every acknowledged event and a valid chain', () => {
    for (const r of rounds) {
      expect(r.missing).toEqual([]);
      expect(r.chainOk).toBe(true);
    }
  });

  it('at the end every acknowledged event is in the file, as acknowledged, and the chain is valid', () => {
    const store = openStore(db, { readonly: true });
    try {
      const row = store.db.prepare('SELECT id, type, hand_id AS hand, hand_seq AS seq FROM events WHERE id = ?');
      const all = [...rounds.flatMap((r) => r.run.acked), ...final.acked];
      expect(all.length).toBeGreaterThan(HANDS * 50);
      for (const a of all) expect(row.get(a.event)).toEqual({ id: a.event, type: a.type, hand: a.hand, seq: a.seq });
      // ids acknowledged across runs never repeat: a restarted run appends after the last row
      expect(new Set(all.map((a) => a.event)).size).toBe(all.length);
      const v = verifyChain(store.db);
      expect(v.problems).toEqual([]);
      expect(v.ok).toBe(true);
    } finally {
      store.close();
    }
  });

  it('each interrupted hand was rebuilt and finished by the next run, not started again', () => {
    const store = openStore(db, { readonly: true });
    try {
      const hand = store.db.prepare('SELECT outcome FROM hands WHERE id = ?').pluck();
      for (let i = 0; i < rounds.length; i++) {
        const { openHand, eventsOfOpenHand } = rounds[i];
        if (!openHand) continue;
        expect(hand.get(openHand)).not.toBe('open');
        // the next run's first hand event continues that hand at its next position: no new hand-started
        const next = i + 1 < rounds.length ? rounds[i + 1].run : final;
        const first = next.acked.find((a) => a.hand !== null)!; // table-level events (device status) may come first
        expect(first).toMatchObject({ hand: openHand, seq: eventsOfOpenHand });
        expect(first.type).not.toBe('hand-started');
        const resumedLine = next.lines.find((l) => l.hand === openHand);
        if (resumedLine) expect(resumedLine.resumed).toBe(true);
      }
      expect(store.db.prepare("SELECT count(*) FROM hands WHERE outcome = 'open'").pluck().get()).toBe(0);
      expect(store.db.prepare('SELECT count(*) FROM hands').pluck().get()).toBe(HANDS);
      // every hand is numbered once, 1..HANDS: no hand was dealt twice because of a crash
      expect(store.db.prepare('SELECT group_concat(number) FROM (SELECT number FROM hands ORDER BY number)').pluck().get()).toBe(
        Array.from({ length: HANDS }, (_, i) => i + 1).join(','),
      );
    } finally {
      store.close();
    }
  });

  it('every hand replays through the rules and agrees with what was paid', () => {
    const store = openStore(db, { readonly: true });
    try {
      const r = replayHands(store);
      expect(r.problems).toEqual([]);
      expect(r.hands).toBe(HANDS);
    } finally {
      store.close();
    }
  });
});
