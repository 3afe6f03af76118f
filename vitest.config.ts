import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Two projects: everything under test/ runs in Node as before; the renderer's component
 * tests (test/unit/renderer) compile .svelte files with the Svelte plugin and mount them
 * in happy-dom with the browser build of Svelte.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/renderer/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [svelte({ configFile: false, compilerOptions: { dev: false } })],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['test/unit/renderer/**/*.test.ts'],
          environment: 'happy-dom',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
