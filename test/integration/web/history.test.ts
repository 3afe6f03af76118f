// The floor's hand history through the screen's contract on a real SQLite file: 200 hands played
// by `table simulate` (misdeals of five causes, a void, fouls, naturals, surrenders, all-ins,
// three dealers), the test staff, a floor person signed in. Each search filter is checked
// against an oracle worked out from the recall's own reading of the hands (app/services/queries.ts,
// not the search's SQL); paging walks every hand once; a screen with no reader is refused; a
// fouled hand's timeline carries its reads, sets, comparisons, payments, floor actions, alerts
// and the hindsight of the fouled seat, equal to app/domain/hindsight.ts on the stored record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoundHandView, HandSearchView, HandTimelineView, HindsightView } from '../../../app/contract/floor';
import type { Result } from '../../../app/domain/result';
import { hindsightOfRecord } from '../../../app/domain/hindsight';
import { recallHands } from '../../../app/services/queries';
import type { HandSummary } from '../../../app/services/service-types';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import type { ScreenLink, Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf, databaseWithStaff } from '../../support/staff';
import { openSimTerminal } from './sim-terminal';

const HANDS = 200;
let dir: string;
let terminal: Terminal;
let floor: ScreenLink;
/** Every hand of the table, newest first, as the recall reads them; and the hands the floor noted. */
let all: HandSummary[];
let noted: string;

async function ok<T>(on: ScreenLink, name: string, args: unknown = {}): Promise<T> {
  const r = (await on.request(name, args)) as Result<T>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-history-'));
  const db = join(dir, 'history.db');
  databaseWithStaff(db);
  const store = openStore(db);
  await simulate(new TableService(store), { hands: HANDS, seed: 7 });
  store.close();
  terminal = await openSimTerminal(1, ['--db', db, '--table-id', 'SIM']);
  floor = terminal.openScreen('floor');
  await ok(floor, 'signIn', { person: credentialOf(STAFF.floor), purpose: 'floor-action' });
  all = recallHands(terminal.service.store.db, 'SIM', HANDS + 10);
  // A note on a past fouled hand: the hand is then "corrected".
  noted = all.find((h) => h.seats.some((s) => s.fouled) && h.outcome === 'played')!.handId;
  await ok(floor, 'floorCorrection', { floor: credentialOf(STAFF.floor), reason: 'player disputes the foul', action: { kind: 'note' }, handId: noted });
}, 60_000);
afterAll(async () => {
  await terminal?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every hand a search finds, page after page. */
async function everything(args: Record<string, unknown>, limit = 100): Promise<FoundHandView[]> {
  const out: FoundHandView[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await ok<HandSearchView>(floor, 'searchHands', { ...args, limit, ...(before !== undefined ? { before } : {}) });
    out.push(...page.hands);
    if (page.next === null) return out;
    before = page.next;
  }
}
const numbers = (hands: readonly { number: number }[]) => hands.map((h) => h.number);
/** The oracle: the hands (newest first) for which `test` holds. */
const expected = (test: (h: HandSummary) => boolean) => numbers(all.filter(test));

describe('searching the hands of a table', () => {
  it('the database covers every outcome the filters ask about', () => {
    expect(all).toHaveLength(HANDS);
    const causes = new Set(all.filter((h) => h.outcome === 'misdeal').map((h) => h.misdealCause));
    expect(causes.size).toBeGreaterThanOrEqual(3);
    expect(all.some((h) => h.outcome === 'void')).toBe(true);
    for (const test of [(s: HandSummary['seats'][number]) => s.fouled, (s: HandSummary['seats'][number]) => s.natural !== null, (s: HandSummary['seats'][number]) => s.surrendered]) {
      expect(all.some((h) => h.seats.some(test))).toBe(true);
    }
    expect(all.some((h) => (h.result?.allIn.length ?? 0) > 0)).toBe(true);
  });

  it('with no filter: every hand, newest first, 20 to a page by default', async () => {
    const first = await ok<HandSearchView>(floor, 'searchHands', {});
    expect(first.limit).toBe(20);
    expect(numbers(first.hands)).toEqual(numbers(all).slice(0, 20));
    expect(first.next).toBe(first.hands[19]!.number);
  });

  it('pages: each hand once, in order, whatever the page size; the last page says there is no more', async () => {
    expect(numbers(await everything({}, 100))).toEqual(numbers(all));
    expect(numbers(await everything({}, 7))).toEqual(numbers(all));
    const last = await ok<HandSearchView>(floor, 'searchHands', { before: all[all.length - 3]!.number });
    expect(numbers(last.hands)).toEqual(numbers(all).slice(-2));
    expect(last.next).toBeNull();
  });

  it('by date and time: hands started in [from, to)', async () => {
    const from = all[150]!.startedAt;
    const to = all[40]!.startedAt;
    expect(numbers(await everything({ from, to }))).toEqual(expected((h) => h.startedAt >= from && h.startedAt < to));
    expect(numbers(await everything({ from }))).toEqual(expected((h) => h.startedAt >= from));
    expect(numbers(await everything({ to }))).toEqual(expected((h) => h.startedAt < to));
    expect(await everything({ from: '2001-01-01', to: '2001-01-02' })).toEqual([]);
  });

  it('by dealer', async () => {
    const dealers = [...new Set(all.map((h) => h.dealer))];
    expect(dealers.length).toBeGreaterThanOrEqual(2);
    for (const dealer of dealers) expect(numbers(await everything({ dealer }))).toEqual(expected((h) => h.dealer === dealer));
    expect(await everything({ dealer: 'Nobody' })).toEqual([]);
  });

  it('by seat: hands the seat played; with an outcome, the outcome at that seat', async () => {
    for (const seat of [1, 2, 3, 4]) {
      expect(numbers(await everything({ seat }))).toEqual(expected((h) => h.seats.some((s) => s.seat === seat)));
      expect(numbers(await everything({ seat, outcome: 'foul' }))).toEqual(expected((h) => h.seats.some((s) => s.seat === seat && s.fouled)));
    }
  });

  it('by player, alone and at a seat', async () => {
    const player = all[0]!.seats[1]!.player;
    expect(numbers(await everything({ player }))).toEqual(expected((h) => h.seats.some((s) => s.player === player)));
    expect(numbers(await everything({ player, seat: 2 }))).toEqual(expected((h) => h.seats.some((s) => s.player === player && s.seat === 2)));
    expect(await everything({ player: 'P-NOBODY' })).toEqual([]);
  });

  it('by hand number', async () => {
    const h = all[33]!;
    const found = await ok<HandSearchView>(floor, 'searchHands', { number: h.number });
    expect(found.hands.map((x) => x.handId)).toEqual([h.handId]);
    expect(found.hands[0]).toMatchObject({ number: h.number, outcome: h.outcome, dealer: h.dealer, button: h.button });
    expect((await ok<HandSearchView>(floor, 'searchHands', { number: 99_999 })).hands).toEqual([]);
  });

  it('by outcome: played, misdeal, void', async () => {
    for (const outcome of ['played', 'misdeal', 'void'] as const) {
      expect(numbers(await everything({ outcome }))).toEqual(expected((h) => h.outcome === outcome));
    }
  });

  it('by misdeal cause', async () => {
    for (const cause of new Set(all.map((h) => h.misdealCause).filter((c) => c !== null))) {
      const found = await everything({ outcome: 'misdeal', cause });
      expect(numbers(found)).toEqual(expected((h) => h.misdealCause === cause));
      expect(found.every((h) => h.misdealCause === cause && h.outcome === 'misdeal')).toBe(true);
    }
  });

  it('by foul', async () => {
    const found = await everything({ outcome: 'foul' });
    expect(numbers(found)).toEqual(expected((h) => h.seats.some((s) => s.fouled)));
    expect(found.every((h) => h.fouls === h.seats.filter((s) => s.fouled).length && h.fouls > 0)).toBe(true);
  });

  it('by natural', async () => {
    expect(numbers(await everything({ outcome: 'natural' }))).toEqual(expected((h) => h.seats.some((s) => s.natural !== null)));
  });

  it('by surrender', async () => {
    expect(numbers(await everything({ outcome: 'surrender' }))).toEqual(expected((h) => h.seats.some((s) => s.surrendered)));
  });

  it('by all-in (a seat that lost its whole stack)', async () => {
    const found = await everything({ outcome: 'all-in' });
    expect(numbers(found)).toEqual(expected((h) => (h.result?.allIn.length ?? 0) > 0));
    const seatOf = found[0]!.seats.find((s) => s.allIn)!.seat;
    expect(numbers(await everything({ outcome: 'all-in', seat: seatOf }))).toEqual(expected((h) => h.result?.allIn.includes(seatOf) === true));
  });

  it('by corrected: the hand the floor noted, marked in the list', async () => {
    const found = await everything({ outcome: 'corrected' });
    expect(found.map((h) => h.handId)).toEqual([noted]);
    expect(found[0]).toMatchObject({ corrected: true, corrections: 1 });
    expect((await everything({})).filter((h) => h.corrected).map((h) => h.handId)).toEqual([noted]);
  });

  it('filters together (AND)', async () => {
    const dealer = all[0]!.dealer!;
    expect(numbers(await everything({ dealer, outcome: 'surrender', seat: 3 })))
      .toEqual(expected((h) => h.dealer === dealer && h.seats.some((s) => s.seat === 3 && s.surrendered)));
  });

  it('is refused without a floor person or an auditor signed in on the screen, and with arguments it does not take', async () => {
    const nobody = terminal.openScreen('nobody');
    for (const [name, args] of [['searchHands', {}], ['handTimeline', { handId: noted }]] as const) {
      const r = await nobody.request(name, args);
      expect(r).toMatchObject({ ok: false, error: { code: 'not-allowed', message: expect.stringMatching(/role floor or auditor/) } });
    }
    await ok(nobody, 'dealerOn', { dealer: credentialOf(STAFF.dealer) });
    expect(await nobody.request('searchHands', {})).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    expect(await floor.request('searchHands', { limit: 500 })).toMatchObject({ ok: false, error: { code: 'bad-number', path: 'limit' } });
    // An auditor reads the history too.
    const auditor = terminal.openScreen('auditor');
    await ok(auditor, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    expect((await ok<HandSearchView>(auditor, 'searchHands', { limit: 3 })).hands).toHaveLength(3);
  });
});

describe('a hand as its timeline', () => {
  let timeline: HandTimelineView;
  let summary: HandSummary;
  beforeAll(async () => {
    summary = all.find((h) => h.handId === noted)!;
    timeline = await ok<HandTimelineView>(floor, 'handTimeline', { handId: noted });
  });

  it('every card read with its time, device and raw bytes', () => {
    const reads = timeline.entries.filter((e) => e.event.type === 'card-dealt');
    expect(reads.length).toBeGreaterThanOrEqual(26);
    for (const r of reads) {
      expect(r.read).toMatchObject({ device: 'sim:shoe', simulated: true, raw: expect.stringMatching(/^[0-9a-f]+$/) });
      expect(r.at).toBeGreaterThan(0);
    }
    const seq = timeline.entries.map((e) => e.eventId);
    expect(seq).toEqual([...seq].sort((a, b) => a - b));
    expect(timeline.entries[0]!.event.type).toBe('hand-started');
  });

  it('the sets in words, the comparisons, the points', () => {
    const r = summary.result!;
    expect(timeline.sets.map((s) => s.seat)).toEqual(r.order);
    const fouled = timeline.sets.filter((s) => s.status === 'fouled');
    expect(fouled.map((s) => s.seat)).toEqual(r.fouled);
    expect(fouled.every((s) => typeof s.foul === 'string')).toBe(true);
    const set = timeline.sets.find((s) => s.status === 'set' && s.words !== null)!;
    expect(set.words!.back.english.length).toBeGreaterThan(0);
    expect(set.front).toHaveLength(3);
    expect(timeline.comparisons).toHaveLength(r.pairs.length);
    expect(timeline.comparisons.map((c) => c.summary)).toEqual(r.pairs.map((p) => p.summary));
    expect(timeline.points).toEqual(r.points);
  });

  it('the payments and who ticked them', () => {
    expect(timeline.payments).toHaveLength(summary.payments.length);
    for (const p of timeline.payments) expect(p).toMatchObject({ by: summary.dealer, executedAt: expect.any(Number) });
  });

  it('the floor action with who and why, and the hand marked corrected', () => {
    const note = timeline.entries.find((e) => e.event.type === 'floor-correction')!;
    expect(note.by).toEqual({ kind: 'floor', name: STAFF.floor.name });
    expect(note.signedBy).toEqual([{ staffId: STAFF.floor.staffId, name: STAFF.floor.name }]);
    expect(note.event).toMatchObject({ reason: 'player disputes the foul', action: { kind: 'note' } });
    expect(timeline.hand).toMatchObject({ handId: noted, corrected: true });
  });

  it('the hindsight of the fouled seat: both arrangements with their points, as app/domain/hindsight.ts gives them', () => {
    const seats = summary.result!.fouled;
    expect(timeline.hindsight.map((h) => h.seat)).toEqual(seats);
    const h = timeline.hindsight[0] as HindsightView;
    const direct = hindsightOfRecord(summary.record, seats[0]!);
    if (!direct.ok) throw new Error(direct.error.message);
    expect(h.strongest).toMatchObject({ points: direct.value.strongest.points, back: direct.value.strongest.hand.back });
    expect(h.mostPoints).toMatchObject({ points: direct.value.mostPoints.points, front: direct.value.mostPoints.hand.front });
    expect(h.mostPoints.points).toBeGreaterThanOrEqual(h.strongest.points);
    expect(h.actual.status).toBe('fouled');
    expect(h.strongest.words!.back.english.length).toBeGreaterThan(0);
  });

  it('on request, the hindsight of every live seat', async () => {
    const t = await ok<HandTimelineView>(floor, 'handTimeline', { handId: noted, withHindsight: true });
    expect(t.hindsight.map((h) => h.seat)).toEqual(summary.result!.order);
  });

  it('declarations, alerts and acknowledgements; a misdeal and a void', async () => {
    const surrendered = all.find((h) => h.seats.some((s) => s.surrendered))!;
    const t = await ok<HandTimelineView>(floor, 'handTimeline', { handId: surrendered.handId });
    expect(t.entries.some((e) => e.event.type === 'surrender-declared')).toBe(true);
    const misdeal = all.find((h) => h.outcome === 'misdeal')!;
    const m = await ok<HandTimelineView>(floor, 'handTimeline', { handId: misdeal.handId });
    expect(m.hand).toMatchObject({ outcome: 'misdeal', misdealCause: misdeal.misdealCause });
    expect(m.alerts[0]).toMatchObject({ kind: 'misdeal', raisedAt: expect.any(Number) });
    expect(m.alerts[0]!.acknowledged).toMatchObject({ by: expect.any(String), at: expect.any(Number) });
    expect(m.sets).toEqual([]);
    const voided = all.find((h) => h.outcome === 'void')!;
    const v = await ok<HandTimelineView>(floor, 'handTimeline', { handId: voided.handId });
    const entry = v.entries.find((e) => e.event.type === 'hand-voided')!;
    expect(entry.by.kind).toBe('floor');
    expect(v.hand.voidReason).toBe(voided.voidReason);
  });

  it('another table\'s hand, or no hand, is unknown', async () => {
    expect(await floor.request('handTimeline', { handId: 'T9-1' })).toMatchObject({ ok: false, error: { code: 'unknown-hand' } });
  });
});
