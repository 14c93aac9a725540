import type * as React from 'react'
import { Link } from 'react-router'

/** The small muted link above a detail page's heading, back to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
      {children}
    </Link>
  )
}
