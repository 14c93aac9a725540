import type * as React from 'react'

type Landmark = 'section' | 'article' | 'aside' | 'nav'

/**
 * A landmark (section, article, aside or nav) named by its own h2: the heading carries `headingId` and the
 * landmark points at it with aria-labelledby, so screen readers list it by that title.
 */
export function TitledRegion({
  as: Tag = 'section',
  headingId,
  title,
  titleClassName,
  children,
  ...props
}: Omit<React.ComponentProps<'section'>, 'title'> & {
  as?: Landmark
  headingId: string
  title: React.ReactNode
  titleClassName?: string
}) {
  return (
    <Tag aria-labelledby={headingId} {...props}>
      <h2 id={headingId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  )
}

/**
 * A call to action: a titled section with a short text and its buttons (the children). By default the
 * light box that closes a content page; a page with its own band passes the classes of each part.
 */
export function CtaPanel({
  headingId,
  title,
  body,
  className = 'rounded-xl border bg-accent/60 p-6 sm:p-8',
  titleClassName = 'text-xl font-bold',
  bodyClassName = 'mt-2 text-muted-foreground',
  actionsClassName = 'mt-5 flex flex-wrap gap-3',
  children,
}: {
  headingId: string
  title: string
  body: string
  className?: string
  titleClassName?: string
  bodyClassName?: string
  actionsClassName?: string
  children: React.ReactNode
}) {
  return (
    <TitledRegion headingId={headingId} title={title} className={className} titleClassName={titleClassName}>
      <p className={bodyClassName}>{body}</p>
      <div className={actionsClassName}>{children}</div>
    </TitledRegion>
  )
}
