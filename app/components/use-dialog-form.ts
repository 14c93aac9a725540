import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useFetcher, useNavigation } from 'react-router'

/** What an action answers when it refuses a dialog's form; a success redirects and leaves no data. */
export type DialogFormAnswer<E> = { ok?: boolean; fieldErrors?: E; formError?: string; count?: number }

/** A form checked in the browser: fine, or the field errors (and the count their messages take). */
export type DialogFormCheck<E> = { ok: true } | { ok: false; fieldErrors: E; count?: number }

type Refusal<E> = { errors: E; count?: number }

/** Moves the focus to the first field that needs attention, once React has shown the errors. */
const focusFirstInvalid = (formRef: RefObject<HTMLFormElement | null>) =>
  requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

/** The dialog's open state and the browser's own check of its form, shared by both hooks below. */
function useCheckedDialog<E>(parse: ((form: FormData) => DialogFormCheck<E>) | undefined, defaultOpen: boolean) {
  const [open, setOpen] = useState(defaultOpen)
  const [clientErrors, setClientErrors] = useState<Refusal<E> | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  return {
    formRef,
    clientErrors,
    open,
    setOpen,
    onOpenChange(next: boolean) {
      setOpen(next)
      if (next) setClientErrors(null)
    },
    /** Checks the form: false (and the errors shown, the focus on the first) when it must not be sent. */
    check(event: FormEvent<HTMLFormElement>) {
      const parsed = parse?.(new FormData(event.currentTarget)) ?? { ok: true }
      if (parsed.ok) {
        setClientErrors(null)
        return true
      }
      event.preventDefault()
      setClientErrors({ errors: parsed.fieldErrors, count: parsed.count })
      focusFirstInvalid(formRef)
      return false
    },
  }
}

/**
 * The behaviour every form-in-a-dialog shares: checks the form with the action's own parser before it
 * is sent (showing those errors instead), closes the dialog when the action redirects (the page shows
 * the toast), and otherwise moves the focus to the first field that needs attention.
 */
export function useDialogForm<E extends { form?: string }>(
  parse: (form: FormData) => DialogFormCheck<E>,
  /** Whether the action's answer means done (close the dialog): by default, no answer at all (a redirect). */
  succeeded: (data: DialogFormAnswer<E> | undefined) => boolean = (data) => !data,
  { defaultOpen = false }: { defaultOpen?: boolean } = {},
) {
  const fetcher = useFetcher<DialogFormAnswer<E>>()
  const { formRef, clientErrors, open, setOpen, onOpenChange, check } = useCheckedDialog(parse, defaultOpen)
  const sent = useRef(false)
  const busy = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state === 'submitting') sent.current = true
    if (fetcher.state === 'idle' && sent.current) {
      sent.current = false
      if (succeeded(fetcher.data)) setOpen(false)
      else focusFirstInvalid(formRef)
    }
    // `succeeded` is a pure test of the answer; only a new answer should run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data])
  const errors: Partial<E> = clientErrors?.errors ?? fetcher.data?.fieldErrors ?? {}
  return {
    fetcher,
    formRef,
    busy,
    errors,
    /** The count the errors' messages take (a minimum order): the client's own, else the action's. */
    count: clientErrors ? clientErrors.count : fetcher.data?.count,
    /** A message for the whole form: the client's own, else the action's. */
    formError: clientErrors ? errors.form : (fetcher.data?.formError ?? errors.form),
    open,
    setOpen,
    onOpenChange,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (busy) return void event.preventDefault()
      check(event)
    },
  }
}

/**
 * The same for a dialog whose form navigates (the router's Form, answered by the page's own action):
 * checks the form before it is sent and, when it goes, closes the dialog (unless `closeOnSubmit` is
 * false: a dialog the action's refusal opens again). `clientErrors` are the browser's own; the page
 * adds the action's.
 */
export function useNavigationDialogForm<E>(
  parse?: (form: FormData) => DialogFormCheck<E>,
  { closeOnSubmit = true, defaultOpen = false }: { closeOnSubmit?: boolean; defaultOpen?: boolean } = {},
) {
  const busy = useNavigation().state !== 'idle'
  const { formRef, clientErrors, open, setOpen, onOpenChange, check } = useCheckedDialog(parse, defaultOpen)
  return {
    formRef,
    busy,
    clientErrors,
    open,
    setOpen,
    onOpenChange,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (check(event) && closeOnSubmit) setOpen(false)
    },
  }
}
