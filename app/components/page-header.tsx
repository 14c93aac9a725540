import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'

/**
 * A signed-in page's header: its h1, a description and anything under it; on the right its main action,
 * either `action` or a `link` button with an icon (Create RFQ, Add product).
 */
export function PageHeader({
  title,
  description,
  action,
  link,
  children,
}: {
  title: React.ReactNode
  description?: React.ReactNode
  action?: React.ReactNode
  link?: { to: string; label: string; icon: LucideIcon }
  children?: React.ReactNode
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
        {children}
      </div>
      {link ? (
        <Button asChild>
          <Link to={link.to}>
            <link.icon className="size-4" aria-hidden />
            {link.label}
          </Link>
        </Button>
      ) : null}
      {action}
    </header>
  )
}
