// Fuzzing, part 1: the public pages (routes/public/*). The harness and its properties are in
// tests/fuzz/run.ts, the parameters per route in tests/fuzz/targets.ts. Split from
// fuzz-accounts.test.ts (about equal cost) so that two Vitest workers can run the halves side by side.
import { FUZZ_TARGETS } from '../fuzz/targets'
import { fuzzCoverage, fuzzRoutes, replay, setUpFuzzing } from '../fuzz/run'

setUpFuzzing()
await fuzzCoverage()
replay([
  // A long path parameter pushed React Router's own 405 text past what the check allowed for.
  { path: `/products/${encodeURIComponent('😀'.repeat(400))}`, query: '', method: 'POST', mode: 'data' },
])
fuzzRoutes(Object.keys(FUZZ_TARGETS).filter((id) => id.startsWith('routes/public/')))
