/** The right-click menu of a subscription (SPEC §2 sidebar actions). */
import { FEED_VIEWS } from '@brook/shared'
import { ContextMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FolderIcon } from '../../components/moreIcons.tsx'
import { CheckCheckIcon, ExternalLinkIcon, GlobeIcon, LinkIcon, MinusIcon, PencilIcon, PlusIcon as PlusLine, TrashIcon } from './menuIcons.tsx'
import { ContextItem, ContextSubTrigger, menuContentClass, menuItemClass, menuSeparatorClass, MenuLabel } from '../../components/Menu.tsx'
import { updateSubscription, useCategories, type Subscription } from '../../store/index.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { openSidebarDialog } from './dialogStore.ts'
import { copyFeedUrl, markSubscriptionRead, openFeedInBrowser, openSiteInBrowser } from './subscriptionActions.ts'
import { VIEW_TABS } from './viewIcons.tsx'

export function SubscriptionMenu({ subscription: sub, children }: { subscription: Subscription; children: ReactNode }) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const categories = useCategories(sub.view)
  const markHotkey = useHotkey('subscription:mark-all-read')
  const isFeed = sub.type === 'feed'
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={menuContentClass} data-testid="subscription-menu">
          <ContextItem icon={<CheckCheckIcon size={15} />} hotkey={markHotkey} onSelect={() => void markSubscriptionRead(sub)}>
            {t('markAllRead')}
          </ContextItem>
          <ContextMenu.Separator className={menuSeparatorClass} />
          <ContextItem icon={<PencilIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'edit', subscriptionId: sub.id })}>
            {t('edit')}
          </ContextItem>
          <ContextMenu.Sub>
            <ContextSubTrigger icon={<FolderIcon size={15} />}>{t('moveToCategory')}</ContextSubTrigger>
            <ContextMenu.Portal>
              <ContextMenu.SubContent className={menuContentClass} sideOffset={4}>
                {categories.map((c) => (
                  <ContextMenu.Item key={c.name} className={menuItemClass} disabled={c.name === sub.category} onSelect={() => void updateSubscription(sub.id, { category: c.name })}>
                    <MenuLabel icon={<FolderIcon size={14} />}>{c.name}</MenuLabel>
                  </ContextMenu.Item>
                ))}
                {categories.length > 0 && <ContextMenu.Separator className={menuSeparatorClass} />}
                <ContextItem icon={<PlusLine size={14} />} onSelect={() => openSidebarDialog({ kind: 'new-category', view: sub.view, subscriptionIds: [sub.id] })}>
                  {t('newCategory')}
                </ContextItem>
                {sub.category && (
                  <ContextItem icon={<MinusIcon size={14} />} onSelect={() => void updateSubscription(sub.id, { category: null })}>
                    {t('removeFromCategory')}
                  </ContextItem>
                )}
              </ContextMenu.SubContent>
            </ContextMenu.Portal>
          </ContextMenu.Sub>
          <ContextMenu.Sub>
            <ContextSubTrigger icon={<ViewGlyph view={sub.view} />}>{t('moveToView')}</ContextSubTrigger>
            <ContextMenu.Portal>
              <ContextMenu.SubContent className={menuContentClass} sideOffset={4}>
                {FEED_VIEWS.map((view) => (
                  <ContextMenu.Item key={view} className={menuItemClass} disabled={view === sub.view} onSelect={() => void updateSubscription(sub.id, { view })}>
                    <MenuLabel icon={<ViewGlyph view={view} />}>{tc(VIEW_TABS[view].labelKey)}</MenuLabel>
                  </ContextMenu.Item>
                ))}
              </ContextMenu.SubContent>
            </ContextMenu.Portal>
          </ContextMenu.Sub>
          {isFeed && (
            <>
              <ContextMenu.Separator className={menuSeparatorClass} />
              <ContextItem icon={<ExternalLinkIcon size={15} />} onSelect={() => openFeedInBrowser(sub)}>
                {t('openFeed')}
              </ContextItem>
              <ContextItem icon={<GlobeIcon size={15} />} onSelect={() => openSiteInBrowser(sub)}>
                {t('openSite')}
              </ContextItem>
              <ContextItem icon={<LinkIcon size={15} />} onSelect={() => copyFeedUrl(sub)}>
                {t('copyFeedUrl')}
              </ContextItem>
            </>
          )}
          <ContextMenu.Separator className={menuSeparatorClass} />
          <ContextItem danger icon={<TrashIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'unfollow', subscriptionId: sub.id })}>
            {t('unfollow')}
          </ContextItem>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}

function ViewGlyph({ view }: { view: Subscription['view'] }) {
  const Icon = VIEW_TABS[view].icon
  return <Icon size={14} />
}
