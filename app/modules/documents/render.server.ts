// Renders a trade document to PDF with PDFKit (ADR 032): labels in English and the second language
// one after the other ("Seller (exporter) / Продавец (экспортёр)"), the parties' own text as typed.
// Fonts ship in assets/fonts (Noto Sans for Latin and Cyrillic, Noto Sans Devanagari for Hindi); each
// piece of text is cut into runs by script and every run set in the font that has its letters, so no
// glyph box appears in any of the three languages. fontkit (inside PDFKit) shapes Devanagari:
// conjuncts, reph and pre-base vowel signs come out right.
import fs from 'node:fs'
import path from 'node:path'
import PDFDocument from 'pdfkit'
import type { TFunction } from 'i18next'
import { formatMoney, readerOf } from '~/lib/i18n'
import { createFixedInstance } from '~/lib/i18next.server'
import { TRADE_DOCUMENT_LANGUAGE, unitText, type LanguageCode, type TradingCountry } from '~/domain'
import type { TradeDocumentData } from './types'
import { describePaymentTerms } from '~/modules/payments'

/** Where the fonts are: `assets/fonts` of the app (the process runs from the app's folder). */
export const FONT_DIR = path.resolve(process.cwd(), 'assets/fonts')

const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  deva: 'NotoSansDevanagari-Regular.ttf',
  devaBold: 'NotoSansDevanagari-Bold.ttf',
} as const
type FontName = keyof typeof FONT_FILES

let fontBytes: Record<FontName, Buffer> | undefined
function fonts(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(path.join(FONT_DIR, file))])) as Record<FontName, Buffer>
  return fontBytes
}

const COUNTRY_CODES: Record<TradingCountry, string> = { India: 'IN', Russia: 'RU' }

/** The two languages a document for this buyer is printed in, English first. */
export function documentLanguages(buyerCountry: TradingCountry): readonly [LanguageCode, LanguageCode] {
  return ['en', TRADE_DOCUMENT_LANGUAGE[buyerCountry]]
}

// Devanagari letters and signs (and the joiners shaping uses) go to the Devanagari font; spaces,
// digits and the punctuation both fonts have stay with the run they are in; everything else (Latin,
// Cyrillic, signs the Devanagari font lacks) goes to Noto Sans.
const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff]/
const NEUTRAL = /[\s0-9!"#%'()*+,\-./:;<=>?[\\\]^_{|}~\u00a0\u200c\u200d\u2013\u2014\u20b9]/

/** Cuts text into runs that one font can set: [isDevanagari, text][]. */
export function scriptRuns(text: string): [boolean, string][] {
  const runs: [boolean, string][] = []
  for (const ch of text) {
    const last = runs[runs.length - 1]
    const deva = DEVANAGARI.test(ch) ? true : NEUTRAL.test(ch) ? (last?.[0] ?? false) : false
    if (last && last[0] === deva) last[1] += ch
    else runs.push([deva, ch])
  }
  return runs
}

type Box = { x: number; y: number; width: number; size?: number; bold?: boolean; align?: 'left' | 'right'; color?: string }

const PAGE = { margin: 40, width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const GREY = '#555555'

/** Renders the document; the same data always gives the same bytes (the dates inside are the issue date). */
export async function renderTradeDocument(data: TradeDocumentData): Promise<Uint8Array> {
  const [first, second] = documentLanguages(data.buyer.country)
  const [en, other] = await Promise.all([createFixedInstance(first), createFixedInstance(second)])
  const tEn = en.getFixedT(first) as TFunction
  const tOther = other.getFixedT(second) as TFunction
  const both = (key: string, options?: Record<string, unknown>) => `${tEn(key, options)} / ${tOther(key, options)}`
  const reader = readerOf('en')
  const money = (amount: string) => formatMoney(amount, data.currency, reader)
  const qty = (n: number, unit: TradeDocumentData['lines'][number]['unit']) => `${n} ${tEn(...unitText(unit, n))} / ${tOther(...unitText(unit, n))}`
  const country = (c: TradingCountry) => `${tEn(`countries:${COUNTRY_CODES[c]}`)} / ${tOther(`countries:${COUNTRY_CODES[c]}`)}`
  const origin = (code: string | null) => (code ? `${tEn(`countries:${code}`, { defaultValue: code })} / ${tOther(`countries:${code}`, { defaultValue: code })}` : both('documents:pdf.notStated'))

  const issued = new Date(`${data.date}T00:00:00Z`)
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${tEn(`documents:kinds.${data.kind}`)} ${data.number}`, Author: data.seller.registeredName, Producer: 'Setu', Creator: 'Setu', CreationDate: issued, ModDate: issued },
    lang: first,
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })
  const f = fonts()
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, f[name])

  /** Writes text at a box, each script run in its font; returns the y below it. */
  const write = (text: string, box: Box): number => {
    const size = box.size ?? 9
    doc.fillColor(box.color ?? '#000000')
    const runs = scriptRuns(text.length > 0 ? text : ' ')
    const fontOf = (deva: boolean) => (deva ? (box.bold ? 'devaBold' : 'deva') : box.bold ? 'latinBold' : 'latin')
    if (box.align === 'right' && runs.length > 1) {
      // PDFKit aligns each continued run on its own: a right-aligned line of several runs is placed here, run by run, on one line.
      const widths = runs.map(([deva, run]) => doc.font(fontOf(deva)).fontSize(size).widthOfString(run))
      let x = box.x + Math.max(0, box.width - widths.reduce((a, b) => a + b, 0))
      let bottom = box.y
      runs.forEach(([deva, run], i) => {
        doc.font(fontOf(deva)).fontSize(size).text(run, x, box.y, { lineBreak: false })
        bottom = Math.max(bottom, box.y + doc.currentLineHeight(true))
        x += widths[i]!
      })
      doc.x = box.x
      doc.y = bottom
      return bottom
    }
    runs.forEach(([deva, run], i) => {
      doc.font(fontOf(deva)).fontSize(size)
      const opts = { width: box.width, align: box.align ?? 'left', continued: i < runs.length - 1, lineGap: 1 }
      if (i === 0) doc.text(run, box.x, box.y, opts)
      else doc.text(run, opts)
    })
    return doc.y
  }
  /** Starts a new page when fewer than `needed` points are left. */
  const room = (y: number, needed: number) => {
    if (y + needed <= PAGE.height - PAGE.margin - 30) return y
    doc.addPage()
    return PAGE.margin
  }
  const rule = (y: number) => {
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.5).strokeColor('#999999').stroke()
    return y + 6
  }
  const heading = (text: string, y: number) => write(text, { x: PAGE.margin, y, width: CONTENT_WIDTH, size: 10, bold: true }) + 2
  const field = (label: string, value: string, y: number, x = PAGE.margin, width = CONTENT_WIDTH) => {
    const below = write(label, { x, y, width, size: 7.5, color: GREY })
    return write(value, { x, y: below, width, size: 9.5 }) + 4
  }

  // Title and the document's particulars.
  let y = write(tEn(`documents:kinds.${data.kind}`), { x: PAGE.margin, y: PAGE.margin, width: 300, size: 18, bold: true })
  y = write(tOther(`documents:kinds.${data.kind}`), { x: PAGE.margin, y, width: 300, size: 14, bold: true })
  let metaY = PAGE.margin
  const metaX = PAGE.margin + 320
  const metaWidth = CONTENT_WIDTH - 320
  metaY = field(both('documents:pdf.number'), data.number, metaY, metaX, metaWidth)
  metaY = field(both('documents:pdf.date'), data.date, metaY, metaX, metaWidth)
  metaY = field(both('documents:pdf.version'), String(data.version), metaY, metaX, metaWidth)
  metaY = field(both('documents:pdf.order'), data.orderRef, metaY, metaX, metaWidth)
  y = rule(Math.max(y, metaY) + 4)

  // The parties, side by side.
  const half = (CONTENT_WIDTH - 20) / 2
  const party = (label: string, p: TradeDocumentData['seller'], x: number) => {
    let py = write(label, { x, y, width: half, size: 10, bold: true }) + 2
    py = field(both('documents:pdf.registeredName'), p.registeredName, py, x, half)
    if (p.address) py = field(both('documents:pdf.address'), p.address, py, x, half)
    py = field(both('documents:pdf.country'), country(p.country), py, x, half)
    return field(both('documents:pdf.email'), p.email, py, x, half)
  }
  y = rule(Math.max(party(both('documents:pdf.seller'), data.seller, PAGE.margin), party(both('documents:pdf.buyer'), data.buyer, PAGE.margin + half + 20)) + 2)

  // The goods: prices on the invoices, none on the packing list.
  const priced = data.kind !== 'packing_list'
  const cols = priced
    ? [
        { key: 'description', width: 200 },
        { key: 'quantity', width: 115 },
        { key: 'unitPrice', width: 100, right: true },
        { key: 'total', width: CONTENT_WIDTH - 415, right: true },
      ]
    : [
        { key: 'description', width: 260 },
        { key: 'origin', width: 120 },
        { key: 'quantity', width: CONTENT_WIDTH - 380 },
      ]
  y = heading(both('documents:pdf.goods'), room(y, 80))
  const header = (hy: number) => {
    let x = PAGE.margin
    let bottom = hy
    for (const col of cols) {
      const align = col.right ? 'right' : 'left'
      const below = write(tEn(`documents:pdf.${col.key}`), { x, y: hy, width: col.width - 6, size: 7.5, bold: true, align })
      bottom = Math.max(bottom, write(tOther(`documents:pdf.${col.key}`), { x, y: below, width: col.width - 6, size: 7.5, color: GREY, align }))
      x += col.width
    }
    return rule(bottom + 2)
  }
  y = header(y)
  for (const line of data.lines) {
    y = room(y, 60)
    let x = PAGE.margin
    let bottom = y
    const details = [`${tEn('documents:pdf.hsCode')}: ${line.hsCode ?? '—'}`]
    if (priced) details.push(`${tEn('documents:pdf.origin')}: ${origin(line.origin)}`)
    const cells: Record<string, string> = {
      description: line.description,
      quantity: qty(line.quantity, line.unit),
      unitPrice: money(line.unitPrice),
      total: money(line.total),
      origin: origin(line.origin),
    }
    for (const col of cols) {
      const below = write(cells[col.key]!, { x, y, width: col.width - 6, size: 9, align: col.right ? 'right' : 'left' })
      bottom = Math.max(bottom, col.key === 'description' ? write(details.join('\n'), { x, y: below, width: col.width - 6, size: 7.5, color: GREY }) : below)
      x += col.width
    }
    y = rule(bottom + 2)
  }
  if (priced) {
    const label = `${both('documents:pdf.total')} (${data.currency})`
    write(label, { x: PAGE.margin, y, width: CONTENT_WIDTH - 130, size: 10, bold: true, align: 'right' })
    y = write(money(data.total), { x: PAGE.margin + CONTENT_WIDTH - 125, y, width: 125, size: 10, bold: true, align: 'right' }) + 8
  } else {
    const total = data.lines.reduce((sum, l) => sum + l.quantity, 0)
    const units = new Set(data.lines.map((l) => l.unit))
    const [unit] = [...units]
    if (units.size === 1 && unit) y = field(both('documents:pdf.totalQuantity'), qty(total, unit), y) + 4
  }

  // Terms: Incoterms and payment (the invoices); the shipment (the commercial invoice and packing list).
  y = heading(both('documents:pdf.terms'), room(y, 90))
  y = field(both('documents:pdf.incoterms'), data.incoterm ? `${data.incoterm} ${data.incotermPlace ?? ''}`.trim() : both('documents:pdf.notStated'), y)
  if (priced) {
    const terms = data.paymentSchedule
    if (terms) {
      // The wording of the terms in each language ("30 % on proforma issued / 30 % при выставлении проформы").
      const [termsEn, termsOther] = [describePaymentTerms(terms, tEn), describePaymentTerms(terms, tOther)]
      y = field(both('documents:pdf.paymentTerms'), `${termsEn.method} / ${termsOther.method}`, y)
      y = write(both('documents:pdf.milestones'), { x: PAGE.margin, y: room(y, 40), width: CONTENT_WIDTH, size: 7.5, color: GREY })
      for (const m of data.milestones) {
        const i = m.position - 1
        y = write(`${m.position}. ${termsEn.milestones[i] ?? ''} / ${termsOther.milestones[i] ?? ''}: ${money(m.amount)}`, { x: PAGE.margin + 8, y: room(y, 14), width: CONTENT_WIDTH - 8, size: 9.5 })
      }
      if (termsEn.shipBeforePaid) y = write(`${termsEn.shipBeforePaid} / ${termsOther.shipBeforePaid}`, { x: PAGE.margin + 8, y: room(y, 14), width: CONTENT_WIDTH - 8, size: 9.5 })
      y += 4
    } else {
      y = field(both('documents:pdf.paymentTerms'), data.paymentTerms?.trim() || both('documents:pdf.notStated'), y)
    }
  }
  if (priced && data.bank) {
    y = heading(both('documents:pdf.bank'), room(y, 90))
    y = field(both('documents:pdf.bankName'), data.bank.bankName, y)
    if (data.bank.accountName) y = field(both('documents:pdf.accountName'), data.bank.accountName, y)
    y = field(both('documents:pdf.accountNumber'), data.bank.accountNumber, y)
    if (data.bank.swift) y = field(both('documents:pdf.swift'), data.bank.swift, y)
    if (data.bank.ifsc) y = field(both('documents:pdf.ifsc'), data.bank.ifsc, y)
    if (data.bank.bik) y = field(both('documents:pdf.bik'), data.bank.bik, y)
    if (data.bank.correspondentAccount) y = field(both('documents:pdf.correspondentAccount'), data.bank.correspondentAccount, y)
  }
  if (data.kind !== 'proforma' && data.shipment) {
    const s = data.shipment
    y = heading(both('documents:pdf.shipment'), room(y, 90))
    if (s.mode) y = field(both('documents:pdf.transportMode'), `${tEn(`catalog:product.shipping.methods.${s.mode}`, { defaultValue: s.mode })} / ${tOther(`catalog:product.shipping.methods.${s.mode}`, { defaultValue: s.mode })}`, y)
    if (s.carrier) y = field(both('documents:pdf.carrier'), s.carrier, y)
    if (s.loading) y = field(both('documents:pdf.loading'), s.loading, y)
    if (s.discharge) y = field(both('documents:pdf.discharge'), s.discharge, y)
    if (s.waybill) y = field(both('documents:pdf.waybill'), s.waybill, y)
    if (s.containers.length > 0) y = field(both('documents:pdf.containers'), s.containers.join(', '), y)
  }

  // Footer on every page: page numbers and where the file's fingerprint is shown.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const footY = PAGE.height - PAGE.margin - 18
    // Writing below the bottom margin would add a page: lift the margin for the footer.
    doc.page.margins.bottom = 0
    write(`${data.number} · ${both('documents:pdf.page', { page: i + 1, pages: range.count })}`, { x: PAGE.margin, y: footY, width: CONTENT_WIDTH, size: 7, color: GREY })
    write(both('documents:pdf.footer'), { x: PAGE.margin, y: footY + 9, width: CONTENT_WIDTH, size: 7, color: GREY })
  }
  doc.end()
  await done
  const bytes = Buffer.concat(chunks)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
