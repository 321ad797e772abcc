/** Running an instance from a shell: refresh feeds now, check health, apply migrations. */
import { databaseLocation } from '../env.ts'
import type { RefreshOutcome } from '../domains/feeds/service.ts'
import type { CliCommand } from './command.ts'
import { CliError, parseArgs } from './command.ts'
import { cliEnv, withBrook } from './withBrook.ts'

/** Runs `work` over `items`, at most `concurrency` at once. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

export const serviceCommands: Record<string, CliCommand> = {
  'refresh-feeds': {
    usage: 'refresh-feeds [--feed ID]',
    summary: 'check every due feed now (or one feed) and print what happened',
    async run(args) {
      const { options } = parseArgs(args, ['feed'])
      const one = options.get('feed')
      return withBrook(async (deps) => {
        const outcomes: RefreshOutcome[] = []
        if (typeof one === 'string') {
          await deps.feeds.getFeed({ id: one }).catch(() => {
            throw new CliError(`no feed ${one}`)
          })
          outcomes.push(await deps.feeds.refreshFeed(one))
        } else {
          for (;;) {
            const due = await deps.feeds.claimDueFeeds(deps.env.SCHEDULER_BATCH_SIZE)
            if (due.length === 0) break
            await pool(due, deps.env.REFRESH_CONCURRENCY, async (feed) => {
              outcomes.push(await deps.feeds.refreshFeed(feed.id))
            })
          }
        }
        const counts = new Map<string, number>()
        let inserted = 0
        for (const o of outcomes) {
          counts.set(o.status, (counts.get(o.status) ?? 0) + 1)
          inserted += o.inserted
          if (o.status === 'error') process.stderr.write(`  ${o.feedId}: ${o.error ?? 'error'}\n`)
        }
        const summary = [...counts].map(([status, n]) => `${n} ${status}`).join(', ') || 'nothing due'
        process.stdout.write(`${outcomes.length} feeds checked (${summary}); ${inserted} new entries\n`)
        return 0
      })
    },
  },

  healthcheck: {
    usage: 'healthcheck',
    summary: "this instance's health (the /healthz checks); exit 0 when healthy, 1 when not",
    help: 'With the web role, asks the running server on PORT for /healthz; without it (a worker),\nchecks the database and Redis directly.',
    async run() {
      const env = cliEnv()
      if (env.SERVICES.includes('web')) {
        const host = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '' ? '127.0.0.1' : env.HOST
        const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}/healthz`
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(5000) })
          process.stdout.write(`${await res.text()}\n`)
          return res.status === 200 ? 0 : 1
        } catch (error) {
          process.stderr.write(`brook healthcheck: ${url}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}\n`)
          return 1
        }
      }
      // Loaded here, not at start-up: `brook parse` and the other commands do not need them.
      const [{ openDatabase }, { createHealthService }] = await Promise.all([import('../db/openDatabase.ts'), import('../domains/health/service.ts')])
      const database = openDatabase(databaseLocation(env))
      const health = createHealthService({ database, redisUrl: env.REDIS_URL })
      try {
        const report = await health.check()
        process.stdout.write(`${JSON.stringify(report)}\n`)
        return report.status === 'ok' ? 0 : 1
      } finally {
        health.close()
        await database.close()
      }
    },
  },

  migrate: {
    usage: 'migrate',
    summary: 'apply pending database migrations (the server also does at start) and list them',
    async run() {
      const env = cliEnv()
      const [{ openDatabase }, { migrateToLatest }] = await Promise.all([import('../db/openDatabase.ts'), import('../db/migrate.ts')])
      const database = openDatabase(databaseLocation(env))
      try {
        const applied = await migrateToLatest(database.db)
        process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n')
        return 0
      } catch (error) {
        throw new CliError((error as Error).message)
      } finally {
        await database.close()
      }
    },
  },
}
