// The Report tab's state (renderer/lib/report.svelte.ts): the form's times sent as ISO times,
// the report asked once and followed while it runs (its polls go straight to the client: they
// neither mark the screen busy nor clear the dealer's refusal), an answer about an older
// report ignored, a refusal kept in the terminal's words.
import { describe, expect, it, vi } from 'vitest';
import type { ReportJobView } from '../../../app/contract/report';
import { fail, ok, type Result } from '../../../app/domain/result';
import { isoOf, localOf, POLL_MS, ReportDesk, reportArgs } from '../../../renderer/lib/report.svelte';
import type { TerminalStore } from '../../../renderer/lib/terminal.svelte';

const job = (over: Partial<ReportJobView>): ReportJobView => ({
  id: 1, state: 'running', step: 'counting', hands: null, handsDone: 0, rows: null, stage: null, offThread: true, ms: 0, report: null, error: null, ...over,
});

describe('the Report tab', () => {
  it('sends the form\'s local times as ISO times, the dealer trimmed (left out when blank)', () => {
    const local = localOf(Date.parse('2025-03-01T20:00:00Z'));
    // This screen's zone there and back: the same moment.
    expect(isoOf(local)).toBe('2025-03-01T20:00:00.000Z');
    expect(reportArgs({ from: local, to: local, dealer: '  ' })).toEqual({ from: isoOf(local), to: isoOf(local) });
    expect(reportArgs({ from: 'x', to: local, dealer: ' Eva ' })).toEqual({ from: 'x', to: isoOf(local), dealer: 'Eva' });
    const form = ReportDesk.defaultForm(Date.parse('2025-03-01T20:10:00Z'));
    expect(Date.parse(isoOf(form.to)) - Date.parse(isoOf(form.from))).toBe(12 * 3_600_000);
    expect(isoOf(form.to)).toBe('2025-03-01T21:00:00.000Z');
  });

  it('asks once, follows the report until it is done, through the store\'s quiet peek and not its query', async () => {
    vi.useFakeTimers();
    try {
      const answers: Result<ReportJobView>[] = [ok(job({ step: 'reading', hands: 40, rows: 900 })), ok(job({ state: 'done', step: 'done', hands: 40, handsDone: 40 }))];
      const sent: string[] = [];
      const peek = async (name: string) => (sent.push(name), name === 'tableReport' ? ok(job({})) : answers.shift()!);
      const query = vi.fn();
      const desk = new ReportDesk({ peek, query } as unknown as TerminalStore);
      await desk.make();
      expect(desk.job).toMatchObject({ state: 'running', step: 'counting' });
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(desk.job).toMatchObject({ step: 'reading', hands: 40 });
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(desk.job).toMatchObject({ state: 'done' });
      await vi.advanceTimersByTimeAsync(POLL_MS * 4);
      expect(sent).toEqual(['tableReport', 'reportStatus', 'reportStatus']);
      expect(query).not.toHaveBeenCalled();
      desk.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a refusal in the terminal\'s words, and ignores an answer about an older report', async () => {
    const replies: Result<ReportJobView>[] = [fail('not-allowed', 'tableReport needs a floor person'), ok(job({ id: 3 })), ok(job({ id: 2, state: 'done' }))];
    const desk = new ReportDesk({} as TerminalStore, (async () => replies.shift()!) as never);
    await desk.make();
    expect(desk.refusal).toEqual({ code: 'not-allowed', message: 'tableReport needs a floor person' });
    await desk.make();
    expect(desk.job).toMatchObject({ id: 3, state: 'running' });
    await desk.refresh();
    expect(desk.job).toMatchObject({ id: 3, state: 'running' });
    desk.stop();
  });
});
