// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { renderEmail } from './email-layout.server'

const layout = {
  lng: 'ru',
  subject: 'Новое предложение',
  greeting: 'Здравствуйте, <b>Иван</b>!',
  paragraphs: ['Продавец "Volga & Co" прислал предложение.', 'Второй абзац.'],
  button: { label: 'Открыть', url: 'https://setu.example/rfqs/1?a=1&b=2' },
  linkHint: 'Если кнопка не работает, откройте ссылку:',
  notes: ['Ссылка действует 24 часа.'],
  signature: '— Setu',
}

describe('renderEmail', () => {
  it('writes the same pieces into the text part, in order, with the link spelled out', () => {
    const { subject, text } = renderEmail(layout)
    expect(subject).toBe('Новое предложение')
    expect(text.split('\n')).toEqual([
      'Здравствуйте, <b>Иван</b>!',
      '',
      'Продавец "Volga & Co" прислал предложение.',
      '',
      'Второй абзац.',
      '',
      'Открыть: https://setu.example/rfqs/1?a=1&b=2',
      '',
      'Ссылка действует 24 часа.',
      '',
      '— Setu',
    ])
  })

  it('escapes every value in the HTML part: a name is never markup', () => {
    const { html } = renderEmail(layout)
    expect(html).toContain('<html lang="ru">')
    expect(html).toContain('Здравствуйте, &lt;b&gt;Иван&lt;/b&gt;!')
    expect(html).not.toContain('<b>Иван</b>')
    expect(html).toContain('Продавец &quot;Volga &amp; Co&quot;')
    expect(html).toContain('href="https://setu.example/rfqs/1?a=1&amp;b=2"')
    expect(html).toContain('Если кнопка не работает')
  })

  it('leaves out the link hint and the small print when there are none', () => {
    const { html, text } = renderEmail({ ...layout, linkHint: undefined, notes: undefined })
    expect(html).not.toContain('word-break:break-all')
    expect(text).not.toContain('24 часа')
  })
})
