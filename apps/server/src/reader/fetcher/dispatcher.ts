/** @module The undici agents the fetcher sends through: one guarded, one open, plus throwaway ones for tests. */
import type { Agent } from 'undici'
import { undici } from '../../lib/undiciModule.ts'
import { createGuardedConnector, isPublicAddress, type AddressPolicy, type HostResolver } from './ssrfGuard.ts'

const AGENT_OPTIONS = {
  keepAliveTimeout: 4_000,
  // The fetcher enforces one total deadline itself; these only stop undici's own 300 s defaults
  // from firing first on a long but still allowed fetch.
  headersTimeout: 0,
  bodyTimeout: 0,
  maxResponseSize: -1,
} as const

let guarded: Agent | null = null
let open: Agent | null = null

/** The shared agent for the given guard setting (sockets are reused across feeds of a host). */
export function sharedAgent(allowPrivateNetworks: boolean): Agent {
  if (allowPrivateNetworks) {
    open ??= new (undici().Agent)({ ...AGENT_OPTIONS, connect: { timeout: 10_000 } })
    return open
  }
  guarded ??= new (undici().Agent)({ ...AGENT_OPTIONS, connect: createGuardedConnector({ isAllowedAddress: isPublicAddress }) })
  return guarded
}

/** A one-off guarded agent with a replaced policy or resolver (tests); close it after use. */
export function throwawayAgent(isAllowedAddress: AddressPolicy, resolveHost?: HostResolver): Agent {
  return new (undici().Agent)({ ...AGENT_OPTIONS, connect: createGuardedConnector({ isAllowedAddress, resolveHost }) })
}

/** Closes the shared agents (process shutdown, end of a test file). */
export async function closeSharedAgents(): Promise<void> {
  const agents = [guarded, open].filter((a): a is Agent => a !== null)
  guarded = open = null
  await Promise.all(agents.map((a) => a.close()))
}
