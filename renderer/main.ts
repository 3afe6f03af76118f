/**
 * The renderer's entry: picks the transport (the Electron bridge when the preload put one
 * on `window.terminal`, otherwise the WebSocket of `npm run serve`, authenticated with the
 * token in the page's URL) and mounts the dealer screen.
 */
import { mount } from 'svelte';
import { createClient, type TerminalBridge, type Transport } from '../app/contract/client';
import App from './components/App.svelte';
import { ScreenSettings } from './lib/settings.svelte';
import { TerminalStore } from './lib/terminal.svelte';
import { createBridgeTransport } from './lib/transport-electron';
import { createWebSocketTransport } from './lib/transport-ws';
import './styles.css';

function pickTransport(): Transport {
  const bridge = (window as unknown as { terminal?: TerminalBridge }).terminal;
  if (bridge) return createBridgeTransport(bridge);
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWebSocketTransport({
    url: `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`,
    // After a drop: does the server still take this page's token (its cookie)? 401: no.
    probeUrl: `${location.origin}/`,
  });
}

const terminal = new TerminalStore(createClient(pickTransport()));
// Until this screen chooses a language, it shows the table's (the admin's, in the view).
const settings = new ScreenSettings(globalThis.localStorage, () => terminal.view?.table.language ?? null);
mount(App, { target: document.getElementById('app')!, props: { terminal, settings } });
