// npm run db:migrate — applies the committed migrations to the database the app would open
// (DATABASE_URL, or the embedded PGlite database in DATA_DIR).
import { runCommand, withAppDatabase } from './command'

runCommand('db:migrate', () =>
  withAppDatabase(async (where) => {
    console.log(`[setu] migrations applied to ${where}; the schema is up to date.`)
  }),
)
