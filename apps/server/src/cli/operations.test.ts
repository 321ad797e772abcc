/**
 * The operations commands as an administrator runs them: each a real `node cli.ts …` process on
 * the same database as a running server, on SQLite and PostgreSQL. What they did is checked
 * through the server's HTTP API, as a user would see it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { parseEnv } from '../env.ts'
import { startBrook, type RunningBrook } from '../server.ts'
import { createLogger } from '../lib/logger.ts'
import { createTestDatabase, describeEachDialect, tempDir, type TestDatabase } from '../test/testDatabase.ts'
import { startFeedFarm, type FeedFarm } from '../test/feedFarm.ts'
import { TestClient } from '../test/testServer.ts'

const cliFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../cli.ts')

type Run = { code: number | null; out: string; err: string }

describeEachDialect('operations commands', (dialect) => {
  // Each command is a whole Node process (about a second on a quiet machine; far more on a busy one).
  vi.setConfig({ testTimeout: 180_000 })
  let database: TestDatabase
  let running: RunningBrook
  let farm: FeedFarm
  let env: Record<string, string>
  const dir = tempDir('brook-ops-')

  /** Runs the CLI as its own process, with `stdin` piped in. */
  function cli(args: string[], stdin = '', extraEnv: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cliFile, ...args], { env: { PATH: process.env.PATH, ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (err += d))
      child.once('exit', (code) => resolve({ code, out, err }))
      child.stdin.end(stdin)
    })
  }

  const signIn = async (email: string, password: string) => {
    const client = new TestClient(running.url)
    const r = await client.post('/api/auth/sign-in/email', { email, password })
    return { status: r.status, client }
  }

  beforeAll(async () => {
    farm = await startFeedFarm()
    database = await createTestDatabase(dialect)
    env = {
      ...(database.location as Record<string, string>),
      ENV_FILE: path.join(dir, 'none.env'),
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'o'.repeat(40),
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      HOST: '127.0.0.1',
    }
    running = await startBrook(parseEnv({ ...env, SERVICES: 'web', PORT: '0', AUTH_RATE_LIMIT: 'false' }), { database, logger: createLogger('silent') })
    env.PORT = String(running.port)
  }, 60_000)

  afterAll(async () => {
    await running?.close()
    await database?.dispose()
    await farm?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('migrate: the database is up to date after the server migrated it', async () => {
    const r = await cli(['migrate'])
    expect(r).toMatchObject({ code: 0, out: 'the database is up to date\n' })
  })

  it('create-admin: refuses a short password, creates an admin who can sign in, promotes an existing account', async () => {
    const short = await cli(['create-admin', 'root@example.com'], 'short\n')
    expect(short.code).toBe(1)
    expect(short.err).toContain('at least 8 characters')
    expect((await signIn('root@example.com', 'short')).status).not.toBe(200)

    const made = await cli(['create-admin', 'root@example.com', '--name', 'Root'], 'admin password 1\n')
    expect(made.err).toBe('')
    expect(made.code).toBe(0)
    expect(made.out).toMatch(/^created admin root@example.com/)
    const { status, client } = await signIn('root@example.com', 'admin password 1')
    expect(status).toBe(200)
    const session = await client.get('/api/auth/get-session')
    expect(session.body).toMatchObject({ user: { email: 'root@example.com', name: 'Root', emailVerified: true }, role: 'admin' })

    // A user who signed up over HTTP becomes admin; their password stays.
    const someone = new TestClient(running.url)
    await someone.signUp('member@example.com', 'member password')
    expect((await someone.get('/api/auth/get-session')).body.role).not.toBe('admin')
    const promoted = await cli(['create-admin', 'member@example.com'])
    expect(promoted.code).toBe(0)
    const again = await signIn('member@example.com', 'member password')
    expect(again.status).toBe(200)
    expect((await again.client.get('/api/auth/get-session')).body.role).toBe('admin')
  })

  it('reset-password: the new password works, the old one does not, existing sessions end', async () => {
    const user = new TestClient(running.url)
    await user.signUp('forgetful@example.com', 'old password 1')
    expect((await user.get('/api/auth/get-session')).body?.user?.email).toBe('forgetful@example.com')

    const r = await cli(['reset-password', 'Forgetful@example.com'], 'new password 2\n')
    expect(r.code).toBe(0)
    expect(r.out).toContain('forgetful@example.com')
    expect((await signIn('forgetful@example.com', 'old password 1')).status).toBe(401)
    expect((await signIn('forgetful@example.com', 'new password 2')).status).toBe(200)
    expect((await user.get('/api/auth/get-session')).body).toBeNull()

    const unknown = await cli(['reset-password', 'nobody@example.com'], 'whatever pw\n')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toBe('brook reset-password: no account with the e-mail nobody@example.com\n')
  })

  it('import-opml, refresh-feeds, export-user: a user is subscribed from a file, refreshed, and exported', async () => {
    const reader = new TestClient(running.url)
    await reader.signUp('reader@example.com', 'reader password')
    const opml = path.join(dir, 'feeds.opml')
    fs.writeFileSync(
      opml,
      `<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body><outline text="Tech">` +
        `<outline type="rss" text="One" xmlUrl="${farm.url('/gen/rss/one?entries=3')}"/>` +
        `<outline type="rss" text="Two" xmlUrl="${farm.url('/gen/atom/two?entries=2')}"/></outline>` +
        `<outline type="rss" text="Broken" xmlUrl="${farm.url('/missing.xml')}"/></body></opml>`,
    )
    const imported = await cli(['import-opml', 'reader@example.com', opml])
    expect(imported.code).toBe(0)
    expect(imported.out).toMatch(/2 subscribed, 1 failed/)
    expect(imported.err).toContain('/missing.xml')
    const subs = (await reader.get('/api/subscriptions')).body.data as { category: string | null; feeds: { url: string } }[]
    expect(subs.map((s) => s.feeds.url).sort()).toEqual([farm.url('/gen/atom/two?entries=2'), farm.url('/gen/rss/one?entries=3')].sort())
    expect(subs.every((s) => s.category === 'Tech')).toBe(true)

    // The farm publishes a new entry; a refresh of that feed finds it.
    const one = subs.find((s) => s.feeds.url.includes('/one'))!.feeds as { id?: string; url: string }
    farm.touch('/gen/rss/one')
    const before = farm.requests('/gen/rss/one')
    const refreshed = await cli(['refresh-feeds', '--feed', one.id!])
    expect(refreshed.code).toBe(0)
    expect(refreshed.out).toMatch(/^1 feeds checked \(1 updated\); 1 new entries/)
    expect(farm.requests('/gen/rss/one')).toBe(before + 1)
    expect((await cli(['refresh-feeds', '--feed', '123'])).err).toContain('no feed 123')

    // Star an entry, change a setting, then export.
    const timeline = (await reader.get(`/api/entries?feedId=${one.id}`)).body.data as { entries: { id: string; title: string } }[]
    const starred = timeline[0].entries
    expect((await reader.post('/api/collections', { entryId: starred.id })).status).toBe(200)
    expect((await reader.patch('/api/settings/general', { unreadOnly: false })).status).toBe(200)
    const out = path.join(dir, 'export')
    const exported = await cli(['export-user', 'reader@example.com', '--out', out])
    expect(exported.code).toBe(0)
    const files = exported.out.trim().split('\n')
    expect(files.map((f) => path.basename(f))).toEqual(['brook-reader_example.com-subscriptions.opml', 'brook-reader_example.com-starred.json', 'brook-reader_example.com-settings.json'])
    const exportedOpml = fs.readFileSync(files[0], 'utf8')
    expect(exportedOpml).toContain('text="Tech"')
    expect(exportedOpml).toContain(`xmlUrl="${farm.url('/gen/rss/one?entries=3').replace(/&/g, '&amp;')}"`)
    const stars = JSON.parse(fs.readFileSync(files[1], 'utf8'))
    expect(stars).toEqual([expect.objectContaining({ entryId: starred.id, title: starred.title, feed: expect.objectContaining({ url: farm.url('/gen/rss/one?entries=3') }) })])
    const settings = JSON.parse(fs.readFileSync(files[2], 'utf8'))
    expect(settings.settings.general.unreadOnly).toBe(false)
  })

  it('healthcheck: exit 0 while the server answers, 1 when it does not; a worker checks the database directly', async () => {
    const up = await cli(['healthcheck'])
    expect(up.code).toBe(0)
    expect(JSON.parse(up.out)).toMatchObject({ status: 'ok' })
    const worker = await cli(['healthcheck'], '', { SERVICES: 'worker' })
    expect(worker.code).toBe(0)
    expect(JSON.parse(worker.out).checks.database.status).toBe('ok')
    const down = await cli(['healthcheck'], '', { PORT: '1' })
    expect(down.code).toBe(1)
    expect(down.err).toMatch(/^brook healthcheck: http:\/\/127\.0\.0\.1:1\/healthz: /)
  })

})
