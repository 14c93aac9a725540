import { useEffect, useRef, useState, type FormEvent } from 'react'

type Parsed<E> = { ok: true } | { ok: false; fieldErrors: E }

/**
 * A page form's check before it is sent (useDialogForm does the same for forms in dialogs): on submit
 * the action's own parser reads the form; when it refuses, nothing is sent, its errors show and the
 * first field that needs attention takes the focus. The action's answer replaces them when it comes.
 */
export function useCheckedForm<E>(
  parse: (form: FormData) => Parsed<E>,
  /** The action's answer: its field errors show until the client finds its own. */
  answer: { fieldErrors?: E } | undefined,
  /** While a submit is under way a second one sends nothing. */
  busy = false,
) {
  const formRef = useRef<HTMLFormElement>(null)
  const [clientErrors, setClientErrors] = useState<E | null>(null)
  useEffect(() => setClientErrors(null), [answer])
  const errors: Partial<E> = clientErrors ?? answer?.fieldErrors ?? {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return void event.preventDefault()
    const parsed = parse(new FormData(event.currentTarget))
    if (!parsed.ok) {
      event.preventDefault()
      setClientErrors(parsed.fieldErrors)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    } else setClientErrors(null)
  }
  return {
    formRef,
    errors,
    /** Spread on the <Form>: a POST the browser does not validate (the parser does), checked on submit. */
    formProps: { ref: formRef, method: 'post' as const, noValidate: true, onSubmit },
  }
}
