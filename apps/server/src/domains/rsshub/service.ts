/**
 * RSSHub on your own instances (docs/rsshub.md): instances and who uses which, their health, the
 * route catalogue (1 hour cache, SPEC §9), and where an `rsshub://namespace/path` feed is fetched
 * from — the user's chosen instance, else the default one — with its access key.
 */
import { feedCategoryOf, newId, parsePower, type FeatureFlag, type PlanLimits } from '@brook/shared'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import { POWER_OFF, RSSHUB_OFF } from '../../lib/flagGates.ts'
import { fetchFeed } from '../../reader/fetcher/fetchFeed.ts'
import { checkUrlTarget } from '../../reader/fetcher/ssrfGuard.ts'
import { isPublicAddress } from '../../reader/fetcher/ssrfGuard.ts'
import { filterCatalogue, matchRoute, parseNamespaces, type CatalogueFilter, type CatalogueNamespace } from './catalogue.ts'
import { InsufficientFunds } from '../wallets/ledger.ts'
import type { RsshubInstanceRow, RsshubRepo } from './repo.ts'

/** SPEC §9: RSS-hub cache 1 hour (the catalogue, per instance). */
export const RSSHUB_CACHE_MS = 60 * 60_000
/** A month of a paid instance (its price is POWER a month). */
export const RSSHUB_MONTH_MS = 30 * 24 * 60 * 60_000
/** A health check waits this long at most. */
const HEALTH_TIMEOUT_MS = 10_000

export type RsshubServiceDeps = {
  repo: RsshubRepo
  env: Pick<Env, 'RSSHUB_URL' | 'RSSHUB_ALLOW_PRIVATE_NETWORKS' | 'FETCH_ALLOW_PRIVATE_NETWORKS' | 'FETCH_TIMEOUT_MS' | 'FETCH_MAX_BYTES'>
  /** The plan limits of a role (own instances: `rsshubInstances`). */
  limitsFor: (role: string) => Promise<PlanLimits>
  /** Accounts on this Brook instance (one: a single-user instance). */
  countUsers: () => Promise<number>
  /** The admin's feature flags for a user (domains/featureFlags isOn); absent: every flag on. */
  flagOn?: (flag: FeatureFlag, userId: string | null) => Promise<boolean>
  now?: () => Date
}

type Who = { id: string; role: string }

/** Where one rsshub:// feed is fetched from. */
export type RsshubTarget = {
  /** The URL fetched (carries the access key). */
  url: string
  /** The same without the key: safe to store and show. */
  publicUrl: string
  allowPrivateNetworks: boolean
  /** Removes the key from a text (an error message). */
  redact: (text: string) => string
}

/** An instance base URL: http(s) only, no query, fragment or trailing slash; null otherwise. */
export function normalizeBaseUrl(input: string): string | null {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return null
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null
  url.hash = ''
  url.search = ''
  return url.href.replace(/\/+$/, '')
}

/** The instance URL of a route: base + path + query, plus `key=` when the instance has an access key. */
export function instanceUrl(baseUrl: string, route: string, accessKey: string | null): string {
  const url = new URL(baseUrl + route)
  if (accessKey) url.searchParams.set('key', accessKey)
  return url.href
}

export function createRsshubService(deps: RsshubServiceDeps) {
  const { repo, env } = deps
  const clock = deps.now ?? (() => new Date())
  const flagOn = deps.flagOn ?? (async () => true)
  const catalogues = new Map<string, { at: number; namespaces: CatalogueNamespace[] }>()
  let seeded: Promise<void> | null = null

  /** RSSHUB_URL becomes the default instance (ownerless) the first time it is needed. */
  function seed(): Promise<void> {
    seeded ??= (async () => {
      const base = env.RSSHUB_URL ? normalizeBaseUrl(env.RSSHUB_URL) : null
      if (!base || (await repo.findByBaseUrl(base))) return
      const nowIso = clock().toISOString()
      const hasDefault = (await repo.findDefault()) !== null
      await repo.insert({ id: newId(), ownerUserId: null, baseUrl: base, accessKey: null, description: 'This Brook instance’s RSSHub (RSSHUB_URL)', price: null, userLimit: null, isDefault: hasDefault ? 0 : 1, checkedAt: null, responseTimeMs: null, errorAt: null, errorMessage: null, createdAt: nowIso, updatedAt: nowIso })
    })().catch((error: unknown) => {
      seeded = null
      throw error
    })
    return seeded
  }

  /** RSSHUB_ALLOW_PRIVATE_NETWORKS, or when unset: true on a single-user instance. */
  async function privateAllowed(): Promise<boolean> {
    if (env.RSSHUB_ALLOW_PRIVATE_NETWORKS !== undefined) return env.RSSHUB_ALLOW_PRIVATE_NETWORKS
    return (await deps.countUsers()) <= 1
  }

  /**
   * A private or LAN instance is reachable for its owner, and for everyone when it is the
   * instance's own (seeded from RSSHUB_URL) or the default an admin chose, when allowed; for
   * everyone else the SSRF guard decides.
   */
  async function allowPrivateFor(instance: RsshubInstanceRow, userId: string | null): Promise<boolean> {
    if (env.FETCH_ALLOW_PRIVATE_NETWORKS) return true
    if (instance.ownerUserId !== null && instance.ownerUserId !== userId && instance.isDefault !== 1) return false
    return privateAllowed()
  }

  async function visible(id: string, userId: string): Promise<RsshubInstanceRow> {
    await seed()
    const instance = await repo.findById(id)
    if (!instance || !(instance.ownerUserId === null || instance.ownerUserId === userId || instance.isDefault === 1 || instance.description !== null)) throw new AppError(13003, { reason: `no RSSHub instance ${id}` })
    return instance
  }

  /** When a user's access to a paid instance ends; null: free for them (free, theirs, or the default), or not bought. */
  async function paidUntil(instance: RsshubInstanceRow, userId: string): Promise<{ paid: boolean; expiresAt: string | null }> {
    if (instance.price === null || instance.ownerUserId === null || instance.ownerUserId === userId) return { paid: false, expiresAt: null }
    return { paid: true, expiresAt: await repo.purchaseExpiry(userId, instance.id) }
  }

  /** Whether a user may read through an instance now: free for them, or bought and not expired. */
  async function mayUse(instance: RsshubInstanceRow, userId: string): Promise<boolean> {
    const { paid, expiresAt } = await paidUntil(instance, userId)
    return !paid || (expiresAt !== null && expiresAt > clock().toISOString())
  }

  /** The instance a user's rsshub:// feeds go through: their choice (while paid for, if it is paid), else the default; null when there is none. */
  async function instanceFor(userId: string): Promise<RsshubInstanceRow | null> {
    await seed()
    const chosen = await repo.usageOf(userId)
    if (chosen) {
      const instance = await repo.findById(chosen)
      if (instance && (await mayUse(instance, userId))) return instance
    }
    return repo.findDefault()
  }

  /** GET {base}{path} through the SSRF-checked fetcher, timed; throws AppError 13007 with the reason. */
  async function get(instance: RsshubInstanceRow, path: string, userId: string | null, timeoutMs: number): Promise<{ body: Uint8Array; contentType: string | null; ms: number }> {
    const started = performance.now()
    const url = instanceUrl(instance.baseUrl, path, instance.accessKey)
    try {
      const result = await fetchFeed(url, { allowPrivateNetworks: await allowPrivateFor(instance, userId), timeoutMs, maxBytes: env.FETCH_MAX_BYTES })
      if (result.status !== 200) throw new Error(`HTTP ${result.status}`)
      return { body: result.body, contentType: result.contentType, ms: Math.round(performance.now() - started) }
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split(instance.accessKey ?? '\u0000').join('***')
      throw new AppError(13007, { reason: `${instance.baseUrl}: ${message}`.slice(0, 500), cause: error })
    }
  }

  /** One health check (GET /healthz): answers "ok"-like text within the deadline, not an HTML page. Recorded on the instance. */
  async function check(instance: RsshubInstanceRow, userId: string | null): Promise<{ ok: true; responseTimeMs: number } | { ok: false; error: string }> {
    const nowIso = clock().toISOString()
    try {
      const { body, contentType, ms } = await get(instance, '/healthz', userId, HEALTH_TIMEOUT_MS)
      const text = new TextDecoder().decode(body.slice(0, 512)).trim()
      if (/html/i.test(contentType ?? '') || text.startsWith('<')) throw new AppError(13007, { reason: `${instance.baseUrl} answers an HTML page, not RSSHub` })
      await repo.recordHealth(instance.id, { checkedAt: nowIso, responseTimeMs: ms, errorAt: null, errorMessage: null })
      return { ok: true, responseTimeMs: ms }
    } catch (error) {
      const reason = error instanceof AppError ? (error.reason ?? error.message) : String(error)
      await repo.recordHealth(instance.id, { checkedAt: nowIso, responseTimeMs: null, errorAt: nowIso, errorMessage: reason })
      return { ok: false, error: reason }
    }
  }

  async function present(rows: RsshubInstanceRow[], userId: string) {
    const counts = await repo.userCounts(rows.map((r) => r.id))
    const using = await repo.usageOf(userId)
    const purchases = new Map(await Promise.all(rows.map(async (r) => [r.id, (await paidUntil(r, userId)).expiresAt] as const)))
    return rows.map((r) => ({
      id: r.id,
      baseUrl: r.baseUrl,
      description: r.description,
      price: r.price,
      userLimit: r.userLimit,
      isDefault: r.isDefault === 1,
      isOwner: r.ownerUserId === userId,
      ownerUserId: r.ownerUserId,
      /** Only its owner sees the access key; others see whether there is one. */
      accessKey: r.ownerUserId === userId ? r.accessKey : null,
      hasAccessKey: r.accessKey !== null,
      userCount: counts.get(r.id) ?? 0,
      inUse: using === r.id,
      purchaseExpiresAt: purchases.get(r.id) ?? null,
      status: { checkedAt: r.checkedAt, responseTimeMs: r.responseTimeMs, errorAt: r.errorAt, errorMessage: r.errorMessage },
      createdAt: r.createdAt,
    }))
  }

  async function catalogue(instance: RsshubInstanceRow, userId: string | null): Promise<CatalogueNamespace[]> {
    const cached = catalogues.get(instance.id)
    if (cached && clock().getTime() - cached.at < RSSHUB_CACHE_MS) return cached.namespaces
    const { body } = await get(instance, '/api/namespace', userId, env.FETCH_TIMEOUT_MS)
    let namespaces: CatalogueNamespace[]
    try {
      namespaces = parseNamespaces(JSON.parse(new TextDecoder().decode(body)))
    } catch (error) {
      throw new AppError(13007, { reason: `${instance.baseUrl}/api/namespace is not RSSHub's route catalogue (RSSHub v1 or later is needed)`, cause: error })
    }
    catalogues.set(instance.id, { at: clock().getTime(), namespaces })
    return namespaces
  }

  /** The instance an rsshub:// feed is read through for someone (see resolve), with the user it is read for. */
  async function instanceOf(who: { userId?: string; feedId?: string }): Promise<{ instance: RsshubInstanceRow | null; userId: string | null }> {
    await seed()
    if (who.userId) return { instance: await instanceFor(who.userId), userId: who.userId }
    const found = who.feedId ? await repo.instanceOfSubscriber(who.feedId) : null
    // A subscriber whose paid access ran out no longer lends their instance to the feed's refresh.
    if (found && (await mayUse(found.instance, found.userId))) return found
    return { instance: await repo.findDefault(), userId: null }
  }

  /** 13006 for an instance URL on a private or local address while RSSHUB_ALLOW_PRIVATE_NETWORKS is off. */
  async function checkAddress(baseUrl: string): Promise<void> {
    if (env.FETCH_ALLOW_PRIVATE_NETWORKS || (await privateAllowed())) return
    try {
      checkUrlTarget(new URL(baseUrl), isPublicAddress)
    } catch {
      throw new AppError(13006, { reason: `${baseUrl} is a private or local address, and RSSHUB_ALLOW_PRIVATE_NETWORKS is off on this instance` })
    }
  }

  /** 13006 for a price that is not a POWER amount; 1004 for any price while the power flag is off for the owner. */
  async function checkPrice(price: string | null | undefined, ownerId: string, action: 'added' | 'given'): Promise<void> {
    if (!price || !(Number(price) > 0)) return
    if (parsePower(price) === null) throw new AppError(13006, { reason: `not a POWER amount: ${price}` })
    // A price is paid in POWER: while the admin's power flag is off for me I cannot sell access.
    if (!(await flagOn('power', ownerId))) throw new AppError(1004, { reason: `${POWER_OFF}: an instance with a price cannot be ${action}` })
  }

  async function catalogueFor(userId: string): Promise<CatalogueNamespace[]> {
    const instance = await instanceFor(userId)
    if (!instance) throw new AppError(13003, { reason: 'No RSSHub instance: add one on /rsshub, or ask the admin to set RSSHUB_URL' })
    return catalogue(instance, userId)
  }

  return {
    /** POST /rsshub: a new instance owned by the caller (checked first: it must answer like RSSHub). */
    async create(who: Who, input: { baseUrl: string; accessKey?: string | null; description?: string | null; price?: string | null; userLimit?: number | null; isDefault?: boolean }) {
      const baseUrl = normalizeBaseUrl(input.baseUrl)
      if (!baseUrl) throw new AppError(13006, { reason: `not an http(s) URL: ${input.baseUrl.slice(0, 200)}` })
      if (input.isDefault && who.role !== 'admin') throw new AppError(1004, { reason: 'Only admins choose the default instance' })
      if (input.isDefault && input.price && Number(input.price) > 0) throw new AppError(13006, { reason: 'A paid instance cannot be everyone’s default' })
      await checkPrice(input.price, who.id, 'added')
      const limit = (await deps.limitsFor(who.role)).rsshubInstances
      if (limit !== null && (await repo.countOwnedBy(who.id)) >= limit) throw new AppError(13004, { reason: `Your plan may add at most ${limit} RSSHub instances` })
      await checkAddress(baseUrl)
      const nowIso = clock().toISOString()
      const row: RsshubInstanceRow = {
        id: newId(),
        ownerUserId: who.id,
        baseUrl,
        accessKey: input.accessKey?.trim() || null,
        description: input.description?.trim() || null,
        price: input.price && Number(input.price) > 0 ? input.price : null,
        userLimit: input.userLimit ?? null,
        isDefault: 0,
        checkedAt: null,
        responseTimeMs: null,
        errorAt: null,
        errorMessage: null,
        createdAt: nowIso,
        updatedAt: nowIso,
      }
      const health = await check(row, who.id)
      if (!health.ok) throw new AppError(13007, { reason: health.error })
      await repo.insert({ ...row, checkedAt: nowIso, responseTimeMs: health.responseTimeMs })
      if (input.isDefault) await repo.setDefault(row.id, nowIso)
      return (await present([(await repo.findById(row.id))!], who.id))[0]
    },

    /**
     * POST /rsshub with an id: the owner edits an instance (admins: the seeded ownerless one too).
     * A field left out stays; null (or an empty text) clears it. A new URL or access key is
     * checked first, like a new instance (13006, 13007), and the instance's cached catalogue is
     * dropped. While others read through it, it may not stop being shared (description) nor
     * become paid (13002): they would lose it without a word. The default instance cannot be paid
     * (13006). A price change applies to purchases from now on; months bought stay.
     */
    async update(who: Who, input: { id: string; baseUrl: string; accessKey?: string | null; description?: string | null; price?: string | null; userLimit?: number | null; isDefault?: boolean }) {
      const instance = await visible(input.id, who.id)
      const mine = instance.ownerUserId === who.id || (instance.ownerUserId === null && who.role === 'admin')
      if (!mine) throw new AppError(13001)
      if (input.isDefault && who.role !== 'admin') throw new AppError(1004, { reason: 'Only admins choose the default instance' })
      const baseUrl = normalizeBaseUrl(input.baseUrl)
      if (!baseUrl) throw new AppError(13006, { reason: `not an http(s) URL: ${input.baseUrl.slice(0, 200)}` })
      // A price already set may stay; a new one follows the rules of a new instance.
      if (input.price !== undefined && input.price !== instance.price) await checkPrice(input.price, who.id, 'given')
      const next = {
        baseUrl,
        accessKey: input.accessKey === undefined ? instance.accessKey : input.accessKey?.trim() || null,
        description: input.description === undefined ? instance.description : input.description?.trim() || null,
        price: input.price === undefined ? instance.price : input.price && Number(input.price) > 0 ? input.price : null,
        userLimit: input.userLimit === undefined ? instance.userLimit : input.userLimit,
      }
      if (next.price !== null && (instance.isDefault === 1 || input.isDefault)) throw new AppError(13006, { reason: 'A paid instance cannot be everyone’s default' })
      const others = await repo.countUsersOtherThan(instance.id, who.id)
      if (others > 0 && instance.description !== null && next.description === null && instance.isDefault !== 1) throw new AppError(13002, { reason: `${others} other people read through it: it stays shared while they do` })
      if (others > 0 && instance.price === null && next.price !== null) throw new AppError(13002, { reason: `${others} other people read through it for free: it cannot become paid while they do` })
      const nowIso = clock().toISOString()
      let health = {}
      if (next.baseUrl !== instance.baseUrl || next.accessKey !== instance.accessKey) {
        await checkAddress(baseUrl)
        const checked = await check({ ...instance, ...next }, who.id)
        if (!checked.ok) throw new AppError(13007, { reason: checked.error })
        health = { checkedAt: nowIso, responseTimeMs: checked.responseTimeMs, errorAt: null, errorMessage: null }
        catalogues.delete(instance.id)
      }
      await repo.update(instance.id, { ...next, ...health, updatedAt: nowIso })
      if (input.isDefault && instance.isDefault !== 1) await repo.setDefault(instance.id, nowIso)
      return (await present([(await repo.findById(instance.id))!], who.id))[0]
    },

    /** GET /rsshub/list: the instances I may see, with status and user count. */
    async list(userId: string) {
      await seed()
      return present(await repo.visibleTo(userId), userId)
    },

    /** GET /rsshub?id= */
    async get(userId: string, id: string) {
      return (await present([await visible(id, userId)], userId))[0]
    },

    /** DELETE /rsshub: the owner's (admins: the seeded one too), not while others use it. */
    async remove(who: Who, id: string): Promise<void> {
      const instance = await visible(id, who.id)
      const mine = instance.ownerUserId === who.id || (instance.ownerUserId === null && who.role === 'admin')
      if (!mine) throw new AppError(13001)
      const others = await repo.countUsersOtherThan(id, who.id)
      if (others > 0) throw new AppError(13002, { reason: `${others} other people read through it` })
      await repo.delete(id)
      catalogues.delete(id)
    },

    /**
     * POST /rsshub/use: my rsshub:// feeds go through this instance (null: the default). A paid
     * instance (not mine) needs a purchase that has not expired: `durationInMonths` buys that many
     * months at its price (POWER a month) from my wallet to its owner's, in one ledger
     * transaction (4002 when short); without one, 13005.
     */
    async use(userId: string, id: string | null, options: { durationInMonths?: number; idempotencyKey?: string } = {}): Promise<{ instanceId: string | null; purchaseExpiresAt: string | null }> {
      if (id === null) {
        await repo.setUsage(userId, null, clock().toISOString())
        return { instanceId: null, purchaseExpiresAt: null }
      }
      const instance = await visible(id, userId)
      if (instance.ownerUserId !== userId) {
        if (instance.userLimit !== null && (await repo.countUsersOtherThan(id, userId)) >= instance.userLimit) throw new AppError(13004, { reason: `This instance takes at most ${instance.userLimit} users` })
      }
      const { paid, expiresAt } = await paidUntil(instance, userId)
      const now = clock()
      if (paid && options.durationInMonths) {
        // Buying months moves my POWER: not while the admin's power flag is off for me (nothing is written).
        if (!(await flagOn('power', userId))) throw new AppError(1004, { reason: `${POWER_OFF}: access to a paid instance cannot be bought` })
        const perMonth = parsePower(instance.price!)
        if (perMonth === null) throw new AppError(13006, { reason: `the instance's price is not a POWER amount: ${instance.price}` })
        const months = options.durationInMonths
        const key = options.idempotencyKey ? `rsshub:${userId}:${options.idempotencyKey}` : `rsshub:${newId()}`
        try {
          const bought = await repo.purchase({
            userId,
            ownerUserId: instance.ownerUserId!,
            instanceId: id,
            months,
            amount: perMonth * BigInt(months),
            idempotencyKey: key,
            at: now.toISOString(),
            // More months extend access that has not run out yet; otherwise they start now.
            expiresAfter: (current) => new Date(Math.max(now.getTime(), current ? Date.parse(current) : 0) + months * RSSHUB_MONTH_MS).toISOString(),
          })
          return { instanceId: id, purchaseExpiresAt: bought.expiresAt }
        } catch (error) {
          if (error instanceof InsufficientFunds) throw new AppError(4002, { reason: `${months} month(s) of this instance cost ${instance.price} POWER a month` })
          throw error
        }
      }
      if (paid && (expiresAt === null || expiresAt <= now.toISOString())) {
        throw new AppError(13005, { reason: expiresAt ? `Your access to this instance ended on ${expiresAt}; buy more months (${instance.price} POWER a month)` : `This instance costs ${instance.price} POWER a month: buy access with durationInMonths` })
      }
      await repo.setUsage(userId, id, now.toISOString())
      return { instanceId: id, purchaseExpiresAt: expiresAt }
    },

    /** POST /rsshub/default: an admin marks the instance everyone without a choice uses (null: none). */
    async setDefault(who: Who, id: string | null): Promise<{ instanceId: string | null }> {
      if (who.role !== 'admin') throw new AppError(1004, { reason: 'Only admins choose the default instance' })
      if (id !== null) {
        const instance = await visible(id, who.id)
        if (instance.price !== null) throw new AppError(13006, { reason: 'A paid instance cannot be everyone’s default' })
      }
      await repo.setDefault(id, clock().toISOString())
      return { instanceId: id }
    },

    /** GET /rsshub/status: a fresh health check of an instance (default: the one I use). */
    async status(userId: string, id?: string) {
      const instance = id ? await visible(id, userId) : await instanceFor(userId)
      if (!instance) throw new AppError(13003, { reason: 'No RSSHub instance in use' })
      const health = await check(instance, userId)
      if (!health.ok) throw new AppError(13007, { reason: health.error })
      const row = (await repo.findById(instance.id))!
      return { id: instance.id, baseUrl: instance.baseUrl, responseTimeMs: health.responseTimeMs, checkedAt: row.checkedAt!, lastErrorAt: instance.errorAt, lastError: instance.errorMessage }
    },

    /** GET /discover/rsshub: the catalogue of the instance I use, filtered. */
    async routes(userId: string, filter: CatalogueFilter) {
      return filterCatalogue(await catalogueFor(userId), filter)
    },

    /** GET /discover/rsshub-route: one route (by pattern or a concrete path), 13000 when the instance has none such. */
    async route(userId: string, input: string) {
      const found = matchRoute(await catalogueFor(userId), input)
      if (!found) throw new AppError(13000, { reason: `no route matches ${input.slice(0, 200)}` })
      return { ...found.route, values: found.values }
    },

    /** GET /discover/rsshub-analytics: public followers of each rsshub:// feed here. */
    analytics: (limit: number) => repo.routeFollowers(limit),

    /**
     * Where an rsshub:// feed is fetched from: the asking user's instance, else (a scheduled
     * refresh) that of the feed's longest-standing subscriber who chose one, else the default.
     */
    async resolve(rsshubUrl: string, who: { userId?: string; feedId?: string }): Promise<RsshubTarget> {
      // Someone previewing or following an rsshub:// feed while the admin's rsshub flag is off for
      // them is refused; scheduled refreshes (no user) of feeds others follow go on.
      if (who.userId && !(await flagOn('rsshub', who.userId))) throw new AppError(1004, { reason: RSSHUB_OFF })
      const { instance, userId } = await instanceOf(who)
      if (!instance) throw new AppError(13007, { reason: 'No RSSHub instance: add one on /rsshub, or ask the admin to set RSSHUB_URL' })
      const route = rsshubUrl.replace(/^rsshub:\/\//i, '/')
      const key = instance.accessKey
      return {
        url: instanceUrl(instance.baseUrl, route, key),
        publicUrl: instanceUrl(instance.baseUrl, route, null),
        allowPrivateNetworks: await allowPrivateFor(instance, userId),
        redact: (text) => (key ? text.split(key).join('***') : text),
      }
    },

    /**
     * The discovery category of an rsshub:// feed: its route's first SPEC §3 category in the
     * catalogue of the instance it is read through (cached 1 hour); null when the route or the
     * category is unknown there.
     */
    async categoryOf(rsshubUrl: string, who: { userId?: string; feedId?: string }): Promise<string | null> {
      const { instance, userId } = await instanceOf(who)
      if (!instance) return null
      const namespaces = await catalogue(instance, userId)
      const found = matchRoute(namespaces, rsshubUrl)
      if (!found) return null
      // A route without categories of its own is filed under its namespace's.
      const categories = found.route.categories.length > 0 ? found.route.categories : (namespaces.find((ns) => ns.namespace === found.route.namespace)?.categories ?? [])
      return feedCategoryOf(categories)
    },

    /** Forgets cached catalogues (tests). */
    forget(): void {
      catalogues.clear()
    },
  }
}

export type RsshubService = ReturnType<typeof createRsshubService>
