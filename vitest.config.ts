import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const INCLUDE = ['app/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts']
/** A test file with a line starting so near its top runs without the per-file database (see below). */
const NO_DATABASE_MARK = '// @no-database'

function testFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.relative(import.meta.dirname, path.join(entry.parentPath, entry.name))
    return entry.isFile() && file.endsWith('.test.ts') && !file.includes('node_modules') ? [file] : []
  })
}

// Test files that say so in their first lines skip tests/setup-db.ts: pure functions, scripts' logic,
// and files that start their own servers. Opening a copy of the migrated database (and importing the
// database code) costs every file 1–3 s on a busy 2-core machine: 29 such files took 63 s with a
// database each and 15 s without. A file that does need one and lacks the line fails on its first
// query with "Database not initialised".
const withoutDatabase = ['app', 'db', 'tests/integration']
  .flatMap(testFilesIn)
  .filter((file) => fs.readFileSync(file, 'utf8').split('\n', 12).some((line) => line.startsWith(NO_DATABASE_MARK)))

// The fuzz files and the access matrices take 30–220 s each, most of the suite's time. Vitest runs the
// longest files first when it has timings from an earlier run, but a fresh clone (CI) has none and it
// then starts the largest files first: the fuzz files are a few lines long, so they started last, and
// the run ended with one worker busy and the other idle. These start first either way.
const LONG_FILES = /(^|\/)(fuzz-[\w-]+|[\w-]*access-matrix)\.test\.ts$/

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const long = (file: TestSpecification) => LONG_FILES.test(file.moduleId)
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))]
  }
}

export default defineConfig({
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
    // Two test files at a time even on a 2-core machine (Vitest's default there is one): the long
    // files (fuzzing, the access matrix) are CPU-bound in this process while others wait on the
    // database, and a 2-core run of the whole suite took 188 s with two workers against about 300 s
    // with one. VITEST_MAX_WORKERS overrides it (1 to debug an ordering problem).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'no-database', include: withoutDatabase.length > 0 ? withoutDatabase : ['no-such-file'] } },
      {
        extends: true,
        test: {
          name: 'database',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...withoutDatabase],
          // One migrated database for the run, copied for each file (tests/global-setup.ts).
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup-db.ts'],
        },
      },
    ],
  },
})
