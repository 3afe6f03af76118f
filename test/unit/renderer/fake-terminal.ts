/**
 * A typed in-memory stand-in for the terminal, for component tests only: it answers the
 * contract's requests from canned views and records what the screen sent. The end-to-end
 * tests use the real services.
 */
import { afterEach } from 'vitest';
import { createClient, type Transport } from '../../../app/contract/client';
import type { PushName, RequestName } from '../../../app/contract/handlers';
import type { HandSeatView, HandView, SeatNumber, TerminalView } from '../../../app/contract/view';
import { COMPASS } from '../../../app/contract/view';
import { fail, ok, type Result } from '../../../app/domain/result';
import { flushSync, mount, unmount, type Component } from 'svelte';
import App from '../../../renderer/components/App.svelte';
import { contextMap } from '../../../renderer/lib/context';
import { ScreenSettings } from '../../../renderer/lib/settings.svelte';
import { TerminalStore } from '../../../renderer/lib/terminal.svelte';

export interface Sent {
  name: RequestName;
  args: unknown;
}

/** Answers: a view to return, a refusal, or a function of the arguments. */
export type Answer = TerminalView | { refuse: { code: string; message: string } } | ((args: unknown) => Result<unknown>);

export class FakeTerminal implements Transport {
  readonly sent: Sent[] = [];
  readonly answers = new Map<RequestName, Answer>();
  private readonly push = new Set<(name: PushName, payload: unknown) => void>();
  constructor(public view: TerminalView) {}

  async request(name: RequestName, args: unknown): Promise<Result<unknown>> {
    this.sent.push({ name, args });
    if (name === 'snapshot') return ok(this.view);
    const a = this.answers.get(name);
    if (a === undefined) return fail('not-scripted', `the fake has no answer for ${name}`);
    if (typeof a === 'function') return a(args);
    if ('refuse' in a) return fail(a.refuse.code, a.refuse.message);
    this.view = a;
    return ok(a);
  }
  onPush(listener: (name: PushName, payload: unknown) => void): () => void {
    this.push.add(listener);
    return () => this.push.delete(listener);
  }
  /** Pushes a new view to the screen, as the terminal does after every change. */
  pushView(view: TerminalView): void {
    this.view = view;
    for (const l of this.push) l('view', view);
  }
}

export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

export function baseView(over: Partial<TerminalView> = {}): TerminalView {
  return {
    table: { id: 't1', name: 'Table 1', pointValue: 10000, currency: 'CZK', profile: { name: 'mandarin-house', version: 1 }, surrenderPoints: 3, naturals: ['dragon', 'six-pairs', 'three-flushes', 'three-straights'], buyIn: { full: 200000, short: 100000 } },
    shoe: { role: 'shoe', kind: 'simulated', status: 'connected', label: 'Simulated shoe (seed 7)', detail: null, unchecked: false },
    scanner: { role: 'scanner', kind: 'none', status: 'off', label: '', detail: null, unchecked: false },
    dealer: 'Eva',
    button: 1,
    seats: ([1, 2, 3, 4] as SeatNumber[]).map((seat) => ({ seat, compass: COMPASS[seat], player: { id: `p${seat}`, name: ['Ann', 'Bob', 'Cyril', 'Dana'][seat - 1] }, stack: 500000 })),
    hand: null,
    alerts: [],
    deviceNotice: null,
    ...over,
  };
}

export function handSeat(seat: SeatNumber, over: Partial<HandSeatView> = {}): HandSeatView {
  return {
    seat, live: true, dealt: 0, ready: false, surrendered: false, natural: null, set: null, scanned: { front: [], middle: [], back: [] }, cards: null, exposed: 0, floorFoul: null,
    canReplace: false, ...over,
  };
}

export function handView(over: Partial<HandView> = {}): HandView {
  return {
    id: 'h1', number: 1, phase: 'dealing', button: 1, cardsRead: 0,
    // The terminal says whether the hand is open; the stand-in follows the phase given.
    open: over.phase === undefined || !['closed', 'misdealt', 'voided'].includes(over.phase),
    seats: ([1, 2, 3, 4] as SeatNumber[]).map((s) => handSeat(s)),
    expectedScan: null, blockers: [], misdeal: null, voided: null, irregularities: [], result: null,
    ...over,
  };
}

/** What is mounted now; each test's leftovers are unmounted after it. */
const mounted = new Set<() => void>();
afterEach(() => {
  for (const destroy of [...mounted]) destroy();
});

/**
 * Mounts a component with a store over `fake` and fresh settings; returns helpers. `props`
 * may be a function of the store and settings (for <App>, which takes them as props).
 * Unmounted after the test (or earlier by `destroy`).
 */
export function render<P extends Record<string, unknown>>(
  component: Component<P>,
  props: P | ((screen: { store: TerminalStore; settings: ScreenSettings }) => P),
  fake: FakeTerminal,
  lang: 'en' | 'cs' = 'en',
) {
  const target = document.createElement('div');
  document.body.appendChild(target);
  // A clock that stands still: two taps in a test are always within the double-tap window,
  // however slow the machine (tests that need time to pass use a store of their own).
  const store = new TerminalStore(createClient(fake), { now: () => 0 });
  store.view = fake.view;
  store.link = true;
  const settings = new ScreenSettings(memoryStorage());
  settings.setLang(lang);
  const resolved = typeof props === 'function' ? props({ store, settings }) : props;
  const instance = mount(component, { target, props: resolved, context: contextMap(store, settings) });
  mounted.add(destroy);
  flushSync();
  return {
    target,
    store,
    settings,
    $: (sel: string) => target.querySelector<HTMLElement>(sel),
    $$: (sel: string) => Array.from(target.querySelectorAll<HTMLElement>(sel)),
    destroy,
  };
  function destroy() {
    if (!mounted.delete(destroy)) return;
    unmount(instance);
    target.remove();
    store.dispose();
  }
}

/** Lets pending promises (a request's reply) settle and Svelte update the DOM. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  flushSync();
}

/** Mounts the whole screen over a stand-in terminal showing `view` (unmounted after the test). */
export function mountApp(view: TerminalView, lang: 'en' | 'cs' = 'en') {
  const fake = new FakeTerminal(view);
  const r = render(App, ({ store, settings }) => ({ terminal: store, settings }), fake, lang);
  return { ...r, fake };
}

/** Taps an element and lets Svelte update. */
export function click(el: HTMLElement | null): void {
  if (!el) throw new Error('no such element');
  el.click();
  flushSync();
}

/** Types `value` into an input or text area (one input event) and lets Svelte update. */
export function type(el: HTMLElement | null, value: string): void {
  if (!el) throw new Error('no such input');
  (el as HTMLInputElement).value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  flushSync();
}

/** Presses a key on the window (the screen's shortcuts) and lets Svelte update. */
export function press(key: string): void {
  window.dispatchEvent(new KeyboardEvent('keydown', { key }));
  flushSync();
}
