// npm run db:seed — loads the demo data into the database the app would open (DATABASE_URL, or
// the embedded PGlite database in DATA_DIR), applying migrations first. Safe to run again.
import { getDb } from '../../app/lib/db.server'
import { DEMO_ACCOUNTS, DEMO_ADMINS, demoCategories, demoProducts, demoSellers, seedDemoData } from '../seed'
import { runCommand, withAppDatabase } from './command'

runCommand('db:seed', () =>
  withAppDatabase(async (where) => {
    const { created } = await seedDemoData(getDb())
    if (!created) {
      console.log(`[setu] demo data is already present in ${where}; nothing was changed.`)
      return
    }
    const topLevel = demoCategories.filter((c) => c.parentId === null).length
    console.log(
      `[setu] demo data loaded into ${where}: ${topLevel} categories with ${demoCategories.length - topLevel} ` +
        `subcategories, ${demoSellers.length} sellers, ${demoProducts.length} products.`,
    )
    console.log('[setu] demo logins:')
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const kyc = account.kycStatus ? `, KYC ${account.kycStatus}` : ''
      console.log(`  ${account.email.padEnd(30)} ${account.password}   (${account.userType}, ${account.country}${kyc})`)
    }
    console.log('[setu] demo admin logins (/admin/login):')
    for (const admin of Object.values(DEMO_ADMINS)) console.log(`  ${admin.email.padEnd(30)} ${admin.password}   (${admin.role})`)
  }),
)
