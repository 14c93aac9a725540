import { useTranslation } from 'react-i18next'
import { PasswordField } from '~/components/form-fields'
import { ProfileFormCard, type ProfileFormResult } from './profile-edit-form'

/** Change the password: the current one is required; other sessions can be signed out at the same time. */
export function ProfilePasswordForm({ result }: { result?: ProfileFormResult }) {
  const { t } = useTranslation('account')
  const errors = result?.fieldErrors ?? {}
  return (
    <ProfileFormCard intent="changePassword" result={result}>
      <PasswordField purpose="current" id="password-current" name="currentPassword" label={t('password.current')} error={errors.currentPassword} />
      <PasswordField purpose="new" id="password-new" name="newPassword" label={t('password.new')} hint={t('password.newHint')} error={errors.newPassword} />
      <PasswordField purpose="new" id="password-confirm" name="confirmPassword" label={t('password.confirm')} error={errors.confirmPassword} />
      <label htmlFor="password-revoke" className="flex items-center gap-2 text-sm">
        <input id="password-revoke" type="checkbox" name="revokeOtherSessions" defaultChecked className="size-4 accent-primary" />
        {t('password.revokeOthers')}
      </label>
    </ProfileFormCard>
  )
}
