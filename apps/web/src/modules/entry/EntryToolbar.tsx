/**
 * The reader's toolbar: back (narrow layouts), previous/next, then the main actions in the
 * ui setting's toolbar order and the rest in a "more" menu — each one a registered command.
 */
import { DropdownMenu, Tooltip } from 'radix-ui'
import type { ComponentType, SVGProps } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowLeftIcon, ZapIcon } from '../../components/icons.tsx'
import { IconButton } from '../../components/IconButton.tsx'
import { DropdownItem, menuContentClass } from '../../components/Menu.tsx'
import { BookTextIcon, CheckCheckIcon, ChevronDownIcon, ChevronUpIcon, CircleIcon, CodeIcon, DownloadIcon, ExternalLinkIcon, ImageIcon, LinkIcon, MoreIcon, ShareIcon, StarIcon, TypeIcon } from '../../components/moreIcons.tsx'
import type { Entry } from '../../store/index.ts'
import { useBindingStore } from '../shortcuts/bindings.ts'
import { getCommand, runCommand } from '../shortcuts/registry.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { LanguagesIcon, MessageIcon, SparklesIcon, VolumeIcon } from '../ai/aiIcons.tsx'
import { IntegrationMenuItems } from '../integrations/IntegrationMenuItems.tsx'
import { AiShortcutMenuItems } from '../ai/AiShortcutMenuItems.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>

interface ToolbarItem {
  icon: Icon
  /** Pressed look and its label key when pressed. */
  active?: (entry: Entry, state: ToolbarState) => boolean
  activeLabelKey?: string
}

export interface ToolbarState {
  starred: boolean
  readability: boolean
  source: boolean
  summary?: boolean
  translation?: boolean
}

const ITEMS: Record<string, ToolbarItem> = {
  'entry:read': { icon: CheckCheckIcon, active: (e) => !e.read, activeLabelKey: 'entry.markRead' },
  'entry:star': { icon: StarIcon, active: (_e, s) => s.starred, activeLabelKey: 'entry.unstar' },
  'entry:readability': { icon: BookTextIcon, active: (_e, s) => s.readability },
  'entry:view-source-content': { icon: CodeIcon, active: (_e, s) => s.source },
  'entry:share': { icon: ShareIcon },
  'entry:toggle-ai-summary': { icon: SparklesIcon, active: (_e, s) => !!s.summary },
  'entry:toggle-ai-translation': { icon: LanguagesIcon, active: (_e, s) => !!s.translation },
  'entry:tts': { icon: VolumeIcon },
  'entry:ask-ai': { icon: MessageIcon },
  'entry:open-in-browser': { icon: ExternalLinkIcon },
  'entry:copy-link': { icon: LinkIcon },
  'entry:copy-title': { icon: TypeIcon },
  'entry:export-pdf': { icon: DownloadIcon },
  'entry:image-gallery': { icon: ImageIcon },
  'entry:read-above': { icon: ChevronUpIcon },
  'entry:read-below': { icon: ChevronDownIcon },
  'entry:tip': { icon: ZapIcon },
}

const ALL_IDS = Object.keys(ITEMS)

export function EntryToolbar({ entry, state, onBack, hasPrevious, hasNext }: { entry: Entry; state: ToolbarState; onBack?: () => void; hasPrevious: boolean; hasNext: boolean }) {
  const { t } = useTranslation('shortcuts')
  const { t: te } = useTranslation('entry')
  const ui = useUiSettings()
  const overrides = useBindingStore((s) => s.overrides)
  // A command of a feature the admin turned off for me is not shown.
  const aiChat = useFeatureFlag('ai_chat')
  const power = useFeatureFlag('power')
  const shown = (id: string) => {
    const flag = getCommand(id)?.flag
    return Boolean(getCommand(id)) && (flag === 'ai_chat' ? aiChat : flag === 'power' ? power : true)
  }
  const main = ui.toolbarOrder.main.filter((id) => id in ITEMS && shown(id))
  const more = [...ui.toolbarOrder.more, ...ALL_IDS].filter((id, i, all) => id in ITEMS && !main.includes(id) && all.indexOf(id) === i && shown(id))
  const hotkey = (id: string) => overrides[id] ?? getCommand(id)?.defaultHotkey

  return (
    <Tooltip.Provider delayDuration={400}>
      <div className="flex h-14 shrink-0 items-center gap-0.5 border-b border-zinc-100 px-3 dark:border-zinc-800/70" data-testid="entry-toolbar">
        {onBack && (
          <IconButton label={te('back')} onClick={onBack} data-testid="entry-back">
            <ArrowLeftIcon size={18} />
          </IconButton>
        )}
        <IconButton label={t('labels.entry-render.previous-entry')} hotkey={hotkey('entry-render:previous-entry')} disabled={!hasPrevious} onClick={() => runCommand('entry-render:previous-entry')}>
          <ChevronUpIcon size={18} />
        </IconButton>
        <IconButton label={t('labels.entry-render.next-entry')} hotkey={hotkey('entry-render:next-entry')} disabled={!hasNext} onClick={() => runCommand('entry-render:next-entry')}>
          <ChevronDownIcon size={18} />
        </IconButton>
        <div className="flex-1" />
        {main.map((id) => {
          const item = ITEMS[id]
          const active = item.active?.(entry, state) ?? false
          const Icon = id === 'entry:read' && entry.read ? CircleIcon : item.icon
          const label = id === 'entry:read' ? (entry.read ? te('markUnread') : te('markRead')) : id === 'entry:star' && state.starred ? te('unstar') : t(`labels.${id.replace(':', '.')}`)
          return (
            <IconButton key={id} label={label} hotkey={hotkey(id)} active={id !== 'entry:read' && active} onClick={() => runCommand(id)} data-testid={`toolbar-${id.split(':')[1]}`}>
              <Icon size={17} className={id === 'entry:star' && state.starred ? 'fill-amber-400 text-amber-400' : ''} />
            </IconButton>
          )
        })}
        <DropdownMenu.Root>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <DropdownMenu.Trigger asChild>
                <button type="button" aria-label={te('more')} data-testid="toolbar-more" className="inline-flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/10 dark:hover:text-zinc-100">
                  <MoreIcon size={17} />
                </button>
              </DropdownMenu.Trigger>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content side="bottom" sideOffset={6} className="z-[60] rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">
                {te('more')}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
              {more.map((id) => {
                const Icon = ITEMS[id].icon
                return (
                  <DropdownItem key={id} icon={<Icon size={15} />} hotkey={hotkey(id)} onSelect={() => runCommand(id)}>
                    {t(`labels.${id.replace(':', '.')}`)}
                  </DropdownItem>
                )
              })}
              {aiChat && <AiShortcutMenuItems entry={entry} />}
              <IntegrationMenuItems entry={entry} />
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </Tooltip.Provider>
  )
}
