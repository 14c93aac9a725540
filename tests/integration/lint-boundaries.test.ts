// @no-database: lints fixtures with the project's own eslint.config.js; no database
// The module boundaries of ADR 027 are a lint error, not a review comment: a deep import across modules
// and an upward import (lib, components or db/schema importing a module) fail `npm run lint`.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2).map((m) => m.message)
}

describe('module boundaries (ADR 027)', () => {
  it('refuses a route reaching into a module file', async () => {
    const errors = await boundaryErrors('app/routes/fixture-deep.tsx', "import { listOrders } from '~/modules/orders/queries.server'\nexport const x = listOrders\n")
    expect(errors).toEqual([expect.stringContaining('through its face')])
  })

  it("refuses a module reaching into another module's file, by alias or relative path", async () => {
    expect(await boundaryErrors('app/modules/rfqs/fixture-deep.server.ts', "import { createOrder } from '~/modules/orders/lifecycle.server'\nexport const x = createOrder\n")).toHaveLength(1)
    expect(await boundaryErrors('app/modules/rfqs/fixture-relative.server.ts', "import { createOrder } from '../orders/lifecycle.server'\nexport const x = createOrder\n")).toHaveLength(1)
  })

  it('refuses lib, components and db/schema importing a module, even through its face', async () => {
    expect(await boundaryErrors('app/lib/fixture-upward.server.ts', "import { listOrders } from '~/modules/orders/index.server'\nexport const x = listOrders\n")).toEqual([expect.stringContaining('never import a module')])
    expect(await boundaryErrors('app/components/fixture-upward.tsx', "import { OrderTable } from '~/modules/orders'\nexport const x = OrderTable\n")).toHaveLength(1)
    expect(await boundaryErrors('db/schema/fixture-upward.ts', "import { ORDER_PAGE_SIZE } from '../../app/modules/orders/limits'\nexport const x = ORDER_PAGE_SIZE\n")).toHaveLength(1)
  })

  it('allows the faces, and a module its own files', async () => {
    const route = "import { listOrders } from '~/modules/orders/index.server'\nimport { OrderTable } from '~/modules/orders'\nexport const x = [listOrders, OrderTable]\n"
    expect(await boundaryErrors('app/routes/fixture-face.tsx', route)).toEqual([])
    const own = "import { ORDER_PAGE_SIZE } from './limits'\nimport { restocksOnCancel } from '~/modules/orders/policy'\nimport { getDb } from '~/lib/db.server'\nexport const x = [ORDER_PAGE_SIZE, restocksOnCancel, getDb]\n"
    expect(await boundaryErrors('app/modules/orders/fixture-own.server.ts', own)).toEqual([])
  })
})
