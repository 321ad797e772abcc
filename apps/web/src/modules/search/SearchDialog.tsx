/**
 * The search dialog (SPEC §2 "search", Mod+K): one box, subscription and entry results with the
 * matched words highlighted, arrow keys to move, Enter to open. Online it asks the server's
 * full-text search; offline it searches the local database (searchEntries.ts).
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/Dialog.tsx'
import { SearchIcon } from '../../components/moreIcons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { navigate } from '../../lib/navigation.ts'
import { formatRelativeTime } from '../timeline/formatTime.ts'
import { HighlightedText } from './HighlightedText.tsx'
import { searchEverything, type EntryHit, type SearchResults, type SubscriptionHit } from './searchEntries.ts'
import { useSearchStore } from './searchStore.ts'
import { entryHitPath, subscriptionHitPath } from './searchTargets.ts'

type Item = { kind: 'subscription'; hit: SubscriptionHit } | { kind: 'entry'; hit: EntryHit }

const DEBOUNCE_MS = 200

export function SearchDialog() {
  const { t } = useTranslation('search')
  const open = useSearchStore((s) => s.open)
  const hide = useSearchStore((s) => s.hide)
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<SearchResults | null>(null)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState(0)
  const listId = useId()
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const q = query.trim()
    if (!q) {
      setResults(null)
      setBusy(false)
      return
    }
    const controller = new AbortController()
    setBusy(true)
    const timer = setTimeout(() => {
      searchEverything(query, controller.signal)
        .then((r) => {
          if (controller.signal.aborted) return
          setResults(r)
          setFailed(false)
          setActive(0)
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true)
        })
        .finally(() => {
          if (!controller.signal.aborted) setBusy(false)
        })
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])

  const items: Item[] = useMemo(
    () => [...(results?.subscriptions ?? []).map((hit) => ({ kind: 'subscription' as const, hit })), ...(results?.entries ?? []).map((hit) => ({ kind: 'entry' as const, hit }))],
    [results],
  )

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  if (!open) return null

  const close = () => {
    hide()
    setQuery('')
    setResults(null)
  }
  const choose = (item: Item) => {
    close()
    navigate(item.kind === 'entry' ? entryHitPath(item.hit) : subscriptionHitPath(item.hit))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return
    if (e.key === 'ArrowDown') setActive((i) => (i + 1) % items.length)
    else if (e.key === 'ArrowUp') setActive((i) => (i - 1 + items.length) % items.length)
    else if (e.key === 'Home' && e.ctrlKey) setActive(0)
    else if (e.key === 'End' && e.ctrlKey) setActive(items.length - 1)
    else if (e.key === 'Enter' && items[active]) choose(items[active])
    else return
    e.preventDefault()
  }
  const optionId = (i: number) => `${listId}-${i}`
  const subscriptionCount = results?.subscriptions.length ?? 0

  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('title')} width="max-w-2xl" testId="search-dialog">
      <label className="relative block">
        <span className="sr-only">{t('label')}</span>
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500" />
        <input
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          autoFocus
          data-testid="search-input"
          className="h-10 w-full rounded-lg border border-zinc-300 bg-white pr-9 pl-9 text-sm shadow-xs outline-none placeholder:text-zinc-400 focus:border-accent focus:ring-3 focus:ring-accent/15 dark:border-zinc-700 dark:bg-zinc-950"
        />
        {busy && <Spinner size={16} className="absolute top-1/2 right-3 -translate-y-1/2" />}
      </label>
      {results?.source === 'local' && (
        <p className="mt-2 text-[12px] text-zinc-500" data-testid="search-local">
          {t('offline')}
        </p>
      )}
      {failed && <p className="mt-4 text-center text-[13px] text-zinc-500">{t('failed')}</p>}
      {results && items.length === 0 && !busy && <p className="mt-6 text-center text-[13px] text-zinc-500" data-testid="search-empty">{t('noResults')}</p>}
      <div id={listId} ref={listRef} role="listbox" aria-label={t('results')} className="mt-3 flex flex-col" data-testid="search-results">
        {items.map((item, i) => {
          const selected = i === active
          const heading = i === 0 && subscriptionCount > 0 ? t('subscriptions') : i === subscriptionCount ? t('entries') : null
          return (
            <div key={`${item.kind}:${item.kind === 'entry' ? item.hit.id : item.hit.id}`}>
              {heading && <div className="px-2 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase" aria-hidden="true">{heading}</div>}
              <div
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={selected}
                data-index={i}
                data-testid={`search-${item.kind}`}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(item)}
                onKeyDown={(e) => e.key === 'Enter' && choose(item)}
                className={`cursor-pointer rounded-lg px-3 py-2 ${selected ? 'bg-zinc-900/5 ring-1 ring-accent/40 dark:bg-white/10' : ''}`}
              >
                {item.kind === 'subscription' ? <SubscriptionRow hit={item.hit} /> : <EntryRow hit={item.hit} />}
              </div>
            </div>
          )
        })}
      </div>
    </Dialog>
  )
}

function SubscriptionRow({ hit }: { hit: SubscriptionHit }) {
  const { t } = useTranslation('search')
  return (
    <div className="flex items-baseline gap-2 text-[13px]">
      <span className="min-w-0 flex-1 truncate font-medium">
        <HighlightedText text={hit.title} highlights={hit.titleHighlights} />
      </span>
      <span className="shrink-0 text-[11px] text-zinc-500">{hit.category ?? t(`type.${hit.type}`)}</span>
    </div>
  )
}

function EntryRow({ hit }: { hit: EntryHit }) {
  const { t, i18n } = useTranslation('search')
  return (
    <div className="text-[13px]">
      <div className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">{hit.title ? <HighlightedText text={hit.title} highlights={hit.titleHighlights} /> : t('untitled')}</span>
        <span className="shrink-0 text-[11px] text-zinc-500">{formatRelativeTime(hit.publishedAt, i18n.language)}</span>
      </div>
      {hit.snippet.text && (
        <p className="mt-0.5 line-clamp-2 text-[12px] leading-relaxed text-zinc-600 dark:text-zinc-400">
          <HighlightedText text={hit.snippet.text} highlights={hit.snippet.highlights} />
        </p>
      )}
    </div>
  )
}
