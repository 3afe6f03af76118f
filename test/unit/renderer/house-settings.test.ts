// The House rules tab's buy-in and language, on screen: the editor's smallest buy-in (a
// profile option, previewed by the terminal at the point value typed), the seating form's
// minimum (the view's, never the screen's sum), and the table's language, which a screen that
// has made no choice of its own starts in (its dealer's switch still wins on his screen).
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { createClient } from '../../../app/contract/client';
import type { RulesPreviewView } from '../../../app/contract/rules';
import type { SeatView, TerminalView } from '../../../app/contract/view';
import { listPresets, resolveProfile } from '../../../app/domain/profiles';
import { fail, ok } from '../../../app/domain/result';
import { previewRules } from '../../../app/domain/rule-book';
import { buyInMinimums } from '../../../app/domain/table/buy-in';
import RulesEditor from '../../../renderer/components/RulesEditor.svelte';
import SeatingForm from '../../../renderer/components/SeatingForm.svelte';
import App from '../../../renderer/components/App.svelte';
import { createTranslator } from '../../../renderer/i18n/translate';
import { ScreenSettings } from '../../../renderer/lib/settings.svelte';
import { TerminalStore } from '../../../renderer/lib/terminal.svelte';
import { FakeTerminal, baseView, memoryStorage, render, settle, type } from './fake-terminal';

/** The terminal's `previewRules`, answered by the domain as the terminal's handler answers it. */
function previewAnswer(view: TerminalView) {
  return (args: unknown) => {
    const { rules, pointValue } = (args ?? {}) as { rules?: unknown; pointValue?: number };
    const given = rules ?? 'mandarin-house';
    const r = previewRules(given);
    if (!r.ok) return r;
    const profile = resolveProfile(given);
    if (!profile.ok) return fail(profile.error.code, profile.error.message);
    const at = pointValue ?? view.table!.pointValue;
    const answer: RulesPreviewView = {
      ...r.value, profileJson: JSON.parse(JSON.stringify(profile.value)) as Record<string, unknown>, presets: listPresets(),
      buyIn: { pointValue: at, ...buyInMinimums(at, profile.value.buyInPoints) },
    };
    return ok(answer);
  };
}

function editor(view = baseView()) {
  const fake = new FakeTerminal(view);
  fake.answers.set('previewRules', previewAnswer(view));
  return { fake, ...render(RulesEditor, { admin: 'ada' }, fake) };
}

/** An element's text with its spaces as plain ones (money is written with no-break spaces). */
function text(el: HTMLElement | null): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function lastPreview(fake: FakeTerminal): { rules?: Record<string, unknown>; pointValue?: number } {
  return fake.actions().filter((s) => s.name === 'previewRules').at(-1)!.args as never;
}

describe('the smallest buy-in in the House rules tab', () => {
  it('is a form control of the profile, previewed as the terminal answers it at the point value typed', async () => {
    const { fake, $ } = editor();
    await settle();
    const input = $('[data-testid=rules-buyInPoints]') as HTMLInputElement;
    expect(input.value).toBe('20');
    expect(text($('[data-testid=rules-preview-buyIn]'))).toBe('At CZK 100 a point: a buy-in of at least CZK 2,000, a short one of at least CZK 1,000.');

    type(input, '30');
    await settle();
    expect(lastPreview(fake)).toMatchObject({ rules: { buyInPoints: 30 }, pointValue: 10000 });
    expect($('[data-testid=rules-preview-buyIn]')!.dataset).toMatchObject({ full: '300000', short: '150000' });

    type($('[data-testid=rules-pointValue]'), '20000');
    await settle();
    expect(lastPreview(fake)).toMatchObject({ rules: { buyInPoints: 30 }, pointValue: 20000 });
    expect(text($('[data-testid=rules-preview-buyIn]'))).toContain('CZK 6,000');
  });

  it('shows the terminal\'s refusal of fewer than 20 points, and the preview waits', async () => {
    const { $ } = editor();
    await settle();
    type($('[data-testid=rules-buyInPoints]'), '19');
    await settle();
    const refusal = $('[data-testid=rules-editor] [data-testid=refusal][data-code=bad-profile-value]');
    expect(refusal?.textContent).toContain('buyInPoints');
    expect($('[data-testid=rules-preview-state]')!.dataset.current).toBe('false');
    expect(($('[data-testid=rules-apply]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the table's language in the House rules tab", () => {
  it('is sent with the change, signed by the admin', async () => {
    const { fake, $, store } = editor();
    await settle();
    const select = $('[data-testid=rules-language]') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(($('[data-testid=rules-apply]') as HTMLButtonElement).disabled).toBe(true);
    select.value = 'cs';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    flushSync();
    expect(($('[data-testid=rules-apply]') as HTMLButtonElement).disabled).toBe(false);
    ($('[data-testid=rules-apply]') as HTMLButtonElement).click();
    flushSync();
    expect(store.pinAsk?.request).toBe('changeRules');
    fake.answers.set('changeRules', () => ok({ ...baseView(), table: { ...baseView().table!, language: 'cs' } }));
    await store.signPending({ signer: { staffId: 'ada', pin: '1234' }, text: 'Czech dealers tonight' });
    expect(fake.actions().find((s) => s.name === 'changeRules')!.args).toMatchObject({ admin: { staffId: 'ada' }, reason: 'Czech dealers tonight', language: 'cs' });
  });
});

describe('the seating form', () => {
  it("shows the view's minimums, whatever the profile asks", () => {
    const view = baseView({ table: { ...baseView().table!, buyIn: { full: 300000, short: 150000 } } });
    const seated: SeatView = view.seats.find((s) => s.player !== null) ?? { ...view.seats[0], player: { id: 'p1', name: 'Ann' } } as SeatView;
    const empty: SeatView = { ...view.seats[0], player: null } as SeatView;
    const a = render(SeatingForm, { seat: empty, table: view.table! }, new FakeTerminal(view));
    expect(text(a.$('[data-testid=seating-form] label:nth-of-type(2)'))).toBe('Buy-in (at least CZK 3,000)');
    a.destroy();
    const b = render(SeatingForm, { seat: seated, table: view.table! }, new FakeTerminal(view), 'cs');
    expect(text(b.$('[data-testid=buy-in-minimum]'))).toBe('Nejméně 3 000 Kč; nebo 1 500 Kč, jednou po každém plném nákupu.');
  });
});

describe("a screen's language", () => {
  function store(view: TerminalView): TerminalStore {
    const s = new TerminalStore(createClient(new FakeTerminal(view)), { now: () => 0 });
    s.view = view;
    return s;
  }
  const inCzech = (): TerminalView => baseView({ table: { ...baseView().table!, language: 'cs' } });

  it("starts in the table's language when the screen has made no choice, and follows it", () => {
    const terminal = store(inCzech());
    const settings = new ScreenSettings(memoryStorage(), () => terminal.view?.table.language ?? null);
    expect(settings.lang).toBe('cs');
    expect(settings.i18n.t('compass.S')).toBe('Jih');
    terminal.view = baseView({ table: { ...baseView().table!, language: 'en' } });
    expect(settings.lang).toBe('en');
    terminal.view = baseView();
    expect(settings.lang).toBe('en');
  });

  it("keeps the dealer's own choice on his screen, also after a reload", () => {
    const terminal = store(inCzech());
    const storage = memoryStorage();
    const settings = new ScreenSettings(storage, () => terminal.view?.table.language ?? null);
    settings.setLang('en');
    expect(settings.lang).toBe('en');
    expect(new ScreenSettings(storage, () => terminal.view?.table.language ?? null).lang).toBe('en');
    // Another screen, which has not chosen, starts in the table's.
    expect(new ScreenSettings(memoryStorage(), () => terminal.view?.table.language ?? null).lang).toBe('cs');
    // A screen that only switched its deck has not chosen a language.
    const deckOnly = memoryStorage();
    new ScreenSettings(deckOnly).toggleFourColour();
    expect(new ScreenSettings(deckOnly, () => 'cs').lang).toBe('cs');
  });

  it('shows the whole screen in it: a new screen at a table set to Czech', async () => {
    const fake = new FakeTerminal(inCzech());
    const { $ } = render(App, ({ store: terminal }) => ({
      terminal, settings: new ScreenSettings(memoryStorage(), () => terminal.view?.table.language ?? null),
    }), fake);
    await settle();
    expect(document.documentElement.lang).toBe('cs');
    expect(document.title).toBe(createTranslator('cs').t('app.title'));
    expect($('[data-testid=lang-cs]')!.getAttribute('aria-pressed')).toBe('true');
  });
});
