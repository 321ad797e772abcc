/** The RSSHub calls of SPEC §7 (/rsshub instances, /discover/rsshub catalogue), docs/rsshub.md. */
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'

export type RsshubInstance = ApiData<'get', '/rsshub/list'>[number]
export type RsshubNamespace = ApiData<'get', '/discover/rsshub'>[number]
export type RsshubRoute = RsshubNamespace['routes'][number]

export const listInstances = () => api.get('/rsshub/list')
export const addInstance = (input: { baseUrl: string; accessKey?: string | null; description?: string | null; price?: string | null }) => api.post('/rsshub', input)
/** Edits an instance of mine: a field left out stays, null clears it; a new URL or key is checked first. */
export const updateInstance = (input: { id: string; baseUrl: string; accessKey?: string | null; description?: string | null; price?: string | null; userLimit?: number | null }) => api.post('/rsshub', input)
export const chooseInstance = (id: string | null) => api.post('/rsshub/use', { id })
export const deleteInstance = (id: string) => api.delete('/rsshub', { id })
/** Buys months of a paid instance (its price a month, from my wallet to its owner) and uses it. */
export const buyInstance = (id: string, durationInMonths: number) => api.post('/rsshub/use', { id, durationInMonths })
/** Admins: the instance everyone without a choice uses (null: none). */
export const markDefault = (id: string | null) => api.post('/rsshub/default', { id })

/** Routes of the instance I use, by category, language or keyword. */
export function routeCatalogue(filter: { category?: string; lang?: string; keyword?: string }) {
  const query: Record<string, string> = {}
  for (const [k, v] of Object.entries(filter)) if (v) query[k] = v
  return api.get('/discover/rsshub', query)
}

/**
 * The rsshub:// URL of a route with its parameters filled: `/github/issue/:user/:repo/:state?`
 * with user=a, repo=b → `rsshub://github/issue/a/b`; null while a required one is empty.
 */
export function routeUrl(route: string, values: Record<string, string>): string | null {
  const parts: string[] = []
  for (const segment of route.split('/').filter(Boolean)) {
    const param = /^:(\w+)(\{[^}]*\})?(\?)?$/.exec(segment)
    if (!param) {
      parts.push(segment)
      continue
    }
    const value = values[param[1]]?.trim()
    if (!value) {
      if (param[3]) break
      return null
    }
    parts.push(param[2] ? value : encodeURIComponent(value))
  }
  return `rsshub://${parts.join('/')}`
}
