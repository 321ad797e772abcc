/**
 * The right-click menu of a timeline entry (one for the whole list, placed at the pointer):
 * read/unread, star, open in browser, copy link/title, mark the entries above or below read.
 */
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { DropdownItem, menuContentClass, menuSeparatorClass } from '../../components/Menu.tsx'
import { CheckCheckIcon, ChevronDownIcon, ChevronUpIcon, CircleIcon, ExternalLinkIcon, LinkIcon, StarIcon, TypeIcon } from '../../components/moreIcons.tsx'
import { markRead, useEntry, useIsStarred } from '../../store/index.ts'
import { copyLink, copyTitle, openInBrowser, toggleRead, toggleStar } from '../entry/entryActions.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { useTimelineNavStore } from './timelineNav.ts'

export interface EntryMenuTarget {
  id: string
  x: number
  y: number
}

export function EntryContextMenu({ target, view, onClose }: { target: EntryMenuTarget; view: number; onClose: () => void }) {
  const { t } = useTranslation('shortcuts')
  const { t: te } = useTranslation('entry')
  const entry = useEntry(target.id)
  const starred = useIsStarred(target.id)
  const keys = { read: useHotkey('entry:read'), star: useHotkey('entry:star'), open: useHotkey('entry:open-in-browser'), link: useHotkey('entry:copy-link'), title: useHotkey('entry:copy-title') }
  if (!entry) return null
  const around = (direction: -1 | 1) => {
    const ids = useTimelineNavStore.getState().ids
    const index = ids.indexOf(entry.id)
    if (index >= 0) void markRead(direction === -1 ? ids.slice(0, index) : ids.slice(index + 1))
  }
  return (
    <DropdownMenu.Root open onOpenChange={(open) => !open && onClose()} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span aria-hidden style={{ position: 'fixed', left: target.x, top: target.y, width: 1, height: 1 }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={2} className={menuContentClass} data-testid="entry-menu">
          <DropdownItem icon={entry.read ? <CircleIcon size={15} /> : <CheckCheckIcon size={15} />} hotkey={keys.read} onSelect={() => void toggleRead(entry)}>
            {entry.read ? te('markUnread') : te('markRead')}
          </DropdownItem>
          <DropdownItem icon={<StarIcon size={15} className={starred ? 'fill-amber-400 text-amber-400' : ''} />} hotkey={keys.star} onSelect={() => void toggleStar(entry, view)}>
            {starred ? te('unstar') : t('labels.entry.star')}
          </DropdownItem>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownItem icon={<ExternalLinkIcon size={15} />} hotkey={keys.open} disabled={!entry.url} onSelect={() => openInBrowser(entry)}>
            {t('labels.entry.open-in-browser')}
          </DropdownItem>
          <DropdownItem icon={<LinkIcon size={15} />} hotkey={keys.link} onSelect={() => void copyLink(entry)}>
            {t('labels.entry.copy-link')}
          </DropdownItem>
          <DropdownItem icon={<TypeIcon size={15} />} hotkey={keys.title} onSelect={() => void copyTitle(entry)}>
            {t('labels.entry.copy-title')}
          </DropdownItem>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownItem icon={<ChevronUpIcon size={15} />} onSelect={() => around(-1)}>
            {t('labels.entry.read-above')}
          </DropdownItem>
          <DropdownItem icon={<ChevronDownIcon size={15} />} onSelect={() => around(1)}>
            {t('labels.entry.read-below')}
          </DropdownItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
