import type * as React from 'react'
import { cn } from '~/lib/utils'

/** A list of details (dl) in two columns from `sm` up; `compact` sets the rows closer. */
export function DetailList({ compact, children }: { compact?: boolean; children: React.ReactNode }) {
  return <dl className={cn('grid text-sm sm:grid-cols-2', compact ? 'gap-x-4 gap-y-1' : 'gap-x-6 gap-y-2')}>{children}</dl>
}

/** One detail of a DetailList: the muted term and its value beside it. */
export function Detail({
  label,
  className,
  valueClassName,
  valueTestId,
  children,
}: {
  label: string
  /** Classes of the row, e.g. `sm:col-span-2`. */
  className?: string
  valueClassName?: string
  valueTestId?: string
  children: React.ReactNode
}) {
  return (
    <div className={cn('flex gap-2', className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  )
}
