import { useRef, useState, type FormEvent } from 'react'
import { useNavigation } from 'react-router'

type Parsed<E> = { ok: true } | { ok: false; fieldErrors: E }

/** The first field that needs attention: an invalid input, or the first input of an invalid group (a radio fieldset). */
const FIRST_INVALID = '[aria-invalid="true"] input, [aria-invalid="true"]'

/**
 * A page form checked in the browser before it is sent, with the parser its action uses (so the errors
 * are the same): on a problem the submit stops, these errors replace the action's, and the focus moves
 * to the first field that needs attention. `parse` is null while its schema is still loading; the
 * action then checks the form alone.
 */
export function useCheckedForm<E extends object>(parse: ((form: FormData) => Parsed<E>) | null, answered: E | undefined) {
  const [clientErrors, setClientErrors] = useState<E | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  return {
    formRef,
    errors: (clientErrors ?? answered ?? {}) as Partial<E>,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!parse) return
      const parsed = parse(new FormData(event.currentTarget))
      if (parsed.ok) return setClientErrors(null)
      event.preventDefault()
      setClientErrors(parsed.fieldErrors)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus())
    },
  }
}

/** Whether a form posting to `action` (a path; its query is ignored) is being sent or its answer loaded. */
export function usePostPending(action: string) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.split('?')[0] === action
}
