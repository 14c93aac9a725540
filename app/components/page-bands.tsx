// The bands of the marketing pages (Home, About): a band's heading and the closing call to action.
import type * as React from 'react'
import { CtaPanel } from '~/components/titled-region'

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

const CTA_BANDS = {
  /** Brand-coloured (Home). */
  primary: {
    className: 'flex flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground',
    titleClassName: 'text-3xl font-bold tracking-tight',
    bodyClassName: 'max-w-2xl opacity-90',
    actionsClassName: 'flex flex-wrap justify-center gap-3',
  },
  /** Dark (About). */
  dark: {
    className: 'rounded-xl bg-slate-900 px-6 py-10 text-center text-white sm:px-10',
    titleClassName: 'text-2xl font-bold',
    bodyClassName: 'mx-auto mt-3 max-w-xl text-slate-300',
    actionsClassName: 'mt-6 flex flex-wrap justify-center gap-3',
  },
} as const

/** A page's closing call to action as a centred, coloured band: a CtaPanel in one of the band tones. */
export function CtaBand({ tone, ...props }: Omit<React.ComponentProps<typeof CtaPanel>, `${string}className` | `${string}ClassName`> & { tone: keyof typeof CTA_BANDS }) {
  return <CtaPanel {...props} {...CTA_BANDS[tone]} />
}
