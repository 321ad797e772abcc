/**
 * "Support creator" at the end of an entry (SPEC §2 entry content): the readers who tipped the
 * entry's feed (its `tipUserIds`, latest first; profiles from the entries page's `tipUsers`) and
 * the button that opens the tip dialog — not on one's own feed.
 */
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { ZapIcon } from '../../components/icons.tsx'
import { useFeed, useUser } from '../../store/index.ts'
import { useSessionStore } from '../../store/session.ts'
import { Avatar } from '../auth/Avatar.tsx'
import { useTipStore } from './tipStore.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

/** How many supporters are drawn as faces; the count says how many there are in all. */
const FACES = 8

export function SupportCreator({ entryId, feedId, name }: { entryId: string; feedId: string; name: string }) {
  const { t } = useTranslation('entry')
  const feed = useFeed(feedId)
  const me = useSessionStore((s) => s.whoami?.id ?? null)
  const tippers = feed?.tipUserIds ?? []
  const mine = feed?.ownerUserId != null && feed.ownerUserId === me
  // The admin's power flag off for me: no tips.
  const power = useFeatureFlag('power')
  if (!power) return null
  return (
    <section className="mt-10 flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800" data-testid="support-creator" data-print-hide>
      <div className="min-w-0 flex-1">
        {tippers.length > 0 ? (
          <>
            <div className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('supporters', { count: tippers.length })}</div>
            <ul className="mt-2 flex flex-wrap items-center gap-1.5" aria-label={t('supporters', { count: tippers.length })}>
              {tippers.slice(0, FACES).map((id) => (
                <Supporter key={id} id={id} />
              ))}
              {tippers.length > FACES && <li className="text-[12px] text-zinc-500">+{tippers.length - FACES}</li>}
            </ul>
          </>
        ) : (
          <div className="text-[13px] text-zinc-500">{mine ? t('noSupportersMine') : t('noSupporters')}</div>
        )}
      </div>
      {!mine && (
        <Button variant="secondary" size="sm" onClick={() => useTipStore.getState().open({ entryId, name })} data-testid="support-creator-tip">
          <ZapIcon size={14} /> {t('supportCreator')}
        </Button>
      )}
    </section>
  )
}

function Supporter({ id }: { id: string }) {
  const user = useUser(id)
  const label = user?.name || user?.handle || id
  return (
    <li title={label} data-testid="supporter" data-user-id={id}>
      <Avatar name={label} email={user?.handle ?? id} image={user?.image} size={26} />
      <span className="sr-only">{label}</span>
    </li>
  )
}
