/**
 * One entry, read: toolbar, source and time, title, the view's media (pictures, video, audio),
 * then the content (or its readable version, or the original page) in the reader's typography.
 */
import { VIEW_INFO } from '@brook/shared'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { timelinePath, type TimelineParams } from '../../lib/routeParams.ts'
import { Button } from '../../components/Button.tsx'
import { ExternalLinkIcon, PlayIcon } from '../../components/moreIcons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { useEntry, useFeed, useInbox, useIsStarred } from '../../store/index.ts'
import { useIsMobile } from '../layout/useMediaQuery.ts'
import { focusRegionProps } from '../shortcuts/focusRegions.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { LazyVideoPlayer } from '../player/LazyVideoPlayer.tsx'
import { usePlayerStore } from '../player/usePlayerStore.ts'
import { audioOf, mediaOf, videoOf } from '../timeline/entryMedia.ts'
import { formatFullTime } from '../timeline/formatTime.ts'
import { neighbourEntry, useTimelineNavStore } from '../timeline/timelineNav.ts'
import { EntryContent } from './EntryContent.tsx'
import { useEntryViewStore } from './entryViewStore.ts'
import { EntryToolbar } from './EntryToolbar.tsx'
import { useReadability } from './useReadability.ts'
import { openGalleryOf } from './entryActions.ts'
import { AiSummaryBlock } from '../ai/AiSummaryBlock.tsx'
import { useAiViewStore, useSummaryOn, useTranslationOn } from '../ai/aiViewStore.ts'
import { withTranslation } from '../ai/bilingual.ts'
import { useActionLanguage } from '../ai/useAiSettings.ts'
import { useEntryTranslation } from '../ai/useEntryTranslation.ts'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { entryBodyHtml } from './entryBodyHtml.ts'
import { EntryAttachments, EntrySender } from './EntryMailParts.tsx'
import { SupportCreator } from '../power/SupportCreator.tsx'

export function EntryReader({ params, entryId }: { params: TimelineParams; entryId: string }) {
  // SPEC §3 event 2000: an entry opened.
  useEffect(() => analytics.track(ANALYTICS_EVENTS.navigateEntry), [entryId])
  const { t, i18n } = useTranslation('entry')
  const entry = useEntry(entryId)
  const feed = useFeed(entry?.feedId)
  const inbox = useInbox(entry?.inboxHandle)
  const starred = useIsStarred(entryId)
  const readabilityOn = useEntryViewStore((s) => !!s.readability[entryId])
  const sourceOn = useEntryViewStore((s) => !!s.source[entryId])
  const readability = useReadability(entry, readabilityOn)
  const ids = useTimelineNavStore((s) => s.ids)
  const mobile = useIsMobile()
  const navigate = useNavigate()
  const scrollRef = useRef<HTMLDivElement>(null)
  const general = useGeneralSettings()
  const setAiDefaults = useAiViewStore((s) => s.setDefaults)
  useEffect(() => setAiDefaults({ summary: general.summary, translation: general.translation }), [general.summary, general.translation, setAiDefaults])
  const summaryOn = useSummaryOn(entryId)
  const translationOn = useTranslationOn(entryId)
  const actionLanguage = useActionLanguage()
  const contentField = readabilityOn && readability.content ? 'readabilityContent' : 'content'
  const translation = useEntryTranslation(entryId, actionLanguage, ['title', contentField], translationOn && !!entry)

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
  }, [entryId])

  const back = mobile || VIEW_INFO[params.view].wide ? () => navigate(timelinePath({ view: params.view, feedId: params.feedId })) : undefined

  if (!entry) {
    return (
      <div className="flex flex-1 items-center justify-center text-zinc-500" data-testid="entry-loading">
        <Spinner size={24} />
      </div>
    )
  }

  const source = feed?.title || inbox?.title || entry.inboxHandle || ''
  const media = mediaOf(entry)
  const video = VIEW_INFO[params.view].grid ? videoOf(entry) : null
  const audio = audioOf(entry)
  const photos = media.filter((m) => m.type === 'photo')
  const originalHtml = readabilityOn && readability.content ? readability.content : entryBodyHtml(entry)
  const translatedHtml = translationOn ? translation.fields?.[contentField] : undefined
  const html = translatedHtml ? withTranslation(originalHtml, translatedHtml, general.translationMode) : originalHtml
  const translatedTitle = translationOn ? translation.fields?.title : undefined
  const titleText = translatedTitle && general.translationMode === 'translation-only' ? translatedTitle : entry.title || t('untitled')

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="entry-reader" data-entry-id={entry.id}>
      <EntryToolbar entry={entry} state={{ starred, readability: readabilityOn, source: sourceOn, summary: summaryOn, translation: translationOn }} onBack={back} hasPrevious={!!neighbourEntry(ids, entryId, -1)} hasNext={!!neighbourEntry(ids, entryId, 1)} />
      {sourceOn && entry.url ? (
        <SourceFrame url={entry.url} />
      ) : (
        <div ref={scrollRef} className="scrollbar-thin min-h-0 flex-1 overflow-y-auto outline-none" {...focusRegionProps('entry-render')}>
          <article data-print-entry={entry.id} className="mx-auto max-w-[720px] px-6 pt-8 pb-24 sm:px-10 [[data-wide=true]_&]:max-w-[1040px]">
            <div className="flex items-center gap-2 text-[13px] text-zinc-500">
              <FeedIcon title={source || '?'} image={feed?.image} siteUrl={feed?.siteUrl} size={18} />
              {entry.feedId ? (
                <Link to={timelinePath({ view: params.view, feedId: entry.feedId })} className="truncate font-medium text-zinc-700 hover:underline dark:text-zinc-300">
                  {source}
                </Link>
              ) : (
                <span className="truncate font-medium">{source}</span>
              )}
              <span className="text-zinc-300 dark:text-zinc-600">·</span>
              <time dateTime={entry.publishedAt} className="shrink-0 tabular-nums">
                {formatFullTime(entry.publishedAt, i18n.language)}
              </time>
            </div>
            <h1 className="mt-4 text-[1.75rem] leading-tight font-bold tracking-tight text-zinc-900 dark:text-zinc-50" data-testid="entry-title">
              {entry.url ? (
                <a href={entry.url} target="_blank" rel="noopener noreferrer" className="hover:text-accent">
                  {titleText}
                </a>
              ) : (
                titleText
              )}
            </h1>
            {translatedTitle && general.translationMode === 'bilingual' && (
              <p className="mt-1 text-[1.1rem] leading-snug text-zinc-500" data-testid="entry-title-translation">
                {translatedTitle}
              </p>
            )}
            {entry.inboxHandle ? <EntrySender entry={entry} /> : entry.author && <p className="mt-2 text-[13px] text-zinc-500">{t('by', { author: entry.author })}</p>}

            {video && <LazyVideoPlayer src={video.url} poster={video.poster} className="mt-6" />}
            {VIEW_INFO[params.view].grid && !video && photos.length > 0 && (
              <div className={`mt-6 grid gap-2 ${photos.length > 1 ? 'grid-cols-2' : ''}`}>
                {photos.slice(0, 8).map((p, i) => (
                  <button key={p.url} type="button" onClick={() => openGalleryOf(entry, i)} className="overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-900">
                    <img src={p.url} alt="" referrerPolicy="no-referrer" className="max-h-[70vh] w-full object-contain" />
                  </button>
                ))}
              </div>
            )}
            {audio && <AudioCard entryId={entry.id} src={audio.url} title={entry.title ?? ''} source={source} image={feed?.image ?? null} />}

            {readabilityOn && readability.loading && (
              <div className="mt-8 flex items-center gap-2 text-[13px] text-zinc-500">
                <Spinner size={16} /> {t('readabilityLoading')}
              </div>
            )}
            {readabilityOn && readability.error && <p className="mt-8 rounded-lg bg-amber-50 px-3 py-2 text-[13px] text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">{t('readabilityFailed')}</p>}

            {summaryOn && (
              <div data-print-hide>
                <AiSummaryBlock entryId={entry.id} target={contentField} />
              </div>
            )}

            <div className="mt-8">
              {html ? (
                <EntryContent cacheKey={`${entry.id}:${readabilityOn && readability.content ? 'r' : 'c'}:${translatedHtml ? general.translationMode : ''}`} html={html} baseUrl={entry.url} />
              ) : entry.content === null ? (
                <div className="flex items-center gap-2 text-[13px] text-zinc-500">
                  <Spinner size={16} /> {t('loadingContent')}
                </div>
              ) : (
                <p className="text-[14px] text-zinc-500">{t('noContent')}</p>
              )}
            </div>

            {entry.inboxHandle && <EntryAttachments attachments={entry.attachments} />}
            {entry.feedId && <SupportCreator entryId={entry.id} feedId={entry.feedId} name={source} />}

            {entry.url && (
              <div className="mt-12 border-t border-zinc-100 pt-6 dark:border-zinc-800">
                <a href={entry.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-[13px] font-medium text-zinc-500 hover:text-accent">
                  <ExternalLinkIcon size={14} />
                  {t('readOriginal')}
                </a>
              </div>
            )}
          </article>
        </div>
      )}
    </div>
  )
}

function AudioCard({ entryId, src, title, source, image }: { entryId: string; src: string; title: string; source: string; image: string | null }) {
  const { t } = useTranslation('entry')
  const playing = usePlayerStore((s) => s.listId === entryId && s.status !== 'paused')
  return (
    <div className="mt-6 flex items-center gap-4 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <button
        type="button"
        data-testid="entry-play"
        aria-label={playing ? t('player.pause') : t('player.play')}
        onClick={() => {
          const player = usePlayerStore.getState()
          if (player.listId === entryId) player.toggle()
          else player.play({ src, entryId, title, source, image })
        }}
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-white shadow-sm hover:bg-accent-strong"
      >
        <PlayIcon size={18} />
      </button>
      <div className="min-w-0">
        <div className="truncate text-[14px] font-medium">{title}</div>
        <div className="truncate text-[12px] text-zinc-500">{source}</div>
      </div>
    </div>
  )
}

/** The original page inside the app ("view source content"); many sites refuse to be framed, so the way out is always there. */
function SourceFrame({ url }: { url: string }) {
  const { t } = useTranslation('entry')
  return (
    <div className="relative flex min-h-0 flex-1 flex-col" data-testid="entry-source">
      <div className="flex h-9 shrink-0 items-center gap-2 border-b border-zinc-100 bg-zinc-50 px-4 text-[12px] text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900/60">
        <span className="min-w-0 flex-1 truncate">{url}</span>
        <Button size="sm" variant="ghost" onClick={() => window.open(url, '_blank', 'noopener,noreferrer')}>
          <ExternalLinkIcon size={13} /> {t('openInBrowser')}
        </Button>
      </div>
      <iframe title={t('sourceTitle')} src={url} sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" referrerPolicy="no-referrer" className="min-h-0 w-full flex-1 bg-white" />
    </div>
  )
}
