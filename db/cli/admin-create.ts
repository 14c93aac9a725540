// npm run admin:create -- --email ops@example.com --name "Full Name" --role super_admin
// Creates an admin account (ADR 012) in the database the app would open; how the first
// super_admin comes to exist in production. The password comes from ADMIN_PASSWORD or a prompt
// (never a command-line argument, which other users of the machine can read in the process list).
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { getDb } from '../../app/lib/db.server'
import { recordAudit } from '../../app/modules/admin/audit.server'
import { createAdminAccount } from '../../app/modules/admin/admin-create.server'
import { ADMIN_ROLES } from '../../app/domain'
import { ADMIN_EMAIL_MAX, ADMIN_NAME_MAX, ADMIN_NAME_MIN } from '../../app/modules/admin/schemas'
import { checkPasswordPolicy } from '../../app/modules/accounts/password-policy.server'
import { runCommand, withAppDatabase } from './command'

const ArgsSchema = z.object({
  email: z.email({ error: 'a valid --email is required' }).max(ADMIN_EMAIL_MAX),
  name: z.string().trim().min(ADMIN_NAME_MIN, { error: `--name must be ${ADMIN_NAME_MIN} to ${ADMIN_NAME_MAX} characters` }).max(ADMIN_NAME_MAX),
  role: z.enum(ADMIN_ROLES, { error: `--role must be one of ${ADMIN_ROLES.join(', ')}` }),
})

const PROBLEMS: Record<string, string> = {
  'auth:validation.passwordMin': 'the password must be at least 8 characters',
  'auth:validation.passwordTooLong': 'the password must be at most 128 characters',
  'auth:validation.passwordCommon': 'the password is on the list of common or breached passwords',
  'auth:validation.passwordLikeIdentity': 'the password must not be the email or the name',
}

/** Reads a line from the terminal without echoing it. */
function promptPassword(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
    const out = rl as unknown as { _writeToOutput: (s: string) => void }
    let asked = false
    out._writeToOutput = (s: string) => {
      if (!asked) {
        process.stdout.write(s)
        asked = true
      }
    }
    rl.question(question, (answer) => {
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
  })
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } }, strict: true })
  const args = ArgsSchema.safeParse({ email: values.email?.trim().toLowerCase(), name: values.name, role: values.role ?? 'super_admin' })
  if (!args.success) throw new Error(args.error.issues.map((i) => i.message).join('; '))
  const password = process.env.ADMIN_PASSWORD ?? (process.stdin.isTTY ? await promptPassword('Password for the new admin: ') : '')
  if (!password) throw new Error('set ADMIN_PASSWORD or run in a terminal to be asked for the password')
  const problem = await checkPasswordPolicy(password, { email: args.data.email, name: args.data.name })
  if (problem) throw new Error(PROBLEMS[problem] ?? 'the password is not allowed')

  await withAppDatabase(async () => {
    const created = await createAdminAccount({ email: args.data.email, fullName: args.data.name, role: args.data.role, password })
    if ('error' in created) throw new Error(`an admin with the email ${args.data.email} already exists`)
    await recordAudit({
      admin: null,
      action: 'admin_create',
      targetType: 'admin_user',
      targetId: created.id,
      newValue: { email: args.data.email, role: args.data.role, via: 'cli' },
      request: new Request('http://localhost/', { headers: { 'User-Agent': 'setu admin:create' } }),
    }, getDb())
    console.log(`[setu] created ${args.data.role} ${args.data.email}; sign in at /admin/login.`)
  })
}

runCommand('admin:create', main)
