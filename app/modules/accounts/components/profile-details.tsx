import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { useFormat } from '~/lib/use-format'
import type { OwnProfile } from '../profile-queries.server'

/** Read-only summary of one's own profile; `kyc` is the KYC status block for sellers. */
export function ProfileDetails({ profile, kyc }: { profile: OwnProfile; kyc?: React.ReactNode }) {
  const { t } = useTranslation('account')
  const since = useFormat().date(profile.memberSince, 'long')
  const rows: [string, React.ReactNode][] = [
    [t('fields.name'), profile.name],
    [t('fields.email'), profile.email],
    [t('fields.country'), t(`countries.${profile.country}`)],
    [t('fields.phoneNumber'), profile.phoneNumber || '—'],
    [t('fields.userType'), t(`userTypes.${profile.userType}`)],
    [t('profile.company'), profile.companyName ?? '—'],
    [t('profile.memberSince'), since],
  ]
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('profile.detailsTitle')}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-1">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="break-words font-medium">{value}</dd>
            </div>
          ))}
          {kyc ? (
            <div className="flex flex-col gap-1 sm:col-span-2">
              <dt className="text-sm text-muted-foreground">{t('profile.kycStatus')}</dt>
              <dd>{kyc}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  )
}
