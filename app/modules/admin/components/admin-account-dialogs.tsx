import { UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FormField, fieldAria } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { ADMIN_ROLES, type AdminRole, PASSWORD_MAX, PASSWORD_MIN } from '~/domain'
import { ADMIN_EMAIL_MAX, ADMIN_NAME_MAX } from '../schemas'
import { parseAdminAccountAction, parseCreateAdmin, type AdminAccountFieldErrors } from './admin-account-schemas'

/** The account a row's dialogs act on (what the list shows). */
export type AdminAccountRow = { id: string; fullName: string; email: string; role: AdminRole; isActive: boolean }

const parseAny = (form: FormData) => {
  const parsed = parseAdminAccountAction(form)
  return parsed.ok ? ({ ok: true } as const) : parsed
}

function DialogError({ message }: { message?: string }) {
  const { t } = useTranslation('adminAccounts')
  if (!message) return null
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{t(message)}</AlertDescription>
    </Alert>
  )
}

/** "Add admin": full name, email, role and an initial password meeting the password policy. */
export function CreateAdminDialog() {
  const { t } = useTranslation('adminAccounts')
  const { t: tAdmin } = useTranslation('admin')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<AdminAccountFieldErrors>(parseCreateAdmin)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid="admin-create-open">
          <UserPlus className="size-4" aria-hidden />
          {t('create.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/admin/admins" noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="create" />
          <DialogError message={formError} />
          <FormField id="admin-create-name" label={t('create.fullName')} error={errors.fullName}>
            <Input {...fieldAria('admin-create-name', errors.fullName)} name="fullName" autoComplete="off" required maxLength={ADMIN_NAME_MAX} />
          </FormField>
          <FormField id="admin-create-email" label={t('create.email')} error={errors.email}>
            <Input {...fieldAria('admin-create-email', errors.email)} name="email" type="email" autoComplete="off" required maxLength={ADMIN_EMAIL_MAX} />
          </FormField>
          <FormField id="admin-create-role" label={t('create.role')} error={errors.role}>
            <NativeSelect {...fieldAria('admin-create-role', errors.role)} name="role" defaultValue="moderator" required>
              {ADMIN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {tAdmin(`roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="admin-create-password" label={t('create.password')} hint={t('create.passwordHint', { min: PASSWORD_MIN })} error={errors.password}>
            <Input
              {...fieldAria('admin-create-password', errors.password, true)}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} data-testid="admin-create-submit">
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('create.submitting') : t('create.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** "Change role" of another admin. */
export function ChangeRoleDialog({ account }: { account: AdminAccountRow }) {
  const { t } = useTranslation('adminAccounts')
  const { t: tAdmin } = useTranslation('admin')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<AdminAccountFieldErrors>(parseAny)
  const id = `admin-role-${account.id}`
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="admin-role-open">
          {t('role.open')}
          <span className="sr-only">: {account.fullName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('role.title')}</DialogTitle>
          <DialogDescription>{t('role.description', { name: account.fullName, email: account.email })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/admin/admins" noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="adminId" value={account.id} />
          <DialogError message={formError} />
          <FormField id={id} label={t('role.label')} error={errors.role}>
            <NativeSelect {...fieldAria(id, errors.role)} name="role" defaultValue={account.role} required>
              {ADMIN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {tAdmin(`roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} data-testid="admin-role-submit">
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('common.saving') : t('role.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** Deactivate (signs the admin out at once) or reactivate another admin, after a confirmation. */
export function ChangeStatusDialog({ account }: { account: AdminAccountRow }) {
  const { t } = useTranslation('adminAccounts')
  const { fetcher, formRef, busy, formError, open, onOpenChange, onSubmit } = useDialogForm<AdminAccountFieldErrors>(parseAny)
  const intent = account.isActive ? 'deactivate' : 'activate'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant={account.isActive ? 'destructive' : 'outline'} data-testid={`admin-${intent}-open`}>
          {t(`status.${intent}`)}
          <span className="sr-only">: {account.fullName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t(`status.${intent}Title`)}</DialogTitle>
          <DialogDescription>{t(`status.${intent}Description`, { name: account.fullName, email: account.email })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action="/admin/admins" className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="adminId" value={account.id} />
          <DialogError message={formError} />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant={account.isActive ? 'destructive' : 'default'} disabled={busy} data-testid={`admin-${intent}-submit`}>
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('common.saving') : t(`status.${intent}Submit`)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
