/** A feed's POWER actions in its subscription menu: support creator (tip), boost, claim. */
import { DropdownItem } from '../../components/Menu.tsx'
import { ZapIcon } from '../../components/icons.tsx'
import { ArrowUpIcon, CheckCheckIcon } from '../../components/moreIcons.tsx'
import { useTranslation } from 'react-i18next'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useSessionStore } from '../../store/session.ts'
import { useFeedPowerStore } from './feedPowerStore.ts'
import { useTipStore } from './tipStore.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

export function PowerMenuItems({ feedId, name }: { feedId: string; name: string }) {
  const { t } = useTranslation('power')
  const owner = useFeedStore((s) => s.byId[feedId]?.ownerUserId ?? null)
  const me = useSessionStore((s) => s.whoami?.id ?? null)
  const open = useFeedPowerStore((s) => s.open)
  // The admin's power flag off for me: no tip, boost or claim.
  const power = useFeatureFlag('power')
  if (!power) return null
  return (
    <>
      {owner !== me && (
        <DropdownItem icon={<ZapIcon size={15} />} onSelect={() => useTipStore.getState().open({ feedId, name })}>
          {t('tip')}
        </DropdownItem>
      )}
      <DropdownItem icon={<ArrowUpIcon size={15} />} onSelect={() => open({ kind: 'boost', feedId, name })}>
        {t('boost')}
      </DropdownItem>
      <DropdownItem icon={<CheckCheckIcon size={15} />} onSelect={() => open({ kind: 'claim', feedId, name })}>
        {owner !== null && owner === me ? t('claimFeedYours') : t('claimFeed')}
      </DropdownItem>
    </>
  )
}
