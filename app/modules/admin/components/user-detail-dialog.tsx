// The User Details dialog (spec §2): opened by ?user=<profileId>, so a View link works without
// JavaScript too (the page then shows the same content in place, since a dialog needs the browser).
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useFetcher, useNavigate } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { useFormat } from '~/lib/use-format'
import { parseSubmission } from '~/lib/form'
import { ACCOUNT_STATUSES, ADMIN_NOTES_MAX, USER_ACTION_FORM, UserActionSchema, type UserActionFieldErrors } from '../user-schemas'
import type { UserDetailDto } from '../users.server'
import { ApproveKycButton, RejectKycDialog } from './kyc-review-actions'
import { KycViewLink } from './user-kyc-card'
import { AccountStatusBadge, KycStatusBadge } from './user-list'

type Answer = { fieldErrors?: UserActionFieldErrors; formError?: string }

const noSubscription = () => () => {}
/** False while rendering on the server and hydrating, true afterwards. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

type DetailProps = {
  detail: UserDetailDto
  canManage: boolean
  canReviewKyc: boolean
  /** The page's address with this user's dialog open: the forms post here and come back here. */
  actionHref: string
  /** The page's address without the dialog. */
  closeHref: string
}

export function UserDetailDialog(props: DetailProps) {
  const { t } = useTranslation('adminUsers')
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [open, setOpen] = useState(true)
  const { detail, closeHref } = props
  if (!hydrated) {
    return (
      <Card aria-labelledby="user-detail-title" role="region" data-testid="user-detail">
        <CardHeader>
          <h2 id="user-detail-title" className="text-lg font-semibold">
            {t('detail.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('detail.description')}</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <UserDetailBody {...props} />
          <Link to={closeHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('detail.close')}
          </Link>
        </CardContent>
      </Card>
    )
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return
        setOpen(false)
        void navigate(closeHref, { preventScrollReset: true, replace: true })
      }}
    >
      <DialogContent
        closeLabel={t('detail.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        data-testid="user-detail"
        onCloseAutoFocus={(event) => {
          // Back to the row's View button (the dialog was opened by a link, not a trigger).
          event.preventDefault()
          document.getElementById(`user-view-${detail.profileId}`)?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('detail.title')}</DialogTitle>
          <DialogDescription>{t('detail.description')}</DialogDescription>
        </DialogHeader>
        <UserDetailBody {...props} />
      </DialogContent>
    </Dialog>
  )
}

function UserDetailBody({ detail, canManage, canReviewKyc, actionHref }: DetailProps) {
  const { t } = useTranslation('adminUsers')
  const format = useFormat()
  const rows: [string, ReactNode][] = [
    [t('detail.name'), detail.name],
    [t('detail.email'), <span className="break-all">{detail.email}</span>],
    [t('detail.userType'), t(`types.${detail.userType}`)],
    [t('detail.country'), t(`countries.${detail.country}`)],
    [t('detail.phone'), detail.phoneNumber || '—'],
  ]
  if (detail.companyName) rows.push([t('detail.company'), detail.companyName])
  rows.push(
    [t('detail.accountStatus'), <AccountStatusBadge status={detail.accountStatus} />],
    [t('detail.kycStatus'), <KycStatusBadge status={detail.kycStatus} />],
    [t('detail.joined'), <time dateTime={detail.createdAt}>{format.date(detail.createdAt)}</time>],
  )
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {canManage ? <StatusActions detail={detail} actionHref={actionHref} /> : null}
      {canReviewKyc && detail.hasKycDocument ? (
        <section aria-labelledby="user-detail-kyc" className="flex flex-col gap-2">
          <h3 id="user-detail-kyc" className="text-sm font-semibold">
            {t('detail.kycTitle')}
          </h3>
          <div className="flex flex-wrap items-start gap-2">
            {detail.kycViewUrl ? <KycViewLink href={detail.kycViewUrl} name={detail.name} label={t('detail.viewDocument')} testId="user-kyc-view" /> : null}
            {detail.kycReviewable ? (
              <>
                <ApproveKycButton seller={detail} returnTo={actionHref} />
                <RejectKycDialog seller={detail} returnTo={actionHref} />
              </>
            ) : null}
          </div>
        </section>
      ) : null}
      {canManage ? <NotesForm key={detail.notesVersion} detail={detail} actionHref={actionHref} /> : null}
    </div>
  )
}

const STATUS_BUTTON = { active: 'default', suspended: 'outline', banned: 'destructive' } as const

/** Activate, Suspend, Ban: the current status's button is disabled; all are while one is sent. */
function StatusActions({ detail, actionHref }: { detail: UserDetailDto; actionHref: string }) {
  const { t } = useTranslation('adminUsers')
  const fetcher = useFetcher<Answer>()
  const busy = fetcher.state !== 'idle'
  const sending = busy ? fetcher.formData?.get('status') : null
  const error = fetcher.data?.formError ?? fetcher.data?.fieldErrors?.status ?? fetcher.data?.fieldErrors?.form
  return (
    <section aria-labelledby="user-detail-status" className="flex flex-col gap-2">
      <h3 id="user-detail-status" className="text-sm font-semibold">
        {t('detail.statusTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('detail.statusHint')}</p>
      <fetcher.Form method="post" action={actionHref} className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="profileId" value={detail.profileId} />
        {ACCOUNT_STATUSES.map((s) => (
          <Button
            key={s}
            type="submit"
            name="status"
            value={s}
            size="sm"
            variant={STATUS_BUTTON[s]}
            disabled={busy || detail.accountStatus === s}
            data-testid={`user-status-${s}`}
          >
            {sending === s ? <Spinner className="size-4" /> : null}
            {t(`detail.actions.${s}`)}
          </Button>
        ))}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </section>
  )
}

/** Admin Notes with a character counter; Save Notes is disabled while busy or when nothing changed. */
function NotesForm({ detail, actionHref }: { detail: UserDetailDto; actionHref: string }) {
  const { t } = useTranslation('adminUsers')
  const fetcher = useFetcher<Answer>()
  const [value, setValue] = useState(detail.adminNotes)
  const [clientErrors, setClientErrors] = useState<UserActionFieldErrors | null>(null)
  const busy = fetcher.state !== 'idle'
  // Without JavaScript nothing can re-enable the button, so it is only held back once hydrated.
  const unchanged = useHydrated() && value === detail.adminNotes
  const errors = clientErrors ?? fetcher.data?.fieldErrors ?? {}
  const formError = clientErrors ? errors.form : (fetcher.data?.formError ?? errors.form)
  const id = `user-notes-${detail.profileId}`
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy || unchanged) return void event.preventDefault()
    const parsed = parseSubmission(UserActionSchema, new FormData(event.currentTarget), USER_ACTION_FORM)
    if (!parsed.ok) {
      event.preventDefault()
      setClientErrors(parsed.fieldErrors)
    } else setClientErrors(null)
  }
  return (
    <fetcher.Form method="post" action={actionHref} noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="profileId" value={detail.profileId} />
      <input type="hidden" name="notesVersion" value={detail.notesVersion} />
      <Label htmlFor={id}>{t('detail.notes')}</Label>
      <Textarea
        id={id}
        name="notes"
        rows={5}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={ADMIN_NOTES_MAX}
        placeholder={t('detail.notesPlaceholder')}
        aria-invalid={errors.notes ? true : undefined}
        aria-describedby={`${id}-count${errors.notes ? ` ${id}-error` : ''}`}
        data-testid="user-notes"
      />
      <p id={`${id}-count`} className="text-xs text-muted-foreground">
        {t('detail.notesCount', { length: value.length, max: ADMIN_NOTES_MAX })}
      </p>
      {errors.notes ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(errors.notes, { max: ADMIN_NOTES_MAX })}
        </p>
      ) : null}
      {formError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t(formError)}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={busy || unchanged} data-testid="user-notes-save">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t('detail.savingNotes') : t('detail.saveNotes')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
