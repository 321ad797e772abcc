/** The right-click menu of a category: mark all read, rename, delete, move all its feeds to another view. */
import { FEED_VIEWS, type FeedViewType } from '@brook/shared'
import { ContextMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ContextItem, ContextSubTrigger, menuContentClass, menuItemClass, menuSeparatorClass, MenuLabel } from '../../components/Menu.tsx'
import { changeCategoryView } from '../../store/index.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { openSidebarDialog } from './dialogStore.ts'
import { CheckCheckIcon, PencilIcon, TrashIcon } from './menuIcons.tsx'
import { markCategoryRead } from './subscriptionActions.ts'
import { VIEW_TABS } from './viewIcons.tsx'

export function FolderMenu({ view, name, subscriptionIds, children }: { view: FeedViewType; name: string; subscriptionIds: string[]; children: ReactNode }) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const members = () => {
    const byId = useSubscriptionStore.getState().byId
    return subscriptionIds.map((id) => byId[id]).filter((s) => !!s)
  }
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={menuContentClass} data-testid="folder-menu">
          <ContextItem icon={<CheckCheckIcon size={15} />} onSelect={() => void markCategoryRead(members())}>
            {t('markAllRead')}
          </ContextItem>
          <ContextMenu.Separator className={menuSeparatorClass} />
          <ContextItem icon={<PencilIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'rename-category', view, name })}>
            {t('renameCategory')}
          </ContextItem>
          <ContextMenu.Sub>
            <ContextSubTrigger icon={<ViewGlyph view={view} />}>{t('moveToView')}</ContextSubTrigger>
            <ContextMenu.Portal>
              <ContextMenu.SubContent className={menuContentClass} sideOffset={4}>
                {FEED_VIEWS.map((to) => (
                  <ContextMenu.Item key={to} className={menuItemClass} disabled={to === view} onSelect={() => void changeCategoryView(view, name, to)}>
                    <MenuLabel icon={<ViewGlyph view={to} />}>{tc(VIEW_TABS[to].labelKey)}</MenuLabel>
                  </ContextMenu.Item>
                ))}
              </ContextMenu.SubContent>
            </ContextMenu.Portal>
          </ContextMenu.Sub>
          <ContextMenu.Separator className={menuSeparatorClass} />
          <ContextItem danger icon={<TrashIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'delete-category', view, name })}>
            {t('deleteCategory')}
          </ContextItem>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}

function ViewGlyph({ view }: { view: FeedViewType }) {
  const Icon = VIEW_TABS[view].icon
  return <Icon size={14} />
}
