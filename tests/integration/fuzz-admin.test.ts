// Fuzzing, part 4: the admin panel (routes/admin/*), as every marketplace actor and, on about three
// runs in four, with a super_admin's or a moderator's admin session as well, so the panel's loaders
// and actions read hostile filters, ids and forms from a signed-in admin. A file of its own: an
// admin's accepted acts (a suspension, a KYC decision) change the database the other files fuzz.
import { FUZZ_TARGETS } from '../fuzz/targets'
import { fuzzRoutes, setUpFuzzing } from '../fuzz/run'

setUpFuzzing()
fuzzRoutes(Object.keys(FUZZ_TARGETS).filter((id) => id.startsWith('routes/admin/')))
