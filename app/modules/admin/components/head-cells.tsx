import { TableHead } from '~/components/ui/table'

/** A data table's header cells (DataTable's `head`), one per column label, in order. */
export function headCells(labels: readonly string[]) {
  // The columns are fixed in number and order; two may share a label in some language.
  return labels.map((label, column) => <TableHead key={column}>{label}</TableHead>)
}
