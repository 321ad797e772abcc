/**
 * Profiles (SPEC §7): users the stores do not know are asked for in batches — ids collected for
 * 100 ms, then one `POST /api/profiles/batch {ids}`; the answer (id → user) goes to the local
 * database and the user store. A failed batch is forgotten, so a later render asks again.
 */
import { api } from '../api/client.ts'
import { useNetworkStore } from '../store/network.ts'
import { useUserStore } from '../store/entities/users.ts'
import { writeProfiles } from './writers.ts'

export const PROFILE_BATCH_WAIT_MS = 100
const MAX_BATCH = 500

const wanted = new Set<string>()
const asked = new Set<string>()
let timer: ReturnType<typeof setTimeout> | null = null

/** Asks for these users' profiles unless known or already asked for. */
export function requestProfiles(ids: readonly string[]): void {
  const known = useUserStore.getState().byId
  for (const id of ids) if (id && !known[id] && !asked.has(id)) wanted.add(id)
  if (wanted.size === 0 || timer) return
  timer = setTimeout(() => {
    timer = null
    void flush()
  }, PROFILE_BATCH_WAIT_MS)
}

async function flush(): Promise<void> {
  if (!useNetworkStore.getState().online) {
    wanted.clear()
    return
  }
  const ids = [...wanted].slice(0, MAX_BATCH)
  for (const id of ids) {
    wanted.delete(id)
    asked.add(id)
  }
  try {
    await writeProfiles(await api.post('/profiles/batch', { ids }))
  } catch (error) {
    for (const id of ids) asked.delete(id)
    console.warn('[brook] profiles not loaded', error)
  }
  if (wanted.size) requestProfiles([])
}
