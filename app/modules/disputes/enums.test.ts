// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import * as db from '../../../db/schema/disputes'
import * as enums from './enums'

// The browser-safe copies agree with the database's own lists.
describe('dispute enums', () => {
  it('match db/schema/disputes.ts', () => {
    expect(enums.DISPUTE_REASONS).toEqual(db.DISPUTE_REASONS)
    expect(enums.DISPUTE_STATUSES).toEqual(db.DISPUTE_STATUSES)
    expect(enums.DISPUTE_DECISIONS).toEqual(db.DISPUTE_DECISIONS)
    expect([...db.DISPUTE_AUTHOR_KINDS]).toEqual(['buyer', 'seller', 'moderator'])
  })
})
