import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher } from 'react-router'

/** What an action answers when it refuses a dialog's form; a success redirects and leaves no data. */
export type DialogFormAnswer<E> = { ok?: boolean; fieldErrors?: E; formError?: string }

type Parsed<E> = { ok: true } | { ok: false; fieldErrors: E }

/**
 * The behaviour every form-in-a-dialog shares: checks the form with the action's own parser before it
 * is sent (showing those errors instead), closes the dialog when the action redirects (the page shows
 * the toast), and otherwise moves the focus to the first field that needs attention.
 */
export function useDialogForm<E extends { form?: string }>(
  parse: (form: FormData) => Parsed<E>,
  /** Whether the action's answer means done (close the dialog): by default, no answer at all (a redirect). */
  succeeded: (data: DialogFormAnswer<E> | undefined) => boolean = (data) => !data,
) {
  const fetcher = useFetcher<DialogFormAnswer<E>>()
  const [open, setOpen] = useState(false)
  const [clientErrors, setClientErrors] = useState<E | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  const busy = fetcher.state !== 'idle'
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  useEffect(() => {
    if (fetcher.state === 'submitting') sent.current = true
    if (fetcher.state === 'idle' && sent.current) {
      sent.current = false
      if (succeeded(fetcher.data)) setOpen(false)
      else focusFirstInvalid()
    }
    // `succeeded` is a pure test of the answer; only a new answer should run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data])
  const errors: Partial<E> = clientErrors ?? fetcher.data?.fieldErrors ?? {}
  return {
    fetcher,
    formRef,
    busy,
    errors,
    /** A message for the whole form: the client's own, else the action's. */
    formError: clientErrors ? errors.form : (fetcher.data?.formError ?? errors.form),
    open,
    setOpen,
    onOpenChange(next: boolean) {
      setOpen(next)
      if (next) setClientErrors(null)
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (busy) return void event.preventDefault()
      const parsed = parse(new FormData(event.currentTarget))
      if (!parsed.ok) {
        event.preventDefault()
        setClientErrors(parsed.fieldErrors)
        focusFirstInvalid()
      } else setClientErrors(null)
    },
  }
}
