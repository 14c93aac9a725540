import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts } from 'react-router'

/** The hydration module script's type until the page has painted: an unknown type, so it does not run yet. */
export const DEFERRED_MODULE_TYPE = 'text/setu-deferred-module'

/**
 * Inline script after the deferred one: once the browser has painted the server's HTML (two animation
 * frames: the first paint is presented after the frame that drew it, then a task), it copies the module script into a real one (same text, so the same
 * CSP nonce or hash applies), which imports the route modules and hydrates. A page in a background tab
 * gets no animation frames: the fallback timer starts it after 2 s.
 */
export const START_AFTER_FIRST_PAINT = `(function(){var started=false;function start(){if(started)return;started=true;var d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!d)return;var s=document.createElement('script');s.type='module';s.nonce=d.nonce;s.textContent=d.textContent;d.parentNode.insertBefore(s,d.nextSibling)}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})});setTimeout(start,2000)})()`

function deferModuleScript(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child
    const el = child as ReactElement<{ type?: string; children?: ReactNode }>
    if (el.type === 'script' && el.props.type === 'module') return cloneElement(el, { type: DEFERRED_MODULE_TYPE })
    if (el.type === Fragment) return cloneElement(el, undefined, deferModuleScript(el.props.children))
    return el
  })
}

/**
 * React Router's <Scripts>, with its module script held back until the page has painted (issue 11,
 * Lighthouse). Chromium runs a module script as soon as its imports have arrived, which on a fast
 * connection is often before the first paint: then the whole framework's evaluation sits between the
 * HTML and the first paint, and a slow phone paints the page 1–2 s later than it could. The modulepreload
 * links still fetch everything at once; only the evaluation waits one frame. The server and the
 * hydrating client render the same markup (React Router marks these elements suppressHydrationWarning),
 * and after hydration <Scripts> renders nothing.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // Called as a function so its elements can be rewritten; its hooks run as this component's, in the same order each render.
  const scripts = Scripts({ nonce })
  if (!scripts) return null
  return (
    <>
      {deferModuleScript(scripts)}
      {/* The starter's text only matters in the server's HTML: by hydration it has run, and React does not
          re-run or patch a parsed script, so the browser bundle leaves the text out (issue #11's 150 kB). */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_AFTER_FIRST_PAINT : '' }} />
    </>
  )
}
