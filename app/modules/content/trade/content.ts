import type { TFunction } from 'i18next'
import type { TitledText } from '../pages/content'

// Shapes of the arrays in trade.json, read with t(key, { returnObjects: true }).
export type { TitledText }
export type FaqItem = { q: string; a: string }
export type DocRow = { document: string; issuer: string; needed: string; notes: string }

/** A translated array from trade.json; empty when the key is missing or is not an array. */
export function tList<T = string>(t: TFunction, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true })
  return Array.isArray(value) ? (value as T[]) : []
}
