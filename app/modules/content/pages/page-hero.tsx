import type * as React from 'react'

/** The top band of an informational page: eyebrow, the page's only h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  note,
  children,
}: {
  eyebrow: string
  title: string
  lead: string
  note?: string
  children?: React.ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className="border-b bg-gradient-to-br from-primary/10 via-background to-secondary/60">
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        <h1 id="page-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        <p className="max-w-3xl text-lg leading-relaxed text-muted-foreground">{lead}</p>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        {children ? <div className="mt-2 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  )
}
