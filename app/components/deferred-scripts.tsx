import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts } from 'react-router'

/** The hydration module script's type until the page has painted: an unknown type, so it does not run yet. */
export const DEFERRED_MODULE_TYPE = 'text/setu-deferred-module'

/**
 * Modulepreload links the starter adds per task. Adding a link starts a fetch, which under a trace
 * (Lighthouse's) costs 1–2 ms of main thread: sixteen at once made a 20–40 ms task right after the
 * first paint, a long task in Total Blocking Time (issue #11).
 */
const PRELOADS_PER_TASK = 4

/**
 * Inline script after the deferred one: once the browser has painted the server's HTML (two animation
 * frames: the first paint is presented after the frame that drew it, then a task), it copies the
 * module script into a real one (same text, so the same CSP nonce or hash applies), which imports the
 * route modules and hydrates, and adds the modulepreload links for `preloads`, a few per task, so the
 * modules the route modules import are already on their way. A page in a background
 * tab gets no animation frames: the fallback timer starts it after 2 s.
 *
 * Until React has hydrated, a button that only works through React (a menu trigger, a toggle: a
 * `type="button"` button, or a button outside any form) does nothing when clicked, and the click would be
 * lost: links and form buttons work without JavaScript and are left alone. The starter keeps the last
 * such button clicked and clicks it again once React's root exists (`hydrateRoot` marks the document with
 * a `__reactContainer$…` key and listens from then on, hydrating at once for a click), so a visitor who
 * opens a menu while the modules are still loading gets the menu. It stops watching after 20 s.
 */
export function startAfterFirstPaint(preloads: readonly string[]): string {
  // Hrefs are the build's asset paths; JSON keeps them inert, and `<` is escaped so no text can close the script.
  const hrefs = JSON.stringify(preloads).replace(/</g, '\\u003c')
  return `(function(){var started=false,q=null,n=0;function hydrated(){return Object.keys(document).some(function(k){return k.indexOf('__reactContainer$')===0})}function early(e){if(hydrated()){document.removeEventListener('click',early,true);return}var b=e.target&&e.target.closest?e.target.closest('button'):null;if(b&&(b.type==='button'||(b.type==='submit'&&!b.form)))q=b}function replay(){if(hydrated()){document.removeEventListener('click',early,true);var b=q;q=null;if(b&&b.isConnected)b.click();return}if(++n<400)setTimeout(replay,50);else document.removeEventListener('click',early,true)}document.addEventListener('click',early,true);function start(){if(started)return;started=true;var d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!d){document.removeEventListener('click',early,true);return}var s=document.createElement('script');s.type='module';s.nonce=d.nonce;s.textContent=d.textContent;d.parentNode.insertBefore(s,d.nextSibling);var h=${hrefs},i=0;(function more(){for(var k=0;k<${PRELOADS_PER_TASK}&&i<h.length;k++,i++){var l=document.createElement('link');l.rel='modulepreload';l.href=h[i];document.head.appendChild(l)}if(i<h.length)setTimeout(more,0)})();replay()}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})});setTimeout(start,2000)})()`
}

/**
 * React Router's <Scripts> output with the module script made inert and the modulepreload links taken
 * out (their hrefs go to the starter). Links that carry an integrity or crossorigin attribute stay as
 * they are: the starter only knows how to add plain ones.
 */
function deferModuleScript(node: ReactNode, preloads: string[]): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement(child)) return child
    const el = child as ReactElement<{ type?: string; rel?: string; href?: string; integrity?: string; crossOrigin?: string; children?: ReactNode }>
    if (el.type === 'script' && el.props.type === 'module') return cloneElement(el, { type: DEFERRED_MODULE_TYPE })
    if (el.type === 'link' && el.props.rel === 'modulepreload' && el.props.href && !el.props.integrity && !el.props.crossOrigin) {
      preloads.push(el.props.href)
      return null
    }
    if (el.type === Fragment) return cloneElement(el, undefined, deferModuleScript(el.props.children, preloads))
    return el
  })
}

/**
 * React Router's <Scripts>, with its module script and its modulepreload links held back until the page
 * has painted (issue 11, Lighthouse). Chromium runs a module script as soon as its imports have arrived,
 * which on a fast connection is often before the first paint: then the whole framework's evaluation sits
 * between the HTML and the first paint, and a slow phone paints the page 1–2 s later than it could. And
 * 150 kB of preloaded modules share a slow connection with what the first paint needs (the image, the
 * fonts); Lighthouse counts every script that finished before the paint as part of it. So the server's
 * HTML names no module: the starter adds the preloads and the module script together, one frame after the
 * first paint, and they still download in parallel. The server and the hydrating client render the same
 * markup (React Router marks these elements suppressHydrationWarning), and after hydration <Scripts>
 * renders nothing.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // Called as a function so its elements can be rewritten; its hooks run as this component's, in the same order each render.
  const scripts = Scripts({ nonce })
  if (!scripts) return null
  const preloads: string[] = []
  const deferred = deferModuleScript(scripts, preloads)
  return (
    <>
      {deferred}
      {/* The starter's text only matters in the server's HTML: by hydration it has run, and React does not
          re-run or patch a parsed script, so the browser bundle leaves the text out (issue #11's 150 kB). */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startAfterFirstPaint(preloads) : '' }} />
    </>
  )
}
