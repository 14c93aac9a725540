// A route loader called the way the app calls it for a page: behind the i18next middleware, which
// gives it the request's language, without the rest of the build.
import { RouterContextProvider } from 'react-router'
import { i18nextMiddleware } from '~/lib/i18next.server'

export type AnyLoader = (args: never) => unknown

/** Runs `loader` for a GET of `url` behind the i18next middleware and returns its data. */
export async function runLoader<L extends AnyLoader>(loader: L, url: string): Promise<Awaited<ReturnType<L>>> {
  const request = new Request(url)
  const context = new RouterContextProvider()
  let value: Awaited<ReturnType<L>> | undefined
  await i18nextMiddleware({ request, context, params: {}, pattern: '' } as never, async () => {
    value = (await loader({ request, context, params: {} } as never)) as Awaited<ReturnType<L>>
    return new Response(null)
  })
  return value as Awaited<ReturnType<L>>
}
