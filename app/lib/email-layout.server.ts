// The one look of every Setu email: a text part and an HTML part built from the same pieces, every
// value escaped (a name or a title is never markup).

export type EmailLayout = {
  lng: string
  subject: string
  greeting: string
  /** The main paragraphs, before the button. */
  paragraphs: string[]
  button: { label: string; url: string }
  /** Shown under the button with the raw link, for mail clients that hide buttons. */
  linkHint?: string
  /** Small print after the button (expiry, "ignore this if…"). */
  notes?: string[]
  signature: string
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

export function renderEmail(layout: EmailLayout): { subject: string; text: string; html: string } {
  const { button } = layout
  const notes = layout.notes ?? []
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((p) => [p, '']),
    `${button.label}: ${button.url}`,
    '',
    ...(notes.length ? [...notes, ''] : []),
    layout.signature,
  ].join('\n')
  const url = escapeHtml(button.url)
  const small = 'font-size:13px;color:#4b5563'
  const html = `<!doctype html>
<html lang="${escapeHtml(layout.lng)}"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 24px">Setu</p>
<p style="margin:0 0 16px">${escapeHtml(layout.greeting)}</p>
${layout.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:8px 0 24px"><a href="${url}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(button.label)}</a></p>
${layout.linkHint ? `<p style="margin:0 0 8px;${small}">${escapeHtml(layout.linkHint)}</p>\n<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}">${url}</a></p>` : ''}
${notes.map((n, i) => `<p style="margin:0 0 ${i === notes.length - 1 ? 24 : 8}px;${small}">${escapeHtml(n)}</p>`).join('\n')}
<p style="margin:0">${escapeHtml(layout.signature)}</p>
</td></tr></table>
</body></html>`
  return { subject: layout.subject, text, html }
}
