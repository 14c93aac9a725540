// Fuzzing, part 3: the seller workspace (routes/seller/*). The harness and its properties are in
// tests/fuzz/run.ts, the parameters per route in tests/fuzz/targets.ts.
import { FUZZ_TARGETS } from '../fuzz/targets'
import { fuzzRoutes, setUpFuzzing } from '../fuzz/run'

setUpFuzzing()
fuzzRoutes(Object.keys(FUZZ_TARGETS).filter((id) => id.startsWith('routes/seller/')))
