/**
 * A typed in-memory stand-in for the terminal, for component tests only: it answers the
 * contract's requests from canned views and records what the screen sent. The end-to-end
 * tests use the real services.
 */
import { afterEach } from 'vitest';
import { createClient, type Transport } from '../../../app/contract/client';
import type { PushName, RequestName } from '../../../app/contract/handlers';
import type { ScreenPerson, SessionView } from '../../../app/contract/session';
import type { AlertView, HandSeatView, HandView, SeatNumber, TerminalView } from '../../../app/contract/view';
import type { Purpose } from '../../../app/domain/staff';
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

/** Answers: a view or a session to return, a refusal, or a function of the arguments. */
export type Answer = TerminalView | SessionView | { refuse: { code: string; message: string } } | ((args: unknown) => Result<unknown>);

/** One person signed in on the screen. */
export function person(purpose: Purpose, staffId: string, name: string): ScreenPerson {
  const roles = { 'take-box': ['dealer'], 'floor-action': ['floor'], audit: ['auditor'], admin: ['admin'] } as const;
  return { staffId, name, roles: [...roles[purpose]], purpose, since: '2025-01-01T20:00:00.000Z', signsOutAt: '2025-01-01T20:30:00.000Z' };
}

/** The dealer on duty, Eva (staff id eva), signed in for the box. */
export const EVA = person('take-box', 'eva', 'Eva');

/** Who is signed in on the screen (by default Eva, the dealer on duty). */
export function sessionView(people: readonly ScreenPerson[] = [EVA], over: Partial<SessionView> = {}): SessionView {
  return { screen: 'ws-1', people, noStaff: false, ...over };
}

/** An alert as the view gives it: the dealer clears misdeals and device faults, the floor the rest. */
export function alertView(over: Partial<AlertView> & Pick<AlertView, 'id'>): AlertView {
  const kind = over.kind ?? 'device-fault';
  return {
    kind, clearedBy: kind === 'misdeal' || kind === 'device-fault' ? 'dealer' : 'floor', code: 'jam', message: 'Card shoe: jam', raisedAt: Date.UTC(2025, 0, 1, 20, 0, 0),
    handNumber: null, irregularity: null, ...over,
  };
}

export class FakeTerminal implements Transport {
  readonly sent: Sent[] = [];
  readonly answers = new Map<RequestName, Answer>();
  private readonly push = new Set<(name: PushName, payload: unknown) => void>();
  constructor(public view: TerminalView, public session: SessionView = sessionView()) {}

  async request(name: RequestName, args: unknown): Promise<Result<unknown>> {
    this.sent.push({ name, args });
    // The state as it is when the answer arrives (as the terminal's socket answers in order
    // with what it pushes): a push made meanwhile is not overwritten by an older snapshot.
    if (name === 'snapshot') return Promise.resolve().then(() => ok(this.view));
    const a = this.answers.get(name);
    if (a === undefined && name === 'session') return Promise.resolve().then(() => ok(this.session));
    if (a === undefined) return fail('not-scripted', `the fake has no answer for ${name}`);
    const r = typeof a === 'function' ? a(args) : 'refuse' in a ? fail(a.refuse.code, a.refuse.message) : ok(a);
    if (r.ok && r.value && typeof r.value === 'object') {
      // A session names its screen; a staff list has people but no screen.
      if ('screen' in r.value) this.session = r.value as SessionView;
      else if ('table' in r.value) this.view = r.value as TerminalView;
    }
    return r;
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
  /** Pushes who is signed in on the screen, as the terminal does after a sign-in or sign-out. */
  pushSession(session: SessionView): void {
    this.session = session;
    for (const l of this.push) l('session', session);
  }
  /** The requests sent, the screen's own reads of the state aside. */
  actions(): Sent[] {
    return this.sent.filter((s) => s.name !== 'snapshot' && s.name !== 'session');
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
    table: { id: 't1', name: 'Table 1', pointValue: 10000, currency: 'CZK', profile: { name: 'mandarin-house', version: 1 }, surrenderPoints: 3, naturals: ['dragon', 'six-pairs', 'three-flushes', 'three-straights'], buyIn: { full: 200000, short: 100000 }, language: null },
    shoe: { role: 'shoe', kind: 'simulated', status: 'connected', label: 'Simulated shoe (seed 7)', detail: null, unchecked: false },
    scanner: { role: 'scanner', kind: 'none', status: 'off', label: '', detail: null, unchecked: false },
    dealer: 'Eva',
    dealerStaffId: 'eva',
    button: 1,
    seats: ([1, 2, 3, 4] as SeatNumber[]).map((seat) => ({ seat, compass: COMPASS[seat], player: { id: `p${seat}`, name: ['Ann', 'Bob', 'Cyril', 'Dana'][seat - 1] }, stack: 500000 })),
    hand: null,
    alerts: [],
    deviceNotice: null,
    central: null,
    correction: null,
    // The terminal says what comes next; the stand-in follows the hand's phase given.
    nextAction: over.hand?.phase === 'paying' && !over.hand.result?.payments.some((p) => !p.done) ? 'next-hand' : NEXT_BY_PHASE[over.hand?.phase ?? 'none'],
    ...over,
  };
}

/** The next action the domain gives for each phase (app/domain/hand/offers.ts), for canned views. */
const NEXT_BY_PHASE: Readonly<Record<string, TerminalView['nextAction']>> = {
  none: 'start-hand', dealing: 'wait-for-deal', setting: 'open-showdown', showdown: 'settle', paying: 'pay', closed: 'start-hand', voided: 'start-hand', misdealt: 'redeal',
};

/** Every action of a seat offered (a canned view's default; tests narrow it). */
export function allOffered(seat: SeatNumber, over: Partial<HandSeatView['offers']> = {}): HandSeatView['offers'] {
  const yes = { offered: true, refusal: null };
  return {
    seatReady: yes, declareSurrender: yes, declareNatural: yes, reportExposure: yes,
    reportWrongSeat: ([1, 2, 3, 4] as SeatNumber[]).filter((s) => s !== seat), enterHand: false, floorReplace: false, floorFoul: true, ...over,
  };
}

export function handSeat(seat: SeatNumber, over: Partial<HandSeatView> = {}): HandSeatView {
  return {
    seat, live: true, dealt: 0, ready: false, surrendered: false, natural: null, set: null, scanned: { front: [], middle: [], back: [] }, cards: null, exposed: 0, floorFoul: null,
    canReplace: false, ...over,
    offers: over.offers ?? allOffered(seat, { enterHand: over.canReplace ?? false, floorReplace: over.canReplace ?? false }),
  };
}

export function handView(over: Partial<HandView> = {}): HandView {
  return {
    id: 'h1', number: 1, phase: 'dealing', button: 1, cardsRead: 0,
    // The terminal says whether the hand is open; the stand-in follows the phase given.
    open: over.phase === undefined || !['closed', 'misdealt', 'voided'].includes(over.phase),
    seats: ([1, 2, 3, 4] as SeatNumber[]).map((s) => handSeat(s)),
    expectedScan: null, blockers: [], misdeal: null, voided: null, voidNeedsSecondFloor: false, irregularities: [], result: null,
    misdealCauses: ['wrong-card-count'], dealIdle: false, scanQuestion: null,
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
  store.session = fake.session;
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

/**
 * Everything the screen's store keeps, as text: its state, its double-tap bookkeeping (the
 * last action's key, the requests in flight), the floor panel's and the staff panel's; to
 * check a PIN is not in it.
 */
export function kept(store: TerminalStore): string {
  const own = store as unknown as { lastDone: unknown; inFlight: Map<string, unknown> };
  const f = store.floor;
  return JSON.stringify({
    view: store.view, session: store.session, refusal: store.refusal, confirm: store.confirm, pinAsk: store.pinAsk, busy: store.busy,
    lastDone: own.lastDone, inFlight: [...own.inFlight.keys()],
    floor: { reason: f.reason, notes: f.notes, recall: f.recall, replay: f.replay, accessLog: f.accessLog },
    staff: { open: store.staff.open, list: store.staff.list, admin: store.staff.admin, reason: store.staff.reason },
  });
}

/** Lets pending promises (a request's reply) settle and Svelte update the DOM. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  flushSync();
}

/**
 * Mounts the whole screen over a stand-in terminal showing `view`, with `session` signed in on
 * it (by default Eva, the dealer on duty); unmounted after the test.
 */
export function mountApp(view: TerminalView, lang: 'en' | 'cs' = 'en', session: SessionView = sessionView()) {
  const fake = new FakeTerminal(view, session);
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
