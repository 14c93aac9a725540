import { useTranslation } from 'react-i18next'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/notifications'
import { Button } from '~/components/ui/button'
import { PageHeader } from '~/components/page-header'
import { PagedList } from '~/components/paged-list'
import { readForm } from '~/lib/form.server'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/modules/accounts/index.server'
import { Pagination } from '~/modules/catalog'
import { listNotifications, markAllNotificationsRead, openNotification } from '~/modules/notifications/index.server'
import { NotificationActionSchema, NotificationList, parseNotificationPage } from '~/modules/notifications'

// Notifications (issue 8 item 10): the signed-in user's own notices, newest first, 20 a page. Opening
// one marks it read and goes to its page; "Mark all as read" clears the badge.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const i18n = await getI18n(request, context)
  const seo = { locale: getLocale(context) as Language, origin: publicOrigin(request), title: i18n.t('notifications:title'), description: i18n.t('notifications:description') }
  // Without a profile the layout shows the profile form in place of this page.
  if (!user.profile) return { ...seo, list: null }
  return { ...seo, list: await listNotifications(user.profile.id, parseNotificationPage(new URL(request.url).searchParams)) }
}

export const meta: Route.MetaFunction = noindexMeta('/notifications')

/** 'open' (one notice of the caller's: mark read, go to its page) or 'read-all'. Someone else's or no such notice: 404, nothing written. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  if (!user.profile) throw data(null, { status: 404 })
  const parsed = NotificationActionSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ formError: 'notifications:errors.invalid' }, { status: 400 })
  if (parsed.data.intent === 'read-all') {
    const changed = await markAllNotificationsRead(user.profile.id)
    return redirectWithToast(request, '/notifications', { type: 'success', key: changed > 0 ? 'notifications:allRead' : 'notifications:nothingUnread' })
  }
  const link = await openNotification(user.profile.id, parsed.data.id)
  if (!link) throw data(null, { status: 404 })
  return redirect(safeRedirect(link, '/notifications'))
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('notifications')
  const { list } = loaderData
  if (!list) return null
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          list.unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="outline">
                {t('markAllRead')}
              </Button>
            </Form>
          ) : null
        }
      >
        {list.unread > 0 ? <p className="text-sm font-medium" data-testid="unread-count">{t('unreadCount', { count: list.unread })}</p> : null}
      </PageHeader>
      <PagedList
        error={actionData && 'formError' in actionData ? t(actionData.formError) : undefined}
        isEmpty={list.items.length === 0}
        empty={t('empty')}
        pagination={<Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => (page > 1 ? `/notifications?page=${page}` : '/notifications')} />}
      >
        <NotificationList items={list.items} />
      </PagedList>
    </div>
  )
}
