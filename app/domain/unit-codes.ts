// The unit codes (issue 28 item 1), apart from their rules in units.ts (decimals, dimensions, the
// quantity reading they pull in): the catalog's MOQ filter lists them on pages that read no quantity.

/**
 * The unit codes, in the order a picker lists them. The first twelve are the codes RFQs have stored since
 * issue 6 (kept as they are); the rest came with issue 28.
 */
export const QUANTITY_UNITS = [
  'pieces',
  'kg',
  'tonnes',
  'litres',
  'metres',
  'm2',
  'm3',
  'containers',
  'sets',
  'pairs',
  'boxes',
  'carats',
  'g',
  'kl',
  'bags',
  'cartons',
  'pallets',
  'bales',
  'barrels',
  'containers_20ft',
  'containers_40ft',
] as const
export type QuantityUnit = (typeof QUANTITY_UNITS)[number]
