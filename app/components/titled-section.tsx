import type * as React from 'react'
import { cn } from '~/lib/utils'

/** A section named by its own heading (aria-labelledby), with a muted hint line under the heading. */
export function TitledSection({
  id,
  title,
  hint,
  className,
  children,
}: {
  /** The heading's id. */
  id: string
  title: string
  hint?: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col', className)}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </section>
  )
}
