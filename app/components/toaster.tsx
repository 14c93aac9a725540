import { CheckCircle2, Info, X, XCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Toast } from '~/lib/toast.server'
import { cn } from '~/lib/utils'

/** Shows the one-time toast the server flashed (translated from its i18n key). */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState<Toast | null>(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), 6000)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  const Icon = visible.type === 'success' ? CheckCircle2 : visible.type === 'error' ? XCircle : Info
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={visible.type === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        className={cn(
          'pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border bg-background p-4 shadow-lg',
          visible.type === 'success' && 'border-emerald-300',
          visible.type === 'error' && 'border-red-300',
        )}
      >
        <Icon className={cn('mt-0.5 size-5 shrink-0', visible.type === 'success' ? 'text-emerald-600' : visible.type === 'error' ? 'text-red-600' : 'text-sky-600')} aria-hidden />
        <p className="text-sm">{t(visible.key, visible.values)}</p>
        <button type="button" onClick={() => setVisible(null)} className="rounded-sm opacity-70 hover:opacity-100" aria-label={t('common:close')}>
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  )
}
