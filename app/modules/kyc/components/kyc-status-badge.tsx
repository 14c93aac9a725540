import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import type { KycStatusValue } from '../schemas'

const VARIANT = { Approved: 'success', Pending: 'warning', Rejected: 'destructive' } as const

/** The KYC status as a coloured badge; an empty status reads 'Not submitted'. */
export function KycStatusBadge({ status }: { status: KycStatusValue }) {
  const { t } = useTranslation('kyc')
  return (
    <Badge variant={status ? VARIANT[status] : 'outline'} data-testid="kyc-status">
      {t(`status.${status ?? 'none'}`)}
    </Badge>
  )
}
