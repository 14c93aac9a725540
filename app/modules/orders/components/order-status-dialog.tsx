import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { SelectField, TextareaField } from '~/components/form-fields'
import { useNavigationDialogForm } from '~/components/use-dialog-form'
import { Button } from '~/components/ui/button'
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
  const dialog = useNavigationDialogForm<OrderFormErrors>((form) => parseSubmission(inList ? OrderStatusInListSchema : OrderStatusSchema, form))
  const errors = dialog.clientErrors?.errors ?? {}
  const [choice, setChoice] = useState('')
  const id = useId()
  useEffect(() => {
    if (!dialog.open) setChoice('')
  }, [dialog.open])
  return (
    <DialogForm
      state={dialog}
      hidden={{ intent: 'status', orderId: inList ? orderId : undefined }}
      trigger={<TriggerButton size="sm" variant="outline" aria-label={t('orders.dialog.openFor', { id: orderId.slice(0, 8) })} label={t('orders.dialog.open')} />}
      title={t('orders.dialog.title', { id: orderId.slice(0, 8) })}
      description={t('orders.dialog.description', { status: t(`orderStatuses.${status}`) })}
      cancel={t('orders.dialog.close')}
      submit={t('orders.dialog.update')}
      submitProps={{ disabled: choice === '' }}
    >
      <SelectField
        id={`${id}-status`}
        name="status"
        label={t('orders.dialog.status')}
        error={errors.status}
        placeholder={t('orders.dialog.choose')}
        options={next}
        optionLabel={(s) => t(`orderStatuses.${s}`)}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
      />
      <TextareaField id={`${id}-note`} name="note" label={t('orders.dialog.note')} error={errors.note} rows={3} maxLength={ORDER_NOTE_MAX} />
    </DialogForm>
  )
}

/** The buyer's cancel confirmation, while the order is Pending, with an optional reason. */
export function CancelOrderDialog() {
  const { t } = useTranslation('rfqs')
  const dialog = useNavigationDialogForm<OrderFormErrors>((form) => parseSubmission(CancelOrderSchema, form))
  const id = useId()
  return (
    <DialogForm
      state={dialog}
      trigger={<Button variant="destructive">{t('orders.cancel.open')}</Button>}
      title={t('orders.cancel.title')}
      description={t('orders.cancel.description')}
      cancel={t('orders.cancel.keep')}
      submit={t('orders.cancel.confirm')}
      submitProps={{ name: 'intent', value: 'cancel', variant: 'destructive' }}
    >
      <TextareaField id={`${id}-reason`} name="note" label={t('orders.cancel.reason')} error={dialog.clientErrors?.errors.note} rows={3} maxLength={ORDER_NOTE_MAX} />
    </DialogForm>
  )
}
