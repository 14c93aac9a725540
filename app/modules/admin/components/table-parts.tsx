// Parts of the panel's data tables (DataTable in app/components): the header row and a row's actions.
import type { ReactNode } from 'react'
import { TableCell, TableHead } from '~/components/ui/table'

/** A data table's header cells (DataTable's `head`), one per column label, in order. */
export function headCells(labels: readonly string[]) {
  // The columns are fixed in number and order; two may share a label in some language.
  return labels.map((label, column) => <TableHead key={column}>{label}</TableHead>)
}

/** A row's last cell: its action buttons and links, wrapped and aligned with the top of the row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <TableCell>
      <div className="flex flex-wrap items-start gap-2">{children}</div>
    </TableCell>
  )
}
