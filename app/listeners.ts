/**
 * Fan-out of events to listeners, for every emitter in the app (card sources, the table
 * service, the terminal's view pushes). A listener that throws does not stop the others nor
 * the emitter (a bug in one screen must not lose cards for the hand logic); its error goes to
 * `onListenerError`, by default the console.
 */
export class Listeners<E> {
  private readonly set = new Set<(event: E) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = (e) => console.error('a listener failed:', e)) {}

  /** Adds a listener; returns the function that removes it. */
  add(listener: (event: E) => void): () => void {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  }

  /** Calls every listener (those present when the call starts) with `event`. */
  emit(event: E): void {
    for (const l of [...this.set]) {
      try {
        l(event);
      } catch (e) {
        this.onListenerError(e);
      }
    }
  }

  get size(): number {
    return this.set.size;
  }
}
