// What a visitor types or chooses before React hydrates the page is kept (issue 26 item 5).
//
// Until the JavaScript has run, every form on a server-rendered page is plain HTML and can be filled in
// (on a slow phone that can take seconds). React hydrates without touching what the fields hold, but:
// - a controlled field (value/checked from state) still holds the server's value in its state, and the
//   next render writes that back into the field: the typed text or the chosen option disappears;
// - a <textarea> that came with text is reset to that text while hydrating (react-dom's initTextarea).
// So `captureTypedInput` (app/entry.client.tsx, before hydrateRoot) notes the textareas' text, and
// `restoreTypedInput` (once the page has hydrated: the root's layout effect, or a lazily loaded form's)
// puts such text back and tells React of every field that no longer holds its server value, through the
// same input/change/click events a person's typing fires: each form's own onChange handlers then bring
// their state in line with the page, so what is submitted is what the person sees.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Inputs that hold no typed value (or one a script cannot set: files). */
const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image'])

let captured = new WeakMap<HTMLTextAreaElement, string>()

function fields(root: ParentNode): Field[] {
  return Array.from(root.querySelectorAll<Field>('input, textarea, select')).filter((el) => !(el instanceof HTMLInputElement && NOT_TYPED.has(el.type)))
}

const checkable = (el: Field): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')

/** True when the field no longer holds what the server rendered into it. */
function changed(el: Field): boolean {
  if (el instanceof HTMLSelectElement) {
    const options = Array.from(el.options)
    if (el.multiple) return options.some((o) => o.selected !== o.defaultSelected)
    // A single select without a `selected` option shows its first enabled one.
    const marked = options.findLastIndex((o) => o.defaultSelected)
    return el.selectedIndex !== (marked >= 0 ? marked : options.findIndex((o) => !o.disabled))
  }
  if (checkable(el)) return el.checked !== el.defaultChecked
  return el.value !== el.defaultValue
}

/** Called before hydrating: notes the text typed into textareas, which hydration would reset. */
export function captureTypedInput(root: ParentNode = document): void {
  captured = new WeakMap()
  for (const el of fields(root)) if (el instanceof HTMLTextAreaElement && el.value !== el.defaultValue) captured.set(el, el.value)
}

/** Sets a property through the element's prototype: React's value tracker on the element does not see it. */
function setNative(el: Field, prop: 'value' | 'checked', value: string | boolean) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, prop)?.set?.call(el, value)
}

/** Fires the event React reads a change of this field from, making sure React sees a change. */
function announce(el: Field) {
  if (el instanceof HTMLSelectElement) {
    el.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  if (checkable(el)) {
    // A radio that was unchecked fires nothing (its group's checked one does), as when a person clicks.
    if (el.type === 'radio' && !el.checked) return
    const now = el.checked
    // Through the element (React's tracker notes the other state), then back through the prototype.
    el.checked = !now
    setNative(el, 'checked', now)
    el.dispatchEvent(new Event('click', { bubbles: true }))
    return
  }
  const now = el.value
  el.value = now === el.defaultValue ? `${now} ` : el.defaultValue
  setNative(el, 'value', now)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Called once hydrated: puts back the textareas' text and tells React of every field changed before. */
export function restoreTypedInput(root: ParentNode = document): void {
  for (const el of fields(root)) {
    const text = el instanceof HTMLTextAreaElement ? captured.get(el) : undefined
    if (text !== undefined) {
      captured.delete(el as HTMLTextAreaElement)
      if (el instanceof HTMLTextAreaElement && el.value === el.defaultValue) setNative(el, 'value', text)
    }
    if (changed(el)) announce(el)
  }
}
