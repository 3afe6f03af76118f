/**
 * The renderer build: `renderer/` (Svelte 5) into `out/renderer/`, loaded by Electron from
 * disk and served by `npm run serve`. Relative asset paths (`base: './'`) so the same build
 * works from a file URL and from the web server; no inline scripts or styles, so the strict
 * Content-Security-Policy in renderer/index.html holds.
 */
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [svelte({ configFile: false })],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    // Never inline assets as data: URLs into scripts; keeps the CSP simple.
    assetsInlineLimit: 0,
    target: 'chrome120',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1' },
});
