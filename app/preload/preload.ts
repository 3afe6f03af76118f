/**
 * The sandboxed preload: puts `window.terminal` in the page, one named method per request of
 * the contract and one named subscription for pushed views. There is no generic invoke: the
 * page can call exactly these, each on its own IPC channel, and main answers exactly these.
 * Bundled to CommonJS with only `electron` left external (a sandboxed preload can require
 * nothing else).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { TerminalBridge } from '../contract/client';
import { ipcChannel, pushChannel, REQUEST_NAMES, type PushEvents, type PushName } from '../contract/handlers';

const methods: Record<string, (args: unknown) => Promise<unknown>> = {};
for (const name of REQUEST_NAMES) {
  const channel = ipcChannel(name);
  // Each method forwards only its own argument object on its own channel.
  methods[name] = (args: unknown) => ipcRenderer.invoke(channel, args);
}

/** A named subscription to one pushed event. */
function subscription<E extends PushName>(name: E): (listener: (payload: PushEvents[E]) => void) => () => void {
  return (listener) => {
    if (typeof listener !== 'function') throw new TypeError(`on${name} needs a function`);
    const handler = (_event: IpcRendererEvent, payload: PushEvents[E]) => listener(payload);
    ipcRenderer.on(pushChannel(name), handler);
    return () => {
      ipcRenderer.removeListener(pushChannel(name), handler);
    };
  };
}

const bridge = {
  ...methods,
  onView: subscription('view'),
  onSession: subscription('session'),
} as unknown as TerminalBridge;

contextBridge.exposeInMainWorld('terminal', bridge);
