/**
 * @module RSSHub's route catalogue: the `/api/namespace` JSON of an instance (RSSHub ≥ v1) read
 * into Brook's shape, filtered, and matched against a route a user typed.
 */

export type RouteParameter = { name: string; description: string; optional: boolean }

export type CatalogueRoute = {
  /** The full pattern, e.g. `/github/issue/:user/:repo/:state?`. */
  route: string
  namespace: string
  name: string
  example: string | null
  description: string | null
  parameters: RouteParameter[]
  categories: string[]
  maintainers: string[]
  /** True when the instance needs its own configuration (keys, cookies) for this route. */
  requiresConfig: boolean
}

export type CatalogueNamespace = {
  namespace: string
  name: string
  url: string | null
  description: string | null
  lang: string | null
  categories: string[]
  routes: CatalogueRoute[]
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** Parameter names of a pattern, in order, with whether each is optional. */
function patternParams(pattern: string): { name: string; optional: boolean }[] {
  return [...pattern.matchAll(/:(\w+)(\{[^}]*\})?(\?)?/g)].map((m) => ({ name: m[1], optional: m[3] === '?' }))
}

function describeParam(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'description' in value && typeof value.description === 'string') return value.description
  return ''
}

/** Reads an instance's `/api/namespace` answer; throws when it is not that document. */
export function parseNamespaces(json: unknown): CatalogueNamespace[] {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not an RSSHub /api/namespace document')
  const out: CatalogueNamespace[] = []
  for (const [namespace, raw] of Object.entries(json as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') continue
    const ns = raw as Record<string, unknown>
    const routes: CatalogueRoute[] = []
    const routeTable = ns.routes && typeof ns.routes === 'object' ? (ns.routes as Record<string, unknown>) : {}
    for (const [key, rawRoute] of Object.entries(routeTable)) {
      if (!rawRoute || typeof rawRoute !== 'object') continue
      const r = rawRoute as Record<string, unknown>
      const path = key.startsWith('/') ? key : `/${key}`
      const described = r.parameters && typeof r.parameters === 'object' ? (r.parameters as Record<string, unknown>) : {}
      const features = r.features && typeof r.features === 'object' ? (r.features as Record<string, unknown>) : {}
      routes.push({
        route: `/${namespace}${path === '/' ? '' : path}`,
        namespace,
        name: str(r.name) ?? path,
        example: str(r.example),
        description: str(r.description),
        parameters: patternParams(path).map((p) => ({ ...p, description: describeParam(described[p.name]) })),
        categories: strings(r.categories),
        maintainers: strings(r.maintainers),
        requiresConfig: Array.isArray(features.requireConfig) ? features.requireConfig.length > 0 : features.requireConfig === true,
      })
    }
    const categories = strings(ns.categories)
    out.push({
      namespace,
      name: str(ns.name) ?? namespace,
      url: str(ns.url),
      description: str(ns.description),
      lang: str(ns.lang),
      categories: categories.length > 0 ? categories : [...new Set(routes.flatMap((r) => r.categories))],
      routes,
    })
  }
  return out.sort((a, b) => a.namespace.localeCompare(b.namespace))
}

/** `eng` → `en`, `cmn` → `zh` (the ui discoverLanguage values); a tag stays itself; `all` → null. */
export function languagePrefix(language: string | undefined): string | null {
  if (!language || language === 'all') return null
  if (language === 'eng') return 'en'
  if (language === 'cmn') return 'zh'
  return language.toLowerCase()
}

export type CatalogueFilter = { category?: string; namespace?: string; lang?: string; keyword?: string }

/** Namespaces (each with only its matching routes) for a category, namespace, language and keyword. */
export function filterCatalogue(namespaces: CatalogueNamespace[], filter: CatalogueFilter): CatalogueNamespace[] {
  const prefix = languagePrefix(filter.lang)
  const keyword = filter.keyword?.trim().toLowerCase() || null
  const out: CatalogueNamespace[] = []
  for (const ns of namespaces) {
    if (filter.namespace && ns.namespace !== filter.namespace.toLowerCase()) continue
    // A namespace without a language shows under every language.
    if (prefix && ns.lang && !ns.lang.toLowerCase().startsWith(prefix)) continue
    const nsMatches = keyword !== null && [ns.namespace, ns.name, ns.description ?? ''].some((t) => t.toLowerCase().includes(keyword))
    const routes = ns.routes.filter((r) => {
      if (filter.category && !r.categories.includes(filter.category) && !(r.categories.length === 0 && ns.categories.includes(filter.category))) return false
      if (keyword && !nsMatches && ![r.name, r.route, r.description ?? ''].some((t) => t.toLowerCase().includes(keyword))) return false
      return true
    })
    if (routes.length > 0) out.push({ ...ns, routes })
  }
  return out
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A route pattern as a regular expression over concrete paths (`{…}` constraints read as "anything"). */
function patternRegex(pattern: string): RegExp {
  let body = ''
  for (const segment of pattern.split('/').filter(Boolean)) {
    const param = /^:(\w+)(\{[^}]*\})?(\?)?$/.exec(segment)
    if (!param) {
      body += `/${escape(segment)}`
      continue
    }
    const inner = param[2] ? '(.+)' : '([^/]+)'
    body += param[3] ? `(?:/${inner})?` : `/${inner}`
  }
  return new RegExp(`^${body}/?$`)
}

/** `rsshub://github/issue/a/b`, `/github/issue/a/b`, `github/issue/a/b` → `/github/issue/a/b` (query dropped). */
export function routePathOf(input: string): string {
  const text = input.trim().replace(/^rsshub:\/\//i, '/').split(/[?#]/)[0]
  return `/${text.replace(/^\/+/, '').replace(/\/+$/, '')}`
}

/**
 * The catalogue route a user's route names: its pattern (`/github/issue/:user/:repo`) or a
 * concrete path of it (`/github/issue/DIYgod/RSSHub`), with the values it gives each parameter.
 */
export function matchRoute(namespaces: CatalogueNamespace[], input: string): { route: CatalogueRoute; values: Record<string, string> } | null {
  const path = routePathOf(input)
  const namespace = path.split('/')[1]?.toLowerCase()
  const candidates = namespaces.find((ns) => ns.namespace === namespace)?.routes ?? []
  const raw = `/${input.trim().replace(/^rsshub:\/\//i, '').replace(/^\/+/, '')}`
  const exact = candidates.find((r) => r.route === raw || r.route === path)
  if (exact) return { route: exact, values: {} }
  for (const route of candidates) {
    const m = patternRegex(route.route).exec(path)
    if (!m) continue
    const values: Record<string, string> = {}
    route.parameters.forEach((p, i) => {
      const v = m[i + 1]
      if (v !== undefined) values[p.name] = safeDecode(v)
    })
    return { route, values }
  }
  return null
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}
