import { useMemo } from 'react'
import { Toaster } from '~/components/toaster'

/**
 * A toast for an action's answer that has no form field to sit on (spec §8: field errors attach
 * to their field, everything else is a toast). `answer` is the action data: each new answer shows again.
 */
export function ActionToast({
  answer,
  messageKey,
  values,
  type = 'error',
}: {
  answer: unknown
  messageKey: string | null | undefined
  values?: Record<string, string>
  type?: 'success' | 'error' | 'info'
}) {
  // A new object per action answer re-opens the toast even when the message is the same.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const toast = useMemo(() => (messageKey ? { type, key: messageKey, values } : null), [answer, messageKey])
  return <Toaster toast={toast} />
}
