import type * as React from 'react'
import { useFormat } from '~/lib/use-format'

/** A dashboard tab's content under its h2 (which names the section), with an optional count, description and action. */
export function TabSection({
  id,
  title,
  count,
  description,
  action,
  children,
}: {
  id: string
  title: string
  /** Shown after the title in brackets: how many the whole list holds. */
  count?: number
  description?: string
  action?: React.ReactNode
  children: React.ReactNode
}) {
  const format = useFormat()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-xl font-semibold">
            {title}
            {count === undefined ? null : (
              <>
                {' '}
                <span className="text-muted-foreground">({format.count(count)})</span>
              </>
            )}
          </h2>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  )
}
