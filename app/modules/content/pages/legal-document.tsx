import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { TitledRegion } from '~/components/titled-region'
import { listOf } from './content'
import { ContentSection, Prose } from './prose'
import { RichText } from './rich-text'

/**
 * Terms and Privacy: numbered sections from `pages:{prefix}.sections.{id}` with a table of contents.
 * Each section has a title and optional `body` paragraphs, `items` (a bulleted list) and a closing `note`.
 */
export function LegalDocument({
  prefix,
  sections,
  extra,
}: {
  prefix: 'terms' | 'privacy'
  sections: readonly string[]
  /** Extra content rendered at the end of a section, such as a table. */
  extra?: Partial<Record<string, React.ReactNode>>
}) {
  const { t } = useTranslation('pages')
  const key = (id: string) => `${prefix}.sections.${id}`
  return (
    <>
      <TitledRegion
        as="nav"
        headingId="toc-heading"
        title={t('shared.onThisPage')}
        className="rounded-lg border bg-muted/40 p-5"
        titleClassName="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <ol className="gap-x-8 text-sm sm:columns-2 [&>li+li]:mt-1.5">
          {sections.map((id, i) => (
            <li key={id}>
              <a href={`#${id}`} className="text-muted-foreground hover:text-primary hover:underline">
                {i + 1}. {t(`${key(id)}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </TitledRegion>
      <div className="flex flex-col gap-10">
        {sections.map((id, i) => {
          const note = t(`${key(id)}.note`, { defaultValue: '' })
          return (
            <ContentSection key={id} id={id} title={`${i + 1}. ${t(`${key(id)}.title`)}`}>
              <Prose>
                {listOf(t, `${key(id)}.body`).map((p, j) => (
                  <p key={j}>
                    <RichText text={p} />
                  </p>
                ))}
                {listOf(t, `${key(id)}.items`).length > 0 ? (
                  <ul>
                    {listOf(t, `${key(id)}.items`).map((item, j) => (
                      <li key={j}>
                        <RichText text={item} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {note ? (
                  <p>
                    <RichText text={note} />
                  </p>
                ) : null}
                {extra?.[id]}
              </Prose>
            </ContentSection>
          )
        })}
      </div>
    </>
  )
}
