/**
 * `npm run mutate`'s file-by-file run (scripts/mutate.mjs; docs/testing.md, "Running it"): the
 * files the config's globs name, the `--files` choice, each file's own names, and the score of
 * each folder from Stryker's JSON reports as docs/testing.md counts it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../integration/store/temp';

interface FolderScore { files: number; killed: number; alive: number; compileErrors: number; score: number | null }
/** scripts/mutate.mjs: a plain ES module, without types. */
interface MutateScript {
  filesOf(root: string, glob: string): string[];
  flatName(file: string): string;
  takeFiles(args: string[]): { rest: string[]; only: string[] | null };
  folderScores(reports: readonly { files: Record<string, { mutants: { status: string }[] }> }[], folders: string[]): Record<string, FolderScore>;
}
const { filesOf, flatName, folderScores, takeFiles } = (await import(new URL('../../scripts/mutate.mjs', import.meta.url).href)) as MutateScript;

const tmp = tempFolder('cp-mutate-');
afterAll(() => tmp.cleanup());

describe('the files of a glob', () => {
  it('every .ts file under the folder, in path order, .d.ts and other files left out', () => {
    for (const f of ['app/domain/b.ts', 'app/domain/a.ts', 'app/domain/hand/fold.ts', 'app/domain/types.d.ts', 'app/domain/notes.md', 'app/other/x.ts']) {
      mkdirSync(dirname(join(tmp.dir, f)), { recursive: true });
      writeFileSync(join(tmp.dir, f), '');
    }
    expect(filesOf(tmp.dir, 'app/domain/**/*.ts')).toEqual(['app/domain/a.ts', 'app/domain/b.ts', 'app/domain/hand/fold.ts']);
    expect(filesOf(tmp.dir, 'app/none/**/*.ts')).toEqual([]);
  });

  it('refuses a glob of another form, naming it', () => {
    expect(() => filesOf(tmp.dir, 'app/domain/*.ts')).toThrow('mutate: a glob of the form dir/**/*.ts expected, not app/domain/*.ts');
  });

  it('the config\'s globs name the five folders\' files, in them and in their subfolders', () => {
    const files = ['app/domain', 'app/services', 'app/terminal', 'hardware/decoders', 'hardware/protocol'].flatMap((d) => filesOf('.', `${d}/**/*.ts`));
    expect(files).toContain('app/domain/hand/fold.ts');
    expect(files).toContain('hardware/protocol/receiver.ts');
    expect(files.every((f) => f.endsWith('.ts'))).toBe(true);
  });
});

describe('--files and the names of a file\'s own reports', () => {
  it('takes the list out of the arguments, the rest for Stryker', () => {
    expect(takeFiles(['--concurrency', '2', '--files', 'app/domain/hand/, app/services/report.ts', '--force'])).toEqual({
      rest: ['--concurrency', '2', '--force'], only: ['app/domain/hand', 'app/services/report.ts'],
    });
    expect(takeFiles(['--force'])).toEqual({ rest: ['--force'], only: null });
  });

  it('refuses --files without a list', () => {
    expect(() => takeFiles(['--files'])).toThrow('mutate: --files needs a comma-separated list of files or folders');
    expect(() => takeFiles(['--files', '--force'])).toThrow('--files needs');
  });

  it('a file\'s path with its slashes made double underscores', () => {
    expect(flatName('app/domain/hand/fold.ts')).toBe('app__domain__hand__fold.ts');
  });
});

describe('the score of each folder', () => {
  const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

  it('killed and timed out over those and the survived and not covered; compile errors and the rest not counted', () => {
    const reports: Parameters<MutateScript['folderScores']>[0] = [
      { files: { 'app/domain/cards.ts': mutants('Killed', 'Killed', 'Timeout', 'Survived', 'CompileError', 'Ignored') } },
      { files: { 'app/domain/hand/fold.ts': mutants('Killed', 'NoCoverage', 'RuntimeError'), 'app/services/store.ts': mutants('Killed') } },
      { files: { 'renderer/x.ts': mutants('Survived') } },
    ];
    expect(folderScores(reports, ['app/domain', 'app/services', 'app/terminal'])).toEqual({
      'app/domain': { files: 2, killed: 4, alive: 2, compileErrors: 1, score: 66.7 },
      'app/services': { files: 1, killed: 1, alive: 0, compileErrors: 0, score: 100 },
      'app/terminal': { files: 0, killed: 0, alive: 0, compileErrors: 0, score: null },
    });
  });

  it('a folder is matched by its path and a slash: app/domain-extra is not app/domain', () => {
    expect(folderScores([{ files: { 'app/domain-extra/a.ts': mutants('Killed') } }], ['app/domain'])['app/domain'].files).toBe(0);
  });
});
