/**
 * The Electron window's security settings and the rules for what the page may load, as
 * plain data and pure functions (no `electron` import), so tests check them without the
 * Electron binary.
 */

/** BrowserWindow `webPreferences` of the dealer screen. */
export function webPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  } as const;
}

/**
 * Whether the page may load `url`: only files of the built screen (below `rendererDir`, as a
 * file: URL) and Chromium's own devtools. Nothing from the network.
 */
export function isAllowedUrl(url: string, rendererDirUrl: string): boolean {
  if (url.startsWith('devtools://')) return true;
  if (!url.startsWith('file://')) return false;
  const dir = rendererDirUrl.endsWith('/') ? rendererDirUrl : `${rendererDirUrl}/`;
  let path: string;
  try {
    path = new URL(url).href.split(/[?#]/)[0];
  } catch {
    return false;
  }
  return path.startsWith(dir);
}

/** Whether an IPC call comes from our own page (its main frame, at the screen's index.html). */
export function isTrustedSender(senderUrl: string | undefined, indexUrl: string): boolean {
  if (!senderUrl) return false;
  return senderUrl.split(/[?#]/)[0] === indexUrl;
}
