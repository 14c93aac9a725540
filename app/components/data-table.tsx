import type { ReactNode } from 'react'
import { Pager, type PagerProps } from '~/components/pager'
import { Table, TableBody, TableCaption, TableHeader, TableRow } from '~/components/ui/table'
import { cn, overrides } from '~/lib/utils'

/**
 * A table in a bordered scroll region with its caption, an empty state instead of a table with no
 * rows, and the pager under it. The region takes focus and carries the table's name, so a keyboard
 * user can scroll a table wider than the screen (WCAG 2.1.1).
 */
export function DataTable<Row>({
  label,
  caption = label,
  head,
  rows,
  children: renderRow,
  empty,
  pager,
  className,
  emptyClassName = className,
  tableClassName,
  headerClassName,
  testId,
  emptyTestId,
}: {
  /** Names the scroll region; the caption too unless `caption` is given. */
  label: string
  /** The table's screen-reader caption. */
  caption?: string
  /** The header cells (TableHead), one row of them. */
  head: ReactNode
  rows: readonly Row[]
  /** One TableRow for a row, with its key. */
  children: (row: Row, index: number) => ReactNode
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode
  pager?: PagerProps
  /** Classes of the region (and of the empty state unless `emptyClassName` is given): margin, background. */
  className?: string
  emptyClassName?: string
  tableClassName?: string
  headerClassName?: string
  testId?: string
  emptyTestId?: string
}) {
  return (
    <>
      {rows.length === 0 && empty !== undefined ? (
        <p
          className={cn(!overrides(emptyClassName, 'rounded-') && 'rounded-md', 'border p-6 text-center text-muted-foreground', emptyClassName)}
          data-testid={emptyTestId}
        >
          {empty}
        </p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
        <div className={cn('overflow-x-auto border', !overrides(className, 'rounded-') && 'rounded-md', className)} tabIndex={0} role="region" aria-label={label}>
          <Table className={tableClassName} data-testid={testId}>
            <TableCaption>{caption}</TableCaption>
            <TableHeader className={headerClassName}>
              <TableRow>{head}</TableRow>
            </TableHeader>
            <TableBody>{rows.map(renderRow)}</TableBody>
          </Table>
        </div>
      )}
      {pager ? <Pager {...pager} /> : null}
    </>
  )
}
