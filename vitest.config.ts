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
const markLines = new Map(
  ['app', 'db', 'tests/integration']
    .flatMap(testFilesIn)
    .map((file) => [file, fs.readFileSync(file, 'utf8').split('\n', 12).find((line) => line.startsWith(NO_DATABASE_MARK))] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined),
)
const withoutDatabase = [...markLines.keys()]

// `npm test` runs Vitest twice, on PGlite and then on PostgreSQL (scripts/test.mjs). A file without
// the per-file database gives the same result on both passes (the servers such files start use a
// PGlite of their own, or a PostgreSQL cluster of their own), so on the PostgreSQL pass, which
// scripts/test.mjs marks with VITEST_POSTGRES_PASS=1, only those whose mark says `@postgres` run again:
// they have a part that needs TEST_DATABASE_URL's server (cluster.test.ts).
const postgresPass = process.env.VITEST_POSTGRES_PASS === '1'
const noDatabaseFiles = postgresPass ? withoutDatabase.filter((file) => /@postgres\b/.test(markLines.get(file)!)) : withoutDatabase

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
      { extends: true, test: { name: 'no-database', include: noDatabaseFiles.length > 0 ? noDatabaseFiles : ['no-such-file'] } },
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
