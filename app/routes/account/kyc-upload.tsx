import { ExternalLink, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/kyc-upload'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { GateCard, SignInGate } from '~/components/gate-card'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { KYC_DOCUMENT } from '~/domain/uploads'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { enforceLimit, limitInit } from '~/lib/rate-limit.server'
import { checkUpload, readUploadForm } from '~/lib/uploads.server'
import { getCurrentUser, getUnverifiedEmail, requireUser, throwSignInRequired } from '~/modules/accounts/index.server'
import { getKycOverview, KycUploadRefusedError, storeKycDocument } from '~/modules/kyc/index.server'
import { KycGuidance, KycStatusBadge, KycStatusNotice, KycUploadForm } from '~/modules/kyc'
import { isSeller } from '~/modules/accounts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, user] = await Promise.all([getI18n(request, context), getCurrentUser(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('kyc:page.title'), description: i18n.t('kyc:page.description') }
  // Spec §2: anonymous visitors get a 'Login Required' page here, not a redirect; spec §8: an unverified session goes to verify.
  if (!user && (await getUnverifiedEmail(request))) return throwSignInRequired(request)
  if (!user) return { ...page, state: 'anonymous' as const, kyc: null }
  const kyc = user.profile ? await getKycOverview(user.id) : null
  if (!kyc) return { ...page, state: 'noProfile' as const, kyc: null }
  if (!isSeller(kyc)) return { ...page, state: 'notSeller' as const, kyc: null }
  return { ...page, state: 'seller' as const, kyc }
}

export const meta: Route.MetaFunction = noindexMeta('/kyc-upload')

type ActionData = { error: string }
const fail = (error: string, status: number, init?: ResponseInit) => data<ActionData>({ error }, { ...init, status })

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  // Decide before reading the body: nobody but an uploading seller gets their file parsed.
  const kyc = user.profile ? await getKycOverview(user.id) : null
  if (!kyc) return fail('kyc:upload.missingFile', 400)
  if (kyc.uploadDecision === 'notSeller') return fail('kyc:errors.sellerOnly', 403)
  if (kyc.uploadDecision === 'approved') return fail('kyc:errors.alreadyApproved', 403)
  if (kyc.uploadDecision !== 'allowed') return fail('kyc:errors.notAllowed', 403)

  const form = await readUploadForm(request, KYC_DOCUMENT)
  if (!form.ok) return form.reason === 'tooLarge' ? fail('kyc:errors.tooLarge', 413) : fail('kyc:errors.badRequest', 400)
  const file = await checkUpload(KYC_DOCUMENT, form.formData.get(KYC_DOCUMENT.field))
  if (!file.ok) return fail(file.error === KYC_DOCUMENT.errors.missing ? 'kyc:upload.missingFile' : file.error, 400)
  // Counted once the file is valid, before it is stored (issue 26 item 9).
  const limit = await enforceLimit('kycUpload', user.id)
  if (!limit.ok) return fail(limit.messageKey, 429, limitInit(limit))

  try {
    await storeKycDocument(user.id, file.file)
  } catch (err) {
    if (err instanceof KycUploadRefusedError) {
      return fail(err.reason === 'approved' ? 'kyc:errors.alreadyApproved' : 'kyc:errors.notAllowed', 403)
    }
    console.error('[kyc] upload failed', err)
    return fail('kyc:errors.uploadFailed', 500)
  }
  return redirectWithToast(request, '/dashboard', { type: 'success', key: 'kyc:uploaded' })
}

export default function KycUpload({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('kyc')
  const { state, kyc } = loaderData

  if (state === 'anonymous') {
    return (
      <SignInGate title={t('gate.loginTitle')} description={t('gate.loginDescription')} redirectTo="/kyc-upload" loginLabel={t('gate.login')} registerLabel={t('gate.register')} />
    )
  }
  if (state === 'notSeller' || !kyc) {
    return (
      <GateCard icon={<UserX className="size-6" aria-hidden />} title={t('gate.sellerTitle')} description={t('gate.sellerDescription')}>
        <Button asChild>
          <Link to="/">{t('gate.backHome')}</Link>
        </Button>
      </GateCard>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t('page.title')}</h1>
          <KycStatusBadge status={kyc.kycStatus} />
        </div>
        <p className="text-muted-foreground">{t('page.intro')}</p>
      </header>
      <KycStatusNotice status={kyc.kycStatus} place="upload" rejectionReason={kyc.rejectionReason} />
      {actionData?.error && kyc.uploadDecision !== 'allowed' ? (
        <Alert variant="destructive">
          <AlertDescription>{t(actionData.error)}</AlertDescription>
        </Alert>
      ) : null}
      {kyc.hasDocument ? (
        <p className="text-sm">
          <a href="/kyc-document" target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            {t('upload.viewCurrent', { type: kyc.documentType?.toUpperCase() })}
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">{t('upload.opensInNewTab')}</span>
          </a>
        </p>
      ) : null}
      {kyc.uploadDecision === 'allowed' ? (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">{kyc.hasDocument ? t('upload.replaceTitle') : t('upload.title')}</h2>
            <CardDescription>{t('upload.description')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <KycGuidance />
            <KycUploadForm error={actionData?.error} replacing={kyc.hasDocument} />
          </CardContent>
        </Card>
      ) : (
        <Button asChild variant="outline" className="self-start">
          <Link to="/dashboard">{t('gate.toDashboard')}</Link>
        </Button>
      )}
    </div>
  )
}
