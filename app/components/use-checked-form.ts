import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigation } from 'react-router'

// A page form's check before it is sent (useDialogForm does the same for forms in dialogs), and whether
// a page form is being sent.

type Parsed<E> = { ok: true } | { ok: false; fieldErrors: E }

/** The first field that needs attention: an invalid input, or the first input of an invalid group (a radio fieldset). */
const FIRST_INVALID = '[aria-invalid="true"] input, [aria-invalid="true"]'

/**
 * On submit the action's own parser reads the form (so the errors are the same); when it refuses,
 * nothing is sent, its errors replace the action's and the first field that needs attention takes the
 * focus. The action's next answer replaces them. `parse` is null while its schema is still loading:
 * the action then checks the form alone.
 */
export function useCheckedForm<E extends object>(
  parse: ((form: FormData) => Parsed<E>) | null,
  /** The field errors of the action's answer. */
  answered: E | undefined,
  /** While a submit is under way a second one sends nothing. */
  busy = false,
) {
  const formRef = useRef<HTMLFormElement>(null)
  const [clientErrors, setClientErrors] = useState<E | null>(null)
  useEffect(() => setClientErrors(null), [answered])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return void event.preventDefault()
    if (!parse) return
    const parsed = parse(new FormData(event.currentTarget))
    if (parsed.ok) return setClientErrors(null)
    event.preventDefault()
    setClientErrors(parsed.fieldErrors)
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus())
  }
  return {
    formRef,
    errors: (clientErrors ?? answered ?? {}) as Partial<E>,
    onSubmit,
    /** Spread on the <Form>: a POST the browser does not validate (the parser does), checked on submit. */
    formProps: { ref: formRef, method: 'post' as const, noValidate: true, onSubmit },
  }
}

/** Whether a form posting to `action` (a path; its query is ignored) is being sent or its answer loaded. */
export function usePostPending(action: string) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.split('?')[0] === action
}
