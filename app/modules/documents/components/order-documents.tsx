import { useTranslation } from 'react-i18next'
import { TitledRegion } from '~/components/titled-region'
import { Card, CardContent } from '~/components/ui/card'
import { useFormat } from '~/lib/use-format'
import type { TradeDocumentKind } from '~/domain'

/** What the order page lists of each document version (the DTO of queries.server.ts, browser-safe). */
export type OrderDocumentItem = { id: string; kind: TradeDocumentKind; number: string; version: number; languages: string; sha256: string; createdAt: string }

/**
 * The order's trade documents (issue 29 item 4): each version with its number, date and SHA-256, and a
 * download link. `basePath` is the order's path for a party, or the admin's document path.
 */
export function OrderDocuments({ documents, basePath, secondLanguage }: { documents: OrderDocumentItem[]; basePath: string; secondLanguage: 'ru' | 'hi' }) {
  const { t } = useTranslation('documents')
  const format = useFormat()
  return (
    <Card data-testid="order-documents">
      <CardContent className="flex flex-col gap-3 pt-6">
        <TitledRegion headingId="order-documents-heading" title={t('section.title')} titleClassName="text-lg font-semibold">
          <p className="text-sm text-muted-foreground">{t('section.intro', { language: t(`languages.${secondLanguage}`) })}</p>
          {documents.length === 0 ? (
            <p className="mt-3 text-sm">{t('section.empty')}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-3 font-medium">{t('section.document')}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{t('section.number')}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{t('section.version')}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{t('section.date')}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{t('section.sha256')}</th>
                    <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('section.download')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {documents.map((d) => (
                    <tr key={d.id} className="border-b last:border-0" data-testid="order-document">
                      <td className="py-2 pr-3">{t(`kinds.${d.kind}`)}</td>
                      <td className="py-2 pr-3 font-mono">{d.number}</td>
                      <td className="py-2 pr-3">{d.version}</td>
                      <td className="py-2 pr-3"><time dateTime={d.createdAt}>{format.date(d.createdAt)}</time></td>
                      <td className="max-w-[12rem] py-2 pr-3 font-mono text-xs break-all">{d.sha256}</td>
                      <td className="py-2">
                        <a
                          href={`${basePath}/documents/${d.id}`}
                          download
                          className="font-medium text-primary underline underline-offset-4"
                          aria-label={t('section.downloadLabel', { kind: t(`kinds.${d.kind}`), number: d.number, version: d.version })}
                        >
                          {t('section.download')}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </TitledRegion>
      </CardContent>
    </Card>
  )
}
