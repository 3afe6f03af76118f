// The central link's catch-up in the top bar: while a backlog is sent, a bar with N of M events
// sent, the rate and the time left (or that the rate is being measured), in English and Czech;
// gone once connected; and the screen stays usable meanwhile (the table's own controls work).
import { describe, expect, it } from 'vitest';
import type { CentralLinkView } from '../../../app/contract/view';
import { baseView, mountApp, settle } from './fake-terminal';

function link(over: Partial<CentralLinkView> = {}): CentralLinkView {
  return { state: 'behind', behind: 0, downSince: null, retryAt: null, reason: null, ...over };
}

const words = (el: Element | null) => el!.textContent!.replace(/\s+/g, ' ').trim();

describe('the central link while it catches up', () => {
  it('a bar: N of M sent, the rate and the time left; then gone once connected', async () => {
    const a = mountApp(baseView({ central: link({ behind: 3750, catchUp: { sent: 1250, total: 5000, perSecond: 420, secondsLeft: 9 } }) }));
    const bar = () => a.$('[data-testid=central-catch-up]');
    expect(bar()!.getAttribute('role')).toBe('progressbar');
    expect(bar()!.getAttribute('aria-valuenow')).toBe('1250');
    expect(bar()!.getAttribute('aria-valuemax')).toBe('5000');
    expect(words(bar())).toBe('catching up: 1,250 of 5,000 events sent 420 events/s, 9 s left');
    expect((a.$('[data-testid=central-catch-up] .fill') as HTMLElement).style.width).toBe('25%');

    a.fake.pushView(baseView({ central: link({ behind: 1200, catchUp: { sent: 3800, total: 5000, perSecond: 380, secondsLeft: 125 } }) }));
    await settle();
    expect(a.$('[data-testid=central-catch-up-rate]')!.textContent).toBe('380 events/s, 2 min 05 s left');

    a.fake.pushView(baseView({ central: link({ state: 'connected', behind: 0 }) }));
    await settle();
    expect(bar()).toBeNull();
    expect(a.$('[data-testid=central-link]')!.dataset.state).toBe('connected');
  });

  it('before the first batch: the rate is being measured; no bar for a plain "sending" or when down', async () => {
    const a = mountApp(baseView({ central: link({ behind: 900, catchUp: { sent: 0, total: 900, perSecond: null, secondsLeft: null } }) }));
    expect(words(a.$('[data-testid=central-catch-up]'))).toBe('catching up: 0 of 900 events sent measuring the rate');
    a.fake.pushView(baseView({ central: link({ behind: 3 }) }));
    await settle();
    expect(a.$('[data-testid=central-catch-up]')).toBeNull();
    a.fake.pushView(baseView({ central: link({ state: 'down', behind: 900, downSince: '2025-03-01T20:15:03.000Z', catchUp: { sent: 1, total: 2, perSecond: 1, secondsLeft: 1 } }) }));
    await settle();
    expect(a.$('[data-testid=central-catch-up]')).toBeNull();
  });

  it('in Czech', () => {
    const a = mountApp(baseView({ central: link({ behind: 3750, catchUp: { sent: 1250, total: 5000, perSecond: 420, secondsLeft: 65 } }) }), 'cs');
    const text = words(a.$('[data-testid=central-catch-up]'));
    expect(text).toMatch(/^dohánění: odesláno 1\s250 z 5\s000 událostí 420 událostí\/s, zbývá 1 min 05 s$/);
  });

  it('the screen stays usable: the rest of the top bar and the table are there and drawn beside it', () => {
    const a = mountApp(baseView({ central: link({ behind: 3750, catchUp: { sent: 1250, total: 5000, perSecond: 420, secondsLeft: 9 } }) }));
    expect(a.$('.top [data-testid=central-link] [data-testid=central-catch-up]')).not.toBeNull();
    expect(a.$('.top')!.textContent).toMatch(/Central/);
    // Nothing covers the screen: no overlay or modal comes with the catch-up.
    expect(a.$('[role=dialog]')).toBeNull();
  });
});
