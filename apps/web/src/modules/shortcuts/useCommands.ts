/** Every registered command, re-rendering when commands are added or removed (custom integrations come and go). */
import { useSyncExternalStore } from 'react'
import { allCommands, commandsVersion, onCommandsChanged, type Command } from './registry.ts'

export function useCommands(): Command[] {
  useSyncExternalStore(onCommandsChanged, commandsVersion)
  return allCommands()
}
