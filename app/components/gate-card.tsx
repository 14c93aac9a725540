import { Lock } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardDescription, CardFooter, CardHeader } from '~/components/ui/card'

/** What a page shows instead of itself to someone who may not use it yet: an icon, why, and the ways on (buttons). */
export function GateCard({ icon, title, description, children }: { icon: React.ReactNode; title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mb-2 rounded-full bg-muted p-3">{icon}</span>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-wrap justify-center gap-3">{children}</CardFooter>
      </Card>
    </div>
  )
}

/** Spec §2's 'Login Required' page for a visitor: sign in (and come back to `redirectTo`) or register. */
export function SignInGate({ title, description, redirectTo, loginLabel, registerLabel }: { title: string; description: string; redirectTo: string; loginLabel: string; registerLabel: string }) {
  return (
    <GateCard icon={<Lock className="size-6" aria-hidden />} title={title} description={description}>
      <Button asChild>
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}>{loginLabel}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/register">{registerLabel}</Link>
      </Button>
    </GateCard>
  )
}
