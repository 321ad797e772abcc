/**
 * Commands (ARCHITECTURE "Commands are registered objects"): every bindable action of SPEC §2
 * "Action groups" that Brook has is one object with an id, a label key, a default hotkey and
 * `run`. Menus, toolbars, the shortcuts guide and the keyboard all go through this registry.
 */
import type { FeatureFlag } from '@brook/shared'
import { featureOn } from '../featureFlags/featureFlags.ts'

export const COMMAND_GROUPS = ['entry', 'entry-render', 'timeline', 'subscription', 'list', 'layout', 'global', 'settings', 'integration'] as const
export type CommandGroup = (typeof COMMAND_GROUPS)[number]

/** Focus regions of SPEC §2. */
export const FOCUS_REGIONS = ['home', 'menu', 'modal', 'dropdown-menu', 'recording', 'video-player', 'timeline', 'entry-render', 'subscription-list', 'sub-layer', 'ai-chat'] as const
export type FocusRegion = (typeof FOCUS_REGIONS)[number]

export interface Command {
  /** `group:name`, e.g. `entry:star`. */
  id: string
  group: CommandGroup
  /** i18n key in the `shortcuts` namespace. */
  labelKey: string
  /** Values for the label (a custom integration's name, which is the user's). */
  labelParams?: Record<string, string>
  /** The hotkey until the user rebinds it; none means unbound. */
  defaultHotkey?: string
  /** Regions where its hotkey works; default everywhere except modal, menu and recording. */
  regions?: readonly FocusRegion[]
  /** SPEC §2: hotkeys are ignored in form fields unless enabled. */
  enableInForm?: boolean
  /** False when it cannot run now (no entry open…); its hotkey then does nothing. */
  enabled?: () => boolean
  /** The admin's feature flag it belongs to: off, the command is not shown and does not run. */
  flag?: FeatureFlag
  run: () => void | Promise<void>
}

const registry = new Map<string, Command>()
const listeners = new Set<() => void>()
let version = 0

function changed(): void {
  version += 1
  for (const listener of listeners) listener()
}

/** Adds commands (module load time, or later for the user's own, e.g. custom integrations). A command with a known id replaces the old one. */
export function registerCommands(commands: readonly Command[]): void {
  for (const command of commands) registry.set(command.id, command)
  changed()
}

/** Removes commands (a custom integration deleted). Their bindings stay stored, unused. */
export function unregisterCommands(ids: readonly string[]): void {
  let removed = false
  for (const id of ids) removed = registry.delete(id) || removed
  if (removed) changed()
}

/** Changes with every (un)registration, for useSyncExternalStore. */
export function commandsVersion(): number {
  return version
}

export function getCommand(id: string): Command | undefined {
  return registry.get(id)
}

/** Every registered command, in registration order. */
export function allCommands(): Command[] {
  return [...registry.values()]
}

/** Runs a command by id when it is enabled; true when it ran. */
export function runCommand(id: string): boolean {
  const command = registry.get(id)
  if (!command || (command.enabled && !command.enabled()) || (command.flag && !featureOn(command.flag))) return false
  void command.run()
  return true
}

/** Told when commands are added (the guide re-renders). */
export function onCommandsChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Regions where a command without its own list applies. */
export const DEFAULT_REGIONS: readonly FocusRegion[] = ['home', 'timeline', 'entry-render', 'subscription-list', 'sub-layer']

/** The regions a command's hotkey works in. */
export function regionsOf(command: Command): readonly FocusRegion[] {
  return command.regions ?? DEFAULT_REGIONS
}
