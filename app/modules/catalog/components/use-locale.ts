import { useTranslation } from 'react-i18next'
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '~/lib/i18n'

/** The page language (the i18next instance the server chose), for number and money formatting. */
export function useLocale(): Language {
  const { i18n } = useTranslation()
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE
}
