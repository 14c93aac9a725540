import { AlertTriangle, CheckCircle2, Clock, FileWarning } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { KycStatusValue } from '../schemas'

const NOTICE = {
  none: { variant: 'warning', Icon: FileWarning },
  Pending: { variant: 'info', Icon: Clock },
  Rejected: { variant: 'destructive', Icon: AlertTriangle },
  Approved: { variant: 'success', Icon: CheckCircle2 },
} as const

/**
 * The KYC prompt for a seller (spec §2): where they stand and what to do next. `place` picks the
 * wording for the dashboard or for the upload page itself.
 */
export function KycStatusNotice({ status, place, rejectionReason }: { status: KycStatusValue; place: 'dashboard' | 'upload'; rejectionReason?: string | null }) {
  const { t } = useTranslation('kyc')
  const state = status ?? 'none'
  const { variant, Icon } = NOTICE[state]
  const action =
    place === 'dashboard' && state !== 'Approved' ? (
      <Button asChild size="sm" variant={state === 'Pending' ? 'outline' : 'default'} className="mt-3">
        <Link to="/kyc-upload">{t(`notice.${state}.action`)}</Link>
      </Button>
    ) : null
  return (
    <Alert variant={variant} role="status" data-testid="kyc-notice">
      <Icon className="size-4" aria-hidden />
      <AlertTitle>{t(`notice.${state}.title`)}</AlertTitle>
      <AlertDescription>
        <p>{t(`notice.${state}.${place}`)}</p>
        {state === 'Rejected' && rejectionReason ? (
          <p className="mt-2 whitespace-pre-line" data-testid="kyc-rejection-reason">
            <span className="font-medium">{t('notice.Rejected.reason')}</span> {rejectionReason}
          </p>
        ) : null}
        {action}
      </AlertDescription>
    </Alert>
  )
}
