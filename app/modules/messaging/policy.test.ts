// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { conversationParties, isReadBy, roleIn, sendVerdict, subjectPath, type SubjectFacts } from './policy'
import { parseSubmission } from '~/lib/form'
import { parseInboxQuery, parseSendForm, StartConversationSchema } from './schemas'
import { containsPattern } from './queries.server'

const B = 'b0000000-0000-4000-8000-000000000001'
const S = 'c0000000-0000-4000-8000-000000000002'
const S2 = 'c0000000-0000-4000-8000-000000000003'
const X = 'd0000000-0000-4000-8000-000000000004'

describe('conversationParties', () => {
  const product = (isPublic = true): SubjectFacts => ({ type: 'product', sellerId: S, isPublic })
  const rfq: SubjectFacts = { type: 'rfq', buyerId: B, sellerIds: [S] }
  const quote: SubjectFacts = { type: 'quote', buyerId: B, sellerId: S }
  const order: SubjectFacts = { type: 'order', buyerId: B, sellerId: S }
  const cases: [string, string, SubjectFacts | null, string | undefined, ReturnType<typeof conversationParties>][] = [
    ['no such subject', B, null, undefined, { ok: false, status: 404 }],
    ['product: a buyer', B, product(), undefined, { ok: true, buyerId: B, sellerId: S }],
    ['product: another seller (sellers buy too)', S2, product(), undefined, { ok: true, buyerId: S2, sellerId: S }],
    ['product: its own seller', S, product(), undefined, { ok: false, status: 403 }],
    ['product: not public', B, product(false), undefined, { ok: false, status: 404 }],
    ['rfq: its buyer with a seller who quoted', B, rfq, S, { ok: true, buyerId: B, sellerId: S }],
    ['rfq: its buyer with someone who did not', B, rfq, S2, { ok: false, status: 404 }],
    ['rfq: its buyer naming nobody', B, rfq, undefined, { ok: false, status: 404 }],
    ['rfq: its buyer naming themselves', B, { type: 'rfq', buyerId: B, sellerIds: [B] }, B, { ok: false, status: 404 }],
    ['rfq: a seller who quoted (or is addressed)', S, rfq, undefined, { ok: true, buyerId: B, sellerId: S }],
    ['rfq: a seller who did not', S2, rfq, undefined, { ok: false, status: 404 }],
    ['rfq: a stranger', X, rfq, B, { ok: false, status: 404 }],
    ['quote: buyer', B, quote, undefined, { ok: true, buyerId: B, sellerId: S }],
    ['quote: seller', S, quote, undefined, { ok: true, buyerId: B, sellerId: S }],
    ['quote: stranger', X, quote, undefined, { ok: false, status: 404 }],
    ['order: buyer', B, order, X, { ok: true, buyerId: B, sellerId: S }],
    ['order: seller', S, order, undefined, { ok: true, buyerId: B, sellerId: S }],
    ['order: stranger', X, order, undefined, { ok: false, status: 404 }],
  ]
  for (const [name, actor, facts, withId, want] of cases) it(name, () => expect(conversationParties(actor, facts, withId)).toEqual(want))
})

describe('roleIn and sendVerdict', () => {
  it('knows the sides', () => {
    expect(roleIn({ buyerId: B, sellerId: S }, B)).toBe('buyer')
    expect(roleIn({ buyerId: B, sellerId: S }, S)).toBe('seller')
    expect(roleIn({ buyerId: B, sellerId: S }, X)).toBeNull()
  })
  const cases: [Parameters<typeof sendVerdict>[0], ReturnType<typeof sendVerdict>][] = [
    [{ role: 'buyer', blockedByMe: false, blockedByOther: false }, { ok: true }],
    [{ role: 'seller', blockedByMe: false, blockedByOther: false }, { ok: true }],
    [{ role: null, blockedByMe: false, blockedByOther: false }, { ok: false, status: 404, error: 'messages:errors.notFound' }],
    [{ role: 'buyer', blockedByMe: true, blockedByOther: false }, { ok: false, status: 403, error: 'messages:errors.youBlocked' }],
    [{ role: 'seller', blockedByMe: false, blockedByOther: true }, { ok: false, status: 403, error: 'messages:errors.blockedYou' }],
    [{ role: 'buyer', blockedByMe: true, blockedByOther: true }, { ok: false, status: 403, error: 'messages:errors.youBlocked' }],
  ]
  for (const [state, want] of cases) it(`send ${JSON.stringify(state)}`, () => expect(sendVerdict(state)).toEqual(want))
})

describe('isReadBy', () => {
  const at = new Date('2026-01-01T10:00:00.000Z')
  it.each([
    [null, false],
    [new Date('2026-01-01T09:59:59.999Z'), false],
    [at, true],
    [new Date('2026-01-01T10:00:01Z'), true],
  ])('mark %s → %s', (mark, want) => expect(isReadBy(at, mark)).toBe(want))
})

describe('subjectPath', () => {
  it.each([
    [{ type: 'product', id: 'p', exists: true }, 'buyer', '/products/p'],
    [{ type: 'rfq', id: 'r', exists: true }, 'buyer', '/rfqs'],
    [{ type: 'rfq', id: 'r', exists: true }, 'seller', '/dashboard/rfqs'],
    [{ type: 'quote', id: 'q', rfqId: 'r', exists: true }, 'seller', '/rfqs/r/quotes/q'],
    [{ type: 'order', id: 'o', exists: true }, 'buyer', '/orders/o'],
    [{ type: 'product', id: 'p', exists: false }, 'buyer', null],
  ] as const)('%j as %s → %s', (subject, role, want) => expect(subjectPath(subject, role)).toBe(want))
})

describe('schemas', () => {
  const form = (o: Record<string, string>) => new Map(Object.entries(o)) as unknown as FormData
  const key = '11111111-1111-4111-8111-111111111111'
  it('needs text or a file, at most 5,000 characters (an emoji is one) and at most five files', () => {
    expect(parseSendForm(form({ body: '  ', clientKey: key }), 0)).toMatchObject({ ok: false, fieldErrors: { body: 'messages:errors.empty' } })
    expect(parseSendForm(form({ body: '', clientKey: key }), 1)).toMatchObject({ ok: true, value: { body: '' } })
    expect(parseSendForm(form({ body: 'x'.repeat(5001), clientKey: key }), 0)).toMatchObject({ ok: false, fieldErrors: { body: 'messages:errors.tooLong' } })
    expect(parseSendForm(form({ body: '😀'.repeat(5000), clientKey: key }), 0).ok).toBe(true)
    expect(parseSendForm(form({ body: 'hi', clientKey: key }), 6)).toMatchObject({ ok: false, fieldErrors: { files: 'messages:errors.tooManyFiles' } })
    expect(parseSendForm(form({ body: 'hi', clientKey: 'nope' }), 0)).toMatchObject({ ok: false, fieldErrors: { form: 'messages:errors.expired' } })
    expect(parseSendForm(form({ body: 'a\u0000b\r\nc', clientKey: key }), 0)).toMatchObject({ ok: true, value: { body: 'ab\nc' } })
  })
  it('reads the start form', () => {
    expect(parseSubmission(StartConversationSchema, form({ subjectType: 'quote', subjectId: key.toUpperCase() }))).toEqual({ ok: true, value: { subjectType: 'quote', subjectId: key, with: undefined } })
    expect(parseSubmission(StartConversationSchema, form({ subjectType: 'user', subjectId: key })).ok).toBe(false)
    expect(parseSubmission(StartConversationSchema, form({ subjectType: 'rfq', subjectId: key, with: 'x' })).ok).toBe(false)
  })
  it('escapes wildcards in the search and clamps the page', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
    expect(parseInboxQuery(new URLSearchParams('q=%20tea%20&page=-3'))).toEqual({ q: 'tea', page: 1 })
    expect(parseInboxQuery(new URLSearchParams('page=4'))).toEqual({ q: '', page: 4 })
  })
})
