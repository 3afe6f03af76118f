/**
 * The sandboxed preload: puts `window.terminal` in the page, one named method per request of
 * the contract and one named subscription for pushed views. There is no generic invoke: the
 * page can call exactly these, each on its own IPC channel, and main answers exactly these.
 * Bundled to CommonJS with only `electron` left external (a sandboxed preload can require
 * nothing else).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { TerminalBridge } from '../contract/client';
import { ipcChannel, pushChannel, REQUEST_NAMES, type PushEvents } from '../contract/handlers';

const methods: Record<string, (args: unknown) => Promise<unknown>> = {};
for (const name of REQUEST_NAMES) {
  const channel = ipcChannel(name);
  // Each method forwards only its own argument object on its own channel.
  methods[name] = (args: unknown) => ipcRenderer.invoke(channel, args);
}

const bridge = {
  ...methods,
  onView(listener: (view: PushEvents['view']) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('onView needs a function');
    const handler = (_event: IpcRendererEvent, view: PushEvents['view']) => listener(view);
    ipcRenderer.on(pushChannel('view'), handler);
    return () => {
      ipcRenderer.removeListener(pushChannel('view'), handler);
    };
  },
} as unknown as TerminalBridge;

contextBridge.exposeInMainWorld('terminal', bridge);
