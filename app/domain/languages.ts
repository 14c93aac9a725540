/** The languages the site is written in and a product is described in (en first: the fallback). */
export const LANGUAGES = ['en', 'ru', 'hi'] as const
export type LanguageCode = (typeof LANGUAGES)[number]
