import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium',
        // A height or width in className replaces the default one.
        !overrides(className, 'h-') && 'h-10',
        !overrides(className, 'w-') && 'w-full',
        className,
      )}
      {...props}
    />
  )
}
