import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (see docs/testing.md).
 *
 * Only tests that run in this process: the runner activates a mutant through a global of the
 * vitest worker, so a test that drives a child process (a CLI, a second writer, the audit's
 * worker threads), a socat pseudo-terminal, Chromium or PostgreSQL would test the code without
 * the mutant, and is slow besides. Those stay in `npm test`. The renderer's component tests
 * import none of the five mutated folders and are left out too. The web tests that drive a
 * terminal in this process through its front door (test/integration/web, but for those that
 * only start processes or check the Electron build) are in: they are what calls the handler
 * map and the floor's views.
 *
 * Stryker narrows further: `vitest related` keeps only the files that import a mutated file,
 * and per-test coverage runs for each mutant only the tests that executed it.
 *
 * `STRYKER_TESTS` (comma-separated globs) replaces the list, e.g. a module's own unit tests:
 *   STRYKER_TESTS='test/unit/domain/cards*.test.ts' npm run mutate -- --mutate app/domain/cards.ts
 * Use it rather than Stryker's `--testFiles`: with `--testFiles`, Stryker 9.6.1 activates a
 * static mutant (a module-level value) after the module has loaded, and reports it survived
 * (stryker-js issue 6144).
 */
const only = process.env.STRYKER_TESTS?.split(',').map((g) => g.trim()).filter((g) => g.length > 0);

const spawning = [
  'test/integration/services/cli.test.ts',
  'test/integration/services/one-writer.test.ts',
  'test/integration/services/report.test.ts',
  'test/integration/services/staff-cli.test.ts',
  'test/integration/store/ack-after-commit.test.ts',
  'test/integration/store/bench-quick.test.ts',
  'test/integration/store/crash-recovery.test.ts',
  'test/integration/store/parallel-audit.test.ts',
  'test/integration/store/table-audit.test.ts',
  'test/integration/store/writer-lock.test.ts',
  'test/unit/hardware/ports.test.ts',
  'test/integration/web/electron-builder-config.test.ts',
  'test/integration/web/electron-main.test.ts',
  'test/integration/web/electron-native.test.ts',
  'test/integration/web/one-writer.test.ts',
  'test/integration/web/serve-process.test.ts',
  'test/integration/web/start-script.test.ts',
];

export default defineConfig({
  test: {
    name: 'stryker',
    include: only?.length
      ? only
      : ['test/unit/**/*.test.ts', 'test/integration/services/**/*.test.ts', 'test/integration/store/**/*.test.ts', 'test/integration/web/**/*.test.ts'],
    exclude: ['test/unit/renderer/**', '**/node_modules/**', ...spawning],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
