/**
 * A feed's discovery category (docs/rsshub.md "Known feeds on the category pages"): the SPEC §3
 * category /discover/category/{category} lists it under, for everyone on this instance. Shown to
 * the feed's claimed owner and to admins only (the server refuses anyone else with 1004); saved as
 * soon as it is chosen (PUT /api/feeds/discovery-category).
 */
import { DISCOVER_CATEGORIES } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { useSessionStore } from '../../store/session.ts'

/** Every category a feed can be filed under (`popular` is computed, never chosen). */
const CHOOSABLE = DISCOVER_CATEGORIES.filter((c) => c !== 'popular')

export function DiscoveryCategoryField({ feedId }: { feedId: string }) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const me = useSessionStore((s) => s.whoami?.id ?? null)
  const isAdmin = useSessionStore((s) => s.role === 'admin')
  const queryClient = useQueryClient()
  const selectId = useId()
  const key = ['api', 'feeds', feedId]
  const feed = useQuery({ queryKey: key, queryFn: () => api.get('/feeds', { id: feedId }), staleTime: 60_000 })
  const save = useMutation({
    mutationFn: (category: string | null) => api.put('/feeds/discovery-category', { feedId, category: category as (typeof CHOOSABLE)[number] | null }),
    onSuccess: async (done) => {
      toast.success(done.category ? t('discoveryCategorySaved', { category: tc(`categories.${done.category}`) }) : t('discoveryCategoryCleared'))
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: toastError,
  })
  const data = feed.data
  if (!data || !(isAdmin || (me !== null && data.feed.ownerUserId === me))) return null
  const current = save.isPending ? (save.variables ?? '') : (data.discoveryCategory ?? '')

  return (
    <div className="mt-4 flex flex-col gap-1.5 border-t border-zinc-100 pt-4 dark:border-zinc-800" data-testid="discovery-category">
      <label htmlFor={selectId} className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">
        {t('discoveryCategory')}
      </label>
      <select
        id={selectId}
        value={current}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value || null)}
        className="h-8 rounded-md border border-zinc-200 bg-transparent px-2 text-[13px] dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">{t('discoveryCategoryNone')}</option>
        {CHOOSABLE.map((c) => (
          <option key={c} value={c}>
            {tc(`categories.${c}`)}
          </option>
        ))}
      </select>
      <p className="text-xs text-zinc-500">{t(data.feed.ownerUserId === me ? 'discoveryCategoryHintOwner' : 'discoveryCategoryHintAdmin')}</p>
    </div>
  )
}
