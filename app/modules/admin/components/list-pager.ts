// The pager under each paged list of the panel (admins, KYC queue, audit log, reports, disputes, users).
import type { PagerProps } from '~/components/pager'

type Translate = (key: string, options?: { page: number; pageCount: number }) => string

/**
 * A paged list's pager: where the list is, links from `href`, and the list's own Previous / Next /
 * "Page x of y" words (`${words}.previous`, `.next`, `.page` in the namespace of `t`; the panel's are `audit.*`).
 */
export function listPager(list: { page: number; pageCount: number }, href: (page: number) => string, label: string, t: Translate, words = 'audit', positionKey = `${words}.page`): PagerProps {
  const { page, pageCount } = list
  return { page, pageCount, href, label, previous: t(`${words}.previous`), next: t(`${words}.next`), position: t(positionKey, { page, pageCount }) }
}
