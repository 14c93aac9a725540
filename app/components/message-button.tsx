import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'

type Subject = 'product' | 'rfq' | 'quote' | 'order'

/**
 * "Message" / "Contact seller": posts to /messages/start, which opens the conversation with the other
 * party of the subject (starting it when there is none) and goes to it. `withId` names the seller when an
 * RFQ's buyer writes about the RFQ itself. `context` is read to screen readers after the label ("Message
 * the seller: Volkov Trading").
 */
export function MessageButton({
  subjectType,
  subjectId,
  withId,
  label = 'start.message',
  context,
  variant = 'outline',
  size = 'sm',
}: {
  subjectType: Subject
  subjectId: string
  withId?: string
  label?: 'start.message' | 'start.messageSeller' | 'start.messageBuyer' | 'start.contactSeller'
  context?: string
  variant?: 'outline' | 'default' | 'secondary'
  size?: 'sm' | 'default'
}) {
  const { t } = useTranslation('messages')
  return (
    <Form method="post" action="/messages/start" className="contents">
      <input type="hidden" name="subjectType" value={subjectType} />
      <input type="hidden" name="subjectId" value={subjectId} />
      {withId ? <input type="hidden" name="with" value={withId} /> : null}
      <Button type="submit" variant={variant} size={size} data-testid="message-button">
        {/* Lucide's message-square drawn inline: the button sits in the catalog's chunk, which pages
            without the trade icons load too (issue #11 budget). */}
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z" />
        </svg>
        {t(label)}
        {context ? <span className="sr-only">: {context}</span> : null}
      </Button>
    </Form>
  )
}
