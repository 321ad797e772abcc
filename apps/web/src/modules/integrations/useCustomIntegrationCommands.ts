/** Keeps the custom integrations' commands (bindable hotkeys) in step with the integration settings; mounted once in the app shell. */
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { syncCustomIntegrationCommands } from './integrationCommands.ts'
import { fetchIntegrations, integrationKeys } from './integrationsApi.ts'

export function useCustomIntegrationCommands(): void {
  const settings = useQuery({ queryKey: integrationKeys.settings, queryFn: fetchIntegrations, staleTime: 60_000 })
  const customs = settings.data?.customIntegration
  useEffect(() => {
    if (customs) syncCustomIntegrationCommands(customs)
  }, [customs])
}
