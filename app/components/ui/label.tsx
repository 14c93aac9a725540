import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

// A plain <label> (Radix Label only stopped a double click from selecting the text, for 1 kB of
// JavaScript on every page with a form, issue #11). Pass htmlFor, or wrap the control.
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the caller associates it (htmlFor or a wrapped control)
    <label
      data-slot="label"
      className={cn(!overrides(className, 'text-xs', 'text-base', 'text-lg') && 'text-sm leading-none', 'font-medium peer-disabled:opacity-70', className)}
      {...props}
    />
  )
}
