import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { fieldAria, FormField } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { NativeSelect } from '~/components/ui/native-select'
import { Textarea } from '~/components/ui/textarea'
import type { OrderStatus } from '~/domain'
import { parseSubmission } from '~/lib/form'
import { CancelOrderSchema, ORDER_NOTE_MAX, OrderStatusInListSchema, OrderStatusSchema, type OrderFormErrors } from '../schemas'

/**
 * The seller's status dialog (spec §5, issue 8 item 9): only the statuses the order may move to now,
 * an optional note, Update disabled until a status is chosen. Radix Dialog: focus trapped, Escape closes.
 * In the Orders tab it names the order (`inList`); on the order page the URL does.
 */
export function OrderStatusDialog({ orderId, status, next, inList = false }: { orderId: string; status: OrderStatus; next: readonly OrderStatus[]; inList?: boolean }) {
  const { t } = useTranslation('rfqs')
  const busy = useNavigation().state !== 'idle'
  const [open, setOpen] = useState(false)
  const [choice, setChoice] = useState('')
  const [errors, setErrors] = useState<OrderFormErrors>({})
  const id = useId()
  useEffect(() => {
    if (!open) {
      setChoice('')
      setErrors({})
    }
  }, [open])
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={t('orders.dialog.openFor', { id: orderId.slice(0, 8) })}>
          {t('orders.dialog.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('orders.dialog.title', { id: orderId.slice(0, 8) })}</DialogTitle>
          <DialogDescription>{t('orders.dialog.description', { status: t(`orderStatuses.${status}`) })}</DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            const result = parseSubmission(inList ? OrderStatusInListSchema : OrderStatusSchema, new FormData(e.currentTarget))
            if (!result.ok) {
              e.preventDefault()
              setErrors(result.fieldErrors)
              return
            }
            setOpen(false)
          }}
        >
          <input type="hidden" name="intent" value="status" />
          {inList ? <input type="hidden" name="orderId" value={orderId} /> : null}
          <FormField id={`${id}-status`} label={t('orders.dialog.status')} error={errors.status}>
            <NativeSelect {...fieldAria(`${id}-status`, errors.status)} name="status" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t('orders.dialog.choose')}</option>
              {next.map((s) => (
                <option key={s} value={s}>
                  {t(`orderStatuses.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-note`} label={t('orders.dialog.note')} error={errors.note}>
            <Textarea {...fieldAria(`${id}-note`, errors.note)} name="note" rows={3} maxLength={ORDER_NOTE_MAX} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('orders.dialog.close')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy || choice === ''}>
              {t('orders.dialog.update')}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

/** The buyer's cancel confirmation, while the order is Pending, with an optional reason. */
export function CancelOrderDialog() {
  const { t } = useTranslation('rfqs')
  const busy = useNavigation().state !== 'idle'
  const [open, setOpen] = useState(false)
  const [errors, setErrors] = useState<OrderFormErrors>({})
  const id = useId()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">{t('orders.cancel.open')}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('orders.cancel.title')}</DialogTitle>
          <DialogDescription>{t('orders.cancel.description')}</DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            const result = parseSubmission(CancelOrderSchema, new FormData(e.currentTarget))
            if (!result.ok) {
              e.preventDefault()
              setErrors(result.fieldErrors)
              return
            }
            setOpen(false)
          }}
        >
          <FormField id={`${id}-reason`} label={t('orders.cancel.reason')} error={errors.note}>
            <Textarea {...fieldAria(`${id}-reason`, errors.note)} name="note" rows={3} maxLength={ORDER_NOTE_MAX} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('orders.cancel.keep')}
              </Button>
            </DialogClose>
            <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
              {t('orders.cancel.confirm')}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
