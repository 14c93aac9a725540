import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseSubmission } from './form'

const fd = (entries: [string, string | File][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('parseSubmission', () => {
  const Schema = z
    .object({
      name: z.string().trim().min(2, 'demo:name.short').max(5, 'demo:name.long'),
      kind: z.enum(['a', 'b'], { message: 'demo:kind' }),
      age: z.coerce.number('demo:age.nan').int('demo:age.int'),
      email: z.email('demo:email'),
      agree: z.literal('yes', { message: 'demo:agree' }),
      key: z.string().regex(/^k\d$/, 'demo:expired'),
    })
    .refine((v) => v.name !== 'admin', { message: 'demo:reserved' })

  const valid: [string, string][] = [['name', 'Asha'], ['kind', 'a'], ['age', '30'], ['email', 'a@b.co'], ['agree', 'yes'], ['key', 'k1']]

  it('gives the value when the form is valid', () => {
    expect(parseSubmission(Schema, fd(valid))).toEqual({ ok: true, value: { name: 'Asha', kind: 'a', age: 30, email: 'a@b.co', agree: 'yes', key: 'k1' } })
  })

  it('maps every issue type to its field and its translation key, first message winning', () => {
    const r = parseSubmission(Schema, fd([['name', 'x'], ['kind', 'c'], ['age', '1.5'], ['email', 'nope'], ['agree', 'no'], ['key', 'bad']]))
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: { name: 'demo:name.short', kind: 'demo:kind', age: 'demo:age.int', email: 'demo:email', agree: 'demo:agree', key: 'demo:expired' },
    })
    expect(parseSubmission(Schema, fd([...valid.slice(1), ['name', 'toolong']]))).toMatchObject({ fieldErrors: { name: 'demo:name.long' } })
    expect(parseSubmission(Schema, fd([...valid.slice(0, 2), ['age', 'x'], ...valid.slice(3)]))).toMatchObject({ fieldErrors: { age: 'demo:age.nan' } })
  })

  it('reports a check on the whole object as a form-level error', () => {
    expect(parseSubmission(Schema, fd([['name', 'admin'], ...valid.slice(1)]))).toMatchObject({ ok: false, fieldErrors: { form: 'demo:reserved' } })
  })

  it('reports the fields named in formFields as form-level errors', () => {
    const r = parseSubmission(Schema, fd([...valid.slice(0, 5), ['key', 'zz']]), { formFields: ['key'] })
    expect(r).toMatchObject({ ok: false, fieldErrors: { form: 'demo:expired' } })
    expect(r.ok ? null : r.fieldErrors.key).toBeUndefined()
  })

  it('names nested and array fields by their path, or by the caller’s naming', () => {
    const Nested = z.object({ items: z.array(z.object({ sku: z.string().min(1, 'demo:sku') })).min(1, 'demo:items') })
    const entries = { get: () => null, entries: () => new Map<string, FormDataEntryValue>().entries() }
    expect(Nested.safeParse({ items: [] }).success).toBe(false)
    // A form's entries are flat; a nested schema gets its shape through a preprocess step.
    const FromForm = z.preprocess(() => ({ items: [{ sku: 'a' }, { sku: '' }] }), Nested)
    expect(parseSubmission(FromForm, entries)).toMatchObject({ ok: false, fieldErrors: { 'items.1.sku': 'demo:sku' } })
    expect(parseSubmission(z.preprocess(() => ({ items: [] }), Nested), entries)).toMatchObject({ fieldErrors: { items: 'demo:items' } })
    const named = parseSubmission(FromForm, entries, { name: (path) => `sku-${String(path[1])}` })
    expect(named).toMatchObject({ fieldErrors: { 'sku-1': 'demo:sku' } })
  })

  it('reads only the listed fields, each once, missing or file values as empty text', () => {
    const Seen = z.object({ a: z.string(), b: z.string() }).strict()
    const f = fd([['a', 'one'], ['a', 'two'], ['b', new File(['x'], 'x.txt')], ['extra', 'ignored']])
    expect(parseSubmission(Seen, f, { fields: ['a', 'b'] })).toEqual({ ok: true, value: { a: 'one', b: '' } })
  })

  it('without a field list reads the first value of each name, and files only where allowed', () => {
    const file = new File(['%PDF'], 'doc.pdf')
    const Schema2 = z.object({ a: z.string('demo:a'), doc: z.instanceof(File, { message: 'demo:doc' }) })
    const f = fd([['a', 'one'], ['a', 'two'], ['doc', file]])
    expect(parseSubmission(Schema2, f, { files: ['doc'] })).toEqual({ ok: true, value: { a: 'one', doc: file } })
    expect(parseSubmission(Schema2, f)).toMatchObject({ ok: false, fieldErrors: { doc: 'demo:doc' } })
    expect(parseSubmission(Schema2, fd([['doc', 'text']]), { files: ['doc'] })).toMatchObject({ fieldErrors: { a: 'demo:a', doc: 'demo:doc' } })
  })

  it('gives back what was typed, without passwords or files, to fill the form again', () => {
    const r = parseSubmission(z.object({ email: z.email('demo:email') }), fd([['email', 'bad'], ['password', 'secret'], ['doc', new File(['x'], 'x')]]))
    expect(r).toMatchObject({ ok: false, values: { email: 'bad' } })
    expect(r.ok ? null : r.values).not.toHaveProperty('password')
  })
})
