import type * as React from 'react'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card'
import { cn } from '~/lib/utils'

/** The centred card the sign-in, registration and verification pages share. */
export function AuthCard({
  title,
  description,
  icon,
  footer,
  wide,
  children,
}: {
  title: string
  description?: React.ReactNode
  icon?: React.ReactNode
  footer?: React.ReactNode
  wide?: boolean
  children?: React.ReactNode
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:py-16', wide ? 'max-w-2xl' : 'max-w-md')}>
      <Card>
        <CardHeader className={cn(icon && 'items-center text-center')}>
          {icon ? <span className="mb-2 rounded-full bg-muted p-3">{icon}</span> : null}
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent className="flex flex-col gap-5">{children}</CardContent> : null}
        {footer ? <CardFooter className="flex-wrap justify-center gap-1 text-sm text-muted-foreground">{footer}</CardFooter> : null}
      </Card>
    </div>
  )
}

/** "Already have an account? Log in": a short prompt and its link, under an auth form or in an AuthCard's footer. */
export function AuthLinkPrompt({ prompt, to, link }: { prompt: string; to: string; link: string }) {
  return (
    <>
      {prompt}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {link}
      </Link>
    </>
  )
}
