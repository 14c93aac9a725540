import type * as React from 'react'
import { cn } from '~/lib/utils'

/**
 * A bordered table of an informational page that scrolls sideways on a narrow screen: its caption (for
 * screen readers), a header row of `columns`, and the body rows given as children.
 */
export function CaptionedTable({
  caption,
  columns,
  className,
  testId,
  children,
}: {
  caption: string
  columns: readonly string[]
  className?: string
  testId?: string
  children: React.ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full text-left text-sm', className)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}
