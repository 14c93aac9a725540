// The header's dropdown menus (Radix menu with its popper, focus and dismiss code: about 30 kB of the
// JavaScript every public page loads, issue #11) are needed neither to paint nor to hydrate a page.
// A menu first renders its trigger as a plain button, the same on the server and in the browser; once
// the page has hydrated, the menu code loads in the background and takes over. A click that comes
// first opens the menu as soon as the code is there.
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react'
import type * as DropdownMenuModule from '~/components/ui/dropdown-menu'

type MenuModule = typeof DropdownMenuModule

let loading: Promise<MenuModule> | undefined
/** Loads the menu code once for the whole page. */
function loadMenuModule() {
  loading ??= import('~/components/ui/dropdown-menu')
  return loading
}

type TriggerProps = { onClick?: () => void; 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean }

/** A dropdown menu whose code loads after hydration: `trigger` is a button element, `content` the items. */
export function DeferredDropdownMenu({
  trigger,
  content,
  align,
}: {
  trigger: ReactElement<TriggerProps>
  /** The items, built from the loaded module's components. */
  content: (menu: MenuModule) => ReactNode
  align?: 'start' | 'end'
}) {
  const [menu, setMenu] = useState<MenuModule | undefined>(undefined)
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const wrapper = useRef<HTMLSpanElement>(null)
  const refocus = useRef(false)

  useEffect(() => {
    let mounted = true
    void loadMenuModule().then((loaded) => {
      if (!mounted) return
      // The plain button is about to be replaced: keep the keyboard focus where it was.
      refocus.current = Boolean(wrapper.current?.contains(document.activeElement))
      setMenu(loaded)
    })
    return () => {
      mounted = false
    }
  }, [])

  // A menu opened on load moves the focus into itself (and back to the trigger when it closes);
  // focusing the trigger here would count as focus leaving the menu and close it at once.
  useEffect(() => {
    if (menu && refocus.current && !openOnLoad) wrapper.current?.querySelector<HTMLElement>('button, a')?.focus()
  }, [menu, openOnLoad])

  // display: contents, so the wrapper changes nothing in the header's layout.
  if (!menu) {
    return (
      <span ref={wrapper} className="contents">
        {cloneElement(trigger, { 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setOpenOnLoad(true) })}
      </span>
    )
  }
  return <LoadedMenu menu={menu} wrapper={wrapper} trigger={trigger} content={content} align={align} openOnLoad={openOnLoad} />
}

/**
 * The Radix menu once its code is there. Radix opens on the trigger's pointerdown (and its keys), not on
 * click, so a click that no press on this trigger came before would be lost: the page's starter
 * replaying a click made before hydration (`element.click()`, no pointer), or a press on the plain
 * button whose click lands on this one because the code arrived in between. Such a click opens it.
 */
function LoadedMenu({
  menu,
  wrapper,
  trigger,
  content,
  align,
  openOnLoad,
}: {
  menu: MenuModule
  wrapper: React.RefObject<HTMLSpanElement | null>
  trigger: ReactElement<TriggerProps>
  content: (menu: MenuModule) => ReactNode
  align?: 'start' | 'end'
  openOnLoad: boolean
}) {
  const [open, setOpen] = useState(openOnLoad)
  const pressed = useRef(false)
  const { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } = menu
  return (
    <span ref={wrapper} className="contents">
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger
          asChild
          onPointerDown={() => (pressed.current = true)}
          onClick={() => {
            // After a press here Radix has already opened or closed the menu; keys open it on keydown.
            if (!pressed.current) setOpen(true)
            pressed.current = false
          }}
        >
          {trigger}
        </DropdownMenuTrigger>
        <DropdownMenuContent align={align}>{content(menu)}</DropdownMenuContent>
      </DropdownMenu>
    </span>
  )
}
