// @no-database: this file runs without the per-file test database (vitest.config.ts)
// How scripts/e2e-lanes.mjs splits the Playwright spec files between its lanes.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without type declarations
import { assignLanes, secondsPerFile } from '../../scripts/e2e-lanes.mjs'

type Lane = { seconds: number; files: string[] }
const split = (files: string[], seconds: Record<string, number>, lanes: number) => assignLanes(files, seconds, lanes) as Lane[]

describe('assignLanes', () => {
  it('puts every file in exactly one lane', () => {
    const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts']
    const lanes = split(files, { 'a.spec.ts': 100, 'c.spec.ts': 5 }, 2)
    expect(lanes.flatMap((l) => l.files).sort()).toEqual(files)
    expect(lanes).toHaveLength(2)
  })

  it('balances by recorded seconds, longest first, not by the number of files', () => {
    const lanes = split(['long.spec.ts', 'x.spec.ts', 'y.spec.ts', 'z.spec.ts'], { 'long.spec.ts': 300, 'x.spec.ts': 100, 'y.spec.ts': 100, 'z.spec.ts': 90 }, 2)
    expect(lanes.map((l) => l.files)).toEqual([['long.spec.ts'], ['x.spec.ts', 'y.spec.ts', 'z.spec.ts']])
    expect(lanes.map((l) => l.seconds)).toEqual([300, 290])
  })

  it('counts a file without a record as 30 seconds', () => {
    const lanes = split(['new.spec.ts', 'old.spec.ts'], { 'old.spec.ts': 20 }, 2)
    expect(lanes.map((l) => l.seconds).sort()).toEqual([20, 30])
  })

  it('leaves no lane empty when there are fewer files than lanes, and one lane runs all', () => {
    expect(split(['only.spec.ts'], {}, 3)).toEqual([{ seconds: 30, files: ['only.spec.ts'] }])
    expect(split(['b.spec.ts', 'a.spec.ts'], {}, 1)).toEqual([{ seconds: 60, files: ['a.spec.ts', 'b.spec.ts'] }])
  })

  it('has a record for every spec file, and none for a file that is gone', () => {
    const recorded = Object.keys(JSON.parse(fs.readFileSync('tests/e2e/lanes.json', 'utf8')).seconds).sort()
    const specs = fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts')).sort()
    expect(recorded).toEqual(specs)
  })

  it('records seconds per spec file from a Playwright JSON report, retries and nested suites included', () => {
    const report = {
      suites: [
        { specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1500 }, { duration: 500 }] }] }], suites: [] },
        { specs: [], suites: [{ specs: [{ file: 'dir/b.spec.ts', tests: [{ results: [{ duration: 250 }] }, { results: [{ duration: 750 }] }] }] }] },
      ],
    }
    expect(secondsPerFile(report)).toEqual({ 'a.spec.ts': 2, 'b.spec.ts': 1 })
  })
})
