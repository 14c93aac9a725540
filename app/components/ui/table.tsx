import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

// The table primitives (shadcn's shape). The defaults are the dense admin look; a className that sets
// the same property (padding, background, border, weight) replaces the default instead of fighting it.

export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return <table data-slot="table" className={cn('w-full text-left text-sm', className)} {...props} />
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn(!overrides(className, 'border-') && 'border-b', !overrides(className, 'bg-') && 'bg-muted/50', className)}
      {...props}
    />
  )
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={className} {...props} />
}

/** A row with a line under it, except the last (the borders collapse, so none doubles up). */
export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn(!overrides(className, 'border-') && 'border-b last:border-0', className)} {...props} />
}

/** A header cell: a column's by default, a row's with `scope="row"`. */
export function TableHead({ className, scope = 'col', ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        !overrides(className, 'p-', 'px-') && 'px-3',
        !overrides(className, 'p-', 'py-') && 'py-2',
        !overrides(className, 'font-') && 'font-medium',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn(!overrides(className, 'p-', 'px-') && 'px-3', !overrides(className, 'p-', 'py-') && 'py-2', className)}
      {...props}
    />
  )
}

/** The table's name; screen-reader only unless a className styles it. */
export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={className ?? 'sr-only'} {...props} />
}
