import { MessageSquare } from 'lucide-react'
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
        <MessageSquare aria-hidden />
        {t(label)}
        {context ? <span className="sr-only">: {context}</span> : null}
      </Button>
    </Form>
  )
}
