// What Radix Slot did for Button's asChild, in a page's own code (Radix Slot cost every page 1.4 kB
// of JavaScript, issue #11): renders its one child element with the slot's props merged in. The
// child's props win, except that event handlers run both (the child's first), class names are
// joined, styles merged and refs composed.
import { cloneElement, isValidElement, type ReactElement, type Ref } from 'react'
import type * as React from 'react'

type Props = Record<string, unknown> & { ref?: Ref<unknown> }

function setRef(ref: Ref<unknown> | undefined, value: unknown) {
  if (typeof ref === 'function') return ref(value)
  if (ref) (ref as React.RefObject<unknown>).current = value
}

export function Slot({ children, ...slotProps }: Props & { children?: React.ReactNode }) {
  if (!isValidElement(children)) return null
  const childProps = (children as ReactElement<Props>).props
  const merged: Props = { ...slotProps, ...childProps }
  for (const key of Object.keys(slotProps)) {
    const slotValue = slotProps[key]
    const childValue = childProps[key]
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result = (childValue as (...a: unknown[]) => unknown)(...args)
        ;(slotValue as (...a: unknown[]) => unknown)(...args)
        return result
      }
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) }
    } else if (key === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ')
    }
  }
  if (slotProps.ref && childProps.ref) {
    const refs = [slotProps.ref, childProps.ref]
    merged.ref = (value: unknown) => {
      const cleanups = refs.map((ref) => setRef(ref, value))
      return () => cleanups.forEach((cleanup, i) => (typeof cleanup === 'function' ? cleanup() : setRef(refs[i], null)))
    }
  }
  return cloneElement(children as ReactElement<Props>, merged)
}
