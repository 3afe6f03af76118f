/**
 * The admin changes the table's rules from a screen (`changeRules`): from the next hand, with his
 * PIN and a reason, recorded in the log and the tables projection; the hand in play keeps its
 * rules; a dealer or a floor person cannot.
 */
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

async function refused(name: string, args: unknown): Promise<{ code: string; message: string }> {
  const r = await send(terminal!, name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

/** The rows of the hands table: each hand with the profile and point value it was dealt under. */
function handRows(t: Terminal): { number: number; profile_name: string; profile_version: number; point_value: number }[] {
  return t.service.store.db.prepare('SELECT number, profile_name, profile_version, point_value FROM hands ORDER BY number').all() as never;
}

describe('previewRules', () => {
  it('scores the rule book under the table\'s rules, a preset or an edited copy, and refuses a bad one', async () => {
    terminal = await openSimTerminal(7);
    const now = await sendOk<RulesPreviewView>(terminal, 'previewRules');
    expect(now.profile).toMatchObject({ name: 'mandarin-house', version: 1 });
    expect(now.profileJson).toMatchObject({ name: 'mandarin-house', jackpot: null, surrenderPenalty: 3 });
    expect(now.presets.map((p) => p.name)).toContain('western');
    expect(now.examples.find((e) => e.id === 'casino-scoop')!.pairs[0]).toMatchObject({ book: 11, edited: 11 });
    const edited = await sendOk<RulesPreviewView>(terminal, 'previewRules', { rules: { ...now.profileJson, version: 2, scoop: { kind: 'none' } } });
    // Without the scoop doubling: 3 segment points + 5 for the straight flush.
    expect(edited.examples.find((e) => e.id === 'casino-scoop')!.pairs[0]).toMatchObject({ book: 11, edited: 8 });
    expect(await refused('previewRules', { rules: { ...now.profileJson, scoop: 2 } })).toMatchObject({ code: 'bad-profile-value' });
    expect(await refused('previewRules', { rules: 42 })).toMatchObject({ code: 'bad-rules' });
  });
});

describe('changeRules', () => {
  it('applies from the next hand, with the admin\'s PIN and a reason, and is recorded', async () => {
    terminal = await openSimTerminal(7);
    await dealerOn(terminal);
    for (const seat of [1, 2]) await sendOk(terminal, 'seatPlayer', { seat, name: `P${seat}`, buyIn: 300000 });
    const before = terminal.view().table!;
    expect(before.profile.name).toBe('mandarin-house');
    await sendOk(terminal, 'startHand');

    // During the hand: refused, and the hand keeps its rules.
    expect(await refused('changeRules', { admin, reason: 'tonight: western', rules: 'western' })).toMatchObject({ code: 'hand-in-play' });
    await sendOk(terminal, 'voidHand', { floor: credentialOf(STAFF.floor), reason: 'test: end the hand' });

    const v = await sendOk<TerminalView>(terminal, 'changeRules', { admin, reason: 'tonight: western', rules: 'western', pointValue: 2000, name: 'Western 1' });
    expect(v.table).toMatchObject({ name: 'Western 1', pointValue: 2000, profile: { name: 'western', version: 1 } });
    expect(v.table!.buyIn.full).toBe(20 * 2000);
    await sendOk(terminal, 'startHand');
    expect(handRows(terminal).map((h) => [h.number, h.profile_name, h.profile_version, h.point_value])).toEqual([
      [1, 'mandarin-house', 1, before.pointValue],
      [2, 'western', 1, 2000],
    ]);
    const row = terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'rules-changed'").pluck().get() as string;
    expect(JSON.parse(row)).toMatchObject({ staffId: STAFF.admin.staffId, reason: 'tonight: western', profile: { name: 'western', version: 1 } });
    const projected = terminal.service.store.db.prepare('SELECT name, profile_name, point_value FROM tables').get();
    expect(projected).toEqual({ name: 'Western 1', profile_name: 'western', point_value: 2000 });
    // In the access log, with who and why.
    await sendOk(terminal, 'signIn', { person: credentialOf(STAFF.auditor), purpose: 'audit' });
    const log = await sendOk<{ entries: { type: string; person: string | null; what: string; why: string | null }[] }>(terminal, 'accessLog');
    expect(log.entries.find((e) => e.type === 'rules-changed')).toMatchObject({
      person: STAFF.admin.staffId, what: 'rules changed: Western 1, western version 1, point value 2000', why: 'tonight: western',
    });
  });

  it('takes an edited copy with a new version, and refuses one without', async () => {
    terminal = await openSimTerminal(7);
    const edited = { ...presetJson('mandarin-house'), surrenderPenalty: 4 };
    expect(await refused('changeRules', { admin, reason: 'surrender costs 4', rules: edited })).toMatchObject({ code: 'version-needed' });
    expect(await refused('changeRules', { admin, reason: 'bad', rules: { ...edited, scoop: 'yes' } })).toMatchObject({ code: 'bad-profile-value' });
    expect(await refused('changeRules', { admin, reason: 'big', rules: { ...edited, title: 'x'.repeat(30_000) } })).toMatchObject({ code: 'bad-rules' });
    const v = await sendOk<TerminalView>(terminal, 'changeRules', { admin, reason: 'surrender costs 4', rules: { ...edited, version: 2 } });
    expect(v.table).toMatchObject({ profile: { name: 'mandarin-house', version: 2 }, surrenderPoints: 4 });
  });

  it('is the admin\'s: a dealer or a floor person is refused, and nothing is recorded', async () => {
    terminal = await openSimTerminal(7);
    const count = () => terminal!.service.store.db.prepare("SELECT count(*) FROM events WHERE type = 'rules-changed'").pluck().get();
    for (const person of [STAFF.dealer, STAFF.floor]) {
      expect(await refused('changeRules', { admin: credentialOf(person), reason: 'x', rules: 'western' })).toMatchObject({ code: 'not-allowed' });
    }
    expect(await refused('changeRules', { admin, reason: ' ', rules: 'western' })).toMatchObject({ code: 'reason-needed' });
    expect(await refused('changeRules', { admin, reason: 'same', rules: 'mandarin-house' })).toMatchObject({ code: 'no-change' });
    expect(count()).toBe(0);
  });
});
