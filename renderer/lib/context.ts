/** The two objects every component reads: the terminal's state and this screen's settings. */
import { getContext, setContext } from 'svelte';
import type { ScreenSettings } from './settings.svelte';
import type { TerminalStore } from './terminal.svelte';

const TERMINAL = Symbol('terminal');
const SETTINGS = Symbol('settings');

export function provide(store: TerminalStore, settings: ScreenSettings): void {
  setContext(TERMINAL, store);
  setContext(SETTINGS, settings);
}

export function useTerminal(): TerminalStore {
  const s = getContext<TerminalStore | undefined>(TERMINAL);
  if (!s) throw new Error('useTerminal() outside <App> (no terminal store in context)');
  return s;
}

export function useSettings(): ScreenSettings {
  const s = getContext<ScreenSettings | undefined>(SETTINGS);
  if (!s) throw new Error('useSettings() outside <App> (no screen settings in context)');
  return s;
}

/** The same context as a Map, for `mount(Component, { context })` (tests mount parts alone). */
export function contextMap(store: TerminalStore, settings: ScreenSettings): Map<symbol, unknown> {
  return new Map<symbol, unknown>([
    [TERMINAL, store],
    [SETTINGS, settings],
  ]);
}
