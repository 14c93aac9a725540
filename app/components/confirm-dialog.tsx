import { useState } from 'react'
import type * as React from 'react'
import { DialogForm } from '~/components/dialog-form'

/**
 * A destructive action that asks first: `trigger` opens a dialog that says what will happen; the
 * cancel button keeps things as they are, the confirm button posts `fields` with `intent` to the page's action.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  fields,
  intent,
  cancelLabel,
  confirmLabel,
}: {
  /** The button that opens the dialog. */
  trigger: React.ReactElement
  title: string
  description: string
  /** Hidden fields posted with the intent, e.g. the id of what is deleted. */
  fields: Record<string, string>
  intent: string
  cancelLabel: string
  confirmLabel: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <DialogForm
      state={{ open, onOpenChange: setOpen, busy: false, onSubmit: () => setOpen(false) }}
      trigger={trigger}
      title={title}
      description={description}
      hidden={fields}
      cancel={cancelLabel}
      submit={confirmLabel}
      submitProps={{ name: 'intent', value: intent, variant: 'destructive' }}
    />
  )
}
