// The command line's progress (app/cli/progress.ts) and the sum over parts the audit's workers
// report (app/services/progress.ts), without a process: when it is shown, how a line reads,
// what the summary says, and that the parts' figures add up to exactly the whole.
import { describe, expect, it } from 'vitest';
import { duration, progressFor, showProgress, stageLine, StderrProgress } from '../../app/cli/progress';
import { NO_PROGRESS, PartsProgress, progressOf, type Progress } from '../../app/services/progress';

/** A stream that keeps what is written (not a terminal unless asked). */
function stream(tty = false): NodeJS.WriteStream & { text: string } {
  const s = {
    text: '',
    isTTY: tty,
    columns: 200,
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

describe('when the progress is shown', () => {
  it('on a terminal, or with --progress; never with --quiet, which wins', () => {
    expect(showProgress({ progress: false, quiet: false }, true)).toBe(true);
    expect(showProgress({ progress: false, quiet: false }, false)).toBe(false);
    expect(showProgress({ progress: true, quiet: false }, false)).toBe(true);
    expect(showProgress({ progress: false, quiet: true }, true)).toBe(false);
    expect(showProgress({ progress: true, quiet: true }, true)).toBe(false);
  });

  it('off: nothing is written, whatever is called', () => {
    const s = stream(false);
    const p = progressFor('table audit', { progress: false, quiet: false }, s);
    p.stage('chain', 10, 'rows');
    p.done(5);
    p.finish();
    expect(s.text).toBe('');
  });
});

describe('a line of the bar', () => {
  const at = (total: number | null, done: number, seconds: number, stage: 'chain' | 'read' = 'chain') => stageLine(
    { stage, of: undefined, total, unit: 'rows', startedMs: 0, done, endedMs: null }, seconds * 1000,
  ).text;

  it('done/total, the rate, the time left, then what it does', () => {
    expect(at(10_000, 5_000, 5)).toBe('5,000/10,000 rows | 1,000 rows/s | 5.0 s left | checking the chain');
    expect(at(10_000, 0, 0)).toBe('0/10,000 rows | ? rows/s | ? left | checking the chain');
    expect(at(10_000, 10_000, 2)).toBe('10,000/10,000 rows | 5,000 rows/s | done | checking the chain');
    expect(at(3_000_000, 1_000_000, 20)).toBe('1,000,000/3,000,000 rows | 50,000 rows/s | 40 s left | checking the chain');
  });

  it('with no total: how long it has taken (and the count and rate when there is one)', () => {
    expect(at(null, 0, 3, 'read')).toBe('3.0 s | reading the records');
    expect(at(null, 500, 10, 'read')).toBe('500 rows | 50 rows/s | 10 s | reading the records');
  });

  it('times read as a person reads them', () => {
    expect(duration(0.44)).toBe('0.4 s');
    expect(duration(42)).toBe('42 s');
    expect(duration(185)).toBe('3 min 05 s');
    expect(duration(3720)).toBe('1 h 02 min');
  });
});

describe('the progress on a stream that is not a terminal (--progress)', () => {
  it('a line when a stage starts and at most one a second, then one summary line; nothing after', () => {
    const s = stream(false);
    let now = 0;
    const p = new StderrProgress('table audit', s, () => now);
    p.stage('chain+hands', 1000, 'rows');
    for (let i = 1; i <= 10; i++) {
      now += 250;
      p.done(i * 100);
    }
    p.stage('compare', 8, 'tables');
    now += 500;
    p.done(8);
    p.finish();
    p.finish();
    p.done(9);
    const lines = s.text.trimEnd().split('\n');
    expect(s.text).not.toMatch(/\x1b/);
    expect(lines[0]).toBe('table audit [------------] 0/1,000 rows | ? rows/s | ? left | checking the chain and replaying hands');
    expect(lines).toContain('table audit [=====-------] 400/1,000 rows | 400 rows/s | 1.5 s left | checking the chain and replaying hands');
    expect(lines.filter((l) => l.includes('checking the chain and replaying hands') && !l.includes(': done')).length).toBeLessThanOrEqual(5);
    expect(lines[lines.length - 1]).toBe('table audit: done in 3.0 s: checking the chain and replaying hands 1,000 rows in 2.5 s, 400 rows/s; comparing the query tables 8 tables in 0.5 s, 16 tables/s');
  });

  it('a failed run says how far it got; a stage about one of several databases names it', () => {
    const s = stream(false);
    let now = 0;
    const p = new StderrProgress('casino audit', s, () => now);
    const of = progressOf(p, 'a1b2');
    of.stage('central-copy', 100, 'events');
    now += 1000;
    of.done(40);
    p.finish(true);
    expect(s.text.trimEnd().split('\n').pop()).toBe('casino audit: stopped after 1.0 s: a1b2: reading the central copy 40 events in 1.0 s, 40 events/s');
    expect(progressOf(NO_PROGRESS, 'x')).toBe(NO_PROGRESS);
  });

  it('never goes back nor past the total', () => {
    const s = stream(false);
    let now = 0;
    const p = new StderrProgress('table replay', s, () => now);
    p.stage('hands', 10, 'rows');
    p.done(8);
    p.done(3);
    p.done(50);
    now += 1000;
    p.finish();
    expect(s.text.trimEnd().split('\n').pop()).toBe('table replay: done in 1.0 s: replaying hands 10 rows in 1.0 s, 10 rows/s');
  });
});

describe('the sum over parts (the audit\'s ranges on worker threads)', () => {
  it('adds each part\'s latest figure, in any order, and ends at exactly the sum of the sizes', () => {
    const told: number[] = [];
    const sum = new PartsProgress((n) => told.push(n));
    const sizes = [100, 250, 50];
    sum.at(1, 100);
    sum.at(0, 30);
    sum.at(0, 20); // late: an older figure
    sum.at(1, 200);
    sum.finish(2, sizes[2]);
    sum.finish(0, sizes[0]);
    sum.at(0, 60); // after the end of its part
    sum.finish(0, sizes[0]); // twice
    sum.finish(1, sizes[1]);
    expect(told).toEqual([100, 130, 230, 280, 350, 400]);
    expect(sum.done).toBe(400);
    for (let i = 1; i < told.length; i++) expect(told[i]).toBeGreaterThan(told[i - 1]);
  });

  it('a part finished with no figure before counts whole; a finished empty part tells nothing', () => {
    const told: number[] = [];
    const sum = new PartsProgress((n) => told.push(n));
    sum.finish(7, 0);
    sum.finish(3, 12);
    expect(told).toEqual([12]);
  });

  it('NO_PROGRESS takes every call', () => {
    const p: Progress = NO_PROGRESS;
    p.stage('chain', null, 'rows');
    p.done(1);
  });
});
