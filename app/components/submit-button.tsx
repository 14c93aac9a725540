import type * as React from 'react'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'

/** A form's submit button: while `pending` it is disabled and shows a spinner with `pendingLabel` instead of its text. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...button
}: Omit<React.ComponentProps<typeof Button>, 'type' | 'disabled' | 'asChild'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...button}>
      {pending ? <Spinner label={pendingLabel} className="size-4" /> : children}
    </Button>
  )
}
