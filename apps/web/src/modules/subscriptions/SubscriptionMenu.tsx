/** The right-click menu of a subscription (SPEC §2 sidebar actions): its content, inside SidebarMenu. */
import { FEED_VIEWS } from '@brook/shared'
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { FolderIcon } from '../../components/moreIcons.tsx'
import { CheckCheckIcon, ExternalLinkIcon, GlobeIcon, LinkIcon, MinusIcon, PencilIcon, PlusIcon as PlusLine, TrashIcon } from './menuIcons.tsx'
import { DropdownItem, DropdownSubTrigger, menuContentClass, menuItemClass, menuSeparatorClass, MenuLabel } from '../../components/Menu.tsx'
import { updateSubscription, useCategories, type Subscription } from '../../store/index.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { openSidebarDialog } from './dialogStore.ts'
import { copyFeedUrl, copyInboxAddress, markSubscriptionRead, openFeedInBrowser, openSiteInBrowser, titleOf } from './subscriptionActions.ts'
import { VIEW_TABS } from './viewIcons.tsx'
import { PowerMenuItems } from '../power/PowerMenuItems.tsx'
import { useInboxAddress } from '../inboxes/inboxConfig.ts'

export function SubscriptionMenuContent({ subscription: sub }: { subscription: Subscription }) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const categories = useCategories(sub.view)
  const markHotkey = useHotkey('subscription:mark-all-read')
  const isFeed = sub.type === 'feed'
  const inboxAddress = useInboxAddress(sub.inboxId)
  return (
    <DropdownMenu.Content align="start" sideOffset={2} className={menuContentClass} data-testid="subscription-menu">
      <DropdownItem icon={<CheckCheckIcon size={15} />} hotkey={markHotkey} onSelect={() => markSubscriptionRead(sub)}>
        {t('markAllRead')}
      </DropdownItem>
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <DropdownItem icon={<PencilIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'edit', subscriptionId: sub.id })}>
        {t('edit')}
      </DropdownItem>
      <DropdownMenu.Sub>
        <DropdownSubTrigger icon={<FolderIcon size={15} />}>{t('moveToCategory')}</DropdownSubTrigger>
        <DropdownMenu.Portal>
          <DropdownMenu.SubContent className={menuContentClass} sideOffset={4}>
            {categories.map((c) => (
              <DropdownMenu.Item key={c.name} className={menuItemClass} disabled={c.name === sub.category} onSelect={() => void updateSubscription(sub.id, { category: c.name })}>
                <MenuLabel icon={<FolderIcon size={14} />}>{c.name}</MenuLabel>
              </DropdownMenu.Item>
            ))}
            {categories.length > 0 && <DropdownMenu.Separator className={menuSeparatorClass} />}
            <DropdownItem icon={<PlusLine size={14} />} onSelect={() => openSidebarDialog({ kind: 'new-category', view: sub.view, subscriptionIds: [sub.id] })}>
              {t('newCategory')}
            </DropdownItem>
            {sub.category && (
              <DropdownItem icon={<MinusIcon size={14} />} onSelect={() => void updateSubscription(sub.id, { category: null })}>
                {t('removeFromCategory')}
              </DropdownItem>
            )}
          </DropdownMenu.SubContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Sub>
      <DropdownMenu.Sub>
        <DropdownSubTrigger icon={<ViewGlyph view={sub.view} />}>{t('moveToView')}</DropdownSubTrigger>
        <DropdownMenu.Portal>
          <DropdownMenu.SubContent className={menuContentClass} sideOffset={4}>
            {FEED_VIEWS.map((view) => (
              <DropdownMenu.Item key={view} className={menuItemClass} disabled={view === sub.view} onSelect={() => void updateSubscription(sub.id, { view })}>
                <MenuLabel icon={<ViewGlyph view={view} />}>{tc(VIEW_TABS[view].labelKey)}</MenuLabel>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.SubContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Sub>
      {isFeed && (
        <>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownItem icon={<ExternalLinkIcon size={15} />} onSelect={() => openFeedInBrowser(sub)}>
            {t('openFeed')}
          </DropdownItem>
          <DropdownItem icon={<GlobeIcon size={15} />} onSelect={() => openSiteInBrowser(sub)}>
            {t('openSite')}
          </DropdownItem>
          <DropdownItem icon={<LinkIcon size={15} />} onSelect={() => copyFeedUrl(sub)}>
            {t('copyFeedUrl')}
          </DropdownItem>
          {sub.feedId && <PowerMenuItems feedId={sub.feedId} name={titleOf(sub)} />}
        </>
      )}
      {sub.type === 'inbox' && (
        <>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownItem icon={<LinkIcon size={15} />} onSelect={() => copyInboxAddress(sub, inboxAddress)}>
            {t('copyInboxAddress')}
          </DropdownItem>
        </>
      )}
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <DropdownItem danger icon={<TrashIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'unfollow', subscriptionId: sub.id })}>
        {t('unfollow')}
      </DropdownItem>
    </DropdownMenu.Content>
  )
}

function ViewGlyph({ view }: { view: Subscription['view'] }) {
  const Icon = VIEW_TABS[view].icon
  return <Icon size={14} />
}
