// Where the e2e server's factory host listens (tests/e2e/support/factory-host.mjs): a Unix socket
// named after the lane's port, so each lane's tests reach their own server's database.
import os from 'node:os'
import path from 'node:path'

/** The factory socket of the e2e server on `port`. */
export function factorySocketPath(port) {
  return path.join(os.tmpdir(), `setu-e2e-factories-${port}`, 'factories.sock')
}
