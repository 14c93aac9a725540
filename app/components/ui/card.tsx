import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card" className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)} {...props} />
}
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex p-6', !overrides(className, 'flex-row') && 'flex-col', !overrides(className, 'gap-') && 'gap-1.5', className)} {...props} />
}
export function CardTitle({ className, children, ...props }: React.ComponentProps<'h3'>) {
  return (
    <h3 data-slot="card-title" className={cn('text-xl font-semibold leading-tight', className)} {...props}>
      {children}
    </h3>
  )
}
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
}
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn(!overrides(className, 'p-') && 'p-6', !overrides(className, 'p-', 'py-', 'pt-') && 'pt-0', className)} {...props} />
}
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center p-6 pt-0', className)} {...props} />
}
