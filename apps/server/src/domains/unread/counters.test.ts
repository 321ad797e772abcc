/**
 * Property: after any sequence of reading operations — ingest, subscribe, unsubscribe, list
 * membership changes, mark read / unread / all (every scope and window), inbox deliveries and
 * deletions, entries moved back in time by a refresh — every unread counter equals the true count
 * recomputed from the tables, no counter's floor lies above one of its unread entries, and every
 * subscription has its counter. Random but seeded: a failure names its seed and step.
 */
import { afterEach, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { createRandom } from '../../test/random.ts'
import { readsRepo, type ReadScope } from '../reads/repo.ts'
import { unreadRepo } from './repo.ts'
import { subscriptionsRepo } from '../subscriptions/repo.ts'
import { listsRepo } from '../lists/repo.ts'
import { inboxesRepo } from '../inboxes/repo.ts'
import { entriesRepo } from '../entries/repo.ts'
import { feedsRepo } from '../feeds/repo.ts'
import { storeEntries } from '../entries/storeEntries.ts'

const SEEDS = [1, 2, 3]
const STEPS = 160

describeEachDialect('unread counters equal true counts', (dialect) => {
  let database: TestDatabase | undefined
  afterEach(async () => {
    await database?.dispose()
    database = undefined
  })

  for (const seed of SEEDS) {
    it(`random operation sequence, seed ${seed}`, async () => {
      database = await createTestDatabase(dialect)
      const { db } = database
      const rnd = createRandom(seed)
      const reads = readsRepo(db, dialect)
      const unread = unreadRepo(db, dialect)
      const subs = subscriptionsRepo(db)
      const lists = listsRepo(db)
      const inboxes = inboxesRepo(db, dialect)
      const entries = entriesRepo(db, dialect)
      const now = () => new Date().toISOString()

      const users: string[] = []
      for (let i = 0; i < 3; i++) {
        const id = newId()
        await db.insertInto('user').values({ id, name: `u${i}`, email: `u${i}-${id}@example.com`, emailVerified: false, image: null, createdAt: new Date(), updatedAt: new Date(), twoFactorEnabled: false, role: 'free', roleEndAt: null, handle: null, bio: null, website: null, socialLinks: null }).execute()
        users.push(id)
      }
      const feeds: string[] = []
      for (let i = 0; i < 5; i++) feeds.push(await insertFeed(db))
      const listIds: string[] = []
      for (let i = 0; i < 2; i++) {
        const id = newId()
        await lists.create({ id, ownerUserId: users[0], title: `list ${i}`, description: null, image: null, view: i, fee: 0, createdAt: now(), updatedAt: now() })
        listIds.push(id)
      }
      const inboxIds: string[] = []
      for (let i = 0; i < 2; i++) {
        const handle = `inbox${i}x${seed}`
        await inboxes.create({ id: handle, userId: users[i], title: null, secret: 's', createdAt: now() }, 0)
        inboxIds.push(handle)
      }
      const allEntries = async () => db.selectFrom('entries').select(['id', 'feedId', 'inboxId', 'publishedAt', 'insertedAt']).execute()
      let guid = 0
      const log: string[] = []

      const ops: Record<string, () => Promise<void>> = {
        async ingest() {
          const feed = rnd.pick(feeds)
          const n = rnd.int(1, 6)
          await insertEntries(db, feed, n, { newest: new Date(Date.UTC(2025, 0, 1) + rnd.int(0, 1000) * 3_600_000) })
          log.push(`ingest ${n} into ${feed}`)
        },
        async subscribeFeed() {
          const user = rnd.pick(users)
          const feed = rnd.pick(feeds)
          await subs.subscribe(user, { feedId: feed }, { view: rnd.int(0, 2), title: null, category: null, isPrivate: rnd.int(0, 1), hideFromTimeline: rnd.int(0, 1) }, now())
          log.push(`subscribe ${user} → feed ${feed}`)
        },
        async subscribeList() {
          const user = rnd.pick(users)
          const list = rnd.pick(listIds)
          await subs.subscribe(user, { listId: list }, { view: rnd.int(0, 2), title: null, category: null, isPrivate: 0, hideFromTimeline: 0 }, now())
          log.push(`subscribe ${user} → list ${list}`)
        },
        async unsubscribe() {
          const user = rnd.pick(users)
          const mine = (await subs.list(user)).filter((s) => !s.inboxId)
          if (mine.length === 0) return
          const row = rnd.pick(mine)
          await subs.unsubscribe([row])
          log.push(`unsubscribe ${user} ✕ ${row.feedId ?? row.listId}`)
        },
        async addToList() {
          const list = rnd.pick(listIds)
          const feed = rnd.pick(feeds)
          const { alreadyThere } = await lists.addFeeds(list, [feed], now())
          log.push(`list ${list} + ${feed}${alreadyThere.length ? ' (there)' : ''}`)
        },
        async removeFromList() {
          const list = rnd.pick(listIds)
          const feed = rnd.pick(feeds)
          await lists.removeFeed(list, feed, now())
          log.push(`list ${list} - ${feed}`)
        },
        async markRead() {
          const user = rnd.pick(users)
          const ids = rnd.subset((await allEntries()).map((e) => e.id), 0.2)
          if (ids.length === 0) return
          await reads.markRead(user, ids, now())
          log.push(`read ${user} ${ids.length}`)
        },
        async markUnread() {
          const user = rnd.pick(users)
          const ids = rnd.subset((await allEntries()).map((e) => e.id), 0.2)
          if (ids.length === 0) return
          await reads.markUnread(user, ids)
          log.push(`unread ${user} ${ids.length}`)
        },
        async markAll() {
          const user = rnd.pick(users)
          const kind = rnd.int(0, 3)
          const scope: ReadScope = {}
          if (kind === 0) scope.subscribed = { view: rnd.chance(0.5) ? rnd.int(0, 2) : undefined, excludePrivate: rnd.chance(0.5) }
          if (kind === 1) scope.feedIds = rnd.subset(feeds, 0.5)
          if (kind === 2) scope.listId = rnd.pick(listIds)
          if (kind === 3) scope.inboxId = inboxIds[users.indexOf(user)] ?? inboxIds[0]
          if (rnd.chance(0.6)) {
            const all = (await allEntries()).map((e) => e.publishedAt).sort()
            if (all.length) {
              // Half of the windows are "everything up to": they raise the floors.
              scope.publishedFrom = rnd.chance(0.5) ? rnd.pick(all) : undefined
              scope.publishedTo = !scope.publishedFrom || rnd.chance(0.5) ? rnd.pick(all) : undefined
            }
          }
          if (rnd.chance(0.2)) scope.insertedBefore = now()
          const n = await reads.markScopeRead(user, scope, now())
          log.push(`read all ${user} ${JSON.stringify(scope)} → ${n}`)
        },
        async inboxDelivery() {
          const inbox = rnd.pick(inboxIds)
          const owner = users[inboxIds.indexOf(inbox)]
          const g = rnd.chance(0.2) && guid > 0 ? `g${rnd.int(0, guid - 1)}` : `g${guid++}`
          await entries.insertInboxEntry(
            { id: newId(), feedId: null, inboxId: inbox, guid: g, title: 't', url: null, description: null, content: null, author: null, authorUrl: null, authorAvatar: null, publishedAt: now(), updatedAt: null, insertedAt: now(), categories: null, media: null, attachments: null, extra: null, language: null, contentHash: null, readabilityContent: null, readabilityUpdatedAt: null },
            rnd.chance(0.3) ? owner : null,
            now(),
          )
          log.push(`inbox ${inbox} ← ${g}`)
        },
        async republishEarlier() {
          // A refresh finds an entry changed and dated earlier than before.
          const candidates = (await allEntries()).filter((e) => e.feedId)
          if (candidates.length === 0) return
          const entry = rnd.pick(candidates)
          const row = await db.selectFrom('entries').selectAll().where('id', '=', entry.id).executeTakeFirstOrThrow()
          const publishedAt = new Date(Date.parse(row.publishedAt) - rnd.int(1, 2000) * 3_600_000).toISOString()
          const { id: _id, feedId: _feedId, inboxId: _inboxId, guid, insertedAt: _insertedAt, readabilityContent: _r, readabilityUpdatedAt: _ru, ...content } = row
          await feedsRepo(db).transaction((_tx, trx) => storeEntries(trx, row.feedId as string, [{ guid, datePublished: true, content: { ...content, publishedAt, contentHash: `moved-${publishedAt}` } }], new Date()), { lockFeedId: row.feedId as string })
          log.push(`republish ${entry.id} at ${publishedAt}`)
        },
        async deleteInboxEntry() {
          const candidates = (await allEntries()).filter((e) => e.inboxId)
          if (candidates.length === 0) return
          const entry = rnd.pick(candidates)
          await entries.deleteEntry(entry)
          log.push(`delete inbox entry ${entry.id}`)
        },
      }
      const names = Object.keys(ops)
      for (let step = 0; step < STEPS; step++) {
        const name = rnd.pick(names)
        await ops[name]()
        const audit = await unread.auditCounters()
        if (audit.wrong.length > 0 || audit.checked !== audit.subscriptions) {
          throw new Error(`seed ${seed}, step ${step} (${name}): ${JSON.stringify(audit)}\n${log.slice(-8).join('\n')}`)
        }
      }
      const final = await unread.auditCounters()
      expect(final.wrong).toEqual([])
      expect(final.checked).toBe(final.subscriptions)
      // The sequence did real work: counters are not all zero and reads happened.
      const total = await db.selectFrom('entry_reads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      expect(Number(total.n)).toBeGreaterThan(0)
    }, 120_000)
  }
})
