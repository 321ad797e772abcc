/** SPEC §2 action group "timeline": switch next/previous, refetch, unread only. */
import { updateSettings } from '../../../store/index.ts'
import { useSettingsStore } from '../../../store/entities/settings.ts'
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { useTimelineNavStore } from '../../timeline/timelineNav.ts'
import type { Command } from '../registry.ts'
import { stepEntry } from './entryCommands.ts'

const onTimeline = () => useTimelineNavStore.getState().params !== null && window.location.pathname.startsWith('/timeline/')

export const timelineCommands: Command[] = [
  { id: 'timeline:switch-next', group: 'timeline', labelKey: 'timeline.switch-next', defaultHotkey: 'j', enabled: onTimeline, run: () => stepEntry(1) },
  { id: 'timeline:switch-previous', group: 'timeline', labelKey: 'timeline.switch-previous', defaultHotkey: 'k', enabled: onTimeline, run: () => stepEntry(-1) },
  { id: 'timeline:refetch', group: 'timeline', labelKey: 'timeline.refetch', defaultHotkey: 'r', enabled: onTimeline, run: () => void useTimelineNavStore.getState().refetch?.() },
  {
    id: 'timeline:unread-only',
    group: 'timeline',
    labelKey: 'timeline.unread-only',
    defaultHotkey: 'u',
    run: () => {
      const stored = useSettingsStore.getState().tabs.general.unreadOnly
      const current = typeof stored === 'boolean' ? stored : DEFAULT_GENERAL_SETTINGS.unreadOnly
      void updateSettings('general', { unreadOnly: !current })
    },
  },
]
