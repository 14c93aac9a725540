import { useTranslation } from 'react-i18next'
import type { SubjectDto } from '../queries.server'

/** "Product: Sunflower oil", "Order #1a2b3c4d"…: what a conversation is about, in the reader's language. */
export function subjectText(t: (key: string, values?: Record<string, unknown>) => string, subject: SubjectDto): string {
  if (subject.type === 'order') return t('subject.order', { id: subject.id.slice(0, 8) })
  if (!subject.title) return t(`subject.${subject.type}Gone`)
  return t(`subject.${subject.type}`, { title: subject.title, interpolation: { escapeValue: false } })
}

/** The subject as text, with the language of a product name that fell back to another language. */
export function SubjectLabel({ subject, locale }: { subject: SubjectDto; locale: string }) {
  const { t } = useTranslation('messages')
  return <span lang={subject.titleLang && subject.titleLang !== locale ? subject.titleLang : undefined}>{subjectText(t, subject)}</span>
}
