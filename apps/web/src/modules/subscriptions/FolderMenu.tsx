/** The right-click menu of a category (inside SidebarMenu): mark all read, rename, delete, move all its feeds to another view. */
import { FEED_VIEWS, type FeedViewType } from '@brook/shared'
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { DropdownItem, DropdownSubTrigger, menuContentClass, menuItemClass, menuSeparatorClass, MenuLabel } from '../../components/Menu.tsx'
import { changeCategoryView } from '../../store/index.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { openSidebarDialog } from './dialogStore.ts'
import { CheckCheckIcon, PencilIcon, TrashIcon } from './menuIcons.tsx'
import { markCategoryRead } from './subscriptionActions.ts'
import { VIEW_TABS } from './viewIcons.tsx'

export function FolderMenuContent({ view, name, subscriptionIds }: { view: FeedViewType; name: string; subscriptionIds: string[] }) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const members = () => {
    const byId = useSubscriptionStore.getState().byId
    return subscriptionIds.map((id) => byId[id]).filter((s) => !!s)
  }
  return (
    <DropdownMenu.Content align="start" sideOffset={2} className={menuContentClass} data-testid="folder-menu">
      <DropdownItem icon={<CheckCheckIcon size={15} />} onSelect={() => markCategoryRead(name, members())}>
        {t('markAllRead')}
      </DropdownItem>
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <DropdownItem icon={<PencilIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'rename-category', view, name })}>
        {t('renameCategory')}
      </DropdownItem>
      <DropdownMenu.Sub>
        <DropdownSubTrigger icon={<ViewGlyph view={view} />}>{t('moveToView')}</DropdownSubTrigger>
        <DropdownMenu.Portal>
          <DropdownMenu.SubContent className={menuContentClass} sideOffset={4}>
            {FEED_VIEWS.map((to) => (
              <DropdownMenu.Item key={to} className={menuItemClass} disabled={to === view} onSelect={() => void changeCategoryView(view, name, to)}>
                <MenuLabel icon={<ViewGlyph view={to} />}>{tc(VIEW_TABS[to].labelKey)}</MenuLabel>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.SubContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Sub>
      <DropdownMenu.Separator className={menuSeparatorClass} />
      <DropdownItem danger icon={<TrashIcon size={15} />} onSelect={() => openSidebarDialog({ kind: 'delete-category', view, name })}>
        {t('deleteCategory')}
      </DropdownItem>
    </DropdownMenu.Content>
  )
}

function ViewGlyph({ view }: { view: FeedViewType }) {
  const Icon = VIEW_TABS[view].icon
  return <Icon size={14} />
}
