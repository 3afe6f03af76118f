/**
 * The bench runs (`npm run bench -- --quick`, its smoke test: never its figures, which are the
 * bench's business, not a test's): the settle and store sections give every figure the speed
 * targets are checked on, and the runner checks them on figures of the same run.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function bench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const positive = expect.any(Number);

describe('npm run bench -- --quick', () => {
  it('settle and store: every figure of the speed targets, and the targets checked on them', async () => {
    const r = await bench('--quick', '--json', '--only', 'settle,store');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & { store: Record<string, number>; targets: Record<string, Record<string, unknown>> };
    expect(out.settlePerSec).toBeGreaterThan(0);
    for (const k of ['fsyncFloorUs', 'serviceEventUs', 'serviceOverFsyncFloor', 'bareReadSec', 'verifyLogSec', 'replaySec', 'verify100kHandsSec',
      'auditOverBareRead', 'replayOverBareRead', 'verifyLogOverBareRead', 'rebuildSec']) {
      expect(out.store[k], k).toBeGreaterThan(0);
    }
    expect(out.store.auditOverBareRead).toBeCloseTo(out.store.verify100kHandsSec / out.store.bareReadSec, 2);
    // The yardstick of the audit: the bare reads right before and right after it (of three, in the order run).
    const reads = out.store.bareReadsSec as unknown as number[];
    expect(reads).toEqual([positive, positive, positive]);
    expect(out.store.bareReadSec).toBeCloseTo((reads[1] + reads[2]) / 2, 1);
    // Without the evaluator section the settle target is checked against 100,000 a second only.
    expect(out.targets.settle).toMatchObject({ settlePerSec: positive, evaluatorOver1000: null, settleOverEvaluator: null, ok: expect.any(Boolean) });
    expect(out.targets.audit).toMatchObject({ auditOverBareRead: out.store.auditOverBareRead, replayOverBareRead: out.store.replayOverBareRead, ok: out.store.auditOverBareRead <= 1.5 });
    expect(out.targets.service).toMatchObject({ serviceOverFsyncFloor: out.store.serviceOverFsyncFloor, ok: out.store.serviceOverFsyncFloor <= 2 });
  }, 180_000);

  it('as a table: one section per part, the targets last', async () => {
    const r = await bench('--quick', '--only', 'settle');
    expect(r.code, r.stderr).toBe(0);
    const sections = r.stdout.split('\n').filter((line, i, all) => /^-+$/.test(all[i + 1] ?? '') && line !== '');
    expect(sections).toEqual(['settle', 'targets (each a ratio of figures of this run)']);
    expect(r.stdout).toMatch(/settlePerSec >= 100,000 and >= evaluator\.ours \/ 1000 +\d+ \/s +(ok|MISSED): [\d,]+ \/s \(evaluator not run\)/);
  }, 60_000);
});
