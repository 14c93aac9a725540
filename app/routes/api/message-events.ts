import type { Route } from './+types/message-events'
import { getI18n } from '~/lib/i18next.server'
import { getCurrentUser } from '~/modules/accounts/index.server'
import { openMessageStream, parseResumePosition } from '~/modules/messaging/index.server'

/**
 * GET /messages/events: the signed-in user's live message events as server-sent events (ADR 011).
 * EventSource cannot follow a redirect to the login page, so anyone without a profile gets a plain 401;
 * a request that does not accept text/event-stream gets 406.
 * Resumes after `Last-Event-ID` (the browser sends it on reconnect) or `?since=<seq>`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refuse = async (status: 401 | 406, key: 'signInRequired' | 'streamOnly') =>
    new Response((await getI18n(request, context)).t(`notifications:messagesLive.${key}`), {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  const user = await getCurrentUser(request)
  if (!user?.profile) return refuse(401, 'signInRequired')
  // Only an event-stream client gets the stream (EventSource always asks for it). Anything else — a
  // page load, React Router's `.data` fetch, which would wait for the body to end — gets a short 406.
  if (!/\btext\/event-stream\b/i.test(request.headers.get('Accept') ?? '')) return refuse(406, 'streamOnly')
  const url = new URL(request.url)
  const since = parseResumePosition(request.headers.get('Last-Event-ID'), url.searchParams.get('since'))
  const stream = openMessageStream({ profileId: user.profile.id, since, signal: request.signal })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Vary: 'Cookie',
    },
  })
}
