/** Follow one discovered feed or list: a preview of its newest entries, then the subscription form. */
import { ANALYTICS_EVENTS, type FeedViewType } from '@brook/shared'
import { useEffect } from 'react'
import { analytics } from '../analytics/analytics.ts'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { timelinePath } from '../../lib/routeParams.ts'
import { Spinner } from '../../components/Spinner.tsx'
import { subscribe } from '../../store/index.ts'
import { EditSubscriptionForm } from '../subscriptions/EditSubscriptionForm.tsx'
import { ListFeeNotice, useListFeePaid } from '../power/ListFeeNotice.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { formatRelativeTime } from '../timeline/formatTime.ts'
import { guessView, knownFeed, listView, previewFeed, previewLine, type DiscoverResult } from './discoverApi.ts'

export function FollowPanel({ result, defaultView, onDone }: { result: DiscoverResult; defaultView: FeedViewType; onDone: () => void }) {
  // SPEC §3 event 2015: the subscribe form opened (once per panel).
  useEffect(() => analytics.track(ANALYTICS_EVENTS.subscribeModalOpened), [])
  const { t, i18n } = useTranslation('discover')
  const navigate = useNavigate()
  const feed = result.feed
  const known = knownFeed(result)
  const list = result.list
  const preview = useQuery({ queryKey: ['discover', 'preview', feed?.url], queryFn: () => previewFeed(feed!.url), enabled: !!feed, staleTime: 5 * 60_000, retry: false, meta: { silent: true } })
  const title = feed?.title ?? list?.title ?? feed?.url ?? ''
  const view = list ? listView(list, defaultView) : guessView(preview.data?.entries ?? [], defaultView)
  // A paid list while the admin's power flag is off for me: its fee cannot be paid, so no follow form.
  const powerOn = useFeatureFlag('power')
  const unpayable = useListFeePaid(list?.fee ?? 0, list?.ownerUserId ?? null) && !powerOn

  return (
    <div className="flex flex-col gap-5" data-testid="follow-panel">
      <div className="flex items-start gap-3">
        <FeedIcon title={title} image={known?.image ?? list?.image} siteUrl={known?.siteUrl} size={40} className="!rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="truncate text-[15px] font-semibold" data-testid="follow-title">
            {title}
          </div>
          {feed && <div className="truncate text-[12px] text-zinc-500">{feed.url}</div>}
          {(known?.description || list?.description) && <p className="mt-1 line-clamp-2 text-[13px] text-zinc-600 dark:text-zinc-400">{known?.description ?? list?.description}</p>}
          <p className="mt-1 text-[12px] text-zinc-500">{t('followers', { count: result.subscriptionCount })}</p>
        </div>
      </div>

      {feed && (
        <div className="rounded-xl border border-zinc-200 dark:border-zinc-800" data-testid="follow-preview">
          <div className="border-b border-zinc-100 px-3.5 py-2 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:border-zinc-800">{t('preview')}</div>
          {preview.isLoading ? (
            <div className="flex items-center gap-2 px-3.5 py-4 text-[13px] text-zinc-500">
              <Spinner size={16} /> {t('loadingPreview')}
            </div>
          ) : preview.isError ? (
            <p className="px-3.5 py-4 text-[13px] text-zinc-500">{t('previewFailed')}</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {(preview.data?.entries ?? []).slice(0, 5).map((e, i) => {
                const line = previewLine(e, i)
                return (
                  <li key={line.key} className="flex items-center gap-3 px-3.5 py-2.5">
                    <span className="min-w-0 flex-1 truncate text-[13px]">{line.title}</span>
                    {line.publishedAt && <span className="shrink-0 text-[11px] text-zinc-500 tabular-nums">{formatRelativeTime(line.publishedAt, i18n.language)}</span>}
                  </li>
                )
              })}
              {preview.data?.entries.length === 0 && <li className="px-3.5 py-4 text-[13px] text-zinc-500">{t('previewEmpty')}</li>}
            </ul>
          )}
        </div>
      )}

      {result.isSubscribed ? (
        <p className="rounded-lg bg-zinc-50 px-3.5 py-3 text-[13px] text-zinc-600 dark:bg-zinc-800/50 dark:text-zinc-300">{t('alreadyFollowing')}</p>
      ) : (
        <>
          {list && <ListFeeNotice fee={list.fee} ownerUserId={list.ownerUserId} />}
          {!unpayable && (
            <EditSubscriptionForm
              key={view}
              subscription={{ title: null, view, category: null, isPrivate: false, hideFromTimeline: false }}
              titlePlaceholder={title}
              submitLabel={t('follow')}
              onSave={async (patch) => {
                await subscribe({
                  view: patch.view ?? view,
                  ...(feed?.id ? { feedId: feed.id } : feed ? { url: feed.url } : { listId: list!.id }),
                  title: patch.title,
                  category: patch.category,
                  isPrivate: patch.isPrivate,
                  hideFromTimeline: patch.hideFromTimeline,
                })
                toast.success(t('followed', { title }))
                onDone()
                navigate(timelinePath({ view: patch.view ?? view }))
              }}
            />
          )}
        </>
      )}
    </div>
  )
}
