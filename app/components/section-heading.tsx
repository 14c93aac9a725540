import type * as React from 'react'

const HEADING_SIZES = {
  /** A page section's heading (Home). */
  section: {
    box: 'mb-6 flex flex-wrap items-end justify-between gap-4',
    text: 'flex max-w-2xl flex-col gap-1',
    title: 'text-2xl font-bold tracking-tight sm:text-3xl',
    description: 'text-muted-foreground',
  },
  /** A card's heading (analytics charts). */
  card: {
    box: 'flex flex-wrap items-start justify-between gap-3',
    text: 'min-w-0 flex-1',
    title: 'text-lg font-semibold leading-tight',
    description: 'mt-1 text-sm text-muted-foreground',
  },
} as const

/** An h2 with a line of description under it, and an action (a link, a button) beside them. */
export function SectionHeading({
  id,
  title,
  description,
  action,
  size = 'section',
}: {
  id: string
  title: string
  description: string
  action?: React.ReactNode
  size?: keyof typeof HEADING_SIZES
}) {
  const classes = HEADING_SIZES[size]
  return (
    <div className={classes.box}>
      <div className={classes.text}>
        <h2 id={id} className={classes.title}>
          {title}
        </h2>
        <p className={classes.description}>{description}</p>
      </div>
      {action}
    </div>
  )
}
