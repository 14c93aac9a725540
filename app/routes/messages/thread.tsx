import { randomUUID } from 'node:crypto'
import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/thread'
import { MESSAGE_ATTACHMENT } from '~/domain/uploads'
import { parseSubmission, type FieldErrors } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { limitInit } from '~/lib/rate-limit.server'
import { seoMeta } from '~/lib/seo'
import { checkUploads, chosenFiles, readUploadForm } from '~/lib/uploads.server'
import { requireUser } from '~/modules/accounts/index.server'
import { getParticipation, getThread, markConversationRead, reportConversation, sendMessage, setBlock } from '~/modules/messaging/index.server'
import { LiveMessages, MarkReadSchema, parseBeforeSeq, parseSendForm, REPORT_FORM, ReportConversationSchema, type SafetyAnswer, type SendAnswer, Thread } from '~/modules/messaging'
import { isSeller } from '~/modules/accounts'

// One conversation (issue 9 items 3 and 6). Only its two participants reach it; anyone else, a forged or
// a malformed id: the 404 page, before any form is read, nothing written. The loader only reads: the page
// posts 'read' once it has shown the messages (so a prefetch or a crawler never marks anything read).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const locale = getLocale(context) as Language
  const url = new URL(request.url)
  const thread = user.profile ? await getThread(user.profile.id, params.conversationId, { locale, beforeSeq: parseBeforeSeq(url.searchParams) }) : null
  if (!thread) throw data(null, { status: 404 })
  const i18n = await getI18n(request, context)
  const backTo = isSeller(user.profile) ? '/dashboard/messages' : '/messages'
  return { thread, clientKey: randomUUID(), locale, backTo, origin: publicOrigin(request), title: i18n.t('messages:thread.title', { name: thread.other.name }) }
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? seoMeta({ title: loaderData.title, description: loaderData.title, origin: loaderData.origin, path: location.pathname, locale: loaderData.locale, noindex: true }) : []

/** Marking read changes nothing on this page (the header's badge revalidates in the root). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'read') return false
  return defaultShouldRevalidate
}

const bad = (fieldErrors: FieldErrors, status: number, init?: ResponseInit) => data({ ok: false as const, fieldErrors }, { ...init, status })

/**
 * 'send' (text and/or files), 'read' (up to a message), 'report', 'block', 'unblock'. The body may carry
 * five 10 MB files (bodyLimits in app/entry.server.tsx), so it is read with that limit, and only after the
 * caller is known to be a participant.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const part = user.profile ? await getParticipation(user.profile.id, params.conversationId) : null
  if (!part || !user.profile) throw data(null, { status: 404 })
  const me = user.profile.id
  const body = await readUploadForm(request, MESSAGE_ATTACHMENT)
  if (!body.ok) return bad({ form: body.reason === 'tooLarge' ? 'messages:errors.requestTooLarge' : 'messages:errors.badRequest' }, body.reason === 'tooLarge' ? 413 : 400)
  const form = body.formData
  switch (form.get('intent')) {
    case 'send': {
      const files = chosenFiles(form.getAll(MESSAGE_ATTACHMENT.field))
      const parsed = parseSendForm(form, files.length)
      if (!parsed.ok) return bad(parsed.fieldErrors, 400)
      const checked = await checkUploads(MESSAGE_ATTACHMENT, files)
      if (!checked.ok) return bad({ files: checked.error }, checked.status)
      const result = await sendMessage(part, me, parsed.value, checked.files)
      if (!result.ok) return bad({ form: result.error }, result.status, result.limit && limitInit(result.limit))
      return data<SendAnswer>({ ok: true, seq: result.seq, nextKey: randomUUID() })
    }
    case 'read': {
      const parsed = MarkReadSchema.safeParse({ seq: form.get('seq') })
      if (!parsed.success) return bad({ form: 'messages:errors.badRequest' }, 400)
      await markConversationRead(part, parsed.data.seq)
      return data<SafetyAnswer>({ ok: true })
    }
    case 'report': {
      const parsed = parseSubmission(ReportConversationSchema, form, REPORT_FORM)
      if (!parsed.ok) return bad(parsed.fieldErrors, 400)
      const result = await reportConversation(part, me, parsed.value.reason)
      if (!result.ok) return bad({ form: result.error }, result.status)
      return data<SafetyAnswer>({ ok: true })
    }
    case 'block':
    case 'unblock':
      await setBlock(part, me, form.get('intent') === 'block')
      return data<SafetyAnswer>({ ok: true })
    default:
      return bad({ form: 'messages:errors.badRequest' }, 400)
  }
}

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const sendAnswer = actionData && 'seq' in actionData ? (actionData as SendAnswer) : actionData && !actionData.ok ? (actionData as SendAnswer) : undefined
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <Thread thread={loaderData.thread} clientKey={loaderData.clientKey} locale={loaderData.locale} sendAnswer={sendAnswer} backTo={loaderData.backTo} />
      <LiveMessages conversationId={loaderData.thread.id} />
    </div>
  )
}
