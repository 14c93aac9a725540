import type { TFunction } from 'i18next'

/** A translated array from pages.json (`t(key, { returnObjects: true })`), empty when the key is missing. */
export function listOf<T = string>(t: TFunction, key: string): T[] {
  const value: unknown = t(key, { returnObjects: true })
  return Array.isArray(value) ? (value as T[]) : []
}

export type TitledText = { title: string; body: string }
