// Tabs after the WAI-ARIA tabs pattern, with the markup Radix Tabs rendered (role, ids, aria-selected,
// data-state, roving tabindex), in a page's own code: Radix Tabs with its roving-focus and collection
// code cost the product and trade pages 9 kB of JavaScript (issue #11: at most 150 kB per public page).
// Horizontal, activation on focus: arrows, Home and End move to a tab and select it.
import { createContext, useContext, useId, useState, type KeyboardEvent } from 'react'
import type * as React from 'react'
import { cn, overrides } from '~/lib/utils'

type TabsState = { baseId: string; value: string | undefined; select: (value: string) => void }
const TabsContext = createContext<TabsState | null>(null)

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`)
  return state
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`

export function Tabs({
  value,
  defaultValue,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<'div'>, 'defaultValue'> & { value?: string; defaultValue?: string; onValueChange?: (value: string) => void }) {
  const baseId = useId()
  const [own, setOwn] = useState(defaultValue)
  const current = value ?? own
  const select = (next: string) => {
    if (value === undefined) setOwn(next)
    if (next !== current) onValueChange?.(next)
  }
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-slot="tabs" data-orientation="horizontal" dir="ltr" {...props} />
    </TabsContext.Provider>
  )
}

/** Arrow keys, Home and End move the focus among the list's tabs; focusing a tab selects it. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement)
  if (at < 0) return
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key]
  if (next === undefined) return
  event.preventDefault()
  tabs[(next + tabs.length) % tabs.length]?.focus()
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      // Not in the tab order (the selected tab is); focusable only so that the role is complete.
      tabIndex={-1}
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn('inline-flex h-auto flex-wrap items-center gap-1 rounded-md bg-muted p-1 text-muted-foreground', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event)
        if (!event.defaultPrevented) moveFocus(event)
      }}
      {...props}
    />
  )
}

export function TabsTrigger({ className, value, onClick, onFocus, ...props }: React.ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs('TabsTrigger')
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex items-center justify-center whitespace-nowrap rounded-sm text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        !overrides(className, 'px-') && 'px-3',
        !overrides(className, 'py-') && 'py-1.5',
        className,
      )}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) tabs.select(value)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        if (!event.defaultPrevented && !selected) tabs.select(value)
      }}
      {...props}
    />
  )
}

/** A tab's panel; `forceMount` keeps inactive panels in the page (hide them with data-[state=inactive]:hidden). */
export function TabsContent({ className, value, forceMount, children, ...props }: React.ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs('TabsContent')
  const selected = tabs.value === value
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected && !forceMount}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn(!overrides(className, 'mt-') && 'mt-4', 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    >
      {selected || forceMount ? children : null}
    </div>
  )
}
