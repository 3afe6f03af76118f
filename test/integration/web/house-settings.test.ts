/**
 * Two settings of the House rules tab, through the terminal as a screen sends them: the smallest
 * buy-in (the profile's `buyInPoints`, previewed and then asked at the seating form) and the
 * language a screen opening the table starts in (`changeRules`'s `language`: the admin's, with
 * his PIN and a reason, recorded, carried by the view, and kept when the terminal starts again).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesPreviewView } from '../../../app/contract/rules';
import type { TerminalView } from '../../../app/contract/view';
import { presetJson } from '../../../app/domain/profiles';
import type { Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf } from '../../support/staff';
import { dealerOn, openSimTerminal, send, sendOk } from './sim-terminal';

let terminal: Terminal | null = null;
afterEach(async () => {
  await terminal?.close();
  terminal = null;
});

const admin = credentialOf(STAFF.admin);

async function refused(name: string, args: unknown): Promise<{ code: string; message: string; figures?: unknown }> {
  const r = await send(terminal!, name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

function rulesChangedBodies(t: Terminal): Record<string, unknown>[] {
  return (t.service.store.db.prepare("SELECT body FROM events WHERE type = 'rules-changed' ORDER BY rowid").pluck().all() as string[]).map((b) => JSON.parse(b));
}

describe('the smallest buy-in (buyInPoints)', () => {
  it('is previewed at the point value typed, then asked at the table from the change', async () => {
    terminal = await openSimTerminal(7);
    const now = await sendOk<RulesPreviewView>(terminal, 'previewRules');
    const pointValue = terminal.view().table!.pointValue;
    expect(now.profileJson.buyInPoints).toBe(20);
    expect(now.buyIn).toEqual({ pointValue, full: 20 * pointValue, short: 10 * pointValue });
    const house = { ...presetJson('mandarin-house'), version: 2, buyInPoints: 30 };
    expect(await sendOk<RulesPreviewView>(terminal, 'previewRules', { rules: house, pointValue: 500 })).toMatchObject({ buyIn: { pointValue: 500, full: 15000, short: 7500 } });
    expect(await refused('previewRules', { rules: { ...house, buyInPoints: 19 } })).toMatchObject({ code: 'bad-profile-value' });
    // A point value the table could not take is refused, not previewed.
    expect(await refused('previewRules', { rules: house, pointValue: 100_000_001 })).toMatchObject({ code: 'bad-number' });

    const v = await sendOk<TerminalView>(terminal, 'changeRules', { admin, reason: 'high table: 30 points', rules: house });
    expect(v.table!.buyIn).toEqual({ full: 30 * pointValue, short: 15 * pointValue });
    await dealerOn(terminal);
    const r = await refused('seatPlayer', { seat: 1, name: 'P1', buyIn: 25 * pointValue });
    expect(r).toMatchObject({ code: 'short-buy-in-not-allowed', figures: { amount: { minor: 25 * pointValue }, full: { minor: 30 * pointValue } } });
    await sendOk(terminal, 'seatPlayer', { seat: 1, name: 'P1', buyIn: 30 * pointValue });
  });
});

describe("the table's language", () => {
  it('is set by the admin with a reason, recorded, in the view, and kept after a restart', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'cpt-house-language-')), 'terminal.db');
    terminal = await openSimTerminal(7, ['--db', db]);
    expect(terminal.view().table!.language).toBeNull();
    const v = await sendOk<TerminalView>(terminal, 'changeRules', { admin, reason: 'Czech dealers tonight', language: 'cs' });
    expect(v.table!.language).toBe('cs');
    expect(rulesChangedBodies(terminal)).toEqual([
      expect.objectContaining({ language: 'cs', staffId: STAFF.admin.staffId, reason: 'Czech dealers tonight', profile: expect.objectContaining({ name: 'mandarin-house' }) }),
    ]);
    // The same language again is no change; a language the screens do not speak is refused.
    expect(await refused('changeRules', { admin, reason: 'again', language: 'cs' })).toMatchObject({ code: 'no-change' });
    expect(await refused('changeRules', { admin, reason: 'German', language: 'de' })).toMatchObject({ code: 'bad-language' });
    // A later change of something else keeps it.
    expect((await sendOk<TerminalView>(terminal, 'changeRules', { admin, reason: 'renamed', name: 'Main table' })).table).toMatchObject({ name: 'Main table', language: 'cs' });
    await terminal.close();
    terminal = await openSimTerminal(7, ['--db', db]);
    expect(terminal.view().table).toMatchObject({ name: 'Main table', language: 'cs' });
  });

  it("is the admin's: a dealer or a floor person is refused, and nothing is recorded", async () => {
    terminal = await openSimTerminal(7);
    for (const person of [STAFF.dealer, STAFF.floor]) {
      expect(await refused('changeRules', { admin: credentialOf(person), reason: 'Czech', language: 'cs' })).toMatchObject({ code: 'not-allowed' });
    }
    expect(rulesChangedBodies(terminal)).toEqual([]);
    expect(terminal.view().table!.language).toBeNull();
  });
});
