import { useState } from 'react'
import type * as React from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'

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
  trigger: React.ReactNode
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form method="post" className="flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button type="submit" name="intent" value={intent} variant="destructive">
            {confirmLabel}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
