// The screen's store, its settings and the keyboard shortcuts.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { createClient } from '../../../app/contract/client';
import en from '../../../renderer/i18n/en.json';
import { ScreenSettings } from '../../../renderer/lib/settings.svelte';
import { handleShortcut, KEYMAP } from '../../../renderer/lib/shortcuts';
import { TerminalStore } from '../../../renderer/lib/terminal.svelte';
import { createTranslator } from '../../../renderer/i18n/translate';
import { baseView, FakeTerminal, handSeat, handView, memoryStorage, settle } from './fake-terminal';

let store: TerminalStore | undefined;
afterEach(() => store?.dispose());

function storeOver(fake: FakeTerminal): TerminalStore {
  store = new TerminalStore(createClient(fake));
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
    fake.answers.set('markReady', { refuse: { code: 'not-dealt', message: 'the deal is not finished' } });
    expect(await s.run('markReady', { seat: 3 })).toBe(false);
    expect(s.refusal).toEqual({ request: 'markReady', seat: 3, reason: { code: 'not-dealt', message: 'the deal is not finished' } });
    const next = baseView({ dealer: 'Petr' });
    fake.answers.set('markReady', next);
    expect(await s.run('markReady', { seat: 3 })).toBe(true);
    expect(s.refusal).toBeNull();
    expect(s.view).toEqual(next);
    expect(s.busy).toBeNull();
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
    fake.answers.set('markReady', fake.view);
    expect(handleShortcut(key('3'), s, t)).toBe(true);
    expect(s.selectedSeat).toBe(3);
    expect(handleShortcut(key('f'), s, t)).toBe(true);
    await settle();
    expect(fake.sent.at(-1)).toEqual({ name: 'markReady', args: { seat: 3 } });
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
    expect(fake.sent.filter((x) => x.name !== 'snapshot')).toEqual([]);
  });

  it('start a hand with N between hands and move to the next one with N after payments', async () => {
    const fake = new FakeTerminal(baseView());
    const s = storeOver(fake);
    fake.answers.set('startHand', fake.view);
    handleShortcut(key('n'), s, t);
    await settle();
    expect(fake.sent.at(-1)!.name).toBe('startHand');
    s.view = baseView({ hand: handView({ phase: 'paying' }) });
    fake.answers.set('nextHand', fake.view);
    handleShortcut(key('N'), s, t);
    await settle();
    expect(fake.sent.at(-1)!.name).toBe('nextHand');
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
