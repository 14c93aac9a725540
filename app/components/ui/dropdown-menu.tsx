import { DropdownMenu as DM } from 'radix-ui'
import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

// Not modal: a modal menu marks the rest of the page aria-hidden while it stays focusable (axe
// aria-hidden-focus). Escape and an outside click still close it, and focus returns to the trigger.
export function DropdownMenu({ modal = false, ...props }: React.ComponentProps<typeof DM.Root>) {
  return <DM.Root modal={modal} {...props} />
}
export const DropdownMenuTrigger = DM.Trigger
export const DropdownMenuGroup = DM.Group

export function DropdownMenuContent({ className, sideOffset = 4, ...props }: React.ComponentProps<typeof DM.Content>) {
  return (
    <DM.Portal>
      <DM.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn('z-50 min-w-48 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md', className)}
        {...props}
      />
    </DM.Portal>
  )
}
export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof DM.Item>) {
  return (
    <DM.Item
      data-slot="dropdown-menu-item"
      className={cn(
        'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  )
}
export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof DM.Label>) {
  return <DM.Label data-slot="dropdown-menu-label" className={cn('px-2 py-1.5 text-sm', !overrides(className, 'font-') && 'font-semibold', className)} {...props} />
}
export function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof DM.Separator>) {
  return <DM.Separator data-slot="dropdown-menu-separator" className={cn('-mx-1 my-1 h-px bg-muted', className)} {...props} />
}
