// Fuzzing, part 2: everything but the public pages (auth, account, API and dev routes), half the runs
// of routes with an action POSTs. The harness and its properties are in tests/fuzz/run.ts, the
// parameters per route in tests/fuzz/targets.ts.
import { FUZZ_TARGETS } from '../fuzz/targets'
import { fuzzRoutes, replay, setUpFuzzing } from '../fuzz/run'

setUpFuzzing()
replay([
  // 500: PostgreSQL refuses a NUL in text; the outbox filter and the reset token passed it on.
  { path: '/dev/outbox', query: '?to=%00' },
  { path: '/dev/outbox', query: '?to=a%00b%40example.com', mode: 'data', actor: 'buyer' },
  { path: '/reset-password', query: '?token=%00' },
  {
    path: '/reset-password',
    query: '',
    method: 'POST',
    body: { body: 'token=a%00&password=n3w-Secret-pass&confirmPassword=n3w-Secret-pass', contentType: 'application/x-www-form-urlencoded', text: '' },
  },
  // 500: a malformed minimum budget reached the exact min ≤ max comparison (BigInt of a NUL).
  {
    path: '/create-rfq',
    query: '',
    method: 'POST',
    mode: 'data',
    actor: 'approvedSeller',
    body: { body: 'budgetMax=0&budgetMin=%00', contentType: 'application/x-www-form-urlencoded', text: '' },
  },
  // A cross-site post to a path no route matches (a line break in it) is a 404 before any middleware.
  { path: '/api/auth/%0D%0ASet-Cookie%3A%20pwned%3D1', query: '', method: 'POST', mode: 'data', origin: 'cross', crossSiteHeaders: { Origin: 'https://evil.example' } },
])
fuzzRoutes(Object.keys(FUZZ_TARGETS).filter((id) => !id.startsWith('routes/public/') && !id.startsWith('routes/seller/') && !id.startsWith('routes/admin/')))
