// Fuzzing, part 4: the admin panel (routes/admin/*), as every marketplace actor and, on about three
// runs in four, with a super_admin's or a moderator's admin session as well, so the panel's loaders
// and actions read hostile filters, ids and forms from a signed-in admin. A file of its own: an
// admin's accepted acts (a suspension, a KYC decision) change the database the other files fuzz.
import { FUZZ_TARGETS } from '../fuzz/targets'
import { FUZZ_RUNS, fuzzRoutes, setUpFuzzing } from '../fuzz/run'

setUpFuzzing()
// Half the runs of the other files: each admin request also checks an admin session, and most of the
// panel's parameters are ids and enums that fewer runs cover (CI: 500 on PGlite, 100 on PostgreSQL).
fuzzRoutes(
  Object.keys(FUZZ_TARGETS).filter((id) => id.startsWith('routes/admin/')),
  { runs: Math.max(1, Math.ceil(FUZZ_RUNS / 2)) },
)
