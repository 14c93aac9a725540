// Starts the built app for Playwright on a fresh database: a new PGlite directory, or, when
// TEST_DATABASE_URL is set, a new uniquely named PostgreSQL database that is dropped on exit; with
// the specs' factories loaded into it under Playwright (factory-host.mjs).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const env = { ...process.env }
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-e2e-'))
env.DATA_DIR = dataDir
let dropDb = async () => {}

if (process.env.TEST_DATABASE_URL) {
  const name = `setu_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
  dropDb = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await c.end()
  }
}

// Under Playwright (E2E_FACTORIES=1, playwright.config.ts), the factory host lets the specs make their
// own users and products in this database (factory-host.mjs); other callers (the Lighthouse script) get
// the plain server.
const preload = process.env.E2E_FACTORIES === '1' ? ['--import', './tests/e2e/support/factory-host.mjs'] : []
const child = spawn(process.execPath, [...preload, 'server/start.mjs'], { env, stdio: 'inherit' })
let exiting = false
async function cleanup(code) {
  if (exiting) return
  exiting = true
  try {
    await dropDb()
  } catch (err) {
    console.error('[e2e] could not drop database', err)
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
}
child.on('exit', (code) => cleanup(code))
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    else cleanup(0)
  })
}
