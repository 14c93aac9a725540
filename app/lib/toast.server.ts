import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'
import { appSecret } from './secret.server'

/** A one-time message shown after a redirect. `key` is an i18n key such as 'auth:signedOut'. */
export const ToastSchema = z.object({
  type: z.enum(['success', 'error', 'info']).default('info'),
  key: z.string(),
  values: z.record(z.string(), z.string()).optional(),
})
export type Toast = z.infer<typeof ToastSchema>

type ToastData = { toast: Toast }
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: 'setu_toast',
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secrets: [appSecret()],
      secure: process.env.NODE_ENV === 'production' && !!process.env.APP_URL?.startsWith('https'),
    },
  })
  return storage
}

/** Set-Cookie header value carrying a toast for the next page. */
export async function toastHeader(request: Request, toast: Toast) {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  session.flash('toast', toast)
  return toastStorage().commitSession(session)
}

/** Redirects and shows `toast` on the next page. */
export async function redirectWithToast(request: Request, url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastHeader(request, toast))
  return redirect(url, { ...init, headers })
}

/** Reads (and clears) the pending toast. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get('toast'))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { 'Set-Cookie': await toastStorage().destroySession(session) } : undefined,
  }
}
