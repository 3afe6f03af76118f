/** Timed waits for the simulators and their tools. */

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Timed waits that can all be ended at once: a simulator that stops must not leave a deal waiting. */
export class Sleeps {
  private readonly pending = new Set<{ readonly timer: ReturnType<typeof setTimeout>; readonly resolve: () => void }>();

  /** Resolves after `ms`, or at once when {@link wakeAll} is called first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.pending.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.pending.add(entry);
    });
  }

  /** Ends every pending wait now. */
  wakeAll(): void {
    for (const s of this.pending) {
      clearTimeout(s.timer);
      s.resolve();
    }
    this.pending.clear();
  }
}
