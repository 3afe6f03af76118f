/**
 * The progress of a long command on stderr (`table audit`, `replay`, `verify-log`, `simulate`,
 * `export`, `report`, `sync`; `casino audit`, `report`): a bar drawn by cli-progress, one line
 * redrawn a few times a second, saying what is being done, done/total, the rate and the time
 * left; and, at the end, one summary line. stdout is never touched, so a script reads exactly
 * what it read without it.
 *
 * Shown when stderr is a terminal; `--progress` shows it on any stderr (a line a second, no
 * cursor control, for a log file); `--quiet` never shows it and wins over `--progress` (a
 * wrapper that always passes `--progress` can still be silenced). The services are told
 * nothing of this: they call a {@link Progress} (app/services/progress.ts) and this adapts it.
 */
import cliProgress from 'cli-progress';
import { NO_PROGRESS, type Progress, type ProgressStage, type ProgressUnit } from '../services/progress';

/** A progress a command shows: ended once by {@link StderrProgress.finish}. */
export interface ShownProgress extends Progress {
  /** Ends the last stage and writes the summary line (`failed`: how far it got); again, nothing. */
  finish(failed?: boolean): void;
  /** Clears the bar's line for a moment, so that a line written to the same terminal stands on its own; the bar comes back at the next figure. */
  interrupt(): void;
}

/** The two flags every long command takes. */
export interface ProgressFlags {
  readonly progress: boolean;
  readonly quiet: boolean;
}

/** The usage lines of the two flags. */
export const PROGRESS_USAGE = `--progress shows the progress on stderr even when it is not a terminal; --quiet never shows it
(it is shown, on stderr only, when stderr is a terminal; --quiet wins over --progress).`;

/** Whether progress is shown: never with `--quiet`, always with `--progress`, else when stderr is a terminal. */
export function showProgress(flags: ProgressFlags, stderrIsTTY: boolean): boolean {
  if (flags.quiet) return false;
  return flags.progress || stderrIsTTY;
}

/** What each stage is called on the command line. */
export const STAGE_WORDS: Readonly<Record<ProgressStage, string>> = {
  chain: 'checking the chain',
  hands: 'replaying hands',
  'chain+hands': 'checking the chain and replaying hands',
  tables: 'folding the tables',
  compare: 'comparing the query tables',
  read: 'reading the records',
  write: 'writing the output',
  figures: 'working out the figures',
  simulate: 'playing hands',
  forward: 'forwarding to central',
  'central-copy': 'reading the central copy',
};

/** 1234567 as "1,234,567". */
function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Seconds as "0.4 s", "12 s", "3 min 05 s", "1 h 02 min". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** One stage as it stands: what it is, how far, since when. */
interface Stage {
  readonly stage: ProgressStage;
  readonly of: string | undefined;
  readonly total: number | null;
  readonly unit: ProgressUnit;
  readonly startedMs: number;
  done: number;
  endedMs: number | null;
}

/** What the stage is doing, with the table database it is about (`casino audit`). */
function what(s: Stage): string {
  return s.of === undefined ? STAGE_WORDS[s.stage] : `${s.of}: ${STAGE_WORDS[s.stage]}`;
}

/**
 * The line shown while a stage runs (without the bar): `done/total unit | rate | time left |
 * what`, or with no total `done unit | rate | elapsed | what` (what it is doing last: a narrow
 * terminal cuts the words, not the figures). `nowMs`: the clock.
 */
export function stageLine(s: Stage, nowMs: number): { text: string; fraction: number | null } {
  const seconds = Math.max(0, (nowMs - s.startedMs) / 1000);
  const rate = seconds > 0.05 && s.done > 0 ? `${count(s.done / seconds)} ${s.unit}/s` : `? ${s.unit}/s`;
  if (s.total === null) {
    const done = s.done > 0 ? `${count(s.done)} ${s.unit} | ${rate} | ` : '';
    return { text: `${done}${duration(seconds)} | ${what(s)}`, fraction: null };
  }
  const perSecond = seconds > 0.05 ? s.done / seconds : 0;
  const left = s.done >= s.total ? 'done' : perSecond > 0 ? `${duration((s.total - s.done) / perSecond)} left` : '? left';
  return {
    text: `${count(s.done)}/${count(s.total)} ${s.unit} | ${rate} | ${left} | ${what(s)}`,
    fraction: s.total === 0 ? 1 : Math.min(1, s.done / s.total),
  };
}

/** One stage in the summary: `what: done unit in time, rate` (no count for a stage that counts nothing). */
function summaryOf(s: Stage): string {
  const seconds = ((s.endedMs ?? s.startedMs) - s.startedMs) / 1000;
  if (s.total === null && s.done === 0) return `${what(s)} ${duration(seconds)}`;
  const rate = seconds > 0.05 && s.done > 0 ? `, ${count(s.done / seconds)} ${s.unit}/s` : '';
  return `${what(s)} ${count(s.done)} ${s.unit} in ${duration(seconds)}${rate}`;
}

/**
 * A {@link Progress} drawn on `stream` with cli-progress (a terminal: one line redrawn at most
 * 10 times a second; not a terminal: a line a second). {@link finish} ends it with one line.
 */
export class StderrProgress implements ShownProgress {
  private readonly stages: Stage[] = [];
  private finished = false;
  private bar: cliProgress.SingleBar | null = null;
  private readonly tty: boolean;
  private lastLineMs = 0;
  private readonly startedMs: number;

  constructor(
    private readonly command: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly clock: () => number = Date.now,
  ) {
    this.tty = stream.isTTY === true;
    this.startedMs = clock();
  }

  stage(stage: ProgressStage, total: number | null, unit: ProgressUnit, of?: string): void {
    if (this.finished) return;
    this.endStage();
    const s: Stage = { stage, of, total, unit, startedMs: this.clock(), done: 0, endedMs: null };
    this.stages.push(s);
    this.draw(s);
  }

  /** A bar for stage `s` from where it stands (a new stage, or the same one again after {@link interrupt}). */
  private draw(s: Stage): void {
    const bar = new cliProgress.SingleBar({
      stream: this.stream,
      format: (options) => this.line(options),
      fps: 8,
      // No cursor hidden and no line wrapping switched off: a command killed mid-way leaves the terminal as it was.
      hideCursor: false,
      linewrap: true,
      clearOnComplete: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
      barsize: 12,
    });
    this.bar = bar;
    bar.on('redraw-post', () => {
      this.lastLineMs = this.clock();
    });
    bar.start(s.total ?? 0, s.total === null ? 0 : s.done);
  }

  done(done: number): void {
    const s = this.current();
    if (!s || !(done > s.done) || this.finished) return;
    s.done = s.total === null ? done : Math.min(done, s.total);
    if (!this.bar) {
      this.draw(s); // after an interrupt: drawn again below the line written meanwhile
      return;
    }
    this.bar.update(s.total === null ? 0 : s.done);
    // Not a terminal: cli-progress draws only from a timer, which a check that keeps this
    // thread busy never lets run; a line a second is drawn here instead.
    if (!this.tty && this.clock() - this.lastLineMs >= 1000) {
      this.lastLineMs = this.clock();
      this.bar.render();
    }
  }

  /**
   * Ends the last stage and writes the summary line: `command: done in T (stage: n unit in t
   * (rate); ...)`, or with `failed` how far it got. Nothing more is drawn after it.
   */
  finish(failed = false): void {
    if (this.finished) return;
    this.finished = true;
    this.endStage();
    const total = duration((this.clock() - this.startedMs) / 1000);
    const parts = this.stages.map(summaryOf).join('; ');
    const head = failed ? `${this.command}: stopped after ${total}` : `${this.command}: done in ${total}`;
    this.stream.write(`${head}${parts ? `: ${parts}` : ''}\n`);
  }

  interrupt(): void {
    if (!this.tty || !this.bar) return;
    // Stopped (its line cleared, the cursor where the bar began) and drawn anew at the next
    // figure, below what is written meanwhile.
    const bar = this.bar;
    this.bar = null;
    bar.stop();
  }

  private current(): Stage | undefined {
    return this.stages[this.stages.length - 1];
  }

  private endStage(): void {
    const s = this.current();
    if (s && s.endedMs === null) s.endedMs = this.clock();
    if (this.bar) {
      const bar = this.bar;
      this.bar = null;
      bar.stop();
    }
  }

  /** The bar's line: `command [bar] done/total unit | rate | time left | what`. */
  private line(options: cliProgress.Options): string {
    const s = this.current();
    if (!s) return this.command;
    const { text, fraction } = stageLine(s, this.clock());
    const bar = fraction === null ? '' : ` [${cliProgress.Format.BarFormat(fraction, options)}]`;
    return `${this.command}${bar} ${text}`;
  }
}

/** The progress of `command` as `flags` and stderr say: a bar, or nothing ({@link NO_PROGRESS}, finish a no-op). */
export function progressFor(command: string, flags: ProgressFlags, stream: NodeJS.WriteStream = process.stderr): ShownProgress {
  if (!showProgress(flags, stream.isTTY === true)) return { ...NO_PROGRESS, finish: () => undefined, interrupt: () => undefined };
  return new StderrProgress(command, stream);
}
