import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'

/** One titled part of a long form (a card with an h2, an optional description, then the fields). */
export function FormSection({ title, description, className, children }: { title: string; description?: string; className?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  )
}
