import { Loader2 } from 'lucide-react'
import { cn, overrides } from '~/lib/utils'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <Loader2 className={cn(!overrides(className, 'size-') && 'size-5', 'animate-spin', className)} aria-hidden />
      {label ? <span>{label}</span> : null}
    </span>
  )
}
