import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { useIntentSubmitting } from './profile-edit-form'

/** How many other sessions are signed in, and a button that ends them all. */
export function ProfileSessionsCard({ otherSessions }: { otherSessions: number }) {
  const { t } = useTranslation('account')
  const submitting = useIntentSubmitting('revokeOtherSessions')
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('sessions.title')}</h2>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p data-testid="other-sessions">{t('sessions.count', { count: otherSessions })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="revokeOtherSessions" />
          <Button type="submit" variant="outline" disabled={submitting || otherSessions === 0}>
            {submitting ? <Spinner label={t('sessions.submitting')} className="size-4" /> : t('sessions.submit')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
