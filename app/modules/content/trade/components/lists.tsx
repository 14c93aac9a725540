import { Check, ChevronDown } from 'lucide-react'
import { cn, overrides } from '~/lib/utils'
import type { FaqItem, TitledText } from '../content'

/** A plain bulleted list of translated sentences. */
export function BulletList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn('list-disc space-y-2 pl-6 marker:text-muted-foreground', !overrides(className, 'leading-') && 'leading-7', className)}>
      {items.map((item, i) => (
        <li key={i} className="pl-1">
          {item}
        </li>
      ))}
    </ul>
  )
}

/** A short checklist with tick marks. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item, i) => (
        <li key={i} className="flex gap-2 leading-6">
          <Check className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

/** Numbered steps, each with a title (h3 by default) and a paragraph. */
export function StepList({ steps, headingLevel = 3 }: { steps: TitledText[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <ol className="space-y-6">
      {steps.map((step, i) => (
        <li key={i} className="flex gap-4">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          >
            {i + 1}
          </span>
          <div>
            <Heading className="font-semibold leading-8">{step.title}</Heading>
            <p className="mt-1 leading-7 text-foreground/90">{step.body}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** Titled paragraphs laid out as cards. */
export function TitledCards({ items, columns = 2 }: { items: TitledText[]; columns?: 2 | 3 }) {
  return (
    <ul className={cn('grid gap-4', columns === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}>
      {items.map((item, i) => (
        <li key={i} className="rounded-lg border bg-card p-5 shadow-sm">
          <h3 className="font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-foreground/90">{item.body}</p>
        </li>
      ))}
    </ul>
  )
}

/** Questions and answers as native disclosure widgets: keyboard- and screen-reader-friendly without script. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y rounded-lg border">
      {items.map((item, i) => (
        <details key={i} className="group" data-testid="trade-faq-item">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
            <span>{item.q}</span>
            <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <p className="px-5 pb-5 leading-7 text-foreground/90">{item.a}</p>
        </details>
      ))}
    </div>
  )
}
