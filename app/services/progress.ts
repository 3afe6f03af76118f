/**
 * How long work says how far it is: the audit, the export, the report, the simulation, the
 * forwarding to the central server and the casino's audit each take a {@link Progress} and call
 * it now and then; a front end shows it (the command line's bar, app/cli/progress.ts). A
 * service never knows how it is shown, and never calls it per row: every few thousand rows, per
 * batch or per hand, so that a check runs as fast with it as without.
 */

/**
 * What is being done, as a stable code the front end words: `chain` (the hash chain read),
 * `hands` (the stored hands replayed), `chain+hands` (both in one read), `tables` (every table's
 * log folded and the query tables rebuilt), `compare` (the rebuilt query tables compared with
 * the stored ones), `read` (the records of a range read), `write` (the file of an export
 * written), `figures` (a report's figures worked out), `simulate` (hands played), `forward`
 * (events sent to the central server), `central-copy` (a table's central copy read).
 */
export type ProgressStage =
  | 'chain' | 'hands' | 'chain+hands' | 'tables' | 'compare' | 'read' | 'write' | 'figures' | 'simulate' | 'forward' | 'central-copy';

/** What `done` and `total` count. */
export type ProgressUnit = 'rows' | 'hands' | 'events' | 'tables' | 'records';

/** Where long work says how far it is (see the top of this file). */
export interface Progress {
  /**
   * A new stage begins (the one before it is over): `total` units to do, or null when that is
   * not known cheaply; `of`: what the stage is about when there are several (a table database).
   */
  stage(stage: ProgressStage, total: number | null, unit: ProgressUnit, of?: string): void;
  /** `done` units of the current stage are done (never more than its total, never fewer than before). */
  done(done: number): void;
}

/** A {@link Progress} that shows nothing (the default of every service). */
export const NO_PROGRESS: Progress = { stage: () => undefined, done: () => undefined };

/** `progress` with every stage said to be about `of` (one table database of several). */
export function progressOf(progress: Progress, of: string): Progress {
  if (progress === NO_PROGRESS) return progress;
  return { stage: (stage, total, unit) => progress.stage(stage, total, unit, of), done: (done) => progress.done(done) };
}

/**
 * The done count of work cut into parts (the audit's ranges, each checked by a worker thread):
 * each part says how far it is now and then, and once more when it is finished; `report` gets
 * the sum over the parts each time it grows. A late or repeated figure never makes the sum go
 * back, and a figure for a part already finished is ignored, so the sum ends at exactly the sum
 * of the parts' sizes.
 */
export class PartsProgress {
  private readonly parts = new Map<number, number>();
  private readonly finished = new Set<number>();
  private sum = 0;

  constructor(private readonly report: (done: number) => void) {}

  /** Part `id` has done `done` units so far. */
  at(id: number, done: number): void {
    if (this.finished.has(id)) return;
    this.move(id, done);
  }

  /** Part `id` is finished: all its `units` are done. */
  finish(id: number, units: number): void {
    if (this.finished.has(id)) return;
    this.finished.add(id);
    this.move(id, units);
  }

  /** The sum over the parts so far. */
  get done(): number {
    return this.sum;
  }

  private move(id: number, done: number): void {
    const before = this.parts.get(id) ?? 0;
    if (!(done > before)) return;
    this.parts.set(id, done);
    this.sum += done - before;
    this.report(this.sum);
  }
}
