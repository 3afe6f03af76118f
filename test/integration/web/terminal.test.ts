// The terminal behind both front doors (app/terminal) on the real services: a SQLite store,
// TableService, the in-process simulated shoe. Requests go through the same dispatch as
// Electron's IPC and the WebSocket; the screen's view is checked at each step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TerminalView } from '../../../app/contract/view';
import { parseTerminalArgs } from '../../../app/terminal/config';
import type { Terminal } from '../../../app/terminal/terminal';
import { dealerOn, openSimTerminal, screenOf, send as sendTo, sendOk, viewUntil } from './sim-terminal';
import { bestArrangement } from '../../../app/domain/arrange';

let terminal: Terminal;
let pushes: TerminalView[];

/** Closes the in-memory terminal, runs `body` with a database file in a temp folder, then
 *  removes the folder and opens the in-memory terminal again. */
async function onDatabaseFile(body: (db: string) => Promise<void>): Promise<void> {
  await terminal.close();
  const dir = mkdtempSync(join(tmpdir(), 'cpt-terminal-'));
  try {
    await body(join(dir, 't.db'));
  } finally {
    await terminal.close();
    rmSync(dir, { recursive: true, force: true });
    await open();
  }
}

async function open(argv: string[] = []): Promise<void> {
  terminal = await openSimTerminal(11, argv);
  pushes = [];
  screenOf(terminal).onPush((name, v) => {
    if (name === 'view') pushes.push(v as TerminalView);
  });
}

const send = (name: string, args: unknown = {}) => sendOk(terminal, name, args);
const until = (test: (v: TerminalView) => boolean) => viewUntil(terminal, test);

beforeEach(async () => open());
afterEach(async () => terminal.close());

describe('terminal on the real services', () => {
  it('opens a table with the configured rules and shows the simulated shoe', async () => {
    const v = terminal.view();
    expect(v.table).toMatchObject({ id: 'T1', name: 'Table 1', pointValue: 10000, currency: 'CZK', profile: { name: 'mandarin-house' }, surrenderPoints: 3 });
    expect(v.table.naturals).toEqual(['dragon', 'six-pairs', 'three-flushes', 'three-straights']);
    expect(v.table.buyIn.full).toBe(200000);
    expect(v.shoe).toMatchObject({ role: 'shoe', kind: 'simulated', status: 'connected' });
    expect(v.scanner.kind).toBe('none');
    expect(v.seats.map((s) => s.compass)).toEqual(['N', 'E', 'S', 'W']);
    expect(v.hand).toBeNull();
  });

  it('marks a serial device on the lines format unchecked (no integrity check), the simulated shoe not', async () => {
    const lines = await openSimTerminal(1, ['--scanner', 'usb:0403:6001']);
    try {
      const v = lines.view();
      expect(v.scanner).toMatchObject({ kind: 'serial', unchecked: true });
      expect(v.shoe).toMatchObject({ kind: 'simulated', unchecked: false });
    } finally {
      await lines.close();
    }
  });

  it('refuses in words what the services refuse', async () => {
    // Nobody signed in on the screen: refused before the services are asked.
    expect(await sendTo(terminal, 'startHand', {})).toMatchObject({ ok: false, error: { code: 'not-allowed', message: expect.stringMatching(/dealer on duty/) } });
    await dealerOn(terminal);
    expect(await sendTo(terminal, 'startHand', {})).toMatchObject({ ok: false, error: { code: 'not-enough-players' } });
    expect(await sendTo(terminal, 'seatPlayer', { seat: 9, name: 'X', buyIn: 1 })).toMatchObject({ ok: false, error: { code: 'bad-seat' } });
  });

  it('plays a hand: counts fill as the shoe deals, cards stay hidden until the showdown, payments move the stacks', async () => {
    await dealerOn(terminal);
    await send('seatPlayer', { seat: 1, name: 'Ann', buyIn: 200000 });
    await send('seatPlayer', { seat: 3, name: 'Cyril', buyIn: 300000 });
    await send('startHand');
    const dealt = await until((v) => v.hand?.phase === 'setting');
    expect(dealt.hand!.seats.map((s) => s.dealt)).toEqual([13, 13, 13, 13]);
    expect(dealt.hand!.seats.map((s) => s.live)).toEqual([true, false, true, false]);
    expect(dealt.hand!.seats.every((s) => s.cards === null)).toBe(true);
    // Pushes during the deal are coalesced: never more than one per card, and counts only grow.
    const counts = pushes.filter((p) => p.hand).map((p) => p.hand!.cardsRead);
    expect(counts.length).toBeLessThanOrEqual(60);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);

    await send('seatReady', { seat: 1 });
    await send('seatReady', { seat: 3 });
    const open = await send('openShowdown');
    expect(open.hand!.phase).toBe('showdown');
    expect(open.hand!.expectedScan).toBeNull(); // no scanner: nothing is scanned
    const cards1 = open.hand!.seats[0].cards!;
    const cards3 = open.hand!.seats[2].cards!;
    expect(cards1).toHaveLength(13);
    expect(open.hand!.seats[1].cards).toBeNull();
    // What the screen may offer comes from the terminal: the hand is open, live seats' hands may be entered.
    expect(open.hand!.open).toBe(true);
    expect(open.hand!.seats.map((s) => s.canReplace)).toEqual([true, false, true, false]);

    // Seat 1 fouls (four cards in front, four in the middle); seat 3 sets its best arrangement.
    const byRank = (cs: readonly number[]) => [...cs].sort((a, b) => a - b);
    const s1 = byRank(cards1);
    let v = await send('setHand', { seat: 1, front: s1.slice(0, 4), middle: s1.slice(4, 8), back: s1.slice(8) });
    expect(v.hand!.seats[0].set!.foul).toMatchObject({ code: 'wrong-count' });
    expect(v.hand!.seats[0].set!.words).toBeNull();
    const best = bestArrangement(cards3).hand;
    v = await send('setHand', { seat: 3, front: [...best.front], middle: [...best.middle], back: [...best.back] });
    expect(v.hand!.seats[2].set!.foul).toBeNull();
    expect(v.hand!.seats[2].set!.words!.back.english).toMatch(/high|Pair|pair|Three|Straight|Flush|Full|Four/);
    v = await send('settle');
    expect(v.hand!.phase).toBe('paying');
    expect(v.hand!.open).toBe(true);
    expect(v.hand!.seats.some((s) => s.canReplace)).toBe(false);
    const result = v.hand!.result!;
    expect(result.comparisons).toHaveLength(1);
    expect(result.comparisons[0]).toMatchObject({ a: 3, b: 1, kind: 'foul' });
    expect(result.payments.length).toBeGreaterThan(0);
    const p = result.payments[0];
    expect(p).toMatchObject({ payer: 1, payee: 3, done: false });
    const before = v.seats.map((s) => s.stack);
    v = await send('executePayment', { index: 0 });
    expect(v.seats[0].stack).toBe(before[0] - p.amount);
    expect(v.seats[2].stack).toBe(before[2] + p.amount);
    expect(v.hand!.result!.payments[0].done).toBe(true);
    expect(v.hand!.phase).toBe('closed');
    expect(v.hand!.open).toBe(false);
    expect(v.button).toBe(2); // one seat clockwise, to the empty seat 2 too (RULES.md s2)
  });

  it('surrender refused with the reason, natural verified or rejected, misdeal keeps the button', async () => {
    await dealerOn(terminal);
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 200000 });
    await send('seatPlayer', { seat: 4, name: 'Dana', buyIn: 200000 });
    await send('startHand');
    await until((v) => v.hand?.phase === 'setting');
    const claim = await send('declareNatural', { seat: 2, natural: 'dragon' });
    const natural = claim.hand!.seats[1].natural!;
    expect(natural.name).toBe('dragon');
    // A shuffled deck almost never deals a dragon; either way the verdict is shown in full.
    if (natural.verified) expect(natural.explanation).toMatch(/every rank/);
    else expect(natural.reason).toMatchObject({ code: 'natural-not-held', message: expect.stringMatching(/^no dragon/) });
    expect(claim.hand!.seats[1].cards).toHaveLength(13); // laid face up to be verified
    expect(claim.hand!.seats[3].cards).toBeNull();

    const misdeal = await send('callMisdeal', { cause: 'wrong-card-count' });
    expect(misdeal.hand!.phase).toBe('misdealt');
    expect(misdeal.hand!.misdeal!.code).toBe('wrong-card-count');
    expect(misdeal.button).toBe(1);
    expect(misdeal.alerts.some((a) => a.kind === 'misdeal')).toBe(true);
    const redeal = await send('nextHand');
    expect(redeal.hand!.number).toBe(2);
    expect(redeal.hand!.button).toBe(1);
    const acked = await send('acknowledgeAlert', { id: misdeal.alerts.find((a) => a.kind === 'misdeal')!.id });
    expect(acked.alerts.some((a) => a.kind === 'misdeal')).toBe(false);
  });

  it('keeps its data: a second terminal on the same file finds the table, the seats and the dealer', async () => {
    await onDatabaseFile(async (db) => {
      await open(['--db', db, '--table-name', 'Salon']);
      await dealerOn(terminal);
      await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 250000 });
      await terminal.close();
      await open(['--db', db, '--table-name', 'Salon', '--profile', 'mandarin-house']);
      const v = terminal.view();
      expect(v.table.name).toBe('Salon');
      expect(v.dealer).toBe('Eva');
      expect(v.seats[1]).toMatchObject({ player: { name: 'Bob' }, stack: 250000 });
      await terminal.close();
      await open(['--db', db]);
      expect(terminal.view().table).toMatchObject({ name: 'Salon', pointValue: 10000, profile: { name: 'mandarin-house' } });
    });
  });
});

describe('table flags for a table the database already has', () => {
  it('are refused at start when they differ, naming the flag, the value given and the stored one', async () => {
    await onDatabaseFile(async (db) => {
      await open(['--db', db, '--table-name', 'Salon', '--point-value', '5000']);
      await terminal.close();
      await expect(openSimTerminal(11, ['--db', db, '--profile', 'western'])).rejects.toThrow(
        /cannot open table T1: --profile "western" differs from table T1's stored profile "mandarin-house"/,
      );
      await expect(openSimTerminal(11, ['--db', db, '--point-value', '10000'])).rejects.toThrow(/--point-value 10000 differs from table T1's stored point-value 5000/);
      await expect(openSimTerminal(11, ['--db', db, '--table-name', 'Table 1'])).rejects.toThrow(/--table-name "Table 1" differs from table T1's stored table-name "Salon"/);
      // Another table in the same file takes the flags.
      await open(['--db', db, '--table-id', 'T2', '--profile', 'western']);
      expect(terminal.view().table).toMatchObject({ id: 'T2', profile: { name: 'western' } });
      await terminal.close();
      // The same values, or none, open the stored table.
      await open(['--db', db, '--table-name', 'Salon', '--point-value', '5000', '--profile', 'mandarin-house']);
      expect(terminal.view().table).toMatchObject({ name: 'Salon', pointValue: 5000 });
    });
  });
});

describe('terminal options', () => {
  it('name a wrong flag', () => {
    expect(parseTerminalArgs(['--shoe-format', 'morse'], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/--shoe-format must be framed or lines/) } });
    expect(parseTerminalArgs(['--currency', 'crowns'], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/--currency/) } });
    expect(parseTerminalArgs(['--bogus'], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/bogus/) } });
    // A device reference that cannot be one is refused at start, naming the flag.
    expect(parseTerminalArgs(['--shoe', 'usb:zz'], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^--shoe: not a USB device reference/) } });
    expect(parseTerminalArgs(['--scanner', 'usb:0403:60x1'], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^--scanner: USB product id/) } });
    expect(parseTerminalArgs(['--shoe', ' '], { db: 'x', seed: 1 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^--shoe: no port given/) } });
  });

  it('read a negative number as the value of its flag, and refuse by name what is out of range', () => {
    const args = { db: 'x', seed: 1 };
    const seed = parseTerminalArgs(['--sim-seed', '-1'], args);
    expect(seed.ok && seed.value.config.shoe).toMatchObject({ kind: 'simulated', seed: -1 });
    expect(parseTerminalArgs(['--sim-pace', '-5'], args)).toMatchObject({ ok: false, error: { message: '--sim-pace must be from 0 to 60000, got -5' } });
    expect(parseTerminalArgs(['--point-value', '100000001'], args)).toMatchObject({ ok: false, error: { message: '--point-value must be from 1 to 100000000, got 100000001' } });
    expect(parseTerminalArgs(['--point-value', '100000000'], args)).toMatchObject({ ok: true });
    expect(parseTerminalArgs(['--db'], args)).toMatchObject({ ok: false, error: { message: '--db needs a value' } });
    expect(parseTerminalArgs(['--sim-seed', '--db', 'x.db'], args)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^--sim-seed needs a value, and --db is a flag/) } });
    expect(parseTerminalArgs(['--bogus=1'], args)).toMatchObject({ ok: false, error: { message: 'unknown option --bogus' } });
    expect(parseTerminalArgs(['stray'], args)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^unexpected argument "stray"/) } });
  });

  it('know which table values were given as flags', () => {
    const d = parseTerminalArgs([], { db: 'x.db', seed: 5 });
    expect(d.ok && d.value.config.table).toEqual({ id: 'T1', name: 'Table 1', profile: 'mandarin-house', pointValue: 10000, given: { name: false, profile: false, pointValue: false } });
    const g = parseTerminalArgs(['--point-value', '10000', '--table-name', 'Table 1'], { db: 'x.db', seed: 5 });
    expect(g.ok && g.value.config.table.given).toEqual({ name: true, profile: false, pointValue: true });
  });

  it('default to the simulated shoe and no scanner, and take a serial shoe', () => {
    const d = parseTerminalArgs([], { db: 'x.db', seed: 5 });
    expect(d.ok && d.value.config).toMatchObject({ db: 'x.db', shoe: { kind: 'simulated', seed: 5 }, scanner: { kind: 'none' } });
    const s = parseTerminalArgs(['--shoe', '/dev/ttyUSB0', '--shoe-format', 'lines', '--scanner', 'usb:0403:6001'], { db: 'x', seed: 1 });
    expect(s.ok && s.value.config).toMatchObject({ shoe: { kind: 'serial', port: '/dev/ttyUSB0', format: 'lines' }, scanner: { kind: 'serial', port: 'usb:0403:6001', format: 'lines' } });
  });
});
