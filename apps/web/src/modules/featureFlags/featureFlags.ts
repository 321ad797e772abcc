/**
 * The admin's feature flags as they apply to me (GET /api/status/configs → flags; issue 19): a
 * feature whose flag is off shows no entry point. Until the configuration is known (first load,
 * offline) every flag counts as on, as it is on the server until the admin changes it.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { create } from 'zustand'
import type { FeatureFlag } from '@brook/shared'
import { configsQuery } from '../inboxes/inboxConfig.ts'

const useFlagsStore = create<{ flags: Partial<Record<FeatureFlag, boolean>> }>(() => ({ flags: {} }))

/** Outside React (commands, stores): the flag as last read from the server. */
export function featureOn(flag: FeatureFlag): boolean {
  return useFlagsStore.getState().flags[flag] ?? true
}

/** Whether a flag is on for me; re-renders when the configuration changes. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  const configs = useQuery(configsQuery)
  const flags = configs.data?.flags
  const known = useFlagsStore((s) => s.flags[flag])
  useEffect(() => {
    if (flags) useFlagsStore.setState({ flags })
  }, [flags])
  return flags?.[flag] ?? known ?? true
}
