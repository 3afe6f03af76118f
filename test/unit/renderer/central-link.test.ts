// The central server's link in the top bar, against the typed stand-in of the contract: nothing
// without `--central`; connecting, connected, sending with the events still to send, down since
// when (the reason on hover, and that the table deals on), in English and Czech, following the
// views the terminal pushes.
import { describe, expect, it } from 'vitest';
import type { CentralLinkView } from '../../../app/contract/view';
import { baseView, mountApp, settle } from './fake-terminal';

function link(over: Partial<CentralLinkView> = {}): CentralLinkView {
  return { state: 'connected', behind: 0, downSince: null, retryAt: null, reason: null, ...over };
}

const DOWN_SINCE = '2025-03-01T20:15:03.000Z';
const RETRY_AT = '2025-03-01T20:16:41.000Z';
const REASON = 'cannot reach the central server postgres://casino:***@db.casino.lan:5432/casino: connect ECONNREFUSED 10.0.0.5:5432';
const clock = (iso: string, lang: string) => new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

describe('the central link in the top bar', () => {
  it('is not there when the terminal forwards to no central server', () => {
    const a = mountApp(baseView({ central: null }));
    expect(a.$('[data-testid=central-link]')).toBeNull();
    expect(a.$('.top')!.textContent).not.toMatch(/Central/);
  });

  it('says connected, connecting, or sending with the events still to send', async () => {
    const a = mountApp(baseView({ central: link() }));
    const chip = () => a.$('.top [data-testid=central-link]')!;
    expect(chip().dataset.state).toBe('connected');
    expect(chip().textContent!.replace(/\s+/g, ' ').trim()).toBe('Central connected');
    expect(a.$('[data-testid=central-behind]')).toBeNull();

    a.fake.pushView(baseView({ central: link({ state: 'connecting' }) }));
    await settle();
    expect(chip().dataset.state).toBe('connecting');
    expect(chip().textContent).toMatch(/Central\s+connecting/);

    a.fake.pushView(baseView({ central: link({ state: 'behind', behind: 1 }) }));
    await settle();
    expect(chip().dataset.behind).toBe('1');
    expect(a.$('[data-testid=central-behind]')!.textContent).toBe('1 event to send');
    expect(chip().textContent).toMatch(/Central\s+sending/);

    a.fake.pushView(baseView({ central: link({ state: 'behind', behind: 1250 }) }));
    await settle();
    expect(a.$('[data-testid=central-behind]')!.textContent).toBe('1,250 events to send');
  });

  it('down: since when, how many events wait, that the table deals on, and why on hover; then connected again', async () => {
    const a = mountApp(baseView({ central: link({ state: 'down', behind: 37, downSince: DOWN_SINCE, retryAt: RETRY_AT, reason: REASON }) }));
    const chip = a.$('[data-testid=central-link]')!;
    expect(chip.dataset.state).toBe('down');
    expect(a.$('[data-testid=central-down-since]')!.textContent).toBe(`down since ${clock(DOWN_SINCE, 'en')}`);
    expect(chip.textContent).not.toContain(clock(RETRY_AT, 'en'));
    expect(a.$('[data-testid=central-behind]')!.textContent).toBe('37 events to send');
    expect(chip.textContent).toMatch(/the table deals on/);
    expect(chip.title).toBe(REASON);

    a.fake.pushView(baseView({ central: link({ state: 'connected', behind: 0 }) }));
    await settle();
    const again = a.$('[data-testid=central-link]')!;
    expect(again.dataset.state).toBe('connected');
    expect(again.textContent).not.toMatch(/down|deals on|to send/);
    expect(again.title).toBe('');
  });

  it('in Czech, with the counts as the grammar wants (1 událost, 3 události, 5 událostí)', async () => {
    const a = mountApp(baseView({ central: link({ state: 'down', behind: 1, downSince: DOWN_SINCE, retryAt: RETRY_AT, reason: REASON }) }), 'cs');
    expect(a.$('[data-testid=central-link]')!.textContent).toMatch(/Centrála/);
    expect(a.$('[data-testid=central-down-since]')!.textContent).toBe(`nedostupná od ${clock(DOWN_SINCE, 'cs')}`);
    expect(a.$('[data-testid=central-behind]')!.textContent).toBe('1 událost k odeslání');
    expect(a.$('[data-testid=central-link]')!.textContent).toMatch(/stůl hraje dál/);
    for (const [n, words] of [[3, '3 události k odeslání'], [5, '5 událostí k odeslání']] as const) {
      a.fake.pushView(baseView({ central: link({ state: 'behind', behind: n }) }));
      await settle();
      expect(a.$('[data-testid=central-behind]')!.textContent).toBe(words);
      expect(a.$('[data-testid=central-link]')!.textContent).toMatch(/odesílám/);
    }
  });

  it('words every state in both languages (no message key shows)', async () => {
    for (const lang of ['en', 'cs'] as const) {
      const a = mountApp(baseView({ central: link() }), lang);
      for (const state of ['connecting', 'connected', 'behind', 'down', 'stopped'] as const) {
        a.fake.pushView(baseView({ central: link({ state, behind: state === 'behind' ? 2 : 0, ...(state === 'down' ? { downSince: DOWN_SINCE, retryAt: RETRY_AT, reason: REASON } : {}) }) }));
        await settle();
        const text = a.$('[data-testid=central-link]')!.textContent!;
        expect(text, `${lang} ${state}`).not.toMatch(/central\./);
        expect(text.trim().length).toBeGreaterThan(0);
      }
      a.destroy();
    }
  });
});
