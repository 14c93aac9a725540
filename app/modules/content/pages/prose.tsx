import type * as React from 'react'
import { TitledRegion } from '~/components/titled-region'
import { cn, overrides } from '~/lib/utils'

const TEXT_SIZES = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl']

/** Readable long-form text: spacing, lists and links for content that comes from translations. */
export function Prose({ className, ...props }: React.ComponentProps<'div'>) {
  // A text size or colour in className replaces the default one.
  const sized = overrides(className, ...TEXT_SIZES)
  const coloured = Boolean(className?.split(/\s+/).some((c) => c.startsWith('text-') && !TEXT_SIZES.includes(c)))
  return (
    <div
      className={cn(
        !sized && 'text-base leading-7',
        !coloured && 'text-foreground/90',
        '[&>*+*]:mt-4 [&_li+li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:pl-1 [&_li]:marker:text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

/** The page body column. */
export function PageBody({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mx-auto flex max-w-4xl flex-col gap-12 px-4 py-12', className)} {...props} />
}

/** A titled section (or article) with an h2 whose id is `{id}-heading`, that anchors (#id) can target below the sticky header. */
export function ContentSection({
  as,
  id,
  title,
  children,
  className,
  titleClassName = 'mb-4 text-2xl font-bold tracking-tight',
}: {
  as?: 'section' | 'article'
  id: string
  title: React.ReactNode
  children: React.ReactNode
  className?: string
  titleClassName?: string
}) {
  return (
    <TitledRegion as={as} id={id} headingId={`${id}-heading`} title={title} className={cn('scroll-mt-24', className)} titleClassName={titleClassName}>
      {children}
    </TitledRegion>
  )
}
