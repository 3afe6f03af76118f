// The screen's store, its settings and the keyboard shortcuts.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { createClient } from '../../../app/contract/client';
import en from '../../../renderer/i18n/en.json';
import { ScreenSettings } from '../../../renderer/lib/settings.svelte';
import { handleShortcut, KEYMAP } from '../../../renderer/lib/shortcuts';
import { DOUBLE_TAP_MS, TerminalStore } from '../../../renderer/lib/terminal.svelte';
import { createTranslator } from '../../../renderer/i18n/translate';
import { reasonText } from '../../../renderer/i18n/reason';
import { fail, ok } from '../../../app/domain/result';
import { EVA, baseView, FakeTerminal, handSeat, handView, kept, memoryStorage, person, sessionView, settle } from './fake-terminal';

let store: TerminalStore | undefined;
afterEach(() => store?.dispose());

/** The stores' clock (ms), moved by the tests: the double-tap window is measured on it. */
let clock = 0;
const later = (ms = DOUBLE_TAP_MS) => (clock += ms);

function storeOver(fake: FakeTerminal): TerminalStore {
  store = new TerminalStore(createClient(fake), { now: () => clock });
  store.view = fake.view;
  return store;
}

const key = (k: string, target?: EventTarget) => {
  const e = new KeyboardEvent('keydown', { key: k });
  if (target) Object.defineProperty(e, 'target', { value: target });
  return e;
};

describe('TerminalStore', () => {
  it('keeps a refusal with its request and seat, and clears it on the next success', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('seatReady', { refuse: { code: 'not-dealt', message: 'the deal is not finished' } });
    expect(await s.run('seatReady', { seat: 3 })).toBe(false);
    expect(s.refusal).toEqual({ request: 'seatReady', seat: 3, reason: { code: 'not-dealt', message: 'the deal is not finished' } });
    const next = baseView({ dealer: 'Petr' });
    fake.answers.set('seatReady', next);
    expect(await s.run('seatReady', { seat: 3 })).toBe(true);
    expect(s.refusal).toBeNull();
    expect(s.view).toEqual(next);
    expect(s.busy).toBeNull();
  });

  it('peeks without marking the screen busy or touching the last refusal (the report\'s polls)', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('seatReady', { refuse: { code: 'not-dealt', message: 'the deal is not finished' } });
    await s.run('seatReady', { seat: 3 });
    fake.answers.set('reportStatus', () => ok({ state: 'none' }));
    const busy: (string | null)[] = [];
    const polled = s.peek('reportStatus', {});
    busy.push(s.busy);
    expect(await polled).toMatchObject({ ok: true });
    expect(busy).toEqual([null]);
    expect(s.refusal).toMatchObject({ request: 'seatReady', reason: { code: 'not-dealt' } });
    // The store's query, by contrast, marks it busy while it goes.
    const queried = s.query('reportStatus', {});
    expect(s.busy).toBe('reportStatus');
    await queried;
  });

  it('follows the session pushed to this screen, and puts a sign-in\'s reply there, not in the view', async () => {
    const fake = new FakeTerminal(baseView(), sessionView([]));
    const s = storeOver(fake);
    fake.pushSession(sessionView([EVA]));
    expect(s.session?.people.map((p) => p.staffId)).toEqual(['eva']);
    expect(s.signedIn('take-box')?.name).toBe('Eva');
    expect(s.signedIn('audit')).toBeNull();
    fake.answers.set('signIn', () => ok(sessionView([EVA, person('floor-action', 'jana', 'Jana')])));
    expect(await s.run('signIn', { person: { staffId: 'jana', pin: '112233' }, purpose: 'floor-action' })).toBe(true);
    expect(s.view).toEqual(baseView());
    expect(s.session!.people.map((p) => p.purpose)).toEqual(['take-box', 'floor-action']);
  });

  it('never drops a request signed with a PIN typed for it as a double tap, and keys it without the PIN', async () => {
    const fake = new FakeTerminal(baseView(), sessionView([]));
    const s = storeOver(fake);
    fake.answers.set('dealerOn', () => ok(sessionView([EVA])));
    const dealer = { staffId: 'eva', pin: '135791' };
    expect(await s.run('dealerOn', { dealer })).toBe(true);
    expect(await s.run('dealerOn', { dealer })).toBe(true);
    expect(fake.actions()).toHaveLength(2);
    expect(kept(s)).toContain('dealerOn {\\"dealer\\":{\\"staffId\\":\\"eva\\"}}');
    expect(kept(s)).not.toContain('135791');
  });

  it('runs a confirmed action only after confirmation', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    let ran = 0;
    s.ask('confirm.misdeal', {}, 'action.callMisdeal', async () => ran++);
    expect(ran).toBe(0);
    s.cancelPending();
    expect(s.confirm).toBeNull();
    s.ask('confirm.misdeal', {}, 'action.callMisdeal', async () => ran++);
    await s.confirmPending();
    expect(ran).toBe(1);
    expect(s.confirm).toBeNull();
  });

  it('asks for the whole state when the link comes up', async () => {
    const fake = new FakeTerminal(baseView({ dealer: 'Jana' }));
    let linkListener: (up: boolean) => void = () => {};
    const s = new TerminalStore(createClient({ ...fake, request: fake.request.bind(fake), onPush: fake.onPush.bind(fake), onLink: (l) => ((linkListener = l), () => {}) }));
    store = s;
    expect(s.view).toBeNull();
    linkListener(true);
    await settle();
    expect(s.link).toBe(true);
    expect(s.view?.dealer).toBe('Jana');
  });

  it('knows when the terminal refuses the page\'s token (restarted with a new one)', () => {
    const fake = new FakeTerminal(baseView());
    let refusedListener: (refused: boolean) => void = () => {};
    const s = new TerminalStore(createClient({
      request: fake.request.bind(fake), onPush: fake.onPush.bind(fake), onLink: (l) => (l(false), () => {}), onRefused: (l) => ((refusedListener = l), () => {}),
    }));
    store = s;
    expect(s.linkRefused).toBe(false);
    refusedListener(true);
    expect(s.linkRefused).toBe(true);
    refusedListener(false);
    expect(s.linkRefused).toBe(false);
  });
});

/** A transport over `fake` whose answers wait until `release()`; counts what was sent. */
function held(fake: FakeTerminal) {
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => (release = r));
  /** Requests sent (the state and session a new store asks for aside). */
  const sent: string[] = [];
  const transport = {
    request: async (name: Parameters<FakeTerminal['request']>[0], args: unknown) => {
      if (name !== 'snapshot' && name !== 'session') sent.push(`${name} ${JSON.stringify(args)}`);
      await gate;
      return fake.request(name, args);
    },
    onPush: fake.onPush.bind(fake),
  };
  return {
    transport,
    sent,
    release: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('double taps and a dropped link', () => {
  const paying = (done: boolean[]) => baseView({
    hand: handView({
      phase: 'paying',
      result: { comparisons: [], seats: [], payments: done.map((d, index) => ({ index, payer: 2, payee: 1, amount: 100, done: d })) },
    }),
  });

  it('the same request tapped twice while the first is on its way is sent once', async () => {
    const fake = new FakeTerminal(paying([false, false]));
    fake.answers.set('executePayment', paying([true, false]));
    const h = held(fake);
    const s = (store = new TerminalStore(createClient(h.transport), { now: () => clock }));
    const first = s.run('executePayment', { index: 0 });
    const second = s.run('executePayment', { index: 0 });
    expect(s.busy).toBe('executePayment');
    h.release();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(h.sent).toEqual(['executePayment {"index":0}']);
    expect(s.refusal).toBeNull();
    expect(s.busy).toBeNull();
  });

  it('the same request again right after it went through is dropped, not refused; after the window it is sent', async () => {
    const fake = new FakeTerminal(paying([false, false]));
    const s = storeOver(fake);
    fake.answers.set('executePayment', (args) => {
      const i = (args as { index: number }).index;
      const done = fake.view.hand!.result!.payments.map((p) => p.done || p.index === i);
      if (fake.view.hand!.result!.payments[i].done) return fail('already-paid', `payment ${i + 1} is already done`);
      fake.view = paying(done);
      return { ok: true, value: fake.view };
    });
    expect(await s.run('executePayment', { index: 0 })).toBe(true);
    later(DOUBLE_TAP_MS / 4);
    expect(await s.run('executePayment', { index: 0 })).toBe(true); // the second tap of a double tap
    expect(s.refusal).toBeNull();
    expect(fake.sent.filter((x) => x.name === 'executePayment')).toHaveLength(1);
    // Another payment is another action, sent at once.
    expect(await s.run('executePayment', { index: 1 })).toBe(true);
    expect(fake.sent.filter((x) => x.name === 'executePayment')).toHaveLength(2);
    // Long after, the same request is the dealer's own and goes to the terminal (which refuses it).
    later();
    expect(await s.run('executePayment', { index: 0 })).toBe(false);
    expect(s.refusal?.reason.code).toBe('already-paid');
  });

  it('a refused request can be tried again at once', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('startHand', { refuse: { code: 'no-dealer', message: 'sign a dealer on first' } });
    expect(await s.run('startHand', {})).toBe(false);
    expect(await s.run('startHand', {})).toBe(false);
    expect(fake.sent.filter((x) => x.name === 'startHand')).toHaveLength(2);
  });

  it('a second tap that lands on the next alert of the strip is part of the double tap', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('acknowledgeAlert', baseView());
    const strip = { family: 'alert-strip' };
    expect(await s.run('acknowledgeAlert', { id: 7 }, strip)).toBe(true);
    expect(await s.run('acknowledgeAlert', { id: 8 }, strip)).toBe(true);
    expect(fake.sent.filter((x) => x.name === 'acknowledgeAlert')).toEqual([{ name: 'acknowledgeAlert', args: { id: 7 } }]);
    later();
    expect(await s.run('acknowledgeAlert', { id: 8 }, strip)).toBe(true);
    expect(fake.sent.filter((x) => x.name === 'acknowledgeAlert')).toHaveLength(2);
    // Without a family (the A key, one alert per press) each alert is its own action.
    expect(await s.run('acknowledgeAlert', { id: 9 })).toBe(true);
    expect(fake.sent.filter((x) => x.name === 'acknowledgeAlert')).toHaveLength(3);
  });

  it('stays busy while any request is on its way', async () => {
    const fake = new FakeTerminal(baseView());
    fake.answers.set('seatReady', baseView());
    const waiting: (() => void)[] = [];
    const transport = {
      request: async (name: Parameters<FakeTerminal['request']>[0], args: unknown) => {
        if (name !== 'snapshot' && name !== 'session') await new Promise<void>((r) => waiting.push(r));
        return fake.request(name, args);
      },
      onPush: fake.onPush.bind(fake),
    };
    const s = (store = new TerminalStore(createClient(transport), { now: () => clock }));
    const a = s.run('seatReady', { seat: 1 });
    const b = s.run('seatReady', { seat: 2 });
    expect(waiting).toHaveLength(2);
    waiting[0]();
    await a;
    expect(s.busy).toBe('seatReady'); // seat 2's is still on its way
    waiting[1]();
    await b;
    expect(s.busy).toBeNull();
  });

  it('a request the terminal did not answer in time: the refusal says it may have been done, and the state is asked for again', async () => {
    const fake = new FakeTerminal(baseView({ dealer: 'Jana' }));
    const s = storeOver(fake);
    fake.answers.set('settle', () => fail('timeout', 'the terminal did not answer settle in time'));
    await settle();
    const before = fake.sent.length;
    expect(await s.run('settle', {})).toBe(false);
    await settle();
    expect(fake.sent.slice(before).map((x) => x.name)).toEqual(['settle', 'snapshot', 'session']);
    const en = createTranslator('en');
    expect(reasonText(en, s.refusal!.reason)).toMatch(/may or may not have been done/);
  });

  it('words the screen\'s own link refusals from the message files, in English too', () => {
    const en = createTranslator('en');
    const cs = createTranslator('cs');
    const dropped = { code: 'link-dropped', message: 'the connection to the terminal dropped; the request may not have been done' };
    expect(reasonText(en, dropped)).toBe(en.t('reason.link-dropped'));
    expect(reasonText(cs, dropped)).toBe(cs.t('reason.link-dropped'));
    expect(reasonText(en, { code: 'link-down', message: 'not connected to the terminal' })).toMatch(/nothing was sent/);
    // A refusal from the services stays in its own words in English.
    expect(reasonText(en, { code: 'no-dealer', message: 'no dealer is signed on at table T1' })).toBe('no dealer is signed on at table T1');
  });
});

describe('ScreenSettings', () => {
  it('remembers language and deck in the screen\'s storage', () => {
    const storage = memoryStorage();
    const a = new ScreenSettings(storage);
    expect(a.lang).toBe('en');
    a.setLang('cs');
    a.toggleFourColour();
    const b = new ScreenSettings(storage);
    expect(b.lang).toBe('cs');
    expect(b.fourColour).toBe(true);
    expect(b.i18n.t('compass.S')).toBe('Jih');
  });

  it('ignores stored rubbish', () => {
    const storage = memoryStorage();
    storage.setItem('cpt.screen.settings', '{"lang":"xx","fourColour":"yes"}');
    const s = new ScreenSettings(storage);
    expect([s.lang, s.fourColour]).toEqual(['en', false]);
    storage.setItem('cpt.screen.settings', 'not json');
    expect(new ScreenSettings(storage).lang).toBe('en');
  });
});

describe('keyboard shortcuts', () => {
  const t = createTranslator('en');

  it('show the keys they answer to', () => {
    const labels = Object.entries(en).filter(([k]) => k.startsWith('key.') && !['key.escape', 'key.enter'].includes(k));
    for (const [k, label] of labels) expect(KEYMAP[label.toLowerCase()], k).toBe(k.slice(4));
  });

  it('select seats with 1-4 and mark the selected seat set with F', async () => {
    const fake = new FakeTerminal(baseView({ hand: handView({ phase: 'setting', seats: [1, 2, 3, 4].map((n) => handSeat(n as 1, { dealt: 13 })) }) }));
    const s = storeOver(fake);
    fake.answers.set('seatReady', fake.view);
    expect(handleShortcut(key('3'), s, t)).toBe(true);
    expect(s.selectedSeat).toBe(3);
    expect(handleShortcut(key('f'), s, t)).toBe(true);
    await settle();
    expect(fake.sent.at(-1)).toEqual({ name: 'seatReady', args: { seat: 3 } });
  });

  it('ask before a surrender (S) and answer Escape by cancelling the question', () => {
    const fake = new FakeTerminal(baseView({ hand: handView({ phase: 'setting' }) }));
    const s = storeOver(fake);
    s.selectSeat(2);
    expect(handleShortcut(key('s'), s, t)).toBe(true);
    expect(s.confirm?.question).toBe('confirm.surrender');
    // While a question is open other keys do nothing.
    expect(handleShortcut(key('n'), s, t)).toBe(false);
    expect(handleShortcut(key('Escape'), s, t)).toBe(true);
    expect(s.confirm).toBeNull();
    expect(fake.actions()).toEqual([]);
  });

  it('start a hand with N between hands and move to the next one with N after payments', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('startHand', fake.view);
    handleShortcut(key('n'), s, t);
    await settle();
    expect(fake.sent.at(-1)!.name).toBe('startHand');
    later(); // a hand is played in between
    s.view = baseView({ hand: handView({ phase: 'paying' }) });
    fake.answers.set('nextHand', fake.view);
    handleShortcut(key('N'), s, t);
    await settle();
    expect(fake.sent.at(-1)!.name).toBe('nextHand');
  });

  it('act once for a key held down: a held P ticks one payment', async () => {
    const view = baseView({ hand: handView({ phase: 'paying', result: { comparisons: [], seats: [], payments: [0, 1, 2].map((index) => ({ index, payer: 2, payee: 1, amount: 100, done: false })) } }) });
    const fake = new FakeTerminal(view);
    const s = storeOver(fake);
    fake.answers.set('executePayment', (args) => {
      const i = (args as { index: number }).index;
      fake.view = { ...fake.view, hand: { ...fake.view.hand!, result: { ...fake.view.hand!.result!, payments: fake.view.hand!.result!.payments.map((p) => (p.index === i ? { ...p, done: true } : p)) } } };
      return { ok: true, value: fake.view };
    });
    expect(handleShortcut(key('p'), s, t)).toBe(true);
    await settle();
    for (let i = 0; i < 5; i++) {
      expect(handleShortcut(new KeyboardEvent('keydown', { key: 'p', repeat: true }), s, t)).toBe(true);
      await settle();
    }
    expect(fake.sent.filter((x) => x.name === 'executePayment')).toEqual([{ name: 'executePayment', args: { index: 0 } }]);
  });

  it('wait while the dealer enters a hand by touch or picks a natural; Esc closes the dialog', async () => {
    const fake = new FakeTerminal(baseView({ hand: handView({ phase: 'showdown', seats: [1, 2, 3, 4].map((n) => handSeat(n as 1, { dealt: 13 })) }) }));
    const s = storeOver(fake);
    fake.answers.set('settle', fake.view);
    s.selectSeat(2);
    s.tapSeat = 2;
    for (const k of ['e', 'n', 'p', 'a', '3', 's', 'd', 'm']) expect(handleShortcut(key(k), s, t), k).toBe(false);
    expect(s.selectedSeat).toBe(2);
    expect(s.confirm).toBeNull();
    expect(s.floor.open).toBe(false);
    expect(handleShortcut(key('Escape'), s, t)).toBe(true);
    expect(s.tapSeat).toBeNull();
    s.naturalSeat = 2;
    expect(handleShortcut(key('s'), s, t)).toBe(false);
    expect(s.confirm).toBeNull();
    expect(handleShortcut(key('Escape'), s, t)).toBe(true);
    expect(s.naturalSeat).toBeNull();
    expect(s.selectedSeat).toBe(2);
    await settle();
    expect(fake.actions()).toEqual([]);
  });

  it('leave typing in a text field alone', () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    const input = document.createElement('input');
    expect(handleShortcut(key('n', input), s, t)).toBe(false);
    expect(handleShortcut(key('1', input), s, t)).toBe(false);
    expect(s.selectedSeat).toBeNull();
    flushSync();
  });
});
