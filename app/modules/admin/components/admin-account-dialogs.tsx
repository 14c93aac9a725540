import { UserPlus } from 'lucide-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { SelectField, TextField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { ADMIN_ROLES, type AdminRole, PASSWORD_MAX, PASSWORD_MIN } from '~/domain'
import { ADMIN_EMAIL_MAX, ADMIN_NAME_MAX } from '../schemas'
import { parseSubmission } from '~/lib/form'
import { ADMIN_ACCOUNT_FORM, AdminAccountActionSchema, type AdminAccountFieldErrors } from './admin-account-schemas'

/** The account a row's dialogs act on (what the list shows). */
export type AdminAccountRow = { id: string; fullName: string; email: string; role: AdminRole; isActive: boolean }

/** Every dialog's check before it is sent: the action's own call. */
const check = (form: FormData) => parseSubmission(AdminAccountActionSchema, form, ADMIN_ACCOUNT_FORM)

/** The role select of both forms, labelled by the admin namespace's role names. */
function RoleField(props: { id: string; label: string; error?: string; defaultValue: AdminRole }) {
  const { t } = useTranslation('admin')
  return <SelectField {...props} name="role" required options={ADMIN_ROLES} optionLabel={(role) => t(`roles.${role}`)} />
}

/** "Add admin": full name, email, role and an initial password meeting the password policy. */
export function CreateAdminDialog() {
  const { t } = useTranslation('adminAccounts')
  const dialog = useDialogForm<AdminAccountFieldErrors>(check)
  const { errors } = dialog
  return (
    <DialogForm
      state={dialog}
      action="/admin/admins"
      hidden={{ intent: 'create' }}
      trigger={<TriggerButton data-testid="admin-create-open" icon={<UserPlus className="size-4" aria-hidden />} label={t('create.open')} />}
      title={t('create.title')}
      description={t('create.description')}
      error={dialog.formError && t(dialog.formError)}
      cancel={t('common.cancel')}
      submit={t('create.submit')}
      pending={t('create.submitting')}
      submitProps={{ 'data-testid': 'admin-create-submit' }}
    >
      <TextField id="admin-create-name" name="fullName" label={t('create.fullName')} error={errors.fullName} autoComplete="off" required maxLength={ADMIN_NAME_MAX} />
      <TextField id="admin-create-email" name="email" label={t('create.email')} error={errors.email} type="email" autoComplete="off" required maxLength={ADMIN_EMAIL_MAX} />
      <RoleField id="admin-create-role" label={t('create.role')} error={errors.role} defaultValue="moderator" />
      <TextField
        id="admin-create-password"
        name="password"
        label={t('create.password')}
        hint={t('create.passwordHint', { min: PASSWORD_MIN })}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
      />
    </DialogForm>
  )
}

/** What a row's dialogs share: a description naming the account, the width, the action and the footer. */
function rowDialog(t: TFunction<'adminAccounts'>, account: AdminAccountRow, title: string, description: string) {
  return {
    title: t(title),
    description: t(description, { name: account.fullName, email: account.email }),
    className: 'sm:max-w-md',
    action: '/admin/admins',
    cancel: t('common.cancel'),
    pending: t('common.saving'),
  }
}

/** "Change role" of another admin. */
export function ChangeRoleDialog({ account }: { account: AdminAccountRow }) {
  const { t } = useTranslation('adminAccounts')
  const dialog = useDialogForm<AdminAccountFieldErrors>(check)
  return (
    <DialogForm
      state={dialog}
      hidden={{ intent: 'role', adminId: account.id }}
      trigger={<TriggerButton size="sm" variant="outline" data-testid="admin-role-open" label={t('role.open')} subject={account.fullName} />}
      {...rowDialog(t, account, 'role.title', 'role.description')}
      error={dialog.formError && t(dialog.formError)}
      submit={t('role.submit')}
      submitProps={{ 'data-testid': 'admin-role-submit' }}
    >
      <RoleField id={`admin-role-${account.id}`} label={t('role.label')} error={dialog.errors.role} defaultValue={account.role} />
    </DialogForm>
  )
}

/** Deactivate (signs the admin out at once) or reactivate another admin, after a confirmation. */
export function ChangeStatusDialog({ account }: { account: AdminAccountRow }) {
  const { t } = useTranslation('adminAccounts')
  const dialog = useDialogForm<AdminAccountFieldErrors>(check)
  const intent = account.isActive ? 'deactivate' : 'activate'
  return (
    <DialogForm
      state={dialog}
      hidden={{ intent, adminId: account.id }}
      trigger={
        <TriggerButton size="sm" variant={account.isActive ? 'destructive' : 'outline'} data-testid={`admin-${intent}-open`} label={t(`status.${intent}`)} subject={account.fullName} />
      }
      {...rowDialog(t, account, `status.${intent}Title`, `status.${intent}Description`)}
      error={dialog.formError && t(dialog.formError)}
      submit={t(`status.${intent}Submit`)}
      submitProps={{ variant: account.isActive ? 'destructive' : 'default', 'data-testid': `admin-${intent}-submit` }}
    />
  )
}
