// The panel's CSV downloads (the audit log, an analytics chart's data): one answer with the headers
// every such file carries.
import { contentDisposition } from '~/lib/file-response.server'

/** A CSV file download named `fileName` (ours, plain ASCII): never cached, never sniffed. */
export function csvDownload(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', fileName, { userNamed: false }),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
