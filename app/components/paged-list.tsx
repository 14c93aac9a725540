import type * as React from 'react'
import { ActionError } from '~/components/action-error'
import { Card, CardContent } from '~/components/ui/card'

/**
 * The body of a signed-in list page (orders, RFQs, notifications): the action's refusal when there is
 * one, the list or, when this page of it holds nothing, a card saying so, and the page links under it.
 */
export function PagedList({
  error,
  isEmpty,
  empty,
  pagination,
  children,
}: {
  /** The action's refusal, already translated. */
  error?: string
  isEmpty: boolean
  /** What the card says instead of an empty list. */
  empty: React.ReactNode
  /** The page links (catalog's Pagination). */
  pagination: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <>
      <ActionError message={error} />
      {isEmpty ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground">{empty}</CardContent>
        </Card>
      ) : (
        children
      )}
      {pagination}
    </>
  )
}
