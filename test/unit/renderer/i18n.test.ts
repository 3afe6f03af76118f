// The message files: English and Czech have the same keys and the same placeholders, every
// key the components ask for exists, and the components hold no user-visible text of their
// own (checked on each .svelte file's parsed template).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';
import cs from '../../../renderer/i18n/cs.json';
import en from '../../../renderer/i18n/en.json';
import { createTranslator, interpolate } from '../../../renderer/i18n/translate';
import { FIGURED_REFUSALS } from '../../../app/domain/figured-refusals';
import { PAYMENT_LISTS } from '../../../app/domain/profiles';

const RENDERER = join(__dirname, '..', '..', '..', 'renderer');
const COMPONENTS = join(RENDERER, 'components');
const svelteFiles = readdirSync(COMPONENTS).filter((f) => f.endsWith('.svelte'));
/** The placeholders of a message; a rank's grammatical form ({r0_genpl}) counts as the rank. */
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1].replace(/^(r\d)_\w+$/, '$1')))].sort();

/** The event types the access log shows (app/services/access-log.ts ACCESS_LOG_TYPES, the staff events spelled out). */
function accessLogTypes(): string[] {
  const app = join(__dirname, '..', '..', '..', 'app');
  const staff = /export const STAFF_EVENT_TYPES[^=]*=\s*\[([^\]]+)\]/.exec(readFileSync(join(app, 'domain', 'staff', 'events.ts'), 'utf8'));
  const log = /export const ACCESS_LOG_TYPES[^=]*=\s*\[([^\]]+)\]/.exec(readFileSync(join(app, 'services', 'access-log.ts'), 'utf8'));
  if (!staff || !log) throw new Error('the access log\'s event types were not found');
  const types = [...`${staff[1]} ${log[1]}`.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
  expect(types.length).toBeGreaterThanOrEqual(14);
  return types;
}

describe('message files', () => {
  it('have the same keys in English and Czech', () => {
    expect(Object.keys(cs).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in both languages', () => {
    const differ = Object.keys(en).filter((k) => JSON.stringify(placeholders((en as Record<string, string>)[k])) !== JSON.stringify(placeholders((cs as Record<string, string>)[k])));
    expect(differ).toEqual([]);
  });

  it('have no empty message', () => {
    expect(Object.entries({ ...en }).filter(([, v]) => v.trim() === '')).toEqual([]);
    expect(Object.entries({ ...cs }).filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('contain every literal key the screen asks for', () => {
    const sources = [
      ...svelteFiles.map((f) => readFileSync(join(COMPONENTS, f), 'utf8')),
      ...readdirSync(join(RENDERER, 'lib')).map((f) => readFileSync(join(RENDERER, 'lib', f), 'utf8')),
    ].join('\n');
    const literal = [...sources.matchAll(/\bt\.(?:t|tn|has)\('([\w.-]+)'/g)].map((m) => m[1]);
    const plurals = [...sources.matchAll(/\bt\.tn\('([\w.-]+)'/g)].map((m) => m[1]);
    const asked = [...sources.matchAll(/'((?:confirm|action)\.[\w.-]+)'/g)].map((m) => m[1]);
    // A question with a count (terminal.ask(..., count)) is a plural family like t.tn's keys.
    const missing = [...literal.filter((k) => !plurals.includes(k)), ...asked].filter((k) => !(k in en) && !(`${k}.other` in en));
    expect(missing).toEqual([]);
    for (const k of plurals) expect(`${k}.other` in en, `${k}.other`).toBe(true);
  });

  it('contain every key of the families built at run time', () => {
    const families = [
      ...['N', 'E', 'S', 'W'].map((c) => `compass.${c}`),
      ...['none', 'dealing', 'setting', 'showdown', 'paying', 'closed', 'misdealt', 'voided'].map((p) => `phase.${p}`),
      ...['shoe', 'scanner'].map((r) => `device.role.${r}`),
      ...['connected', 'connecting', 'disconnected', 'fault', 'off'].map((s) => `device.status.${s}`),
      ...['front', 'middle', 'back'].map((r) => `row.${r}`),
      ...['compared', 'surrender', 'natural', 'foul', 'both-fouled', 'both-surrendered'].map((k) => `results.kind.${k}`),
      // The results panel names the list of payments (the profile's `payments` option).
      ...PAYMENT_LISTS.map((l) => `results.paymentList.${l}`),
      ...['pure-dragon', 'color-dragon', 'dragon', 'all-one-color', 'minor', 'senior', 'six-pairs', 'three-flushes', 'three-straights', 'no-face-cards'].map((n) => `natural.${n}`),
      ...[0, 1, 2, 3].map((s) => `suit.${s}`),
      ...Array.from({ length: 13 }, (_, r) => ['', '.cap', '.pl', '.gen', '.genpl', '.char', '.face'].map((f) => `rank.${r}${f}`)).flat(),
      ...Array.from({ length: 9 }, (_, c) => `hand.${c}`), 'hand.royal', 'hand.lowball', 'hand.lowballSuffix',
      'lang.en', 'lang.cs',
      // The floor panel's families (renderer/i18n/floor-words.ts, components/Floor*.svelte).
      ...['hand', 'alerts', 'recall', 'access'].map((tab) => `floor.tab.${tab}`),
      // Who is signed in (TopBar.svelte, FloorPanel.svelte) and the access log's kinds (FloorAccessLog.svelte).
      ...['take-box', 'floor-action', 'audit', 'admin'].map((p) => `session.purpose.${p}`),
      ...['floor-action', 'audit'].map((p) => `reader.signedIn.${p}`),
      // The staff panel's roles (StaffList.svelte, StaffAdd.svelte, lib/staff.svelte.ts).
      ...['dealer', 'floor', 'admin', 'auditor'].map((r) => `staff.role.${r}`),
      ...accessLogTypes().map((type) => `access.type.${type}`),
      ...['accept', 'foul-seat', 'hand-replaced'].map((r) => `floor.ruled.${r}`),
      ...['open', 'played', 'misdeal', 'void'].map((o) => `recall.outcome.${o}`),
      ...['dealer', 'device', 'system', 'floor'].map((b) => `step.by.${b}`),
      ...['scanner', 'touch'].map((s) => `step.source.${s}`),
      ...['hand-started', 'card-dealt', 'card-dealt.refused', 'card-unreadable', 'sequence-gap', 'deal-ended', 'card-exposed', 'card-exposed.card',
        'wrong-seat-delivery', 'seat-ready', 'surrender-declared', 'natural-declared', 'natural-verified', 'natural-rejected', 'row-scanned',
        'hand-set', 'card-placed', 'showdown-opened', 'settled.other', 'payment-executed', 'misdeal-called', 'hand-voided', 'hand-closed',
        'floor.ruling.accept', 'floor.ruling.foul-seat', 'floor.foul-seat', 'floor.replace-hand', 'floor.note'].map((k) => `step.${k}`),
      'irregularity.card-of-other-seat.other', 'irregularity.card-not-dealt', 'irregularity.duplicate-across-seats', 'irregularity.wrong-seat-after-set', 'irregularity.other',
      ...['phase', 'cardsRead', 'dealt', 'seatsDone', 'payments', 'irregularities'].map((k) => `replay.state.${k}`),
    ];
    expect(families.filter((k) => !(k in en))).toEqual([]);
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Seat {seat} ({compass})', { seat: 2, compass: 'East' })).toBe('Seat 2 (East)');
    expect(interpolate('{missing} here', {})).toBe('{missing} here');
  });

  it('picks Czech plural forms: 1 karta, 2 karty, 5 karet', () => {
    const t = createTranslator('cs');
    expect(t.tn('seat.exposed', 1)).toBe('1 odkrytá karta');
    expect(t.tn('seat.exposed', 3)).toBe('3 odkryté karty');
    expect(t.tn('seat.exposed', 5)).toBe('5 odkrytých karet');
    expect(createTranslator('en').tn('seat.exposed', 1)).toBe('1 card exposed');
    expect(createTranslator('en').tn('seat.exposed', 4)).toBe('4 cards exposed');
  });

  it('has every plural form of every counted message, in both languages', () => {
    for (const [lang, messages] of [['en', en], ['cs', cs]] as const) {
      // A family has a `.one` (`irregularity.other` alone is the kind called "other").
      const families = new Set(Object.keys(messages).flatMap((k) => (k.endsWith('.one') ? [k.slice(0, -4)] : [])));
      const rules = new Intl.PluralRules(lang);
      const needed = new Set([...Array.from({ length: 120 }, (_, n) => rules.select(n)), 'other']);
      for (const f of families) for (const form of needed) expect(`${f}.${form}` in messages, `${lang} ${f}.${form}`).toBe(true);
    }
  });

  it('words counts in Czech as the grammar wants (1 bod, 3 body, 5 bodů; 2 čekají)', () => {
    const t = createTranslator('cs');
    const p = { seat: 4, compass: 'Západ', name: 'Dana' };
    expect(t.tn('confirm.surrender', 1, p)).toMatch(/platí 1 bod každému/);
    expect(t.tn('confirm.surrender', 3, p)).toMatch(/platí 3 body každému/);
    expect(t.tn('confirm.surrender', 5, p)).toMatch(/platí 5 bodů každému/);
    expect(t.tn('seatActions.surrendered', 4)).toBe('Vzdáno: místo platí 4 body každému dalšímu hráči ve hře.');
    expect(t.tn('natural.verified', 6, { natural: 'Šest párů' })).toBe('Šest párů ověřeno: bere 6 bodů od každé další ruky.');
    expect(t.tn('natural.verified', 3, { natural: 'Tři postupky' })).toBe('Tři postupky ověřeno: bere 3 body od každé další ruky.');
    expect([1, 2, 5].map((n) => t.tn('top.floorWaiting', n))).toEqual(['1 čeká na floor manažera', '2 čekají na floor manažera', '5 čeká na floor manažera']);
    expect(t.tn('replay.state.irregularitiesValue', 2, { total: 3 })).toBe('3 (2 čekají)');
    const e = createTranslator('en');
    expect(e.tn('confirm.surrender', 1, p)).toMatch(/pays 1 point to/);
    expect(e.tn('confirm.surrender', 3, p)).toMatch(/pays 3 points to/);
  });

  it('show no count next to a Czech noun outside a plural family', () => {
    // "{count} z 52 karet" is right for any count (the noun goes with 52); "{points} bodů" is not.
    const offenders = Object.entries(cs as Record<string, string>)
      .filter(([k]) => !/\.(one|few|many)$/.test(k) && !(k.endsWith('.other') && `${k.slice(0, -6)}.one` in cs))
      .filter(([, v]) => /\{(count|points|open)\} (?!z )\p{L}/u.test(v));
    expect(offenders).toEqual([]);
  });

  it('shows money from minor units in the currency of the table', () => {
    expect(createTranslator('en').money(250000, 'CZK')).toMatch(/CZK\s?2,500/);
    expect(createTranslator('cs').money(250050, 'CZK').replace(/\s/g, ' ')).toBe('2 500,5 Kč');
    expect(createTranslator('en').money(-1800, 'EUR')).toBe('-€18');
  });
});

// ------------------------------------------------------------------ refusals, alerts, misdeals in Czech

const APP = join(__dirname, '..', '..', '..', 'app');
const tsFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFilesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
const appSource = (...path: string[]) => readFileSync(join(APP, ...path), 'utf8');
/** The quoted members of a string-literal union or list: `'a' | 'b'`, `['a', 'b']`. */
const quoted = (text: string) => [...text.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
const union = (source: string, head: RegExp) => {
  const m = head.exec(source);
  if (!m) throw new Error(`not found: ${head}`);
  return quoted(m[1]);
};

/** Every refusal code the terminal's code can give (fail('code', ...) or { code: 'code' }),
 *  with the files that give it. */
function refusalCodes(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const dir of ['domain', 'services', 'terminal', 'contract']) {
    for (const file of tsFilesUnder(join(APP, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bfail(?:With)?\(\s*['"]([a-z0-9-]+)['"]|\bcode:\s*['"]([a-z0-9-]+)['"]/g)) {
        const code = m[1] ?? m[2];
        codes.set(code, [...(codes.get(code) ?? []), file.slice(APP.length + 1)]);
      }
    }
  }
  return codes;
}

/** Codes that never reach the screen, so they need no Czech wording. */
const NEVER_ON_SCREEN: Readonly<Record<string, string>> = {
  'bad-event': 'the hand fold checking events the terminal builds itself: a program fault, logged',
  'bad-played-hand': 'a checkpoint\'s last played hand, checked when the terminal loads: a start-up finding, not a refusal',
  'bad-actor': 'fold check of an event\'s "by", set by the terminal itself',
  'bad-time': 'fold check of an event\'s time, set by the terminal itself',
  'unknown-event': 'fold check of an event type, only from a corrupt log',
  'hand-already-started': 'fold check: the terminal starts each hand on a fresh state',
  'bad-seats': 'hand-started check: the service seats 2-4 players itself (not-enough-players comes first)',
  'bad-stack': 'hand-started check: the service seats only players with chips',
  'bad-two-handed': 'reserved-hand round set up by the CLI, not by the screen',
  'no-fantasyland': 'hand-started check of the Fantasyland seats the service carries over itself',
  'bad-point-value': 'table opening (CLI/config) and hand-started built from it',
  'bad-settlement': 'fold check of the settlement the service computes itself',
  'record-mismatch': 'fold check of the showdown record the service builds itself',
  'settlement-differs': 'audit of the stored log (verifySettlement), not a screen request',
  'bad-profile': 'house-rules profile loaded at start-up (CLI/config)',
  'bad-profile-value': 'house-rules profile file loaded at start-up (CLI/config)',
  'unknown-profile-key': 'house-rules profile file loaded at start-up (CLI/config)',
  'unknown-preset': 'house-rules preset named on the command line',
  'bad-option': 'command-line options of the terminal',
  'table-flag-conflict': 'start-up flags that disagree with the stored table, before any screen is connected',
  'bad-mode': 'table opening options (CLI/config)',
  'bad-seq-modulo': 'table opening options (CLI/config)',
  'bad-table-id': 'table opening options (CLI/config)',
  'table-exists': 'table opening at start-up',
  'device-attached': 'device wiring at start-up',
  'bad-count': "the recall's count is the terminal's own constant (RECALL_COUNT)",
  'bad-record': 'showdown records read by the settle CLI (app/domain/showdown.ts)',
  'missing-hand': 'showdown records read by the settle CLI (app/domain/showdown.ts)',
  'too-deep': 'showdown records read by the settle CLI (app/domain/showdown.ts); the terminal builds its own',
  // The table fold (app/domain/table) checking entries the service builds itself, or a stored log.
  'no-table': 'table fold: an event before table-opened, only from a damaged log',
  'bad-entry': 'table fold: an entry whose hand id does not fit its event, built by the service itself',
  'hand-start-mismatch': 'table fold: a hand-started other than nextHandStarted builds, a program fault',
  'wrong-player': 'table fold: a buy-in or leave naming another player than the seat\'s, filled in by the service',
  'wrong-cash-out': 'table fold: a cash-out other than the whole stack, filled in by the service',
  'dealer-on-duty': 'table fold: a dealer-on without the dealer-off the service writes before it',
  'not-dealing': 'table fold: a dealer-off naming another dealer, filled in by the service',
  'checkpoint-mismatch': 'table fold: a checkpoint that differs from the replayed state, found loading a log',
  'bad-checkpoint': 'table fold: a malformed checkpoint, found loading a log',
  // Staff records (app/domain/staff): checks of what the service and the staff command build.
  'bad-pin-hash': 'staff fold: a stored PIN record of the wrong shape, only from a damaged log',
  'lockout-missing': 'staff fold: a fifth failure without its lockout, only from a damaged log',
  'staff-log-damaged': 'staff records that do not fold, found loading a log',
  'bad-purpose': 'staff sign-in purpose, set by the terminal itself',
  'table-needed': 'staff sign-in for the box without a table, set by the terminal itself',
  'bad-table': 'staff sign-in naming a table id of the wrong shape, set by the terminal itself',
  'wrong-table': 'table audit: an entry stored under another table, only from a damaged log',
};

/** Codes the screen words from another message family. */
const WORDED_ELSEWHERE: Readonly<Record<string, string>> = {
  homerun: 'results.note.homerun',
  scoop: 'results.note.scoop',
  majority: 'results.note.majority',
  bonuses: 'results.note.bonuses',
  // What still stops the hand (app/domain/hand/guards.ts Blocker), worded by renderer/i18n/blocker-words.ts.
  ...Object.fromEntries(['deal-not-ended', 'deal-not-finished', 'deal-in-progress', 'wrong-phase', 'hands-not-open', 'natural-unverified',
    'fantasyland-not-shown', 'cards-not-placed', 'false-natural-must-set', 'not-set', 'hand-not-read', 'hand-partly-read', 'irregularity-open',
    'misdeal-pending', 'no-hand'].map((c) => [c, `blocker.${c}`])),
};

describe('reasons', () => {
  const codes = refusalCodes();

  it('finds the refusal codes in the terminal source (the scan itself works)', () => {
    expect(codes.size).toBeGreaterThan(80);
    for (const c of ['seat-taken', 'name-needed', 'no-row-expected', 'bad-amount', 'buy-in-too-small', 'card-not-this-seats']) expect(codes.has(c), c).toBe(true);
  });

  it('word every refusal the screen can show in Czech (reason.<code>)', () => {
    const missing = [...codes]
      .filter(([c]) => !(c in NEVER_ON_SCREEN) && !(c in WORDED_ELSEWHERE) && !(`reason.${c}` in cs))
      .map(([c, files]) => `${c} (${[...new Set(files)].join(', ')})`);
    expect(missing).toEqual([]);
    for (const key of Object.values(WORDED_ELSEWHERE)) expect(key in cs, key).toBe(true);
  });

  it('word each refusal that quotes figures from them, using only the figures it gives', () => {
    const figured = Object.entries(FIGURED_REFUSALS) as [string, { figures: readonly string[]; count?: string }][];
    expect(figured.length).toBeGreaterThanOrEqual(6);
    for (const messages of [en, cs] as Record<string, string>[]) {
      for (const [code, how] of figured) {
        const key = `reason.${code}.figures`;
        const keys = how.count === undefined ? [key] : Object.keys(messages).filter((k) => k.startsWith(`${key}.`));
        expect(keys.filter((k) => k in messages), `${key} is worded`).not.toEqual([]);
        if (how.count !== undefined) expect(`${key}.other` in messages, `${key}.other`).toBe(true);
        for (const k of keys) expect(placeholders(messages[k]).filter((p) => !how.figures.includes(p) && p !== 'count'), k).toEqual([]);
      }
      // A figures wording of a code that gives none would show its placeholders.
      const worded = Object.keys(messages).map((k) => /^reason\.([a-z0-9-]+)\.figures(?:\.\w+)?$/.exec(k)?.[1]).filter((c) => c !== undefined);
      expect(worded.filter((c) => !(c in FIGURED_REFUSALS))).toEqual([]);
    }
  });

  it('give a figured code only through failWith(), with its figures', () => {
    const bare = [...codes].filter(([c]) => c in FIGURED_REFUSALS).flatMap(([c]) =>
      tsFilesUnder(APP).filter((f) => new RegExp(`\\bfail\\(\\s*['"]${c}['"]|\\bcode:\\s*['"]${c}['"]`).test(readFileSync(f, 'utf8'))).map((f) => `${c} (${f.slice(APP.length + 1)})`));
    expect(bare).toEqual([]);
  });

  it('allow-list only codes the source still gives', () => {
    expect(Object.keys({ ...NEVER_ON_SCREEN, ...WORDED_ELSEWHERE }).filter((c) => !codes.has(c))).toEqual([]);
  });

  it("word every alert's kind and code, every misdeal cause and irregularity", () => {
    const kinds = union(appSource('domain', 'table', 'events.ts'), /export type AlertKind\s*=([^;]+);/);
    const causes = union(appSource('domain', 'hand', 'events.ts'), /export type MisdealCause\s*=([^;]+);/);
    const irregularities = union(appSource('domain', 'hand', 'state.ts'), /interface Irregularity \{[^}]*?readonly kind:([^;]+);/);
    const faults = union(appSource('services', 'alert-words.ts'), /const FAULT_STATUSES = new Set\(\[([^\]]+)\]\)/);
    expect(kinds).toEqual(['misdeal', 'irregularity', 'device-fault', 'integrity']);
    expect(causes.length).toBeGreaterThanOrEqual(9);
    expect(irregularities.length).toBeGreaterThanOrEqual(4);
    expect(faults).toContain('jam');
    const wanted = [
      ...kinds.map((k) => `alerts.kind.${k}`),
      // Misdeal alerts and the recalled hand's outcome (floor-words.ts outcomeText) word the cause.
      ...causes.map((c) => `reason.${c}`),
      // Irregularity alerts carry the kind as their code; a scanned card of another seat too.
      ...irregularities.map((k) => `reason.${k}`), 'reason.card-not-this-seats',
      // Device-fault alerts carry the device's status as their code.
      ...faults.map((f) => `reason.${f}`),
    ];
    for (const messages of [en, cs] as Record<string, string>[]) expect(wanted.filter((k) => !(k in messages))).toEqual([]);
    // The floor's list of irregularities words each kind (irregularityText).
    expect(irregularities.filter((k) => !(`irregularity.${k}` in cs) && !(`irregularity.${k}.other` in cs))).toEqual([]);
  });
});

// ------------------------------------------------------------------ no text in components

interface Node {
  type: string;
  data?: string;
  name?: string;
  value?: unknown;
  [k: string]: unknown;
}

/** Attributes a person reads (or hears from a screen reader). */
const READ_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description', 'value']);

function visibleTextIn(source: string): string[] {
  const ast = parse(source, { modern: true }) as unknown as { fragment: Node };
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'Text' && typeof n.data === 'string' && /\p{L}/u.test(n.data)) found.push(n.data.trim());
    if (n.type === 'Attribute' && READ_ATTRIBUTES.has(String(n.name)) && Array.isArray(n.value)) {
      for (const part of n.value as Node[]) if (part.type === 'Text' && /\p{L}/u.test(String(part.data))) found.push(`${n.name}="${part.data}"`);
      return;
    }
    if (n.type === 'Attribute' || n.type === 'StyleSheet' || n.type === 'Script') return;
    for (const [k, v] of Object.entries(n)) if (k !== 'parent' && k !== 'metadata') walk(v);
  };
  walk(ast.fragment);
  return found;
}

describe('components', () => {
  it('hold no user-visible text: every word comes from the message files', () => {
    const offenders = svelteFiles.flatMap((f) => visibleTextIn(readFileSync(join(COMPONENTS, f), 'utf8')).map((t) => `${f}: ${t}`));
    expect(offenders).toEqual([]);
  });

  it('the check finds text where there is some (it can fail)', () => {
    expect(visibleTextIn('<p>Hello</p><button title="Close">{x}</button><span>{t.t("a")} · 13</span>')).toEqual(['Hello', 'title="Close"']);
  });

  it('the page shell carries no text either', () => {
    const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
    expect(html.match(/<title>(.*)<\/title>/)![1]).toBe('');
  });
});
