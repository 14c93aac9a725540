import type { Route } from './+types/kyc-document'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { recordSecurityEvent } from '~/lib/security-events.server'
import { verifySignedUrl } from '~/lib/storage.server'
import { getCurrentUser, requireUser } from '~/modules/accounts/index.server'
import { canViewKycDocument, parseKycDocumentKey } from '~/modules/kyc'
import { readKycDocumentByKey, readKycDocumentOfUser, type KycDocument } from '~/modules/kyc/index.server'

/** Spec §9: storage cache control 3600 seconds; `private` keeps shared caches out. */
const MAX_AGE = 3600

function fileResponse(doc: KycDocument, maxAge = MAX_AGE) {
  return storedFileResponse(doc, {
    disposition: 'inline',
    userNamed: false,
    cacheControl: `private, max-age=${Math.max(0, Math.floor(maxAge))}`,
    headers: { Vary: 'Cookie' },
  })
}

// Identity papers: every open is logged before the bytes leave, and a failed write refuses the
// file rather than serve it unrecorded.
function recordOpen(request: Request, openerId: string | null, ownerId: string | null, access: 'session' | 'signed_url') {
  return recordSecurityEvent({ type: 'kyc_document_opened', userId: openerId, request, details: { ownerId, access } })
}

const text = (body: string, status: number) => fileRefusalText(body, status, 'no-store')

/**
 * GET /kyc-document: the signed-in user's own KYC document, or `?user=<id>` for someone else's
 * (refused unless canViewKycDocument allows it). A signed URL (?key&expires&sig) opens the file it
 * names until it expires, without a session; admins get such links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const message = async (key: 'forbidden' | 'notFound' | 'linkInvalid') => (await getI18n(request, context)).t(`kyc:document.${key}`)
  if (params.has('sig') || params.has('key')) {
    const key = verifySignedUrl(params)
    if (!key) return text(await message('linkInvalid'), 403)
    const doc = await readKycDocumentByKey(key)
    if (!doc) return text(await message('notFound'), 404)
    // The link works without a session; whoever is signed in while opening it is recorded too.
    const opener = await getCurrentUser(request)
    await recordOpen(request, opener?.id ?? null, parseKycDocumentKey(key)?.userId ?? null, 'signed_url')
    const remaining = Number(params.get('expires')) - Date.now() / 1000
    return fileResponse(doc, Math.min(MAX_AGE, remaining))
  }
  const user = await requireUser(request)
  const ownerId = params.get('user') ?? user.id
  if (!canViewKycDocument({ id: user.id }, ownerId)) return text(await message('forbidden'), 403)
  const doc = await readKycDocumentOfUser(ownerId)
  if (!doc) return text(await message('notFound'), 404)
  await recordOpen(request, user.id, ownerId, 'session')
  return fileResponse(doc)
}
