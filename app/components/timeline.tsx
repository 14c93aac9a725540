import type * as React from 'react'

/** A titled history, oldest first (a negotiation's rounds, an order's status changes): one bordered item each. */
export function Timeline<Item>({
  id,
  title,
  testId,
  items,
  itemKey,
  children: renderItem,
}: {
  /** The heading's id, which names the section. */
  id: string
  title: string
  testId: string
  items: readonly Item[]
  itemKey: (item: Item, index: number) => React.Key
  children: (item: Item) => React.ReactNode
}) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ol className="flex flex-col gap-3" data-testid={testId}>
        {items.map((item, index) => (
          <li key={itemKey(item, index)} className="rounded-md border p-3">
            {renderItem(item)}
          </li>
        ))}
      </ol>
    </section>
  )
}
