import type * as React from 'react'
import { Form, type FetcherFormProps } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Spinner } from '~/components/ui/spinner'
import { cn } from '~/lib/utils'

type FormComponent = React.ComponentType<FetcherFormProps & React.RefAttributes<HTMLFormElement>>

/** What drives the dialog: `useDialogForm` (a fetcher's form) or `useNavigationDialogForm` (the router's). */
export type DialogFormState = {
  open: boolean
  onOpenChange: (open: boolean) => void
  busy: boolean
  formRef?: React.Ref<HTMLFormElement>
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void
  /** The fetcher that sends the form without leaving the page; without one the router's Form navigates. */
  fetcher?: { Form: FormComponent }
}

/** A dialog's opening button: an icon, its label and, for screen readers, what it acts on ("Reject: <title>"). */
export function TriggerButton({ icon, label, subject, ...props }: React.ComponentProps<typeof Button> & { icon?: React.ReactNode; label: string; subject?: string }) {
  return (
    <Button {...props}>
      {icon}
      {label}
      {subject ? <span className="sr-only">: {subject}</span> : null}
    </Button>
  )
}

/**
 * A form in a Radix dialog (focus trapped, Escape and Cancel close it, the focus goes back to the
 * trigger): the title and description that name it, the form posting to `action` (the page's own
 * without), its hidden values, the whole form's error as an alert, the fields, and a Cancel + submit
 * footer; while it is sent the submit is disabled (with a spinner and `pending` when given). The
 * checks, the closing on success and the focus on the first invalid field come with `state`.
 */
export function DialogForm({
  state,
  trigger,
  title,
  description,
  className,
  action,
  encType,
  hidden = {},
  formTestId,
  error,
  children,
  cancel,
  submit,
  pending,
  submitProps,
}: {
  state: DialogFormState
  /** The button that opens the dialog. */
  trigger: React.ReactElement
  title: React.ReactNode
  description: React.ReactNode
  /** Classes of the dialog box (its width). */
  className?: string
  action?: string
  /** The form's encoding: multipart for a form with a file. */
  encType?: 'multipart/form-data'
  /** Hidden inputs by name (left out when undefined), in this order. */
  hidden?: Record<string, string | undefined>
  formTestId?: string
  /** The whole form's error, translated. */
  error?: React.ReactNode
  children?: React.ReactNode
  cancel: string
  submit: string
  /** The submit's label while the form is sent (shown with a spinner). */
  pending?: string
  /** The submit button's variant, test id, name and value, and any further reason to disable it. */
  submitProps?: React.ComponentProps<typeof Button> & { 'data-testid'?: string }
}) {
  const { open, onOpenChange, busy, formRef, onSubmit, fetcher } = state
  const FormTag = fetcher?.Form ?? Form
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={cn('max-h-[90vh] overflow-y-auto', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormTag ref={formRef} method="post" action={action} encType={encType} noValidate className="flex flex-col gap-4" data-testid={formTestId} onSubmit={onSubmit}>
          {Object.entries(hidden).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {children}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {cancel}
              </Button>
            </DialogClose>
            <Button type="submit" {...submitProps} disabled={busy || submitProps?.disabled}>
              {busy && pending ? <Spinner className="size-4" /> : null}
              {busy && pending ? pending : submit}
            </Button>
          </div>
        </FormTag>
      </DialogContent>
    </Dialog>
  )
}
