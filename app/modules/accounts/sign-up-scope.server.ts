// What one sign-up (registerAccount) knows that better-auth's hooks do not: the page language, and
// the verification email the hook queued, held until the sign-up commits (ADR 021, issue 26 item 3).
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Language } from '~/lib/i18n'

export type SignUpScope = { language: Language; heldEmailIds: string[] }

const scope = new AsyncLocalStorage<SignUpScope>()

/** Runs `fn` (the call to better-auth's sign-up) inside a sign-up scope; returns what the hooks recorded. */
export async function withSignUp<T>(language: Language, fn: () => Promise<T>): Promise<{ result: T; scope: SignUpScope }> {
  const store: SignUpScope = { language, heldEmailIds: [] }
  const result = await scope.run(store, fn)
  return { result, scope: store }
}

/** The sign-up in progress, if the caller is inside one. */
export function currentSignUp(): SignUpScope | undefined {
  return scope.getStore()
}
